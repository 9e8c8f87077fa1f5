"""How the app gets a seat at a table: a launcher is an async callable returning a ``Seat``.

The app never talks to a game directly — only to an object with the ``net.client.Client``
API (docs/contracts.md). ``kotatsu play`` runs a real ``net.host.Host`` on 127.0.0.1 in this
process (no discovery, bots seated by the host) and connects a real Client to it; ``host``
does the same on the chosen address with discovery; ``join`` only connects.
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import engine
from lang import _
from net.resultswait import RESULTS_WAIT
from net.settings import ABSENT_BOT, absent_after

from . import words
from .settings import load_name
from .table_settings import chosen
from .text import clean

HOST_GONE_WAIT = 60.0
"""How long a client waits for a host that vanished before it gives up (back to the lobby)."""


class TableClient(Protocol):
    """What the app needs from a connection to a table (``net.client.Client``)."""

    seat: int | None
    table: dict | None

    async def connect(self) -> Any: ...
    def messages(self) -> AsyncIterator[dict]: ...
    async def act(self, action: dict) -> Any: ...
    async def chat(self, text: str, to: int | None = None) -> Any: ...
    async def results_seen(self, version: int) -> Any: ...
    async def close(self) -> Any: ...


@dataclass
class Seat:
    """A connected client, and the things to shut down with it when the player leaves."""

    client: TableClient
    closers: list[Callable[[], Awaitable[Any]]] = field(default_factory=list)
    address: str = ""
    host: Any = None
    """The ``net.host.Host`` when this process runs the table: its screen decides for it."""
    again: Callable[[], Launcher] | None = None
    """The same table dealt anew (same seats, a new seed), where this process runs it."""

    def deals_again(self) -> bool:
        """Whether ``again`` can deal a new game now: at a table against bots (``play``), or
        at one this process hosts where every other seat is its bot (where other people sit,
        nothing here can deal for them)."""
        if self.again is None:
            return False
        if self.host is None:
            return True
        people = [seat for seat in self.host.seating.seats if seat.taken and not seat.bot]
        return len(people) <= 1

    async def close(self) -> None:
        """Close whatever this process was running for the table, then the client: a host
        that leaves closes its table first, so the others hear "the host closed the table",
        not that the host's seat waits for it."""
        for closer in [*self.closers, self.client.close]:
            with contextlib.suppress(Exception):  # leaving must always succeed
                await closer()


Launcher = Callable[[], Awaitable[Seat]]


def default_name() -> str:
    """The player's name when none is given: the one saved on the first run, else the login
    name, cleaned and short."""
    saved = None if shared_account() else load_name()
    if saved:
        return saved
    try:
        name = getpass.getuser()
    except Exception:  # no login name in some containers
        name = ""
    return clean(name, limit=20) or "player"


def shared_account() -> bool:
    """Whether many people use this account (``kotatsu serve`` sessions): then nothing about a
    player is kept in its files (name, seats)."""
    return bool(os.environ.get("KOTATSU_SHARED"))


def shared_bind() -> str:
    """Where tables hosted from the lobby listen and where it looks for tables: the address a
    ``kotatsu serve`` or ``kotatsu web`` was bound to (KOTATSU_BIND), else every interface."""
    return os.environ.get("KOTATSU_BIND") or "0.0.0.0"


BOT_DELAY = 0.4
"""Seconds a bot waits before each move at a table with a person, so they can follow it."""


def play_launcher(
    game: str,
    *,
    bots: int | None = None,
    seed: int | None = None,
    options: dict | None = None,
    name: str | None = None,
    bot_delay: float = BOT_DELAY,
    deal_tick: float | None = None,
    level: str = "normal",
    hints: bool = True,
    clock: float | None = None,
    bank: float = 0.0,
    takebacks: str = "off",
) -> Launcher:
    """A private table against bots: a real Host on 127.0.0.1 and a real Client, one process;
    hints for learners are on (one person and bots: nobody else to mind them).

    The player takes seat 0; the host seats its bots in the others. ``bot_delay`` paces the
    bots so a person can follow them (0 in tests and snapshots); ``deal_tick`` the Mi Shi deal
    (net/pacing.py; None: the host's default, 0: not paced).
    """

    async def launch() -> Seat:
        from net.client import Client
        from net.host import Host
        from net.pacing import DEFAULT_TICK
        from net.recording import keep_records
        from net.settings import HostLimits, TableSettings

        n_bots = engine.GAMES[game].DEFAULT_SEATS - 1 if bots is None else bots
        settings = TableSettings.new(
            game,
            seats=n_bots + 1,
            options=dict(options or {}),
            seed=seed,
            bots=n_bots,
            name="practice",
            deal_tick=DEFAULT_TICK if deal_tick is None else deal_tick,
            level=level,
            hints=hints,
            clock=clock,
            bank=bank,
            takebacks=takebacks,
        )
        host = Host(settings, HostLimits(bot_delay=bot_delay))
        keep_records(host)
        port = await host.start("127.0.0.1", 0)
        client = Client("127.0.0.1", port, name=name or default_name())
        try:
            await client.connect()
        except BaseException:
            await host.close()
            raise
        return Seat(client, [host.close], f"127.0.0.1:{port}", again=redeal)

    def redeal() -> Launcher:  # the same table, a new seed
        if seed is None:
            return launch
        return play_launcher(
            game,
            bots=bots,
            options=options,
            name=name,
            bot_delay=bot_delay,
            deal_tick=deal_tick,
            level=level,
            hints=hints,
            clock=clock,
            bank=bank,
            takebacks=takebacks,
        )

    return launch


