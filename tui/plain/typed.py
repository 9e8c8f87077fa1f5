"""The lines a plain player types: with Tab completion of the commands' words where the
player sits at a terminal (readline, in a thread of its own), else line by line from the pipe;
and a secret (a password) on a line of its own that is never shown.

At a terminal, ``Typed.open`` takes its line buffering and its echo away at once and keeps
them so between lines: what is typed before a question is said, or while a command runs,
waits for readline as keys (Tab completes it), and readline shows it once as it reads it —
the terminal never shows it first. Readline echoes a line only where the terminal echoed as
the line began: GNU readline is told to echo all the same (its ``_rl_echoing_p``); where it
cannot be told (libedit), the echo is turned on for each line as it begins and off as it
ends. A secret line is read key by key past readline (nothing shown, nothing kept in its
history; the backspace works), and ended with a new line. Lines are read one at a time as
they are asked for, so that the line after a question for a password is read as a secret.
``close`` gives the terminal back as it was.
Keys typed before kotatsu took the terminal were shown by the terminal already: their whole
lines are taken as they are, not echoed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import stat
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterator

from .words import command_words


class Typed:
    """Lines from a pipe (the base) or a terminal (``Terminal``)."""

    @staticmethod
    def open() -> Typed:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return Typed()  # readline edits a line only where both are the terminal
        try:
            import readline  # noqa: F401 (a Python without them, Windows: no completion)
            import termios  # noqa: F401
        except ImportError:
            return Typed()
        return Terminal()

    reader: asyncio.StreamReader | None = None

    def __init__(self) -> None:
        #: The commands' words Tab completes (a table's: its game's own words).
        self.words: Callable[[], dict[str, str]] = command_words

    async def lines(self) -> AsyncIterator[str]:
        """The lines from here on (a second call goes on where the first left off)."""
        while (line := await self.line()) is not None:
            yield line

    async def line(self, secret: bool = False) -> str | None:
        """The next line (None: the input ended); ``secret``: not shown as it is typed
        (at a terminal: its echo is off for the line)."""
        if self.reader is None and watchable(sys.stdin):
            loop = asyncio.get_running_loop()
            self.reader = reader = asyncio.StreamReader()
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        with hidden(sys.stdin) if secret else contextlib.nullcontext():
            if self.reader is not None:
                raw = await self.reader.readline()
            else:  # a file or /dev/null, which the event loop cannot watch: read in a thread
                raw = await asyncio.to_thread(read_line, sys.stdin)
        return raw.decode("utf-8", "replace") if raw else None

    async def secret(self) -> str:
        """A line typed without being shown (a password); '' where the input ended."""
        return (await self.line(secret=True) or "").strip()

    def close(self) -> None:
        pass


def watchable(stream: object) -> bool:
    """Whether the event loop can watch ``stream`` for lines: a pipe, a socket or a terminal.
    A file (``kotatsu --plain play GAME < moves.txt``) or /dev/null cannot be watched (epoll
    refuses them): read in a thread instead."""
    try:
        fd = stream.fileno()  # type: ignore[attr-defined]
        mode = os.fstat(fd).st_mode
    except (OSError, ValueError, AttributeError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or os.isatty(fd)


def read_line(stream: object) -> bytes:
    """A line of ``stream`` as bytes; b'' at its end, or where there is nothing to read (a
    closed input)."""
    try:
        return stream.buffer.readline()  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        return b""


@contextlib.contextmanager
def hidden(stream: object) -> Iterator[None]:
    """The terminal's echo off while the block runs (nothing to do for a pipe)."""
    try:
        import termios

        fd = stream.fileno()  # type: ignore[attr-defined]
        saved = termios.tcgetattr(fd)
    except (ImportError, OSError, ValueError, AttributeError):
        yield None
        return
    quiet = termios.tcgetattr(fd)
    quiet[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSANOW, quiet)
    try:
        yield None
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
        print(flush=True)  # the new line the terminal did not echo


