"""Take-backs at the table screen (net/table/takebacks.py has the rules): ``u`` asks to take back
this seat's last action where the table allows take-backs (the footer shows it only there),
and when another player asks the table, this seat answers in a small yes/no dialog. What was
taken back, and why a take-back was refused, the table tells as notices and refusals: the log
and the notice line say them like the table's other news.

``TakebackDesk`` is a small controller the table screen owns, given the screen as ``Voting``:
what it reads (the table's settings, the local seat, the state, names) and what it calls (the
link, the app's screens). It keeps the yes/no dialog up now, if any.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from textual.binding import Binding

from lang import N_, _
from tui.dialogs import Confirm

from .messages import TableState, TakebackAsked
from .seats import Seats

MODES = ("ask", "free")
"""The table settings under which a player may ask (``off``: the key is not offered)."""


class TakebackVote(Confirm, inherit_bindings=False):
    """Another player asks to take back their last action: yes lets them, no refuses it."""

    BINDINGS: ClassVar[list] = [
        # TRANSLATORS: footer key description (agree to a take-back); keep very short
        Binding("y", "answer(True)", N_("yes"), show=True),
        # TRANSLATORS: footer key description (refuse a take-back); keep very short
        Binding("n,escape", "answer(False)", N_("no"), show=True),
    ]

    def __init__(self, request: int, name: str, seconds: float) -> None:
        question = _("{name} asks to take back their last action. Let them?").format(name=name)
        detail = _("Everyone at the table must say yes; no answer within {seconds} s is a no.")
        super().__init__(question, detail.format(seconds=round(seconds)))
        self.request = request


class Voting(Protocol):
    """What of the table screen take-backs read and reach (tui/table/screen.py)."""

    table_info: dict
    me: int | None
    seats: Seats

    @property
    def decisions(self) -> Any: ...

    @property
    def state(self) -> TableState: ...
    @property
    def link(self) -> Any: ...
    @property
    def app(self) -> Any: ...


class TakebackDesk:
    """The screen's side of take-backs; see the module docstring."""

    def __init__(self, table: Voting) -> None:
        self.table = table
        self.dialog: TakebackVote | None = None

    def offered(self) -> bool:
        """Whether ``u`` works: a seated player at a running table that allows take-backs,
        where a take-back can be had (not in a deal nor a sealed step: ``Decisions``)."""
        table = self.table
        started = table.state.view is not None and not table.state.over
        allowed = table.table_info.get("takebacks") in MODES and table.me is not None
        return allowed and started and table.decisions.take_back_shown()

    def ask(self) -> None:
        """``u``: ask the table (it answers with the state as it was, a request to the
        others, or why not)."""
        if self.offered():
            self.table.link.takeback()

    @staticmethod
    def refusal(wire: dict) -> bool:
        """Whether a refusal is about a take-back (its reason goes to the log too)."""
        code = wire.get("code")
        return isinstance(code, str) and code.startswith(("takeback_", "takebacks_"))

    def asked(self, message: TakebackAsked) -> None:
        """A ``takeback`` from the table: a request opened (this seat answers if asked) or
        closed (the dialog goes, if it is still up)."""
        me = self.table.me
        if message.open and me is not None and me in message.voters and me != message.seat:
            self._close()
            dialog = TakebackVote(
                message.request, self.table.seats.called(message.seat), message.seconds
            )
            self.dialog = dialog

            def answered(yes: bool | None) -> None:
                if self.dialog is dialog:
                    self.dialog = None
                if yes is not None:
                    self.table.link.takeback_vote(dialog.request, bool(yes))

            self.table.app.push_screen(dialog, answered)
        elif not message.open and self.dialog and self.dialog.request == message.request:
            self._close()

    def _close(self) -> None:
        """Take down the dialog of a request that is decided (only if it is on top: a panel
        over it stays; its late answer is refused by the table, and said nowhere)."""
        dialog, self.dialog = self.dialog, None
        app = self.table.app
        if dialog is not None and app.screen is dialog:
            dialog.dismiss(None)
