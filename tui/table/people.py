"""The people at a table: who is away and for how long, the host's decisions (its own screen
runs the ``Host`` in this process and calls it directly), and a host that closed or vanished.

``PeopleMixin`` is mixed into ``TableScreen`` (tui/table/screen.py).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from lang import N_, _
from tui.connect import HOST_GONE_WAIT
from tui.dialogs import DIALOGS_CSS, ConfirmLeave
from tui.text import clean
from tui.widgets.footer import WordedFooter

Choice = tuple[str, str, int | None]
"""(what the menu says, the Host method, the seat it acts on)."""

#: The question and the detail that confirm each host decision (msgids: ``_()`` when shown).
CONFIRM: dict[str, tuple[str, str]] = {
    "start_now": (
        N_("Start now?"),
        N_("The game starts with the players seated; the table is smaller."),
    ),
    "fill_with_bots": (N_("Fill the empty seats with bots?"), N_("The game starts at once.")),
    "cover": (N_("Let a bot play this seat?"), N_("The player takes it back by joining again.")),
    "remove": (N_("Remove this player?"), N_("They cannot come back to this seat.")),
    "close": (N_("Close the table?"), N_("Everyone is told the host closed the table.")),
}


def away_label(seconds: float) -> str:
    """ "away 40 s", "away 3 min", "away 2 h"."""
    # TRANSLATORS: how long a player has been away; s, min and h are short units
    if seconds < 60:
        return _("away {n} s").format(n=int(seconds))
    if seconds < 3600:
        return _("away {n} min").format(n=int(seconds // 60))
    return _("away {n} h").format(n=int(seconds // 3600))


def host_choices(host: Any, me: int | None) -> list[Choice]:
    """What the host may decide now, as menu lines."""
    table = host.table
    seats = table.seating.seats
    choices: list[Choice] = []
    if not table.started:
        free = sum(not seat.taken for seat in seats)
        if free and table.can_start_now():
            seated = _("Start now with the {n} seated").format(n=table.seating.taken_count)
            choices.append((seated, "start_now", None))
        if free:
            fill = _("Fill the {n} empty seat(s) with bots").format(n=free)
            choices.append((fill, "fill_with_bots", None))
    elif not table.game.over:
        for seat in seats:
            if not seat.bot and seat.name and not seat.connected and not seat.covered:
                cover = _("Let a bot play for {name} (away)").format(name=seat.name)
                choices.append((cover, "cover", seat.index))
    for seat in seats:
        if not seat.bot and seat.name and seat.index != me and not table.over:
            remove = _("Remove {name} (seat {n})").format(name=seat.name, n=seat.index + 1)
            choices.append((remove, "remove", seat.index))
    choices.append((_("Close the table for everyone"), "close", None))
    return choices


class HostMenu(ModalScreen[Choice | None]):
    """The host's decisions at its table: pick one (then confirm it)."""

    CSS_PATH = DIALOGS_CSS
    # TRANSLATORS: footer key description; keep very short
    BINDINGS: ClassVar[list] = [Binding("escape,m,q", "dismiss_menu", N_("back"))]

    def __init__(self, choices: list[Choice]) -> None:
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("You host this table"), id="question")
            yield OptionList(
                *(Option(text, id=str(i)) for i, (text, *_rest) in enumerate(self.choices)),
                id="host-choices",
            )
        yield WordedFooter()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)])

    def action_dismiss_menu(self) -> None:
        self.dismiss(None)


class PeopleMixin:
    """Away marks, the host's menu (m), and the host leaving; see the module docstring."""

    if TYPE_CHECKING:
        from textual.app import App

        from tui.connect import Seat

        app: App
        seat_link: Seat
        players: list[dict]
        me: int | None
        view: dict
        table_info: dict

        def notify(self, message: str, *args: Any, **kwargs: Any) -> None: ...
        def draw_header(self) -> None: ...
        def leave(self, reason: str = "") -> None: ...
        def post_message(self, message: Any) -> bool: ...
        @property
        def prompt(self) -> Any: ...

    players_at: float = 0.0
    lost_at: float | None = None
    closed_reason: str = ""

    # -- who is away ----------------------------------------------------------------------
    def away_marks(self) -> list[Text]:
        """ "Bo away 3 min" for every seat whose player left (and "· bot plays" if covered)."""
        marks = []
        since = time.monotonic() - self.players_at
        for seat, entry in enumerate(self.players):
            away = entry.get("away") if isinstance(entry, dict) else None
            if not isinstance(away, dict):
                continue
            name = clean(entry.get("name") or _("Seat {n}").format(n=seat + 1), limit=16)
            away_for = away_label(float(away.get("seconds", 0)) + since)
            if away.get("bot"):
                text = _("{name} {away} (bot plays)").format(name=name, away=away_for)
            else:
                text = _("{name} {away}").format(name=name, away=away_for)
            marks.append(Text(text))
        return marks

    def tick(self) -> None:
        """Once a second: the away times and the host-gone countdown move on."""
        if any(isinstance(p, dict) and p.get("away") for p in self.players):
            self.draw_header()
        if self.lost_at is not None:
            self.prompt.ask(self.host_gone_text(), waiting=True)

    # -- the host leaving -------------------------------------------------------------------
    def host_gone_text(self) -> str:
        left = max(0, round(HOST_GONE_WAIT - (time.monotonic() - (self.lost_at or 0.0))))
        return _("Connection lost: the host is gone — waiting {n} s for it to come back").format(
            n=left
        )

    def host_error(self, message: dict) -> bool:
        """An ``error`` that ends our place at the table; True if it was one of those."""
        code = message.get("code")
        if code in ("closed", "removed"):
            self.closed_reason = (
                _("The host closed the table") if code == "closed" else _("The host removed you")
            )
            return True
        return False

    def link_lost(self) -> None:
        if self.seat_link.host is None and not self.view.get("over"):
            self.lost_at = time.monotonic()
            self.prompt.ask(self.host_gone_text(), waiting=True)

    def link_closed(self) -> None:
        """The connection is over for good: say why, and go back to the lobby if the host
        is gone (not when the game simply ended)."""
        gone = self.lost_at is not None
        self.lost_at = None
        if self.closed_reason and not self.view.get("over"):
            back = _("{reason} · q back to the lobby").format(reason=self.closed_reason)
            self.prompt.ask(back, waiting=True)
            self.notify(self.closed_reason, severity="warning", markup=False)
        elif gone:
            self.leave(_("The host did not come back; the table is closed."))
        else:
            self.prompt.ask(_("The table has closed · q leave"), waiting=True)

    # -- the host's decisions ---------------------------------------------------------------
    def action_host_menu(self) -> None:
        host = self.seat_link.host
        if host is None:
            return
        self.app.push_screen(HostMenu(host_choices(host, self.me)), self._host_chose)

    def _host_chose(self, choice: Choice | None) -> None:
        if choice is None:
            return
        text, method, seat = choice
        question, detail = CONFIRM[method]

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.decide(method, seat)

        # TRANSLATORS: the host's choice, then what it does: "Remove Bo (seat 2). They cannot…"
        said = _("{choice}. {detail}").format(choice=text, detail=_(detail))
        self.app.push_screen(ConfirmLeave(_(question), said, yes=_("Yes (y)")), confirmed)

    def decide(self, method: str, seat: int | None) -> None:
        """Do what the host decided (already confirmed)."""
        if method == "close":
            self.leave()
            return
        host = self.seat_link.host
        try:
            getattr(host, method)(*(() if seat is None else (seat,)))
        except ValueError as exc:
            self.notify(str(exc), severity="warning", markup=False)
