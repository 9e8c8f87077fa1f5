"""What every game's log wording is given: the names, the card style and looks, and the local
seat (a game's ``LINES`` table maps an event kind to a function of the event and a Teller)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rich.style import Style
from rich.text import Text

from tui.fill import mine_or
from tui.widgets.cards import CardStyle

from .parse import Event


class Teller(NamedTuple):
    """Who tells the log: the names, the card style and looks, and the local seat."""

    name_of: Callable[[object], str]
    style: CardStyle
    look: Callable[[str], Style]
    me: int | None

    def who(self, event: Event) -> str:
        return self.name_of(event.seat) if event.seat is not None else "?"

    def said(self, event: Event, mine: str, theirs: str) -> str:
        """``mine`` when the local seat did it, else ``theirs`` (a template still to fill)."""
        return mine_or(event.seat, self.me, mine, theirs)

    def said_named(self, event: Event, mine: str, theirs: str) -> str:
        """``said``, with the doer's ``{name}`` filled in."""
        return self.said(event, mine, theirs).format(name=self.who(event))

    def cards(self, event: Event) -> Text:
        """The event's cards, inline."""
        return self.style.hand(event.cards())
