"""Who left the table and came back, told to the others without flooding them.

A player whose connection drops during play keeps their seat (``Seat.away_since``) and may
come back with their token at once. The table hears of it only once the seat has stayed
empty for ``LEFT_GRACE`` seconds — a ``left`` notice and a ``lobby`` — and of the return
(``back``) only if the leaving was told. A connection that blinks, or a player leaving and
returning as fast as they can, tells the others nothing; leaving for longer is told at most
once a grace (attack 3, defect 5: every cycle sent every other player two notices and two
lobbies, thousands a second). The returning player is never kept waiting. The time a seat
is due to be told is a timer of the table (``net.table.table.AWAY``).

No I/O; the table gives the time.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol

from ..wire.reasons import Param
from .seating import Guest, P, Seat, Seating

Message = dict[str, Any]

LEFT_GRACE = 5.0
"""Seconds a seat stays empty before the table is told its player left."""


class Told(Protocol[P]):
    """What of the table's rules (net/table/rules.py) the away news reads."""

    seating: Seating[P]

    def now(self) -> float: ...
    def joined(self) -> list[tuple[P, Guest]]: ...
    def notice(self, code: str, **params: Param) -> Message: ...
    def lobby(self) -> list[tuple[P, Message]]: ...


class AwayNews(Generic[P]):
    """The table's news of away seats (see the module docstring)."""

    def __init__(self, table: Told[P]) -> None:
        self.table = table

    def _untold(self) -> list[Seat[P]]:
        return [
            seat
            for seat in self.table.seating.seats
            if seat.away_since is not None and not seat.away_told and not seat.bot
        ]

    def due(self) -> float | None:
        """When the next away seat is to be told (None: none is waiting to be)."""
        waiting = [seat.away_since for seat in self._untold() if seat.away_since is not None]
        return min(waiting) + LEFT_GRACE if waiting else None

    def tell(self) -> list[tuple[P, Message]]:
        """The ``left`` notices of the seats empty for the grace now, after one ``lobby``."""
        table = self.table
        now = table.now()
        due = [s for s in self._untold() if (s.away_since or 0.0) + LEFT_GRACE <= now]
        if not due:
            return []
        out = table.lobby()
        for seat in due:
            seat.away_told = True
            notice = table.notice("left", seat=seat.index, name=seat.name or "")
            out += [(peer, notice) for peer, _ in table.joined()]
        return out

    def back(self, seat: Seat[P], peer: P) -> list[tuple[P, Message]]:
        """``seat``'s player is back (as ``peer``): everyone hears it if its leaving was
        told, otherwise only the player gets the ``lobby``."""
        table = self.table
        told, seat.away_since, seat.away_told = seat.away_told, None, False
        if not told:
            return [(p, m) for p, m in table.lobby() if p == peer]
        back = table.notice("back", seat=seat.index, name=seat.name or "")
        return table.lobby() + [(other, back) for other, _ in table.joined() if other != peer]
