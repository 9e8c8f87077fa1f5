"""The table waits for the people's results panels: after a round, a hand or a deal ends (its
game's ``ROUND_END`` event, one of ``engine.ROUND_END_EVENTS``), each person's screen shows the
results until enter, and the host's bots hold their next move until every seated, connected
person has closed that panel (``results_seen``) or the table's timeout is over. No I/O and no
clock: the table (net/table/table.py) keeps one ``ResultsWait``, starts it, asks the host for its
timer and holds the host's bots while it ``holds``.

Nothing private is in it: who is waited for is who sits at the table connected, and who has
not closed the panel yet is public (it shows in how long the bots wait).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import ROUND_END_EVENTS

__all__ = ["RESULTS_WAIT", "ROUND_END_EVENTS", "ResultsWait", "ends_round"]

RESULTS_WAIT = 30.0
"""Seconds the bots wait at most for the people's results panels (``kotatsu host
--results-wait``)."""


def ends_round(events: Iterable[object]) -> bool:
    """Whether ``events`` (an ``apply``'s) end a round, a hand or a deal."""
    return any(isinstance(e, dict) and e.get("type") in ROUND_END_EVENTS for e in events)


class ResultsWait:
    """Whose ``results_seen`` the table waits for, for the round end sent at ``version``."""

    def __init__(self) -> None:
        self.version: int | None = None
        """The version of the ``state`` that carried the latest round end (as sent)."""
        self.waiting: set[int] = set()

    @property
    def holds(self) -> bool:
        """The host's bots must wait."""
        return bool(self.waiting)

    def begin(self, version: int, seats: Iterable[int]) -> bool:
        """A round ended in the state ``version``: wait for ``seats``. True if anyone."""
        self.version = version
        self.waiting = set(seats)
        return self.holds

    def seen(self, seat: int | None, version: int) -> bool:
        """``seat`` closed the panel of the round end sent at ``version``. False (and nothing
        changes) when nobody waits for it: a spectator, another round, too late."""
        if seat is None or version != self.version or seat not in self.waiting:
            return False
        self.waiting.discard(seat)
        return True

    def gone(self, seat: int) -> None:
        """The player left (or came back on a new connection, which shows no panel): seen."""
        self.waiting.discard(seat)

    def release(self) -> None:
        """The timeout is over: nobody is waited for any more."""
        self.waiting.clear()
