"""The seats as this seat's table shows them: each seat's name ("You" for mine, the cleaned
name, or "Seat N"), its name in the name's look, how many seats the table has, the others
clockwise from mine and the digit that picks each (the game keys' ``1``…, ``/w N``).

``Seats`` is a small part the table screen owns (``screen.seats``), given the screen as
``Seated``; the game screens, their faces and the table's other parts ask it. It keeps nothing
of its own: it reads who sits where (``People``), the local seat (which moves if the host
starts with fewer seats), the view and the table's description as they are now, and the
screen's looks.
"""

from __future__ import annotations

from typing import Protocol

from rich.style import Style
from rich.text import Text

import engine
from engine.base import SeatView
from tui.text import literal

from .people import People, others, seat_digit


def most_seats(game: object) -> int:
    """The most seats a table of ``game`` has: a table never counts more (the count comes from
    the host). For a game this side does not know, the most any game has."""
    if isinstance(game, str) and game in engine.GAMES:
        return engine.GAMES[game].MAX_SEATS  # (the others' rules are not imported for it)
    return max(known.MAX_SEATS for known in engine.GAMES.values())


class Seated(Protocol):
    """What of the table screen the seats read (tui/table/screen.py)."""

    people: People
    me: int | None
    table_info: dict
    read_only: bool

    @property
    def you(self) -> int | None: ...

    @property
    def view(self) -> SeatView | None: ...
    def look(self, name: str) -> Style: ...


class Seats:
    """Names, the seat count, the others and their digits; see the module docstring."""

    def __init__(self, table: Seated) -> None:
        self.table = table

    def name(self, seat: object, *, you: bool = True) -> str:
        """A seat's name as shown: "You" for the local seat (never in a replay), the cleaned
        name, or "Seat N"."""
        return self.table.people.seat_name(seat, self.table.you if you else None)

    def asked_name(self, seat: object) -> str:
        """A seat's name in the prompt's words: "You" for the local seat at the table; in a
        replay (``read_only``), where the local seat decides nothing and is awaited as the
        others are, its name ("Ann is choosing…", never "You is choosing…")."""
        return self.name(seat, you=not self.table.read_only)

    def called(self, seat: object) -> str:
        """A seat's name as the others say it: never "You" (chat, clocks, take-backs)."""
        return self.name(seat, you=False)

    def text(self, seat: int, style: str | Style | None = None) -> Text:
        """A seat's name as shown (``style``: the name's usual look)."""
        return literal(self.name(seat), style or self.table.look("name"), limit=16)

    @property
    def count(self) -> int:
        """How many seats the table has (a hostile host's count is held to what a game has)."""
        table = self.table
        n = table.view["seats"] if table.view is not None else 0
        n = n or table.table_info.get("seats") or len(table.people.players)
        if not isinstance(n, int) or isinstance(n, bool):  # the table's info: not checked
            return 0
        return max(0, min(n, most_seats(table.table_info.get("game"))))

    def others(self) -> list[int]:
        """Other seats clockwise from the local one; digit ``i`` picks ``others()[i-1]``."""
        return others(self.table.me, self.count)

    def digit(self, seat: int) -> str:
        """The digit that picks ``seat`` at this table ("" for my own seat, or none)."""
        return seat_digit(seat, self.table.me, self.count)

    def whisper_aims(self) -> dict[str, int]:
        """``/w N``: the seat each digit picks (in the waiting room too)."""
        return {self.digit(seat): seat for seat in self.others()}