def join_launcher(
    host: str,
    port: int,
    *,
    name: str | None = None,
    password: str | None = None,
    spectate: bool = False,
) -> Launcher:
    """Connect to a table somebody else hosts."""

    async def launch() -> Seat:
        from net.client import Client
        from net.recording import SeatRecorder

        client = Client(
            host,
            port,
            name=name or default_name(),
            password=password,
            spectator=spectate,
            keep_seat=not shared_account(),
            give_up_after=HOST_GONE_WAIT,
        )
        if not shared_account():  # what this seat saw, kept as its own record
            client.recorder = SeatRecorder()
        try:
            await client.connect()
        except Exception as exc:
            watch = None
            if getattr(exc, "code", None) == "full.seats" and not spectate:
                watch = join_launcher(host, port, name=name, password=password, spectate=True)
            code = getattr(exc, "code", None)
            said = explain(exc, host, port, client.connect_timeout)
            address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
            code = code if isinstance(code, str) else ""
            silent = isinstance(exc, ConnectionRefusedError)
            raise JoinError(said, watch, code, address, silent, spectate=spectate) from exc
        return Seat(client, [], f"{host}:{port}")

    return launch


def host_launcher(
    game: str,
    *,
    seats: int | None = None,
    bots: int = 0,
    seed: int | None = None,
    table_name: str | None = None,
    password: str | None = None,
    options: dict | None = None,
    bind: str = "0.0.0.0",
    port: int = 0,
    player_name: str | None = None,
    journal: str | None = None,
    absent_bot: float | None = ABSENT_BOT,
    resume: str | None = None,
    level: str | None = None,
    bot_delay: float = BOT_DELAY,
    results_wait: float = RESULTS_WAIT,
    hints: bool = False,
    clock: float | None = None,
    bank: float = 0.0,
    takebacks: str = "off",
    dealt_again: Any = None,
) -> Launcher:
    """Host a table others find on the LAN (advertised by zeroconf), and sit at it (``hints``:
    learners may ask for hints; off unless the host turns them on); with
    ``resume``, the table of that journal again (the host's seat comes back with its token).
    ``bot_delay`` paces the bots as at ``play``; ``results_wait``: how long the bots wait at
    most for the people's results panels (0: not at all, net/resultswait.py); ``takebacks``:
    off, ask or free (net/takebacks.py; a resumed table keeps its own); ``dealt_again``: the
    settings of a table hosted here before, with a new seed (play again; at ``port`` if it
    is free)."""

    async def launch() -> Seat:
        from net.client import Client
        from net.host import Host
        from net.recording import keep_records
        from net.settings import HostLimits, TableSettings

        limits = HostLimits(absent_bot_after=absent_after(absent_bot), bot_delay=bot_delay)
        if dealt_again is not None:
            host = Host(dealt_again, limits, journal=default_journal(dealt_again.game))
            host.resumed_port = port  # back where it was, else anywhere
        elif resume:  # the journal's bots' level unless another is given
            host = Host.resume(
                resume,
                limits,
                password=password,
                level=level,
                results_wait=results_wait,
            )
        else:
            settings = TableSettings.new(
                game,
                seats=seats or engine.GAMES[game].DEFAULT_SEATS,
                options=dict(options or {}),
                seed=seed,
                bots=bots,
                name=table_name or _("{name}'s table").format(name=player_name or default_name()),
                password=password,
                level=level or "normal",
                results_wait=results_wait,
                hints=hints,
                clock=clock,
                bank=bank,
                takebacks=takebacks,
            )
            host = Host(settings, limits, journal=journal or default_journal(game))
        keep_records(host, resume or (host.journal.path if host.journal else None))
        wanted = 0 if dealt_again is not None else port
        try:
            bound = await host.start(bind, wanted or host.resumed_port or 0)
        except OSError as exc:
            if not host.resumed_port or wanted:
                await host.close()
                raise JoinError(_("Could not open the table: {reason}").format(reason=exc)) from exc
            bound = await host.start(bind, 0)
        closers: list[Callable[[], Awaitable[Any]]] = [host.close_table]
        connect_to = "127.0.0.1" if bind in ("0.0.0.0", "::", "") else bind
        client = Client(
            connect_to,
            bound,
            name=player_name or default_name(),
            password=password,
            keep_seat=not shared_account(),
        )
        try:
            await client.connect()
        except BaseException:
            for closer in closers:
                await closer()
            raise
        # the host sits first, then the table is advertised: a quick friend on the LAN can
        # no longer take the host's own seat
        advert = await _advertise(host, bind, bound)
        if advert is not None:
            closers.insert(0, advert)
        from net.discovery import lan_address  # zeroconf: only a hosted table needs it

        def again() -> Launcher:  # the same seats, a new seed, at the same port
            return host_launcher(
                game,
                bind=bind,
                port=bound,
                player_name=player_name,
                password=password,
                absent_bot=absent_bot,
                bot_delay=bot_delay,
                dealt_again=dealt_anew(host.settings()),
            )

        address = f"{lan_address(bind)}:{bound}"
        return Seat(client, closers, address, host=host, again=again)

    return launch


