"""The table's connection as the player sees it: online, lost (reconnecting; where another
runs the table, the host may be gone, counted down on the prompt), restored, or closed for
good — and then either why (the host closed the table) or, when the host never came back, the
way back to the lobby. What ``q`` asks before leaving follows from it too (``ask_leave``).

``ConnectionStatus`` is a small controller the table screen owns: it keeps the status (the
header shows it) and is given the screen as ``Shown``, what it reads and calls there.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from engine.base import SeatView
from lang import _
from tui.dialogs import ConfirmLeave
from tui.seat import Seat
from tui.widgets.prompt import PromptBar

from .clock import Clocks
from .messages import TableState
from .people import People


class Shown(Protocol):
    """What of the table screen the connection's news reaches (tui/table/screen.py)."""

    people: People
    clocks: Clocks
    seat_link: Seat
    me: int | None

    @property
    def app(self) -> Any: ...
    @property
    def view(self) -> SeatView | None: ...

    @property
    def state(self) -> TableState: ...
    @property
    def prompt(self) -> PromptBar: ...
    def notify(self, message: str, *args: Any, **kwargs: Any) -> None: ...
    def draw(self) -> None: ...
    def draw_header(self) -> None: ...
    def show_clocks(self) -> None: ...
    def leave(self, reason: str = "") -> None: ...


class ConnectionStatus:
    """The connection's status and what each change says; see the module docstring."""

    def __init__(self, shown: Shown) -> None:
        self.shown = shown
        self.status = "online"  # online, lost, restored or closed

    def changed(self, status: str) -> None:
        """The link says how the connection is (``closed`` is told once)."""
        if status == self.status == "closed":
            return
        self.status = status
        shown, people = self.shown, self.shown.people
        shown.draw_header()
        if status == "lost":
            shown.clocks.clear()  # the host tells them again once we are back
            shown.show_clocks()
            lost = _("Connection lost — reconnecting…")
            shown.notify(lost, severity="warning", markup=False)
            shown.prompt.ask(lost, waiting=True)
            if shown.seat_link.host is None and not shown.state.over:
                people.lost_at = time.monotonic()  # the host may be gone
                shown.prompt.ask(people.host_gone_text(), waiting=True)
        elif status == "restored":
            people.lost_at = None
            shown.notify(_("Connection restored"), markup=False)
            if shown.view:
                shown.draw()
        elif status == "closed":
            self.closed()

    def closed(self) -> None:
        """The connection is over for good: say why, and go back to the lobby if the host
        is gone (not when the game simply ended)."""
        shown, people = self.shown, self.shown.people
        gone, reason = people.lost_at is not None, people.closed_reason
        people.lost_at = None
        shown.clocks.clear()  # no clock runs at a closed table
        shown.show_clocks()
        if reason and not shown.state.over:
            if getattr(shown.app, "direct", False):  # started at the table: q quits
                # TRANSLATORS: the host closed the table; q ends the program
                back = _("{reason} · q leave").format(reason=reason)
            else:
                back = _("{reason} · q back to the lobby").format(reason=reason)
            shown.prompt.ask(back, waiting=True)
            shown.notify(reason, severity="warning", markup=False)
        elif gone:
            shown.leave(_("The host did not come back; the table is closed."))
        else:
            shown.prompt.ask(_("The table has closed · q leave"), waiting=True)

    def broken(self, reason: str) -> None:
        """Reading from the table failed (the link closes next)."""
        failed = _("Connection failed: {reason}").format(reason=reason)
        self.shown.notify(failed, severity="error", markup=False)

    def tick(self) -> None:
        """Once a second: while the host may be gone, the countdown on the prompt moves on."""
        people = self.shown.people
        if people.lost_at is not None:
            self.shown.prompt.ask(people.host_gone_text(), waiting=True)

    def leaving_freely(self) -> bool:
        """Whether ``q`` leaves without asking: the table is closed, nothing is kept."""
        return bool(self.shown.people.closed_reason) or self.status == "closed"

    def leave_detail(self) -> str:
        """What leaving means here, said in the dialog that asks first."""
        if self.shown.seat_link.closers:
            return _("This table runs here: leaving closes it for everyone.")
        if self.shown.me is None:
            return _("You are watching: leaving just stops watching.")
        return _("Your seat stays yours: join again to play on.")

    def ask_leave(self) -> None:
        """``q``: leave the table, asking first where something is kept (ConfirmLeave)."""
        shown = self.shown
        if self.leaving_freely():
            shown.leave()  # the table is closed: there is nothing to keep, q just leaves
            return

        def answered(leave: bool | None) -> None:
            if leave:
                shown.leave()

        shown.app.push_screen(ConfirmLeave(detail=self.leave_detail()), answered)
