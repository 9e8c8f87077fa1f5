"""The plain table (``kotatsu --plain``, issue 39): lines for a screen reader or a braille
display, not a redrawn grid — each event of the table one sentence printed once, a prompt
line that says what is asked and which commands fit, commands typed a line at a time.

cards.py     cards as words ("7 of hearts") or letters (7H), never symbols; typed cards read
games.py     each game's decision model and face, as its screen makes them, and the typed
             cards put to the model (the same keys the screen sends it)
table.py     PlainTable: the table's messages in, sentences out (the faces' own log words)
commands.py  the typed commands: cards, numbers, pass, hand, table, last, help, say, quit…
lobby.py     kotatsu --plain alone: the LAN's tables said with numbers, one joined by its number
replay.py    kotatsu replay … --plain: a kept game read move by move, in the table's sentences
run.py       kotatsu play/host/join/replay --plain: the launcher of tui/connect.py, stdin, stdout
"""