def dealt_anew(settings: Any) -> Any:
    """A table's ``net.settings.TableSettings`` for a new game at it: a new seed, new seats'
    tokens (the last game's cannot take a seat at this one)."""
    from dataclasses import replace

    from net.seating import new_token
    from net.settings import TableSettings

    fresh = TableSettings.new(settings.game, seats=settings.seats)
    return replace(settings, seed=fresh.seed, tokens=tuple(new_token() for _ in fresh.tokens))


async def _advertise(host: Any, bind: str, port: int) -> Callable[[], Awaitable[Any]] | None:
    """Advertise the table on the LAN by zeroconf; returns the closer (None: no multicast)."""
    from net.discovery import Advertiser

    advertiser = Advertiser(host, port, None if bind in ("0.0.0.0", "") else bind)
    try:
        await advertiser.start()
    except Exception:  # no multicast here: joining by address still works
        await advertiser.close()
        return None
    return advertiser.close


def launcher_for(args: argparse.Namespace, name: str | None = None) -> Launcher | None:
    """The launcher a command-line subcommand asks for (None: just the lobby); ``name`` is the
    player's name at a table of their own."""
    options = getattr(args, "options", None) or {}
    if args.command == "play":
        return play_launcher(
            args.game,
            bots=args.bots,
            seed=args.seed,
            options=options,
            name=name,
            level=getattr(args, "level", None) or "normal",
            **chosen(args, "play"),
        )
    if args.command == "join":
        host, port = args.address
        return join_launcher(host, port, name=name, password=args.password, spectate=args.spectate)
    if args.command == "host":
        return host_launcher(
            args.game,
            seats=args.seats,
            bots=args.bots,
            seed=args.seed,
            table_name=args.name,
            password=args.password,
            options=options,
            bind=args.bind,
            port=args.port,
            journal=args.journal,
            absent_bot=args.absent_bot,
            resume=args.resume,
            player_name=name,
            level=getattr(args, "level", None),
            bot_delay=BOT_DELAY if args.bot_delay is None else args.bot_delay,
            results_wait=args.results_wait,
            **chosen(args, "host"),
        )
    return None


def default_journal(game: str) -> str:
    """Where a table hosted from the screen keeps its journal (so it can be resumed)."""
    import time

    from net.journal import default_journal_dir

    stamp = time.strftime("%Y%m%d-%H%M%S")
    return str(default_journal_dir() / f"{game}-{stamp}-{os.getpid()}.journal")


class JoinError(Exception):
    """Joining failed; ``msg`` says why in words; ``watch`` joins as a spectator instead;
    ``address``: the table's ``HOST:PORT`` (the lobby asks there for a password); ``silent``:
    nobody listens there (the lobby marks the table); ``spectate``: it was to watch (asked for
    the password again, it still is)."""

    def __init__(
        self,
        msg: str,
        watch: Launcher | None = None,
        code: str = "",
        address: str = "",
        silent: bool = False,
        *,
        spectate: bool = False,
    ) -> None:
        super().__init__(msg)
        self.msg = msg
        self.watch = watch
        self.code = code  # the host's error code, if it said no ("password.wrong")
        self.address = address
        self.silent = silent  # nobody listens at the address (the table is gone, or moved)
        self.spectate = spectate

    @property
    def family(self) -> str:
        """The code's family: ``password`` for a wrong or missing password."""
        return self.code.partition(".")[0]


def explain(exc: BaseException, host: str, port: int, timeout: float = 5.0) -> str:
    """Why joining ``host``:``port`` failed, in words a player can act on."""
    code = getattr(exc, "code", None)
    if code == "full.seats":
        return _("Table full — press w to watch")
    if isinstance(code, str):
        return words.reason(code, getattr(exc, "params", {}))
    if isinstance(exc, ConnectionRefusedError):
        return _("Nobody is listening at {address} — is the table still open?").format(
            address=f"{host}:{port}"
        )
    if isinstance(exc, TimeoutError):
        return _("No answer from {address} after {n} s — wrong address, or a firewall?").format(
            address=f"{host}:{port}", n=f"{timeout:g}"
        )
    if isinstance(exc, OSError):
        return _("Cannot reach {address}: {reason}").format(
            address=f"{host}:{port}", reason=exc.strerror or exc
        )
    return str(exc) or type(exc).__name__
