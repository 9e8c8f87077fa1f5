"""Tables built the ways users build them, each with a ``Person`` at a seat.

A ``Case`` names one table: the game and its options, how it is built (the door), the table's
size, the clock, take-backs and how the screen looks (NO_COLOR, ``--ascii``, a language).
``run_case`` builds it, seats a person, plays to the end (review and play again where
offered) and returns the person's ``Tally``; a silent wait raises ``SilentWait``.

Doors:
- ``play``: ``kotatsu play`` (tui.connect.play_launcher, bots without delay), play again too;
- ``host``: ``kotatsu host`` with a screen (host_launcher on 127.0.0.1), the other seats a
  second person joined over 127.0.0.1 as the game's bot client (``kotatsu bot``'s), and bots;
- ``join``: ``kotatsu join`` to a headless ``kotatsu host … --headless`` in another process
  (the oracle is then what the host sent this seat);
- ``lobby-b``, ``lobby-h``: ``kotatsu``'s lobby, the table started from its ``b`` or ``h``
  form filled in by keys (tests/person/lobby.py); at ``h`` a second person joins as at
  ``host``;
- ``ssh``, ``web``: ``kotatsu serve`` and ``kotatsu web`` on 127.0.0.1, a session's lobby
  joining a table hosted here by its address; no Pilot: the person reads the terminal
  (tests/person/terminal.py, tests/person/web.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
import lang
from net.doors.opening import TablePlan
from net.table.settings import HOSTED, TableSettings
from tests.person.person import Person, Tally, WireOracle, own_host
from tui.app import KotatsuApp, make_app
from tui.connect import host_launcher, join_launcher, play_launcher
from tui.pilot import browser_of, seated, table_screen, wait_until
from tui.seat import Seat
from tui.settings import Settings

SHORT = {name: {cls.LENGTH_OPTION: 1} for name, cls in engine.GAMES.items()}
"""The length option that makes each game a short one."""


@dataclass(frozen=True)
class Case:
    """One table and how a person sees it."""

    game: str
    door: str = "play"
    options: tuple[tuple[str, Any], ...] = ()
    seats: int | None = None  # None: the game's default
    clock: bool = False
    takebacks: str = "off"
    no_color: bool = False
    ascii: bool = False
    language: str = "en"
    seed: int = 1
    size: tuple[int, int] = (80, 24)

    @property
    def table_options(self) -> dict[str, Any]:
        return {**SHORT[self.game], **dict(self.options)}

    @property
    def seat_count(self) -> int:
        return self.seats or engine.GAMES[self.game].DEFAULT_SEATS

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        looks = "+".join(
            x
            for x, on in (
                ("nocolor", self.no_color),
                ("ascii", self.ascii),
                (self.language, self.language != "en"),
                ("clock", self.clock),
                (f"tb-{self.takebacks}", self.takebacks != "off"),
            )
            if on
        )
        return "-".join(
            p
            for p in (self.door, self.game, opts, f"{self.seat_count}p", looks, f"s{self.seed}")
            if p
        )


@dataclass
class Built:
    """A table built: the app to play in, and how to tell what its host knows."""

    app: KotatsuApp
    oracle_for: Callable[[Any], Any]
    #: What joins once the app's screen is up (the others at a hosted table): given the port.
    joins: Callable[[int], Any] | None = None
    #: What the person does first in the lobby to get to the table (the lobby's doors).
    opens: Callable[[Any], Any] | None = None
    others: list[asyncio.Task] = field(default_factory=list)

    async def sit(self, pilot: Any) -> None:
        """The app at its table, the others joined, the game begun."""
        if self.opens is not None:
            await self.opens(pilot)
        if self.joins is not None:
            await wait_until(pilot, lambda: table_screen(self.app) is not None)
            port = table_screen(self.app).client.port
            self.others.append(asyncio.ensure_future(self.joins(port)))
        try:
            await seated(pilot)
        except AssertionError:
            from tests.person.person import screen_dump

            raise AssertionError(f"the table never opened:\n{screen_dump(self.app)}") from None

    async def close(self) -> None:
        for task in self.others:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


def settings_for(case: Case) -> Settings:
    return Settings(
        ascii_only=case.ascii,
        color=not case.no_color,
        name="Eli",
        cursor_blink=False,
        lang=case.language,
    )


def clock_args(case: Case) -> dict[str, Any]:
    return {"clock": 30.0, "bank": 60.0} if case.clock else {}


def play_app(case: Case) -> Built:
    """``kotatsu play``: the person at seat 0, bots in the others; play again deals anew."""

    def launcher(seed: int) -> Any:
        launch = play_launcher(
            TableSettings.practice(
                case.game,
                bots=case.seat_count - 1,
                seed=seed,
                options=case.table_options,
                deal_tick=0,
                hints=True,
                takebacks=case.takebacks,
                **clock_args(case),
            ),
            name="Eli",
            bot_delay=0,
        )

        async def with_again() -> Seat:
            # play again deals the same table anew, as the command's does, with the case's
            # next seed instead of a random one: the same game every run
            seat = await launch()
            seat.again = lambda: launcher(seed + 1000)
            return seat

        return with_again

    app = make_app(launcher=launcher(case.seed), settings=settings_for(case), browser=browser_of())
    return Built(app, own_host)


async def bot_seat(port: int, name: str, seed: int) -> None:
    """A second person at the table, over 127.0.0.1: plays with the game's bot (as
    ``kotatsu bot`` does)."""
    from net.doors.botclient import run_bot_client

    await run_bot_client("127.0.0.1", port, name=name, seed=seed)


@contextlib.asynccontextmanager
async def built(case: Case, tmp: Path) -> AsyncIterator[Built]:
    """The table of ``case``, built by its door, torn down after."""
    if case.door == "play":
        yield play_app(case)
        return
    if case.door == "host":
        yield await host_app(case, tmp)
        return
    if case.door in ("lobby-b", "lobby-h"):
        yield lobby_app(case)
        return
    if case.door == "join":
        async with headless_host(case, tmp) as port:
            launcher = join_launcher("127.0.0.1", port, name="Eli")
            app = make_app(launcher=launcher, settings=settings_for(case), browser=browser_of())
            yield Built(app, WireOracle)
        return
    raise ValueError(case.door)


async def host_app(case: Case, tmp: Path) -> Built:
    """``kotatsu host`` with a screen on 127.0.0.1: the person at seat 0, a second person
    joined over 127.0.0.1, bots in the rest; the game starts when the table is full."""
    launcher = host_launcher(
        TablePlan(
            TableSettings.new(
                case.game,
                seats=case.seat_count,
                bots=case.seat_count - 2,
                seed=case.seed,
                options=case.table_options,
                hints=True,
                takebacks=case.takebacks,
                **clock_args(case),
            ),
            limits=HOSTED._replace(bot_delay=0),
            journal=str(tmp / "table.journal"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    app = make_app(launcher=launcher, settings=settings_for(case), browser=browser_of())
    return Built(app, own_host, joins=lambda port: bot_seat(port, "Bo", case.seed + 7))


def lobby_app(case: Case) -> Built:
    """The lobby (``kotatsu``), and the person starts the table from its ``b`` or ``h`` form
    (the host's table listens on 127.0.0.1: KOTATSU_BIND, as ``kotatsu serve`` sets it);
    at ``h`` a second person joins over 127.0.0.1, bots fill the rest."""
    from tests.person.lobby import start_from_form

    mode = "bots" if case.door == "lobby-b" else "host"
    length = next(iter(SHORT[case.game]))
    fields = {f"opt-{length}": str(SHORT[case.game][length])}
    if mode == "bots":
        fields["bots"] = str(case.seat_count - 1)
    else:
        fields["seats"] = str(case.seat_count)
        fields["bots"] = str(case.seat_count - 2)
    app = make_app(settings=settings_for(case), browser=browser_of())
    joins = None if mode == "bots" else (lambda port: bot_seat(port, "Bo", case.seed + 7))
    return Built(
        app,
        own_host,
        joins=joins,
        opens=lambda pilot: start_from_form(pilot, mode, case.game, fields),
    )


@contextlib.asynccontextmanager
async def headless_host(case: Case, tmp: Path) -> AsyncIterator[int]:
    """``kotatsu host GAME --headless --seats N --bots N-1`` in another process; its port."""
    from tests.net.processes import cli_env, start_host

    args = [case.game, "--headless", "--bind", "127.0.0.1", "--seats", str(case.seat_count)]
    args += ["--bots", str(case.seat_count - 1), "--seed", str(case.seed), "--bot-delay", "0"]
    args += ["--takebacks", case.takebacks, "--journal", str(tmp / "host.journal")]
    for key, value in case.table_options.items():
        args += ["--option", f"{key}={value}"]
    if case.clock:
        args += ["--clock", "30", "--bank", "60"]
    proc, port = await start_host(*args, env=cli_env(tmp / "host-state"))
    try:
        yield port
    finally:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        await proc.wait()


async def run_case(case: Case, tmp: Path, *, again: bool = True) -> Tally:
    """Build ``case``'s table, seat a person, play to the end; the person's tally."""
    if case.door in ("ssh", "web"):  # a terminal, no Pilot (tests/person/terminal.py)
        from tests.person.terminal import run_door_case

        return await run_door_case(case, tmp)
    env = {"NO_COLOR": "1"} if case.no_color else {}
    env["KOTATSU_BIND"] = "127.0.0.1"  # a table hosted from the lobby listens here only
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    lang.use(case.language)
    table = None
    try:
        async with built(case, tmp) as table, table.app.run_test(size=case.size) as pilot:
            await table.sit(pilot)
            person = Person(
                pilot,
                table.oracle_for,
                seed=case.seed,
                label=case.id,
                takeback_rate=0.05 if case.takebacks != "off" else 0.0,
                again=again,
            )
            await person.play_game()
            if os.environ.get("PERSON_TRACE"):
                print(" ".join(person.trace))
            return person.tally
    finally:
        if table is not None:
            await table.close()
        lang.use(lang.DEFAULT)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
