"""The seats as this seat's table shows them: each seat's name ("You" for mine, the cleaned
name, or "Seat N"), its name in the name's look, how many seats the table has, the others
clockwise from mine and the digit that picks each (the game keys' ``1``…, ``/w N``).

``Seats`` is a small part the table screen owns (``screen.seats``); the game's part, its face
and the table's other parts ask it. It reads who sits where (``People``) and the table's
description, and holds what the table sets as it changes (attributes down): the local seat
(``me``: it moves if the host starts with fewer seats), whether the table is only watched (a
replay: no seat is "You"), the view now and the table's looks.
"""

from __future__ import annotations

from collections.abc import Callable

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


def no_look(name: str) -> Style:
    """No look at all (before the table gives its own)."""
    return Style()


class Seats:
    """Names, the seat count, the others and their digits; see the module docstring."""

    def __init__(self, people: People, table_info: dict, me: int | None) -> None:
        self.people = people
        self.table_info = table_info
        #: The local seat (None: a spectator).
        self.me = me
        #: Only watched (a replay, read by anyone): no seat is "You".
        self.watched = False
        #: The view now (None: no state yet): the seat count is its own.
        self.view: SeatView | None = None
        #: The table's looks (its game's part's): a name's look.
        self.look: Callable[[str], Style] = no_look

    @property
    def you(self) -> int | None:
        """The seat the words call "You": the local one, none when only watched."""
        return None if self.watched else self.me

    def name(self, seat: object, *, you: bool = True) -> str:
        """A seat's name as shown: "You" for the local seat (never in a replay), the cleaned
        name, or "Seat N"."""
        return self.people.seat_name(seat, self.you if you else None)

    def asked_name(self, seat: object) -> str:
        """A seat's name in the prompt's words: "You" for the local seat at the table; in a
        replay (``read_only``), where the local seat decides nothing and is awaited as the
        others are, its name ("Ann is choosing…", never "You is choosing…")."""
        return self.name(seat, you=not self.watched)

    def called(self, seat: object) -> str:
        """A seat's name as the others say it: never "You" (chat, clocks, take-backs)."""
        return self.name(seat, you=False)

    def text(self, seat: int, style: str | Style | None = None) -> Text:
        """A seat's name as shown (``style``: the name's usual look)."""
        return literal(self.name(seat), style or self.look("name"), limit=16)

    @property
    def count(self) -> int:
        """How many seats the table has (a hostile host's count is held to what a game has)."""
        n = self.view["seats"] if self.view is not None else 0
        n = n or self.table_info.get("seats") or len(self.people.players)
        if not isinstance(n, int) or isinstance(n, bool):  # the table's info: not checked
            return 0
        return max(0, min(n, most_seats(self.table_info.get("game"))))

    def others(self) -> list[int]:
        """Other seats clockwise from the local one; digit ``i`` picks ``others()[i-1]``."""
        return others(self.me, self.count)

    def digit(self, seat: int) -> str:
        """The digit that picks ``seat`` at this table ("" for my own seat, or none)."""
        return seat_digit(seat, self.me, self.count)

    def whisper_aims(self) -> dict[str, int]:
        """``/w N``: the seat each digit picks (in the waiting room too)."""
        return {self.digit(seat): seat for seat in self.others()}
