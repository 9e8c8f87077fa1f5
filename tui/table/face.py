"""A game's face at the shared table: what the table screen asks a game besides drawing.

The table screen (tui/table/screen.py) composes one ``GameFace``: it words the game's public
events for the log and the notice line, fills the results panel and the scores screen, names
the cards of a hint, says whether players may whisper and whether the window has room for
the game's big cards. Each game writes its own in
``tui/games/<game>/face.py`` (no Textual there: words from the parsed view); ``PlainFace``
is the plain table's, and what a game's face hands on to where it has nothing of its own.

A face reads the table through ``Table``, what of the game's part (tui/table/part.py) it may
see, and owns whatever it remembers (a game's earlier events, the rounds it has seen).
"""

from __future__ import annotations

from typing import Protocol

from rich.style import Style
from rich.text import Text

from tui.text import clean
from tui.widgets.cards import CardStyle

from . import hints, parse
from .layout import Fit
from .messages import TableState, Wired
from .results import row_of_event
from .round_end import points_line, scores_title, winner_names
from .seats import Seats


class Table(Protocol):
    """What a game's face reads of the table: its game's part (never the screen)."""

    me: int | None
    cards: CardStyle
    table_info: dict

    @property
    def you(self) -> int | None:
        """The seat the words call "You" (none in a replay)."""
        ...

    @property
    def state(self) -> TableState: ...

    @property
    def seats(self) -> Seats: ...

    def look(self, name: str) -> Style: ...


class GameFace(Protocol):
    """What the table screen asks a game, apart from drawing (see the module docstring)."""

    def event_line(self, event: Wired) -> Text | str | None:
        """The log's line for a public event (None: not logged)."""
        ...

    def toast(self, event: Wired) -> str | None:
        """What the notice line says of a big event, if anything."""
        ...

    def log_tag(self, event: Wired) -> object:
        """What a log line belongs to (e.g. the round, to forget old rounds)."""
        ...

    def whispers_allowed(self) -> bool: ...

    def large_cards(self, width: int, height: int) -> bool:
        """Whether a window this size has room for the game's big cards."""
        ...

    def results_title(self, event: Wired | None) -> str:
        """The results panel's title for a round/hand-end ``event`` (None: the game's end)."""
        ...

    def results_rows(self, event: Wired | None) -> list[Text]:
        """The results panel's lines for a round/hand-end ``event`` (None: the game's end)."""
        ...

    def round_history(self) -> list[Text]:
        """The game's own details of past rounds, for the scores screen."""
        ...

    def scores_title(self) -> str:
        """The scores screen's title: the final result once the game is over."""
        ...

    def hint_card(self, code: str) -> str:
        """A card as a hint names it."""
        ...

    def hint_cards(self, action: Wired) -> list[str]:
        """The cards a hinted action moves."""
        ...


class PlainFace:
    """The plain face: events by their kind, the points of each round, cards by their label."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def event_line(self, event: Wired) -> Text | str | None:
        told = parse.Event.of(event)
        if told.seat is not None:
            return f"{self.table.seats.name(told.seat)}: {clean(told.kind)}"
        return clean(told.kind)

    def toast(self, event: Wired) -> str | None:
        return None

    def log_tag(self, event: Wired) -> object:
        return None

    def whispers_allowed(self) -> bool:
        return False

    def large_cards(self, width: int, height: int) -> bool:
        return Fit(width, height).large_cards()

    @property
    def game(self) -> str:
        """The game the table's view is of."""
        return self.table.state.game

    def results_title(self, event: Wired | None) -> str:
        row = row_of_event(event, self.game) if event is not None else None
        return row.label if row is not None else self.scores_title()

    def results_rows(self, event: Wired | None) -> list[Text]:
        row = row_of_event(event, self.game) if event is not None else None
        return points_line(row, self.table.seats.text, self.table.look("muted"))

    def round_history(self) -> list[Text]:
        return []

    def scores_title(self) -> str:
        return scores_title(self.table.state.over, self.winner_names())

    def winner_names(self) -> str:
        return winner_names(self.table.state, self.table.seats.name)

    def hint_card(self, code: str) -> str:
        return self.table.cards.label(code)

    def hint_cards(self, action: Wired) -> list[str]:
        return hints.hint_cards(action)
