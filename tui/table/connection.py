"""The table's connection as the player sees it: online, lost (reconnecting; where another
runs the table, the host may be gone, counted down on the prompt), restored, or closed for
good — and then either why (the host closed the table) or, when the host never came back, the
way back to the lobby. What ``q`` asks before leaving follows from it too (``ask_leave``).

``ConnectionStatus`` is a small part the table screen owns: it keeps the status (the header
shows it), notes when the host may be gone (``People.lost_at``) and clears the turn clocks
while nothing runs, and returns what each change says (``Said``) for the table to show.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from lang import _

from .clock import Clocks
from .news import Said
from .people import People

if TYPE_CHECKING:  # the dialogs are imported when one is first shown
    from tui.dialogs import ConfirmLeave


class ConnectionStatus:
    """The connection's status and what each change says; see the module docstring."""

    def __init__(self, people: People, clocks: Clocks) -> None:
        self.people = people
        self.clocks = clocks
        self.status = "online"  # online, lost, restored or closed

    def changed(self, status: str, *, hosting: bool, over: bool, direct: bool) -> Said | None:
        """The link says how the connection is (``closed`` is told once; None: nothing
        changed). ``hosting``: the table runs in this process; ``over``: the game ended;
        ``direct``: started at the table (q quits)."""
        if status == self.status == "closed":
            return None
        self.status = status
        people = self.people
        if status == "lost":
            self.clocks.clear()  # the host tells them again once we are back
            lost = _("Connection lost — reconnecting…")
            question = lost
            if not hosting and not over:
                people.lost_at = time.monotonic()  # the host may be gone
                question = people.host_gone_text()
            return Said(
                header=True,
                clocks=True,
                notice=lost,
                severity="warning",
                prompt=question,
                waiting=True,
            )
        if status == "restored":
            people.lost_at = None
            return Said(header=True, notice=_("Connection restored"), draw=True)
        if status == "closed":
            return self.closed(over=over, direct=direct)
        return Said(header=True)

    def closed(self, *, over: bool, direct: bool) -> Said:
        """The connection is over for good: say why, and go back to the lobby if the host
        is gone (not when the game simply ended)."""
        people = self.people
        gone, reason = people.lost_at is not None, people.closed_reason
        people.lost_at = None
        self.clocks.clear()  # no clock runs at a closed table
        if reason and not over:
            if direct:  # started at the table: q quits
                # TRANSLATORS: the host closed the table; q ends the program
                back = _("{reason} · q leave").format(reason=reason)
            else:
                back = _("{reason} · q back to the lobby").format(reason=reason)
            return Said(
                header=True,
                clocks=True,
                notice=reason,
                severity="warning",
                prompt=back,
                waiting=True,
            )
        if gone:
            return Said(
                header=True,
                clocks=True,
                leave=_("The host did not come back; the table is closed."),
            )
        prompt = _("The table has closed · q leave")
        return Said(header=True, clocks=True, prompt=prompt, waiting=True)

    @staticmethod
    def broken(reason: str) -> Said:
        """Reading from the table failed (the link closes next)."""
        failed = _("Connection failed: {reason}").format(reason=reason)
        return Said(notice=failed, severity="error")

    def tick(self) -> Said | None:
        """Once a second: while the host may be gone, the countdown on the prompt moves on."""
        if self.people.lost_at is None:
            return None
        return Said(prompt=self.people.host_gone_text(), waiting=True)

    def leaving_freely(self) -> bool:
        """Whether ``q`` leaves without asking: the table is closed, nothing is kept."""
        return bool(self.people.closed_reason) or self.status == "closed"

    @staticmethod
    def leave_detail(closers: bool, me: int | None) -> str:
        """What leaving means here, said in the dialog that asks first (``closers``: the
        table runs here)."""
        if closers:
            return _("This table runs here: leaving closes it for everyone.")
        if me is None:
            return _("You are watching: leaving just stops watching.")
        return _("Your seat stays yours: join again to play on.")

    def ask_leave(self, closers: bool, me: int | None) -> ConfirmLeave | None:
        """``q``: the dialog that asks first where something is kept (None: the table is
        closed, there is nothing to keep, q just leaves)."""
        if self.leaving_freely():
            return None
        from tui.dialogs import ConfirmLeave

        return ConfirmLeave(detail=self.leave_detail(closers, me))
