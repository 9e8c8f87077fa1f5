"""The people at a table: who is away and for how long, the host's decisions (its own screen
runs the ``Host`` in this process and calls it directly), and a host that closed or vanished.

``PeopleMixin`` is mixed into ``TableScreen`` (tui/screens/table.py).
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
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from ..connect import HOST_GONE_WAIT
from ..text import clean
from .dialogs import ConfirmLeave

Choice = tuple[str, str, int | None]
"""(what the menu says, the Host method, the seat it acts on)."""

CONFIRM: dict[str, tuple[str, str]] = {
    "start_now": ("Start now?", "The game starts with the players seated; the table is smaller."),
    "fill_with_bots": ("Fill the empty seats with bots?", "The game starts at once."),
    "cover": ("Let a bot play this seat?", "The player takes it back by joining again."),
    "remove": ("Remove this player?", "They cannot come back to this seat."),
    "close": ("Close the table?", "Everyone is told the host closed the table."),
}


def away_label(seconds: float) -> str:
    """ "away 40 s", "away 3 min", "away 2 h"."""
    if seconds < 60:
        return f"away {int(seconds)} s"
    if seconds < 3600:
        return f"away {int(seconds // 60)} min"
    return f"away {int(seconds // 3600)} h"


def host_choices(host: Any, me: int | None) -> list[Choice]:
    """What the host may decide now, as menu lines."""
    table = host.table
    seats = table.seating.seats
    choices: list[Choice] = []
    if not table.started:
        free = sum(not seat.taken for seat in seats)
        if free and table.can_start_now():
            choices.append(
                (f"Start now with the {table.seating.taken_count} seated", "start_now", None)
            )
        if free:
            choices.append((f"Fill the {free} empty seat(s) with bots", "fill_with_bots", None))
    elif not table.game.over:
        for seat in seats:
            if not seat.bot and seat.name and not seat.connected and not seat.covered:
                choices.append((f"Let a bot play for {seat.name} (away)", "cover", seat.index))
    for seat in seats:
        if not seat.bot and seat.name and seat.index != me and not table.over:
            choices.append((f"Remove {seat.name} (seat {seat.index + 1})", "remove", seat.index))
    choices.append(("Close the table for everyone", "close", None))
    return choices


class HostMenu(ModalScreen[Choice | None]):
    """The host's decisions at its table: pick one (then confirm it)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list] = [Binding("escape,m,q", "dismiss_menu", "back")]

    def __init__(self, choices: list[Choice]) -> None:
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("You host this table", id="question")
            yield OptionList(
                *(Option(text, id=str(i)) for i, (text, _, _) in enumerate(self.choices)),
                id="host-choices",
            )
        yield Footer(compact=True)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)])

    def action_dismiss_menu(self) -> None:
        self.dismiss(None)


class PeopleMixin:
    """Away marks, the host's menu (m), and the host leaving; see the module docstring."""

    if TYPE_CHECKING:
        from textual.app import App

        from ..connect import Seat

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
            name = clean(entry.get("name") or f"Seat {seat + 1}", limit=16)
            text = f"{name} {away_label(float(away.get('seconds', 0)) + since)}"
            if away.get("bot"):
                text += " (bot plays)"
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
        return f"Connection lost: the host is gone — waiting {left} s for it to come back"

    def host_error(self, message: dict) -> bool:
        """An ``error`` that ends our place at the table; True if it was one of those."""
        code = message.get("code")
        if code in ("closed", "removed"):
            self.closed_reason = (
                "The host closed the table" if code == "closed" else "The host removed you"
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
            self.prompt.ask(f"{self.closed_reason} · q back to the lobby", waiting=True)
            self.notify(self.closed_reason, severity="warning", markup=False)
        elif gone:
            self.leave("The host did not come back; the table is closed.")
        else:
            self.prompt.ask("The table has closed · q leave", waiting=True)

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

        self.app.push_screen(ConfirmLeave(question, f"{text}. {detail}", yes="Yes (y)"), confirmed)

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
