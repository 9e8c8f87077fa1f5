"""What is kept on the disk: the host's journal, the game records and their recording, and
a player's resume tokens."""
