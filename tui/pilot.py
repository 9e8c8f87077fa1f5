"""Driving the real app headless: shared by the tests, the screenshot script and the bench.

These wait on the app's own state (how many table states a screen has drawn) rather than on
the clock, so a test or a picture is the same on a slow machine and a fast one.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rich.console import Console
from rich.segment import Segment
from textual.css.query import NoMatches

import lang
from engine.base import Event, View
from net.doors.discovery import TableInfo


class FakeBrowser:
    """A LAN browser that 'finds' the given tables at once (no multicast in tests/pictures)."""

    def __init__(self, tables: list[TableInfo], on_added, on_removed) -> None:
        self.tables = tables
        self.on_added = on_added
        self.on_removed = on_removed
        self.closed = False

    async def start(self) -> None:
        for table in self.tables:
            self.on_added(table)

    async def close(self) -> None:
        self.closed = True


def browser_of(*tables: TableInfo) -> Callable:
    """A browser factory for ``make_app(browser=...)`` that reports ``tables``."""
    return lambda on_added, on_removed: FakeBrowser(list(tables), on_added, on_removed)


def lan_tables(rows: Iterable[tuple]) -> list[TableInfo]:
    """TableInfo records from ``(name, game, variant, taken, seats, password, address)``."""
    return [
        TableInfo(str(i), name, game, variant, taken, seats, password, 1, address, 7717)
        for i, (name, game, variant, taken, seats, password, address) in enumerate(rows)
    ]


async def wait_until(pilot, predicate: Callable[[], bool], timeout: float = 30.0) -> None:
    """Let the app run until ``predicate()`` holds (AssertionError after ``timeout``, which
    only bounds a hang: the wait ends as soon as it holds; a table took 7 s to open on two
    cores under a load of 12, against the 8 s this was).

    A widget the predicate asks for that is not mounted yet (a screen still composing on a
    busy machine) counts as "not yet". Between two looks the app's own loop runs (a plain
    sleep): ``pilot.pause`` would also make every widget of the screen answer a callback and
    paint the whole screen again, 50 times a second — a fifth of a screen test's CPU spent on
    a wait."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not holds(predicate):
        if loop.time() > deadline:
            raise AssertionError("the app did not reach the expected state in time")
        await asyncio.sleep(0.02)


def holds(predicate: Callable[[], bool]) -> bool:
    try:
        return predicate()
    except NoMatches:
        return False


def table_screen(app):
    """The table screen on top, or None (lobby, a dialog)."""
    from tui.table.screen import TableScreen

    screen = app.screen
    return screen if isinstance(screen, TableScreen) else None


async def settle(pilot, quiet: float = 0.07) -> None:
    """Wait until no new state arrived for ``quiet`` seconds (bots without delay)."""
    screen = table_screen(pilot.app)
    while True:
        before = screen.states_seen if screen else 0
        await pilot.pause(quiet)
        if (screen.states_seen if screen else 0) == before:
            return


async def seated(pilot) -> object:
    """Wait until the table screen has drawn its first state and settled; return it."""
    await wait_until(pilot, lambda: table_screen(pilot.app) is not None)
    screen = table_screen(pilot.app)
    await wait_until(pilot, lambda: screen.states_seen > 0)
    await settle(pilot)
    return screen


ME = "me"
"""The one connection of a ``MemoryClient``'s table: the table's handle for it."""


