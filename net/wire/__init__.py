"""The wire: the messages and their schema checks, the codec and its framing, the words of
the host's codes, and the two ends of a connection (a seat's client, the host's view of a peer)."""
