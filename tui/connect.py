"""How the app gets a seat at a table: a launcher is an async callable returning a ``Seat``.

The app never talks to a game directly — only to an object with the ``net.wire.client.Client``
API (docs/contracts.md). ``kotatsu play`` runs a real ``net.doors.host.Host`` on 127.0.0.1 in this
process (no discovery, bots seated by the host) and connects a real Client to it; ``host``
does the same on the chosen address with discovery; ``join`` only connects.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Awaitable, Callable
from typing import Any

from lang import _
from net.doors.opening import TablePlan
from net.table.settings import BOT_DELAY, HostLimits, TableSettings
from net.wire.client import Staying
from net.wire.reasons import problem

from . import words
from .seat import HOST_GONE_WAIT, Launcher, Seat
from .settings import load_name
from .text import clean


def default_name() -> str:
    """The player's name when none is given: the one saved on the first run, else the login
    name, cleaned and short."""
    saved = None if shared_account() else load_name()
    if saved:
        return saved
    import getpass  # (the login name: only for a player with no saved name)

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


def play_launcher(
    settings: TableSettings, *, name: str | None = None, bot_delay: float = BOT_DELAY
) -> Launcher:
    """A private table against bots (``settings``: ``TableSettings.practice``): a real Host
    on 127.0.0.1 and a real Client, one process. ``bot_delay`` paces the bots so a person can
    follow them (0 in tests and snapshots)."""

    async def launch() -> Seat:
        from net.doors.opening import TablePlan, open_table
        from net.wire.client import Client

        host = await open_table(TablePlan(settings, limits=HostLimits(bot_delay=bot_delay)))
        client = Client("127.0.0.1", host.port, name=name or default_name())
        try:
            await client.connect()
        except BaseException:
            await host.close()
            raise
        return Seat(client, [host.close], f"127.0.0.1:{host.port}", again=redeal)

    def redeal() -> Launcher:  # the same table, a new seed
        from net.doors.opening import dealt_anew

        return play_launcher(dealt_anew(settings), name=name, bot_delay=bot_delay)

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
        from net.kept.recording import SeatRecorder
        from net.wire.client import Client

        client = Client(
            host,
            port,
            name=name or default_name(),
            password=password,
            spectator=spectate,
            staying=Staying(keep_seat=not shared_account(), give_up_after=HOST_GONE_WAIT),
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
    plan: TablePlan, *, player_name: str | None = None, password: str | None = None
) -> Launcher:
    """Host the table of ``plan`` (net/doors/opening.py: new settings or a journal resumed), which
    others find on the LAN (advertised by zeroconf), and sit at it as ``player_name`` (with the
    table's ``password``; a resumed table gives the host's seat back by its token). Play
    again deals the same table anew, at the same port if it is free."""

    async def launch() -> Seat:
        from net.doors.opening import open_table
        from net.wire.client import Client

        try:
            host = await open_table(plan)
        except OSError as exc:
            raise JoinError(_("Could not open the table: {reason}").format(reason=exc)) from exc
        bind, bound = plan.bind, host.port
        closers: list[Callable[[], Awaitable[Any]]] = [host.close_table]
        connect_to = "127.0.0.1" if bind in ("0.0.0.0", "::", "") else bind
        client = Client(
            connect_to,
            bound,
            name=player_name or default_name(),
            password=password,
            staying=Staying(keep_seat=not shared_account()),
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
        from net.doors.discovery import lan_address  # zeroconf: only a hosted table needs it

        def again() -> Launcher:  # the same seats, a new seed, at the same port
            return host_launcher(plan.again(host), player_name=player_name, password=password)

        address = f"{lan_address(bind)}:{bound}"
        return Seat(client, closers, address, host=host, again=again)

    return launch


async def _advertise(host: Any, bind: str, port: int) -> Callable[[], Awaitable[Any]] | None:
    """Advertise the table on the LAN by zeroconf; returns the closer (None: no multicast)."""
    from net.doors.discovery import Advertiser

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
    if args.command == "join":
        host, port = args.address
        return join_launcher(host, port, name=name, password=args.password, spectate=args.spectate)
    if args.command not in ("play", "host"):
        return None
    from net.doors.opening import plan_of

    try:
        plan = plan_of(args, name or default_name())
    except ValueError as exc:  # told as any table that cannot be had
        return failed_launcher(exc)
    if args.command == "play":
        assert plan.settings is not None
        return play_launcher(plan.settings, name=name, bot_delay=plan.limits.bot_delay)
    return host_launcher(plan, player_name=name, password=args.password)


def failed_launcher(exc: Exception) -> Launcher:
    """A launcher that fails as making its table did (the app says why)."""

    async def launch() -> Seat:
        raise JoinError(problem(exc)) from exc

    return launch


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
