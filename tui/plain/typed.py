"""The lines a plain player types: with Tab completion of the commands' words where stdin is
a terminal (readline, in a thread of its own), else line by line from the pipe.

At a terminal, ``Typed.open`` takes its line buffering away at once and keeps it so between
lines, so that what is typed before a question is said, or while a command runs, reaches
readline as keys (Tab completes it) rather than as a line the terminal already took; ``close``
gives the terminal back as it was. The echo stays on: readline echoes what is typed only where
the terminal echoed when the line began (with it off, nothing typed was ever shown, and a
braille display had no command to show).
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import AsyncIterator

from .words import command_words


class Typed:
    """Lines from a pipe (the base) or a terminal (``Terminal``)."""

    @staticmethod
    def open() -> Typed:
        if not sys.stdin.isatty():
            return Typed()
        try:
            import readline  # noqa: F401 (a Python without them, Windows: no completion)
            import termios  # noqa: F401
        except ImportError:
            return Typed()
        return Terminal()

    reader: asyncio.StreamReader | None = None

    async def lines(self) -> AsyncIterator[str]:
        """The lines from here on (a second call goes on where the first left off)."""
        if self.reader is None:
            loop = asyncio.get_running_loop()
            self.reader = reader = asyncio.StreamReader()
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while raw := await self.reader.readline():
            yield raw.decode("utf-8", "replace")

    def close(self) -> None:
        pass


class Terminal(Typed):
    def __init__(self) -> None:
        import readline
        import termios
        import tty

        readline.parse_and_bind("set enable-bracketed-paste off")  # no escape sequences
        readline.parse_and_bind("tab: complete")
        readline.set_completer_delims(" ")
        readline.set_completer(completer)
        self.fd = sys.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        # as readline reads: keys, not lines (see the module doc) — but echoed: readline
        # echoes what is typed only where the terminal did (a braille display shows it)
        mode = termios.tcgetattr(self.fd)
        mode[tty.LFLAG] &= ~termios.ICANON
        mode[tty.CC][termios.VMIN], mode[tty.CC][termios.VTIME] = 1, 0
        termios.tcsetattr(self.fd, termios.TCSAFLUSH, mode)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.ended = False
        loop = asyncio.get_running_loop()
        # a daemon: a player who leaves while a line is half typed is not kept waiting
        threading.Thread(target=self.read, args=(loop,), name="plain-input", daemon=True).start()

    def read(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            try:
                line: str | None = input()
            except (EOFError, OSError):
                line = None
            loop.call_soon_threadsafe(self.queue.put_nowait, line)
            if line is None:
                return

    async def lines(self) -> AsyncIterator[str]:
        while not self.ended:
            line = await self.queue.get()
            if line is None:
                self.ended = True  # a later call (the lobby after a table) ends at once too
                return
            yield line

    def close(self) -> None:
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)


def completer(text: str, state: int) -> str | None:
    """Tab: the commands whose word starts with what is typed (English or the player's)."""
    words = sorted({w for key, said in command_words().items() for w in (key, said.lower())})
    fits = [w + " " for w in words if w.startswith(text.lower())]
    return fits[state] if state < len(fits) else None
