"""Take-backs at the table screen (net/table/takebacks.py has the rules): ``u`` asks to take back
this seat's last action where the table allows take-backs (the footer shows it only there),
and when another player asks the table, this seat answers in a small yes/no dialog
(tui/dialogs.py ``TakebackVote``). What was
taken back, and why a take-back was refused, the table tells as notices and refusals: the log
and the notice line say them like the table's other news.

``TakebackDesk`` is a small part the table screen owns: it reads the table's settings and
what it is given (the local seat, the state, names), returns what the table is to do (the
dialog to show or take down, the vote to send), and keeps the yes/no dialog up now, if any.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .decisions import Decisions
from .messages import TableState, TakebackAsked
from .news import SeatName

if TYPE_CHECKING:  # the dialogs are imported when one is first shown
    from tui.dialogs import TakebackVote

MODES = ("ask", "free")
"""The table settings under which a player may ask (``off``: the key is not offered)."""


class Vote(NamedTuple):
    """What a ``takeback`` from the table asks of the screen: the dialog to show (this seat
    answers), and the one to take down if it is still on top (a request decided)."""

    show: TakebackVote | None = None
    close: TakebackVote | None = None


class TakebackDesk:
    """The screen's side of take-backs; see the module docstring."""

    def __init__(self, table_info: dict) -> None:
        self.table_info = table_info
        self.dialog: TakebackVote | None = None

    def offered(self, me: int | None, state: TableState, decisions: Decisions) -> bool:
        """Whether ``u`` works: a seated player at a running table that allows take-backs,
        where a take-back can be had (not in a deal nor a sealed step: ``Decisions``)."""
        started = state.view is not None and not state.over
        allowed = self.table_info.get("takebacks") in MODES and me is not None
        return allowed and started and decisions.take_back_shown()

    @staticmethod
    def refusal(wire: dict) -> bool:
        """Whether a refusal is about a take-back (its reason goes to the log too)."""
        code = wire.get("code")
        return isinstance(code, str) and code.startswith(("takeback_", "takebacks_"))

    def asked(self, message: TakebackAsked, me: int | None, seat_name: SeatName) -> Vote:
        """A ``takeback`` from the table: a request opened (this seat answers if asked: the
        dialog to show, any earlier one taken down) or closed (its dialog goes, if it is
        still up). Taken down only if it is on top: a panel over it stays; its late answer
        is refused by the table, and said nowhere."""
        if message.open and me is not None and me in message.voters and me != message.seat:
            from tui.dialogs import TakebackVote

            before = self.dialog
            name = seat_name(message.seat)
            self.dialog = TakebackVote(message.request, name, message.seconds)
            return Vote(show=self.dialog, close=before)
        if not message.open and self.dialog and self.dialog.request == message.request:
            before, self.dialog = self.dialog, None
            return Vote(close=before)
        return Vote()

    def answered(self, dialog: TakebackVote, yes: bool | None) -> tuple[int, bool] | None:
        """This seat answered ``dialog``: the vote to send (None: no answer, it was taken
        down)."""
        if self.dialog is dialog:
            self.dialog = None
        return None if yes is None else (dialog.request, bool(yes))
