"""The lobby's forms: host a table, play against bots, join by address."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select

import engine
from lang import N_, _, pgettext
from net.table.settings import TableSettings
from net.table.settings import problem as settings_problem
from tui.args import address as parse_address
from tui.connect import JoinError, join_launcher, shared_account
from tui.seat import Launcher, Seat
from tui.settings import load_config, save_setting
from tui.widgets.footer import WordedFooter
from tui.widgets.typed import TypedInput

from .table_options import OptionFields, SettingFields

GAME_CHOICES = [(cls.TITLE, name) for name, cls in engine.GAMES.items()]
# TRANSLATORS: how well the bots play (the forms' Level choice)
LEVEL_WORDS = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
}
SEAT_RANGE = {name: (cls.MIN_SEATS, cls.MAX_SEATS) for name, cls in engine.GAMES.items()}


OPTIONS_ROWS = 12
"""The most rows the table forms' options box takes (it scrolls beyond them)."""
OPTIONS_ROWS_LEAST = 3


LAST_GAME = "game"
"""The config's key of the game the table forms chose last (tui/settings.py)."""


def last_game() -> str:
    """The game a table was last started with from a form (SwaPo the first time, and always
    on an account shared by many players: one player's choice is not another's)."""
    game = "" if shared_account() else load_config().get(LAST_GAME, "")
    return game if game in engine.GAMES else next(iter(engine.GAMES))  # the first registered


def level_choices() -> list[tuple[str, str]]:
    """The bot levels as the form's choice, in the player's language."""
    return [(_(LEVEL_WORDS.get(level, level.capitalize())), level) for level in engine.LEVELS]


def whole_number(text: str, what: str, lo: int, hi: int) -> int:
    """``text`` as a number from ``lo`` to ``hi``; ValueError says what is wrong with the
    field ``what`` (already in the player's words)."""
    try:
        value = int(text)
    except ValueError:
        raise ValueError(_("{what}: a whole number please").format(what=what)) from None
    if not lo <= value <= hi:
        raise ValueError(_("{what}: from {lo} to {hi}").format(what=what, lo=lo, hi=hi))
    return value


@dataclass
class TableRequest:
    """What the form asked for (``mode`` "host" or "bots")."""

    mode: str
    game: str
    seats: int
    bots: int
    options: dict[str, Any]
    table_name: str | None = None
    password: str | None = None
    level: str = "normal"  #: how well the bots play (engine.LEVELS)
    settings: dict[str, Any] = field(default_factory=dict)
    """The declared table settings (net/table/settings.py): hints, clock, bank…"""

    def table_settings(self, player: str) -> TableSettings:
        """The table asked for (``player``: whose table it is named after, unless named);
        ``engine.BadSetup`` if it cannot be had."""
        given = {"options": self.options, "level": self.level, **self.settings}
        if self.mode == "bots":
            return TableSettings.practice(self.game, bots=self.bots, **given)
        name = self.table_name or _("{name}'s table").format(name=player)
        return TableSettings.new(
            self.game, seats=self.seats, bots=self.bots, name=name, password=self.password,
            **given,
        )  # fmt: skip


