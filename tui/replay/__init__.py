"""Replaying a game record on the real table screen of its game (``kotatsu replay``, and the
review of a finished game from its final results panel). See tui/replay/screen.py."""