class MemoryClient:
    """A seat at the real table in this process: the sans-I/O ``Table`` of net/table/table.py with
    no host and no socket, whose bots answer at once. It speaks the ``net.wire.client.Client`` API:
    what the screen sends is checked as the host checks it and given to the table as the host
    gives it; what the table says to this seat is copied as the wire copies it and checked as
    ``Client`` checks it. The table's other timers (a turn clock, a take-back asked) run on
    this loop's clock. Its table keeps no game record: there is no ``review`` to ask for.

    ``seat``: the seat taken (None: watch a table of bots); the others are the table's bots
    (``bots``: seat -> the bot that answers there: scripted ones may replace them before
    ``connect``, as a stacked ``game`` may replace the table's). ``settings``: the table's
    settings (net/table/settings.py: ``hints``, ``takebacks``, ``clock``…); a deal is not paced and
    the bots wait for no results panel unless they say (``deal_tick``, ``results_wait``).

    For the tests: ``acts`` every action the screen sent, legal or not; ``seen`` the version
    of every ``results_seen``; ``hinted`` the version of every hint looked at;
    ``takebacks_asked`` and ``votes`` the take-backs asked and answered; ``_publish(events)``
    is called on every state this seat is sent (``version`` is its version then)."""

    def __init__(
        self,
        game: str,
        seats: int | None = None,
        *,
        seat: int | None = 0,
        options: dict | None = None,
        seed: int = 1,
        deck: list[str] | None = None,
        name: str = "Eli",
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        import engine
        from net.table.settings import TableSettings
        from net.table.table import Table

        count = engine.GAMES[game].DEFAULT_SEATS if seats is None else seats
        bot_seats = [s for s in range(count) if s != seat]
        given = {"deal_tick": 0, "results_wait": 0, **(settings or {})}
        table = TableSettings.new(game, seats=count, options=dict(options or {}), seed=seed,
                                  bot_seats=bot_seats, name="local", **given)  # fmt: skip
        self._table: Table[str] = Table(table, clock=time.monotonic)
        if deck is not None:
            self.game = engine.new_game(game, count, options, seed=seed, deck=deck)
        self.bots: dict[int, Any] = {s: engine.make_bot(game, s, seed + s) for s in bot_seats}
        self.wish, self.name = seat, name
        self.seat: int | None = seat
        self.token: str | None = None
        self.table: dict | None = dict(self._table.rules.info)
        """The table's info as the ``welcome`` tells it (its name may be changed before
        ``connect``: the header of the pictures)."""
        self.version = 0
        self.over = self.connected = self.resumed = False
        self.recorder = None
        self.last_error: dict | None = None
        self.acts: list[dict] = []
        self.seen: list[int] = []
        self.hinted: list[int] = []
        self.takebacks_asked = 0
        self.votes: list[tuple[int, bool]] = []
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()
        self.closed = False
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._asks: list[Any] = []
        self._bot_due = self._answering = False

    @property
    def game(self) -> Any:
        """The table's game."""
        return self._table.rules.game

    @game.setter
    def game(self, game: Any) -> None:
        self._table.rules.game = game

    async def connect(self) -> None:
        """Join as ``Client.connect`` does: the ``hello`` and the first ``welcome`` are the
        connection's, the rest is read from ``messages``."""
        from net.table.decisions import Start
        from net.wire.messages import check_client

        table = self._table
        if self.table is not None and self.table.get("name") != table.rules.name:
            table.rules.name = str(self.table["name"])
        self._deliver(table.open(ME))
        join = {"t": "join", "name": self.name, "seat": self.wish, "spectator": self.wish is None,
                "auth": None, "token": None, "key": None}  # fmt: skip
        self._deliver(table.receive(ME, check_client(join)))
        self.connected = True
        self._deliver(table.decide(Start()))  # as the host starts it (a table of bots: now)

    def arrived(self) -> list[dict]:
        """The messages already here, taken without waiting, as ``Client.arrived``."""
        from net.wire.client import arrived

        return arrived(self.inbox)

    async def messages(self):  # an async iterator, like Client.messages()
        while True:
            message = await self.inbox.get()
            yield message
            if message["t"] == "connection" and message["status"] == "closed":
                return

    async def act(self, action: dict, version: int | None = None) -> None:
        self.acts.append(action)
        seen = self.version if version is None else version
        self._send({"t": "act", "version": seen, "action": action})

    async def results_seen(self, version: int) -> None:
        self.seen.append(version)
        self._send({"t": "results_seen", "version": version})

    async def hint(self) -> None:
        self.hinted.append(self.version)
        self._send({"t": "hint"})

    async def takeback(self) -> None:
        self.takebacks_asked += 1
        self._send({"t": "takeback"})

    async def takeback_vote(self, request: int, yes: bool) -> None:
        self.votes.append((request, yes))
        self._send({"t": "takeback_vote", "id": request, "yes": yes})

    async def chat(self, text: str, to: int | None = None) -> None:
        self._send({"t": "chat", "text": text, "to": to})

    async def history(self) -> None:
        self._send({"t": "history"})

    async def close(self) -> None:
        if self.closed:
            return
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        if self.connected:
            self.connected = False
            self._deliver(self._table.leave(ME))
        self._closed()

    def _publish(self, events: list[Event]) -> None:
        """A state with ``events`` was sent to this seat (a hook for the tests)."""

    # -- the host's part, in this process ----------------------------------------------------
    def _send(self, message: dict) -> None:
        from net.wire.messages import Refused, check_client

        if not self.connected:
            raise ConnectionError("not connected to the table")
        try:
            self._deliver(self._table.receive(ME, check_client(message)))
        except Refused as exc:  # the host would drop the connection, saying why
            self._error(exc.message())

    def _deliver(self, out: Any) -> None:
        """What the host does with the table's output, as far as this one seat sees it."""
        from net.table.table import BOT
        from net.wire.codec import wire_copy
        from net.wire.messages import check_host, clean_host_text

        for peer, sent in out.messages:
            if peer != ME or self.closed:
                continue
            message = clean_host_text(check_host(wire_copy(sent)))
            kind = message["t"]
            if kind == "welcome":
                self._welcomed(message)
            if kind == "hello" or (kind == "welcome" and not self.connected):
                continue  # the connection's own (``Client.connect`` reads them)
            if kind == "state":
                self.version = message["version"]
                self.over = bool(message["view"].get("over"))
            elif kind == "error":
                self._error(message)
                return
            self.inbox.put_nowait(message)
            if kind == "state":
                self._publish(message["events"])
        for timer in out.timers:
            if timer.key == BOT:
                self._bot_due = timer.at is not None  # at once: its delay is 0
            else:
                self._set_timer(timer.key, timer.at)
        if out.ask is not None:
            self._asks.append(out.ask)
        self._bots_answer()

    def _bots_answer(self) -> None:
        """The bots answer the table at once, one question after another, until none is due
        (the table asks the next one in the output of each answer)."""
        from net.table.table import BOT

        if self._answering:
            return
        self._answering = True
        try:
            while not self.closed and (self._asks or self._bot_due):
                if self._asks:
                    ask = self._asks.pop(0)
                    action = self.bots[ask.seat].act(ask.view, ask.legal)
                    self._deliver(self._table.bot_answer(ask, action))
                else:
                    self._bot_due = False
                    self._deliver(self._table.fire(BOT))
        finally:
            self._answering = False

    def _set_timer(self, key: str, at: float | None) -> None:
        handle = self._timers.pop(key, None)
        if handle is not None:
            handle.cancel()
        if at is not None and not self.closed:
            delay = max(0.0, at - self._table.rules.now())
            self._timers[key] = asyncio.get_running_loop().call_later(delay, self._fire, key)

    def _fire(self, key: str) -> None:
        self._timers.pop(key, None)
        if not self.closed:
            self._deliver(self._table.fire(key))

    def _welcomed(self, welcome: dict) -> None:
        self.seat, self.table = welcome["seat"], welcome["table"]
        self.token = welcome["token"] or self.token

    def _error(self, message: dict | None) -> None:
        if message is not None:
            self.last_error = message
            self.inbox.put_nowait(message)
        self.connected = False
        self._closed()

    def _closed(self) -> None:
        if not self.closed:
            self.closed = True
            self.inbox.put_nowait({"t": "connection", "status": "closed"})


def local_launcher(client: MemoryClient) -> Callable:
    """A launcher (see tui.connect) that seats the app at ``client``'s in-process table."""

    async def launch():
        from .connect import Seat

        await client.connect()
        return Seat(client, [], "local")

    return launch


def recorded(app) -> Console:
    """A console that painted the screen as the terminal gets it (after Textual's filters)."""
    console = _console_of(app, record=True)
    with lang.scope(_language_of(app)):  # drawn here, outside the app's tasks: in its language
        console.print(_whole_screen(app))
    return console


def screen_lines(app) -> list[str]:
    """The screen's text as the terminal gets it, line by line: the segments ``recorded``
    paints, read without writing them out as the terminal's codes (which took 40% of the
    time, 1.1 of 2.6 ms at 100x30)."""
    console = _console_of(app, record=False)
    with lang.scope(_language_of(app)):
        segments = console.render(_whole_screen(app))
        # cropped to the app's width as ``Console.print`` crops (a screen just resized may
        # still hand over its old, wider lines)
        lines = Segment.split_and_crop_lines(
            segments, console.width, pad=False, include_new_lines=False
        )
        return ["".join(seg.text for seg in line if not seg.control) for line in lines]


def _console_of(app, *, record: bool) -> Console:
    """A console of the app's size that writes nowhere (``record``: keeping what it printed)."""
    width, height = app.size
    return Console(
        width=width, height=height, record=record, force_terminal=True, file=io.StringIO()
    )


def _language_of(app) -> str:
    voice = getattr(app, "voice", None)
    return voice.code if isinstance(voice, lang.Voice) else lang.current()


def _whole_screen(app) -> Any:
    """The app's whole screen, rendered: the screens under a translucent one too, as
    Textual's own screenshot draws them."""
    return app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)


def seat_states(game: str, count: int, seed: int = 1) -> list[tuple[View, list[dict], list]]:
    """What seat 0 is sent through a real game (its view, its legal actions, the public
    events), every seat played by the normal bot — the states a table really follows. The
    round-end events are left out (they open the results panel, another screen) and the
    game's end too; past it, a new game with the next seed carries on."""
    import engine
    from tui.table.results import END_EVENTS

    states: list[tuple[View, list[dict], list]] = []
    while len(states) < count:
        seats = engine.GAMES[game].DEFAULT_SEATS
        g = engine.new_game(game, seats, seed=seed)
        bots = [engine.make_bot(game, s, seed=seed * 10 + s) for s in range(seats)]
        while not g.over and len(states) < count:
            seat = g.pending()[0]
            events = g.apply(seat, bots[seat].act(g.view(seat), g.legal_actions(seat)))
            if g.over:
                break
            shown = [e for e in events if not (isinstance(e, dict) and e.get("type") in END_EVENTS)]
            states.append((g.view(0), g.legal_actions(0), shown))
        seed += 1
    return states
