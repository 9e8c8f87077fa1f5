"""The kotatsu app: one Textual ``App`` whose first screen is the lobby or a table.

``make_app`` builds it from the command line's choices; the CLI, the tests and the screenshot
script all go through it, so what is tested is what people run.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, ClassVar

from textual import work
from textual.app import App
from textual.binding import Binding

from .connect import Launcher, Seat, host_launcher, join_launcher, play_launcher
from .screens import table_screen_for
from .screens.lobby import LobbyScreen
from .settings import Settings
from .text import clean


class KotatsuApp(App[None]):
    """The terminal card table. ``launcher`` (if any) seats the player at once."""

    TITLE = "kotatsu"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list] = [Binding("ctrl+c", "quit", "quit", show=False, priority=True)]

    def __init__(
        self,
        settings: Settings | None = None,
        launcher: Launcher | None = None,
        *,
        browser: Any = None,
    ) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.launcher = launcher
        self.browser = browser  # a table-discovery factory for the lobby (tests pass a fake)
        self.seat: Seat | None = None

    def on_mount(self) -> None:
        if not self.settings.color:
            self.theme = "ansi-dark"  # the terminal's own plain colours
        self.push_screen(LobbyScreen(self.settings, browser=self.browser))
        if self.launcher is not None:
            self.sit_down(self.launcher)

    @work(exclusive=True, group="sit")
    async def sit_down(self, launcher: Launcher) -> None:
        """Connect through ``launcher`` and open the table's screen; on failure say why."""
        self.notify("Connecting…", timeout=2, markup=False)
        try:
            seat = await launcher()
        except Exception as exc:  # any failure to connect is told, not raised
            message = getattr(exc, "msg", None) or str(exc) or type(exc).__name__
            self.notify(f"Could not join: {clean(message)}", severity="error", markup=False)
            return
        await self.open_table(seat)

    async def open_table(self, seat: Seat) -> None:
        """Show the table screen for the game ``seat`` is connected to."""
        self.seat = seat
        table = seat.client.table or {}
        screen_cls = table_screen_for(str(table.get("game", "")))
        await self.push_screen(screen_cls(seat, self.settings))

    async def leave_table(self) -> None:
        """Close the seat (and any host we run) and go back to the lobby."""
        seat, self.seat = self.seat, None
        if seat is not None:
            await seat.close()
        while len(self.screen_stack) > 2:
            self.pop_screen()

    async def action_quit(self) -> None:
        await self.close_seat()
        self.exit()

    async def close_seat(self) -> None:
        seat, self.seat = self.seat, None
        if seat is not None:
            await seat.close()

    async def on_unmount(self) -> None:
        await self.close_seat()


def make_app(
    args: argparse.Namespace | None = None,
    *,
    launcher: Launcher | None = None,
    settings: Settings | None = None,
    browser: Any = None,
) -> KotatsuApp:
    """The app for these command-line ``args`` (or an explicit launcher, for tests)."""
    if settings is None:
        settings = Settings(
            ascii_only=bool(getattr(args, "ascii", False)),
            name=getattr(args, "name", None) if getattr(args, "command", None) != "host" else None,
        )
    if launcher is None and args is not None:
        launcher = launcher_for(args, settings)
    return KotatsuApp(settings, launcher, browser=browser)


def launcher_for(args: argparse.Namespace, settings: Settings) -> Launcher | None:
    """The launcher a subcommand asks for (None: just the lobby)."""
    options = getattr(args, "options", None) or {}
    if args.command == "play":
        return play_launcher(
            args.game, bots=args.bots, seed=args.seed, options=options, name=settings.name
        )
    if args.command == "join":
        host, port = args.address
        return join_launcher(
            host, port, name=args.name, password=args.password, spectate=args.spectate
        )
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
        )
    return None


def run_app(args: argparse.Namespace) -> int:
    """Run the app for the CLI's parsed ``args`` until the player quits."""
    if getattr(args, "command", None) == "host" and getattr(args, "resume", None):
        print(
            "kotatsu: --resume rebuilds a table with no screen; run it with --headless and "
            "rejoin with `kotatsu join HOST:PORT`",
            file=sys.stderr,
        )
        return 2
    problem = table_problem(args)
    if problem:
        print(f"kotatsu: {problem}", file=sys.stderr)
        return 2
    make_app(args).run()
    return 0


def table_problem(args: argparse.Namespace) -> str | None:
    """Why the table asked for on the command line cannot be made (bad seats or options)."""
    if getattr(args, "command", None) not in ("play", "host"):
        return None
    import engine

    if args.command == "play":
        seats = engine.GAMES[args.game].DEFAULT_SEATS if args.bots is None else args.bots + 1
    else:
        seats = args.seats or engine.GAMES[args.game].DEFAULT_SEATS
    try:
        engine.new_game(args.game, seats, getattr(args, "options", None) or {}, seed=0)
    except ValueError as exc:
        return str(exc)
    return None
