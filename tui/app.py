"""The kotatsu app: one Textual ``App`` whose first screen is the lobby or a table.

``make_app`` builds it from the command line's choices; the CLI, the tests and the screenshot
script all go through it, so what is tested is what people run. Screens ask the app for what
only it can do (sit down, leave) by posting messages, never by calling it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import App, CSSPathType
from textual.binding import Binding
from textual.driver import Driver
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarRender

import lang
from lang import N_, _
from tui.table.messages import LeaveTable, PlayAgain, ReviewGame

from .collector import Collector
from .connect import JoinError, default_name, launcher_for, shared_account
from .games import table_screen_for
from .seat import Launcher, Seat
from .settings import (
    CHOICES,
    Settings,
    load_choices,
    save_choice,
    save_lang,
    save_name,
    terminal_wants_ascii,
)
from .tcss import compact
from .terminal import AsciiScrollBarRender, TerminalOut, attaching_driver
from .text import clean

if TYPE_CHECKING:  # the lobby is imported when first shown: `kotatsu play` starts without it
    from tui.lobby.screen import LobbyScreen

KEY_NAMES = {"enter": "enter", "escape": "esc", "space": "space", "tab": "tab"}
"""How the footers show these keys (the words the prompts use)."""
COLLECT_EVERY = 0.5
"""Seconds between checks for a due garbage collection (tui/collector.py)."""
CONNECTING_SAID_AFTER = 0.3
"""Seconds a seat may take to connect before "Connecting…" is said: a table hosted in this
process is there at once (its toast, never seen, cost ``kotatsu play`` some 15 ms of CPU before
its first card)."""
_TUI = Path(__file__).parent
STYLESHEETS: list[str | PurePath] = [_TUI / "app.tcss"]
"""The stylesheet no screen names (the app's), read when the app starts. A
screen names its own (``CSS_PATH``): they are read when it first shows, and parsed alone
(``KotatsuApp._load_screen_css``). Reading every screen's at start cost ``kotatsu play``
40–60 ms before its first card (Textual's CSS parser is slow), and Textual's own way at a
screen's first push parses the whole stylesheet again (30 ms at a game's first results panel).
tests/tui/test_stylesheets.py keeps both true."""
TERMINAL_STYLESHEET = _TUI / "terminal.tcss"
"""What a terminal that cannot show it all is shown instead, read when the app starts with one
(ASCII only, or NO_COLOR): each rule names the app's ``-ascii`` class or its ``:nocolor``, both
set once for good when the app is made, so in any other terminal they match nothing (read
anyway, they cost ``kotatsu play`` some 2 ms of parsing before its first card, and the
styling of every node a little)."""
REPLAY_STYLESHEET = _TUI / "replay" / "replay.tcss"
"""The replay's rules for a table screen (which has ``-replay`` in a replay), read when the
first replay shows (``KotatsuApp._load_screen_css``): they win a tie with the table's own
rules by a tie-breaker, whichever of them was read first (Textual's later rule wins
otherwise)."""


class KotatsuApp(App[None]):
    """The terminal card table. ``launcher`` (if any) seats the player at once."""

    TITLE = "kotatsu"
    CSS_PATH: ClassVar[CSSPathType] = STYLESHEETS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list] = [Binding("ctrl+c", "quit", N_("quit"), show=False, priority=True)]

    def __init__(
        self,
        settings: Settings | None = None,
        launcher: Launcher | None = None,
        *,
        browser: Any = None,
        ask_name: bool = False,
        collector: Collector | None = None,
    ) -> None:
        #: The bell and desktop notifications go here (tui/terminal.py): set before Textual
        #: starts the driver, which attaches its ``write`` to it.
        self.terminal_out = TerminalOut()
        # NO_COLOR: Textual's own filter for it turns colours into greys unless the app speaks
        # the terminal's ANSI colours; then it sends no colour at all (emphasis stays: bold,
        # reverse, underline; tui/terminal.tcss)
        super().__init__(ansi_color=True if "NO_COLOR" in os.environ else None)
        #: Garbage collection between frames: started by the ``kotatsu`` command, which owns
        #: it (a collector nobody started does nothing).
        self.collector = collector or Collector()
        self.ask_name = ask_name  # the first run: ask for a name once and remember it
        #: After "Table full": the same table as a spectator (the lobby's w).
        self.watch_instead: Launcher | None = None
        #: Why the table asked for on the command line could not be had: the app ended with
        #: it, and the command prints it (exit status 2; tui/cli.py).
        self.failure: str | None = None
        self.settings = settings or Settings()
        # a terminal that cannot draw box-drawing characters gets ASCII borders everywhere
        self.set_class(self.settings.ascii_only, "-ascii")
        if self.settings.ascii_only or self.no_color:  # (read when the app starts)
            self.css_path = [*self.css_path, TERMINAL_STYLESHEET]
        self.voice = lang.Voice(self.settings.lang)
        self.launcher = launcher
        self.browser = browser  # a table-discovery factory for the lobby (tests pass a fake)
        self.seat: Seat | None = None
        #: Set by the ``kotatsu`` command (never in tests): a hang-up (the terminal window
        #: closed, an SSH link cut) or SIGTERM leaves as ``q`` would, so a hosted game's
        #: record is kept and the seat closed, instead of the process just ending.
        self.leave_on_signals = False
        #: Started at a table from the command line (``kotatsu play``): leaving it quits.
        self.direct = launcher is not None
        #: Textual's scroll bars, while ours for an ASCII terminal are in place (tui/terminal.py).
        self.scrollbars_before: type[ScrollBarRender] | None = None

    def on_load(self) -> None:
        # the app's own language, in its own context: every screen and widget it starts reads
        # it, whatever other apps in this process read (the SSH server, tests)
        self.voice = lang.set_scope(self.settings.lang)
        if self.settings.ascii_only:  # no eighth blocks at the scroll thumbs' ends
            self.scrollbars_before = ScrollBar.renderer
            ScrollBar.renderer = AsciiScrollBarRender

    def set_language(self, code: str) -> None:
        """Read ``code`` from now on (the lobby's choice); screens refresh their words."""
        self.voice.code = lang.normalize(code) or lang.DEFAULT
        self.settings = self.settings.replace(lang=self.voice.code)

    def _load_screen_css(self, screen: Screen[Any]) -> None:
        """A screen's own stylesheets, the first time it shows: read and parsed alone (the
        stylesheet keeps what it parsed), then the screens up restyled. Textual's own way (the
        ``super`` of this hook, which then finds them read) parses every stylesheet again."""
        sheet = self.stylesheet
        new = [path for path in screen.css_path if not sheet.has_source(str(path), "")]
        replay = screen.has_class("-replay") and not sheet.has_source(str(REPLAY_STYLESHEET), "")
        if replay:  # the first replay: its rules, winning a tie with the table's
            sheet.add_source(
                compact(REPLAY_STYLESHEET.read_text(encoding="utf-8")),
                read_from=(str(REPLAY_STYLESHEET), ""),
                tie_breaker=1,
            )
        if new or replay:
            for path in new:  # (compact: the same rules, parsed sooner; tui/tcss.py)
                text = Path(path).read_text(encoding="utf-8")
                sheet.add_source(compact(text), read_from=(str(path), ""))
            sheet.parse()
            sheet.update(self)
        super()._load_screen_css(screen)

    def get_driver_class(self) -> type[Driver]:
        """The platform's driver, which also lets the app write the bell and desktop
        notifications (``terminal_out``)."""
        return attaching_driver(super().get_driver_class())

    def get_key_display(self, binding: Binding) -> str:
        """Keys named as the prompts and hints name them ("enter", not Textual's "⏎"), on
        every screen's footer alike."""
        if not binding.key_display:
            modifiers, key = binding.parse_key()
            if not modifiers and key in KEY_NAMES:
                return KEY_NAMES[key]
        return super().get_key_display(binding)

    def on_mount(self) -> None:
        if self.leave_on_signals:
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(signum, self.exit)
        # garbage is collected between frames (tui/collector.py): after a table paints a
        # state, and at least this often
        self.set_interval(COLLECT_EVERY, self.collector.collect_due)
        # Seated from the command line, the lobby (and its LAN browser) waits until the
        # player leaves for it: the table shows sooner.
        if self.launcher is None or self.ask_name:
            self.show_lobby()
        if self.ask_name:
            from tui.lobby.forms import NameForm

            self.push_screen(NameForm(default_name()), self._named)
        elif self.launcher is not None:
            self.sit_down(self.launcher)

    def show_lobby(self) -> None:
        """Make sure the lobby is on the screen stack, just above the default screen."""
        from tui.lobby.screen import LobbyScreen

        if not self.lobbies():
            self.push_screen(LobbyScreen(self.settings, browser=self.browser))

    def lobbies(self) -> list[LobbyScreen]:
        """The lobby screens on the stack (none before the lobby was first shown; its module
        is imported then, so a table opened from the command line starts without it)."""
        if "tui.lobby.screen" not in sys.modules:  # never shown: none (and nothing to import)
            return []
        from tui.lobby.screen import LobbyScreen

        return [screen for screen in self.screen_stack if isinstance(screen, LobbyScreen)]

    def _named(self, name: str | None) -> None:
        if name:
            self.rename(name)
        if self.launcher is not None:
            self.sit_down(self.launcher)

    def rename(self, name: str) -> None:
        """The player's name from now on, remembered for the next runs (not on an account
        shared by many players, where each run asks)."""
        name = name if shared_account() else save_name(name)
        self.settings = self.settings.replace(name=name)
        for screen in self.lobbies():
            screen.settings = self.settings

    # The lobby's messages, by their handler names (the lobby module is not imported at start)
    def on_lobby_screen_renamed(self, message: LobbyScreen.Renamed) -> None:
        self.rename(message.name)

    def on_lobby_screen_sit_down(self, message: LobbyScreen.SitDown) -> None:
        self.sit_down(message.launcher)

    def on_lobby_screen_language_chosen(self, message: LobbyScreen.LanguageChosen) -> None:
        """The lobby's choice: read it from now on, remember it (not on a shared account),
        and have the open screens say their words again."""
        self.set_language(message.code)
        if not shared_account():
            save_lang(self.voice.code)
        for screen in self.lobbies():
            screen.settings = self.settings
            screen.reword()

    def on_lobby_screen_choices_chosen(self, message: LobbyScreen.ChoicesChosen) -> None:
        """The player's own choices: for the tables opened from now on, and remembered (not
        on a shared account)."""
        choices = {k: v for k, v in message.choices.items() if k in CHOICES}
        self.settings = self.settings.with_choices(choices)
        if not shared_account():
            for key, value in choices.items():
                save_choice(key, value)
        for screen in self.lobbies():
            screen.settings = self.settings

    @on(LeaveTable)
    async def _leave_asked(self, message: LeaveTable) -> None:
        if self.direct and not message.reason:  # `kotatsu play` then q: back to the shell
            await self.close_seat()
            self.exit()
            return
        await self.leave_table()
        if message.reason:
            self.notify(message.reason, severity="warning", timeout=8, markup=False)

    @on(PlayAgain)
    async def _play_again(self) -> None:
        """The same table dealt anew, where this process runs it (tui/connect.py)."""
        seat = self.seat
        if seat is None or seat.again is None or not seat.deals_again():
            self.notify(_("Ask the host for a new game."), markup=False)
            return
        launcher = seat.again()
        await self.leave_table(lobby=not self.direct)  # `kotatsu play`: no lobby between
        self.sit_down(launcher)

    @on(ReviewGame)
    def _review(self, message: ReviewGame) -> None:
        """A finished game's record, from its table: the replay over the table (tui/replay/,
        imported when first asked for)."""
        from .replay.screen import Replayer

        replay = message.replay
        replayer = Replayer(
            replay, message.seat, 0, open_hands=replay.can_open, settings=message.settings
        )
        self.run_worker(replayer.show(self), group="review")

    @work(exclusive=True, group="sit")
    async def sit_down(self, launcher: Launcher) -> None:
        """Connect through ``launcher`` and open the table's screen; on failure say why."""
        try:
            seat = await self.connect(launcher)
        except JoinError as exc:  # said in words already (tui/connect.py)
            self.join_failed(exc, from_shell=self.from_shell(launcher))
            return
        except Exception as exc:  # any failure to connect is told, not raised
            message = getattr(exc, "msg", None) or str(exc) or type(exc).__name__
            could_not = _("Could not join: {reason}").format(reason=clean(message))
            if self.from_shell(launcher):
                self.give_up(could_not)
                return
            self.show_lobby()
            self.notify(could_not, severity="error", markup=False)
            return
        for lobby in self.lobbies():
            lobby.answered(seat.address)
        await self.open_table(seat)

    async def connect(self, launcher: Launcher) -> Seat:
        """The seat ``launcher`` gives; "Connecting…" is said if it takes a while."""
        connecting = self.set_timer(CONNECTING_SAID_AFTER, self.say_connecting)
        try:
            return await launcher()
        finally:
            connecting.stop()

    def say_connecting(self) -> None:
        self.notify(_("Connecting…"), timeout=2, markup=False)

    def from_shell(self, launcher: Launcher) -> bool:
        """Whether ``launcher`` is the table asked for on the command line (``kotatsu join``,
        ``play``, ``host``): a failure there is said in the shell, not in a lobby nobody
        asked for."""
        return self.direct and launcher is self.launcher

    def give_up(self, words: str) -> None:
        """End the app with ``words``: the command prints them, exit status 2."""
        self.clear_notifications()
        self.failure = clean(words)
        self.exit(return_code=2)

    def join_failed(self, exc: JoinError, *, from_shell: bool = False) -> None:
        """Say why joining failed: from the command line in the shell (a password alone is
        asked for, over no lobby), else in the lobby, whose join form asks for a password."""
        self.watch_instead = exc.watch
        if exc.family == "password" and exc.address:  # asked for where it is typed
            if from_shell:
                self.clear_notifications()  # "Connecting…": the form says what happened
                self.ask_password(exc.address, clean(exc.msg), spectate=exc.spectate)
                return
            self.show_lobby()
            lobby = self.lobbies()[-1]  # once it is on the screen (it may be new)
            said = clean(exc.msg)
            lobby.call_after_refresh(lobby.ask_password, exc.address, said, spectate=exc.spectate)
            return
        if from_shell:
            if exc.watch is not None:  # the lobby's w is not there: the shell's way to watch
                # TRANSLATORS: kotatsu join at a full table; keep the command as it is
                full = _("Table full — kotatsu join {address} --spectate watches it")
                self.give_up(full.format(address=exc.address))
            else:
                self.give_up(exc.msg)
            return
        self.show_lobby()
        self.notify(clean(exc.msg), severity="error", timeout=10, markup=False)
        if exc.silent and exc.address:  # a listed table gone without a goodbye
            for lobby in self.lobbies():
                lobby.no_answer(exc.address)

    def ask_password(self, address: str, said: str, *, spectate: bool = False) -> None:
        """The join form alone, in its password field (``kotatsu join`` at a table with a
        password, without it or with a wrong one; ``said`` under it): esc ends the app. A join
        to watch (``--spectate``) stays one whatever is typed."""
        from tui.lobby.forms import JoinForm, JoinRequest

        def joiner(request: JoinRequest) -> Launcher:
            return request.joiner(self.settings.name)

        def answered(request: JoinRequest | None) -> None:
            if request is None:
                self.give_up(said)
            else:
                self.sit_down(request.launcher or joiner(request))

        form = JoinForm(address, needs_password=True, joiner=joiner, error=said, spectate=spectate)
        self.push_screen(form, answered)

    async def open_table(self, seat: Seat) -> None:
        """Show the table screen for the game ``seat`` is connected to."""
        self.seat = seat
        table = seat.client.table or {}
        screen_cls = table_screen_for(str(table.get("game", "")))
        # "Connecting…" is over: its toast would only be carried onto the table screen
        # (which hides toasts), a layout or two more before the table's first paint
        self.clear_notifications()
        await self.push_screen(screen_cls(seat, self.settings))
        self.collector.settle()

    async def leave_table(self, *, lobby: bool = True) -> None:
        """Close the seat (and any host we run) and go back to the lobby (``lobby``)."""
        seat, self.seat = self.seat, None
        if seat is not None:
            await seat.close()
        while len(self.screen_stack) > 1 and self.screen not in self.lobbies():
            self.pop_screen()
        if lobby:
            self.show_lobby()

    async def action_quit(self) -> None:
        """Ctrl+C: at a table this process hosts, ask first (it closes it for everyone)."""
        if self.seat is not None and self.seat.host is not None:
            from .dialogs import ConfirmLeave  # (the dialogs: when one is first shown)

            if isinstance(self.screen, ConfirmLeave):
                return
            self.push_screen(
                ConfirmLeave(
                    _("Close the table and quit?"),
                    _("This table runs here: quitting closes it for everyone."),
                ),
                self._quit_answered,
            )
            return
        await self.close_seat()
        self.exit()

    async def _quit_answered(self, leave: bool | None) -> None:
        if leave:
            await self.close_seat()
            self.exit()

    async def close_seat(self) -> None:
        seat, self.seat = self.seat, None
        if seat is not None:
            await seat.close()

    async def on_unmount(self) -> None:
        await self.close_seat()
        if self.scrollbars_before is not None:
            ScrollBar.renderer, self.scrollbars_before = self.scrollbars_before, None


def make_app(
    args: argparse.Namespace | None = None,
    *,
    launcher: Launcher | None = None,
    settings: Settings | None = None,
    browser: Any = None,
    ask_name: bool = False,
    collector: Collector | None = None,
) -> KotatsuApp:
    """The app for these command-line ``args`` (or an explicit launcher, for tests)."""
    if settings is None:
        settings = Settings(
            ascii_only=bool(getattr(args, "ascii", False)) or terminal_wants_ascii(),
            name=player_name(args),
            lang=getattr(args, "lang", None) or lang.current(),
        ).with_choices(player_choices(args))
    if launcher is None and args is not None:
        launcher = launcher_for(args, settings.name)
    return KotatsuApp(settings, launcher, browser=browser, ask_name=ask_name, collector=collector)


def player_name(args: argparse.Namespace | None) -> str | None:
    """The name given on the command line for this run: ``kotatsu --name NAME`` (any
    command), or ``--name`` after ``play``, ``join`` (at ``host`` it names the table)."""
    given = getattr(args, "player_name", None)
    if given:
        return str(given)
    return getattr(args, "name", None) if getattr(args, "command", None) != "host" else None


def player_choices(args: argparse.Namespace | None) -> dict[str, bool]:
    """The player's yes/no choices: those saved in the config, and this run's flags over
    them (``--four-colour``, ``--no-nudge``…)."""
    choices = load_choices()
    for key in CHOICES:
        value = getattr(args, key, None)
        if isinstance(value, bool):
            choices[key] = value
    return choices