class Terminal(Typed):
    def __init__(self) -> None:
        import readline
        import termios
        import tty

        readline.parse_and_bind("set enable-bracketed-paste off")  # no escape sequences
        readline.parse_and_bind("tab: complete")
        readline.set_completer_delims(" ")
        super().__init__()
        readline.set_completer(self.complete)
        readline.set_auto_history(False)  # a secret is never kept: lines are added by hand
        readline.set_pre_input_hook(self.begun)
        self.readline_echo = readline_echo()
        self.fd = sys.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        # keys, not lines, and no echo by the terminal (see the module doc); what was typed
        # already stays to be read (TCSANOW: nothing is flushed)
        self.quiet = termios.tcgetattr(self.fd)
        self.quiet[tty.LFLAG] &= ~(termios.ICANON | termios.ECHO)
        self.quiet[tty.CC][termios.VMIN], self.quiet[tty.CC][termios.VTIME] = 1, 0
        self.echoing = list(self.quiet)
        self.echoing[tty.LFLAG] |= termios.ECHO
        termios.tcsetattr(self.fd, termios.TCSANOW, self.quiet)
        self.early, rest = typed_before(self.fd)
        if rest:  # a line begun before: readline goes on with it (Tab completes it)

            def go_on() -> None:
                readline.insert_text(rest)
                readline.set_startup_hook()

            readline.set_startup_hook(go_on)
        self.asks: queue.SimpleQueue[bool | None] = queue.SimpleQueue()  # True: a secret
        self.answers: asyncio.Queue[str | None] = asyncio.Queue()
        self.pending: list[bool] = []  # the lines asked of the thread, in turn (True: secret)
        self.held: list[str] = []  # a line read on the way to a secret
        self.ended = False
        loop = asyncio.get_running_loop()
        # a daemon: a player who leaves while a line is half typed is not kept waiting
        threading.Thread(target=self.read, args=(loop,), name="plain-input", daemon=True).start()

    # -- the thread that reads ---------------------------------------------------------------
    def read(self, loop: asyncio.AbstractEventLoop) -> None:
        while (secret := self.asks.get()) is not None:
            line = self.read_line(secret)
            loop.call_soon_threadsafe(self.answers.put_nowait, line)
            if line is None:
                return

    def read_line(self, secret: bool) -> str | None:
        import readline
        import termios

        if secret:  # key by key, past readline: nothing shown, nothing kept in its history
            line = read_secret(self.fd)
            print(flush=True)  # the new line nobody echoed
            return line
        if self.readline_echo is None:  # libedit: it echoes only where the terminal did
            termios.tcsetattr(self.fd, termios.TCSANOW, self.echoing)
        try:
            said: str | None = input()
        except (EOFError, OSError):
            said = None
        finally:
            if self.readline_echo is None:
                termios.tcsetattr(self.fd, termios.TCSANOW, self.quiet)
        if said and said.strip():
            readline.add_history(said)
        return said

    def begun(self) -> None:
        """Readline's pre-input hook: it has set the terminal up for the line (and read
        the terminal's echo, off); it echoes the line all the same."""
        if self.readline_echo is not None:
            self.readline_echo(True)

    # -- the lines, as they are asked for ---------------------------------------------------
    async def line(self, secret: bool = False) -> str | None:
        if self.early:
            return self.early.pop(0)  # typed before kotatsu began: shown by the terminal
        if self.held and not secret:
            return self.held.pop(0)
        if secret not in self.pending:  # asked of the thread, in turn (a line asked before
            self.pending.append(secret)  # a secret is read first, shown as it is typed)
            self.asks.put(secret)
        while not self.ended:
            answer = await self.answers.get()
            was_secret = self.pending.pop(0)
            if answer is None:
                self.ended = True  # a later call (the lobby after a table) ends at once too
            elif was_secret == secret:
                return answer
            elif not was_secret:
                self.held.append(answer)  # the line before the secret: the next line
            # (a secret whose question went away is nobody's)
        return None

    def complete(self, text: str, state: int) -> str | None:
        """Tab: the commands whose word starts with what is typed (English or the player's)."""
        words = sorted({w for key, said in self.words().items() for w in (key, said.lower())})
        fits = [w + " " for w in words if w.startswith(text.lower())]
        return fits[state] if state < len(fits) else None

    def close(self) -> None:
        import termios

        self.asks.put(None)
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)


def readline_echo() -> Callable[[bool], None] | None:
    """The switch of GNU readline's echo (``_rl_echoing_p``, which it sets from the terminal
    as a line begins), or None where readline has none to reach (libedit)."""
    try:
        import ctypes
        import readline

        if getattr(readline, "backend", "readline") != "readline":
            return None
        library = ctypes.CDLL(getattr(readline, "__file__", None))
        flag = ctypes.c_int.in_dll(library, "_rl_echoing_p")
    except (ImportError, OSError, ValueError, TypeError, AttributeError):
        return None

    def echo(on: bool) -> None:
        flag.value = 1 if on else 0

    return echo


def read_secret(fd: int) -> str | None:
    """A line read key by key from a terminal whose echo is off (nothing is shown): the
    backspace takes a character back, ctrl-U the whole line; None where the input ended."""
    typed = bytearray()
    while True:
        try:
            key = os.read(fd, 1)
        except OSError:
            return None
        if not key or (key == b"\x04" and not typed):
            return None
        if key in (b"\r", b"\n"):
            return typed.decode("utf-8", "replace")
        if key in (b"\x7f", b"\b"):  # a character may be several bytes: all of it goes
            while typed and (typed.pop() & 0xC0) == 0x80:
                pass
        elif key == b"\x15":
            typed.clear()
        else:
            typed += key


def typed_before(fd: int) -> tuple[list[str], str]:
    """What was typed before kotatsu took the terminal (the terminal showed it): its whole
    lines, and the line begun."""
    data = b""
    blocking = os.get_blocking(fd)
    os.set_blocking(fd, False)
    try:
        while chunk := os.read(fd, 4096):
            data += chunk
    except (BlockingIOError, OSError):
        pass
    finally:
        os.set_blocking(fd, blocking)
    *lines, rest = data.decode("utf-8", "replace").split("\n")
    return [line.rstrip("\r") for line in lines], rest
