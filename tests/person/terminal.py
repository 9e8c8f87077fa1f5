"""A person at the SSH door (``kotatsu serve``): no Pilot, only the terminal an SSH client
shows (asyncssh's client, the screen kept by pyte) and the keys typed into it.

The session runs the real lobby in its own process, as every SSH user's does; the person
presses ``a`` there, types the address of a table hosted in this process (a real
``net.doors.host.Host`` on 127.0.0.1, bots in the other seats), and plays it by what the terminal
shows: the prompt (the lines over the footer), the footer's keys (its last line; a terminal
cannot tell a greyed key, so each key shown counts), and the panels' words. The host is the
oracle, as at ``play``.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path
from typing import Any

import pyte

from tests.person.person import HostOracle, Person
from tui.widgets.footer import KeyEntry

SIZE = (100, 30)
#: The bytes a terminal sends for a key.
BYTES = {
    "enter": b"\r",
    "space": b" ",
    "escape": b"\x1b",
    "tab": b"\t",
    "backspace": b"\x7f",
    "left": b"\x1b[D",
    "right": b"\x1b[C",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "home": b"\x1b[H",
    "end": b"\x1b[F",
    "question_mark": b"?",
}
#: How the footer shows a key, and the key it is.
SHOWN = {"←→": "right", "space": "space", "enter": "enter", "esc": "escape", "?": "question_mark"}
SHOWN |= {"[]": "]", "home": "home", "end": "end", "tab": "tab", "+-": "+", "<>": "right"}
#: The footer's words for the keys that do not answer the table (English sessions).
META_WORDS = {"chat", "scores", "rules", "keys", "leave", "host", "hint", "take back", "review"}
#: The footer's words of the game keys (tui/table/bindings.py), by the action they stand for.
ACTIONS = {"move": "move", "pick": "pick", "grab": "pick", "pass": "pick", "back": "back"}
ACTIONS |= {w: "back" for w in ("clear", "close")}
CONFIRM_WORDS = frozenset(
    {"ok", "choose", "swap", "next", "give", "declare", "use", "take", "continue", "play"}
    | {"chain", "bury", "lay down", "go alone"}
)


def footer_entries(line: str) -> list[KeyEntry]:
    """The keys a footer line shows: each key, then its words up to the next key."""
    tokens = line.split()
    entries: list[KeyEntry] = []
    for token in tokens:
        is_key = token in SHOWN or (len(token) == 1 and re.fullmatch(r"[a-z0-9]", token))
        if is_key:
            key = SHOWN.get(token, token)
            entries.append(KeyEntry(key, token, "", "", True))
        elif entries:
            last = entries[-1]
            words = f"{last.description} {token}".strip()
            entries[-1] = last._replace(description=words)
    out = []
    for entry in entries:
        word = entry.description
        action = ACTIONS.get(word) or ("confirm" if word in CONFIRM_WORDS else word)
        if entry.key == "enter" and word in ("close", "continue"):
            action = "answer"
        if word in META_WORDS:
            action = {"take back": "takeback", "keys": "rules"}.get(word, word)
        out.append(entry._replace(action=action))
    return out


class Terminal:
    """What an SSH session's client shows (pyte) and the keys typed into it."""

    def __init__(self, process: Any, size: tuple[int, int] = SIZE) -> None:
        self.process = process
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.task = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        while True:
            chunk = await self.process.stdout.read(65536)
            if not chunk:
                return
            self.stream.feed(chunk)
            self.changed.set()

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    async def quiet(self, for_seconds: float = 0.15, at_most: float = 5.0) -> None:
        """Until nothing new was drawn for ``for_seconds``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + at_most
        while loop.time() < end:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), for_seconds)
            except TimeoutError:
                return

    async def until(self, text: str, timeout: float = 20.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text not in self.text():
            if loop.time() > end:
                raise AssertionError(f"no {text!r} on the terminal:\n{self.text()}")
            await self.quiet(0.05, 1.0)

    async def send(self, *keys: str) -> None:
        for key in keys:
            self.process.stdin.write(BYTES.get(key, key.encode()))

    def footer(self) -> str:
        lines = [line for line in self.lines() if line.strip()]
        return lines[-1] if lines else ""

    def close(self) -> None:
        self.task.cancel()


class TerminalPerson(Person):
    """A ``Person`` that sees only a terminal (see the module docstring)."""

    def __init__(self, terminal: Any, oracle: HostOracle, **kwargs: Any) -> None:
        self.terminal = terminal
        super().__init__(None, lambda _app: oracle, **kwargs)

    def footer(self) -> list[KeyEntry]:
        return footer_entries(self.terminal.footer())

    def top(self) -> str:
        words = {k.description for k in self.footer()}
        if {"step", "seat"} & words:
            return "review"
        if "continue" in words or ("close" in words and "enter" in {k.key for k in self.footer()}):
            return "panel" if "esc" not in self.terminal.footer().split() else "table"
        if {"yes", "no"} <= words:
            return "dialog"
        return "table"

    def question(self) -> str:
        lines = [line for line in self.terminal.lines() if line.strip()]
        if self.top() != "table":
            return " ".join(lines)
        return " ".join(line.strip() for line in lines[-3:-1] if not set(line.strip()) <= set("─│"))

    def panel_offers(self) -> set[str]:
        words = {k.description for k in self.footer()}
        offers = {"close"} if "close" in words else {"next"} if "continue" in words else set()
        return offers | {w.split()[-1] for w in words if w in ("play again", "review")}

    def dump(self) -> str:
        return self.terminal.text()

    def look(self) -> object:
        return self.terminal.text()

    def reviewing(self) -> bool:
        return self.top() == "review"

    async def press(self, key: str) -> None:
        self.trace.append(key)
        self.tally.presses += 1
        await self.terminal.send(key)
        await self.terminal.quiet(0.05, 1.0)

    async def settled(self) -> None:
        await self.terminal.quiet()


@contextlib.asynccontextmanager
async def ssh_session(tmp: Path, *, language: str = "en", term: str = "xterm-256color"):
    """``kotatsu serve`` on 127.0.0.1 (no password), and one session's terminal (``term``
    vt100: the session draws in ASCII without colour, as for such a terminal)."""
    import asyncssh

    from net.doors.ssh import ServeConfig, SSHGameServer

    server = SSHGameServer(ServeConfig(bind="127.0.0.1", port=0, host_key=tmp / "host_key"))
    await server.start()
    try:
        async with asyncssh.connect(
            "127.0.0.1", server.port, username="eli", known_hosts=None
        ) as conn:
            process = await conn.create_process(
                term_type=term,
                term_size=SIZE,
                encoding=None,
                env={"LANG": "C.UTF-8"} if language == "en" else {"LANG": f"{language}.UTF-8"},
            )
            terminal = Terminal(process)
            try:
                yield terminal
            finally:
                terminal.close()
                process.close()
    finally:
        await asyncio.wait_for(server.close(), 10)


async def run_door_case(case: Any, tmp: Path) -> Any:
    """``case`` at the SSH door (``ssh``) or the web door (``web``, tests/person/web.py): a
    table hosted here (bots in every other seat), joined from the lobby of the door's session
    by its address (``a``), played by what the terminal shows."""
    from net.doors.host import Host
    from net.kept.recording import keep_records
    from net.table.settings import HostLimits, TableSettings
    from tests.person.tables import clock_args

    settings = TableSettings.new(
        case.game,
        seats=case.seat_count,
        options=case.table_options,
        seed=case.seed,
        bots=case.seat_count - 1,
        deal_tick=0,  # 秘十's deal unpaced: the door is tested here, not the pacing
        name="door",
        hints=True,
        takebacks=case.takebacks,
        **clock_args(case),
    )
    host = Host(settings, HostLimits(bot_delay=0, fsync=False))
    keep_records(host)  # as every kotatsu host does: the review is served from it
    port = await host.start("127.0.0.1", 0)
    try:
        if case.door == "web":
            from tests.person.web import web_session

            session = web_session(tmp)
        else:
            term = "vt100" if case.ascii or case.no_color else "xterm-256color"
            session = ssh_session(tmp, language=case.language, term=term)
        async with session as terminal:
            await terminal.until("join by address")
            await terminal.send("a")
            await terminal.quiet()
            await terminal.send(*f"127.0.0.1:{port}", "enter")
            loop = asyncio.get_running_loop()
            end = loop.time() + 20
            while not host.table.rules.started:
                if loop.time() > end:
                    raise AssertionError(f"the session never sat down:\n{terminal.text()}")
                await terminal.quiet(0.1, 1.0)
            seating = host.table.rules.seating
            seat = next(i for i in range(len(seating)) if not seating[i].bot)
            person = TerminalPerson(
                terminal,
                HostOracle(host, seat),
                seed=case.seed,
                label=case.id,
                takeback_rate=0.05 if case.takebacks != "off" else 0.0,
            )
            await person.play_game()
            return person.tally
    finally:
        await host.close()