class TableForm(ModalScreen[TableRequest | None]):
    """Host a table on the LAN (``mode="host"``) or start one against bots (``"bots"``)."""

    CSS_PATH = "forms.tcss"
    BINDINGS: ClassVar[list] = [
        # TRANSLATORS: footer key description; keep very short
        Binding("escape", "cancel", N_("cancel")),
        # TRANSLATORS: footer key description of the table forms' enter; keep very short
        Binding("enter", "submit", N_("start"), priority=True),
    ]

    def __init__(self, mode: str = "host") -> None:
        super().__init__()
        self.mode = mode
        self.options_rows = OPTIONS_ROWS
        #: the game chosen the last time a table was started from a form (remembered)
        self.game = last_game()

    def compose(self) -> ComposeResult:
        hosting = self.mode == "host"
        with Vertical(classes="form"):
            title = _("Host a table") if hosting else _("Play against bots")
            yield Label(title, classes="form-title")
            with Horizontal(classes="field"):
                yield Label(_("Game"), classes="field-label")
                yield Select(GAME_CHOICES, value=self.game, allow_blank=False, id="game")
            if hosting:
                with Horizontal(classes="field"):
                    yield Label(_("Seats"), classes="field-label")
                    yield TypedInput("4", id="seats", type="integer")
            with Horizontal(classes="field"):
                yield Label(_("Bots"), classes="field-label")
                yield TypedInput("0" if hosting else "3", id="bots", type="integer")
            with Horizontal(classes="field"):
                yield Label(_("Level"), classes="field-label")
                yield Select(level_choices(), value="normal", allow_blank=False, id="level")
            # the table's settings first (the same for every game: hints, the turn clock,
            # take-backs), in sight; the game's own options below them, in the same box
            # TRANSLATORS: the table forms' heading over hints, the turn clock…
            yield Label(_("Table settings"), classes="form-section")
            with VerticalScroll(id="options-box"):
                yield SettingFields(self.mode, id="settings")
                # TRANSLATORS: the table forms' heading over the game's own options
                yield Label(_("Table options"), classes="form-section")
                yield OptionFields(self.game, id="options")
            if hosting:
                with Horizontal(classes="field"):
                    yield Label(_("Table name"), classes="field-label")
                    # TRANSLATORS: an example table name in the host form (a weekday's name)
                    yield TypedInput(placeholder=_("friday"), id="table-name", max_length=40)
                with Horizontal(classes="field"):
                    yield Label(_("Password"), classes="field-label")
                    yield TypedInput(placeholder=_("(none)"), id="password", password=True)
            yield Label("", id="form-error")
            with Horizontal(classes="form-buttons"):
                ok = _("Host") if hosting else _("Play")
                yield Button(ok, id="ok", variant="primary")
                yield Button(_("Cancel"), id="cancel")
        yield WordedFooter()

    def on_resize(self, event: events.Resize) -> None:
        # fitted now, from the layout before this resize (the form's first, as it opens), the
        # box's rows are in the layout Textual makes next for the resize, not in one more
        # after it (a whole layout of the form); fitted again after it, for the new size
        self.fit_options()
        self.call_after_refresh(self.fit_options)

    def fit_options(self) -> None:
        """The options box (it scrolls) gives up rows so that the whole form, its buttons
        included, stays on a short screen (a phone held sideways, an 80×20 window)."""
        form, box = self.query_one(".form"), self.query_one("#options-box")
        fixed = form.outer_size.height - box.outer_size.height
        room = self.size.height - 1 - fixed  # the footer's row
        rows = max(OPTIONS_ROWS_LEAST, min(OPTIONS_ROWS, room))
        if rows != self.options_rows:
            self.options_rows = rows
            box.styles.max_height = rows

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        """Keep the numbers inside what the chosen game allows; show the game's options."""
        game = str(event.value)
        if self.query_one("#options", OptionFields).game != game:
            box = self.query_one("#options-box")
            await self.query_one("#options", OptionFields).remove()
            await box.mount(OptionFields(game, id="options"))
        lo, hi = SEAT_RANGE.get(game, (2, 10))
        box = self.query_one("#seats" if self.mode == "host" else "#bots", Input)
        if self.mode != "host":
            lo, hi = lo - 1, hi - 1
        try:
            current = int(box.value)
        except ValueError:
            current = 3
        box.value = str(min(max(current, lo), hi))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """enter starts the table from any field, but still picks in an open choice list."""
        if action == "submit":
            focused = self.focused
            return not (focused is not None and isinstance(focused.parent, Select))
        return True

    def action_submit(self) -> None:
        if self.query_one("#cancel", Button).has_focus:
            self.action_cancel()
            return
        self._submit()

    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        try:
            request = self.read()
        except ValueError as exc:
            self.query_one("#form-error", Label).update(str(exc))
            return
        if not shared_account():
            save_setting(LAST_GAME, request.game)
        self.dismiss(request)

    def read(self) -> TableRequest:
        """The form's values, checked; ValueError says what is wrong."""
        game = str(self.query_one("#game", Select).value)
        lo, hi = SEAT_RANGE.get(game, (2, 10))
        bots_text = self.query_one("#bots", Input).value
        if self.mode == "bots":
            bots = whole_number(bots_text, pgettext("form field", "bots"), lo - 1, hi - 1)
            seats = bots + 1
        else:  # the host takes a seat too
            seats_text = self.query_one("#seats", Input).value
            seats = whole_number(seats_text, pgettext("form field", "seats"), lo, hi)
            bots = whole_number(bots_text, pgettext("form field", "bots"), 0, seats - 1)
        options = self.query_one("#options", OptionFields).values()
        name = password = None
        if self.mode == "host":
            name = self.query_one("#table-name", Input).value.strip() or None
            password = self.query_one("#password", Input).value or None
        level = str(self.query_one("#level", Select).value)
        settings = self.query_one("#settings", SettingFields).values()
        wrong = settings_problem(settings)
        if wrong:
            raise ValueError(wrong)
        return TableRequest(self.mode, game, seats, bots, options, name, password, level, settings)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass
class JoinRequest:
    host: str
    port: int
    password: str | None
    spectate: bool = False
    launcher: Launcher | None = None
    """Set by a form that tried the table itself: the seat it got, or the failure to tell."""

    def joiner(self, name: str | None) -> Launcher:
        """Joins as ``name`` as this request asks: with its password, to watch or to sit."""
        return join_launcher(
            self.host, self.port, name=name, password=self.password, spectate=self.spectate
        )


class JoinForm(ModalScreen[JoinRequest | None]):
    """Join a table by ``HOST:PORT`` (and its password, if it has one). Given ``joiner`` (a
    request -> its launcher), the form tries the table itself: a wrong password is said under
    the password field, which is cleared, and the form stays with the address; anything else
    (or a seat) goes back with the request, as a launcher that gives it."""

    CSS_PATH = "forms.tcss"
    # TRANSLATORS: footer key description; keep very short
    BINDINGS: ClassVar[list] = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(
        self,
        address: str = "",
        *,
        needs_password: bool = False,
        joiner: Callable[[JoinRequest], Launcher] | None = None,
        error: str = "",
        spectate: bool = False,
    ) -> None:
        super().__init__()
        self.address = address
        self.spectate = spectate  # the join is to watch (kotatsu join --spectate)
        self.error = error  # why it is asked again ("wrong password"), under the fields
        self.needs_password = needs_password
        self.joiner = joiner

    def compose(self) -> ComposeResult:
        with Vertical(classes="form"):
            yield Label(_("Join a table"), classes="form-title")
            with Horizontal(classes="field"):
                yield Label(_("Address"), classes="field-label")
                yield TypedInput(self.address, placeholder="192.168.1.20:7717", id="address")
            with Horizontal(classes="field"):
                yield Label(_("Password"), classes="field-label")
                hint = _("(if the table has one)")
                yield TypedInput(placeholder=hint, id="password", password=True)
            yield Label(self.error, id="form-error")
            with Horizontal(classes="form-buttons"):
                yield Button(_("Join"), id="ok", variant="primary")
                yield Button(_("Cancel"), id="cancel")
        yield WordedFooter()

    def on_mount(self) -> None:
        if self.address and self.needs_password:
            self.query_one("#password", Input).focus()

    @on(Button.Pressed, "#ok")
    @on(Input.Submitted)
    def _submit(self) -> None:
        try:
            host, port = parse_address(self.query_one("#address", Input).value.strip())
        except Exception as exc:  # argparse's error type; shown to the player
            self.query_one("#form-error", Label).update(str(exc))
            return
        password = self.query_one("#password", Input).value or None
        request = JoinRequest(host, port, password, spectate=self.spectate)
        if self.joiner is None:
            self.dismiss(request)
            return
        self.query_one("#form-error", Label).update(_("Connecting…"))
        self.try_join(request, self.joiner(request))

    @work(exclusive=True, group="join")
    async def try_join(self, request: JoinRequest, launcher: Launcher) -> None:
        try:
            seat = await launcher()
        except JoinError as exc:
            if exc.family == "password":  # said here; the rest of the form stays as typed
                self.query_one("#form-error", Label).update(exc.msg)
                password = self.query_one("#password", Input)
                password.value = ""
                password.focus()
                return
            self.dismiss(replace(request, launcher=failed(exc)))
            return
        except Exception as exc:  # told in the lobby, like any failure to connect
            self.dismiss(replace(request, launcher=failed(exc)))
            return
        self.dismiss(replace(request, launcher=seated(seat)))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def seated(seat: Seat) -> Launcher:
    """A launcher that gives a seat already taken."""

    async def launch() -> Seat:
        return seat

    return launch


def failed(exc: Exception) -> Launcher:
    """A launcher that fails as a join already did (the app says why)."""

    async def launch() -> Seat:
        raise exc

    return launch


class NameForm(ModalScreen[str | None]):
    """The first run: the name others see at the table, asked once and remembered."""

    CSS_PATH = "forms.tcss"
    # TRANSLATORS: footer key description; keep very short
    BINDINGS: ClassVar[list] = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(self, suggestion: str = "", *, first: bool = True) -> None:
        super().__init__()
        self.suggestion = suggestion
        self.first = first  # the first run's question (else: n in the lobby)

    def compose(self) -> ComposeResult:
        with Vertical(classes="form"):
            yield Label(_("Your name at the table"), classes="form-title")
            with Horizontal(classes="field"):
                yield Label(_("Name"), classes="field-label")
                yield TypedInput(self.suggestion, id="name", max_length=20)
            # TRANSLATORS: under the name field; n is the lobby's key, NAME stays as it is
            hint = _("Remembered; n in the lobby changes it, kotatsu --name NAME for one run.")
            yield Label(hint, id="form-error")
            with Horizontal(classes="form-buttons"):
                yield Button(_("OK"), id="ok", variant="primary")
        yield WordedFooter()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    @on(Button.Pressed, "#ok")
    @on(Input.Submitted)
    def _submit(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.query_one("#form-error", Label).update(_("A name, please (others see it)."))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
