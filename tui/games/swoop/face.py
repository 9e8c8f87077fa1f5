"""Swoop's face at the shared table (tui/table/face.py): the log's words; after a hand, each
seat's penalty card by card (what the table saw of it); the hands in the scores screen; hints
that name cards by rank and a play's face-up cards by their slots; room for the big cards.
"""

from __future__ import annotations

from rich.text import Text

from engine.base import SeatView
from engine.swoop.types import TYPED
from tui.table.face import PlainFace, Table
from tui.table.parse import Event, Wired

from . import draw
from .cards import rank_label
from .flow import SwoopDecisions, group
from .model import SwoopView


class SwoopFace:
    """What Swoop says at the table besides drawing; see the module docstring."""

    def __init__(self, table: Table, model: SwoopDecisions) -> None:
        self.table = table
        self.model = model
        self.plain = PlainFace(table)
        self.ended: dict[int, SeatView] = {}  # the last view of each finished hand, by number

    def hand_ended(self, event: Event, view: SeatView) -> None:
        """A hand ended after ``view`` (the cards left in it: its results panel reads them)."""
        self.ended[event.integer("hand_no")] = view

    def event_line(self, event: Wired) -> Text | str | None:
        table = self.table
        return draw.event_line(event, table.seats.name, table.cards, table.look, table.you)

    def toast(self, event: Wired) -> str | None:
        table = self.table
        return draw.toast_line(event, table.seats.name, table.cards, table.you)

    def log_tag(self, event: Wired) -> object:
        return None

    def whispers_allowed(self) -> bool:
        return False

    def large_cards(self, width: int, height: int) -> bool:
        # header, prompt, footer; pile and its cards; the seats; my slots and two lines of
        # hand as boxes; the penalties of the last hand
        return width >= 110 and height >= 30 + self.table.seats.count

    def results_title(self, event: Wired | None) -> str:
        return self.plain.results_title(event)

    def results_rows(self, event: Wired | None) -> list[Text]:
        """After a hand: each seat's penalty card by card (what the table saw of it)."""
        ended = Event.of(event) if event is not None else None
        before = self.ended.get(ended.integer("hand_no")) if ended is not None else None
        if event is None or ended is None or before is None:
            return self.plain.results_rows(event)
        last, table = SwoopView.from_view(before), self.table
        return draw.results_lines(ended, last, table.you, table.seats.name, table.cards, table.look)

    def round_history(self) -> list[Text]:
        table = self.table
        return [
            Text(draw.history_line(n, list(penalties), table.seats.name, table.you))
            for n, penalties in enumerate(self.model.parsed.of(table.state.view).hands, 1)
        ]

    def scores_title(self) -> str:
        return self.plain.scores_title()

    def hint_card(self, code: str) -> str:
        return rank_label(code, self.table.cards.letters).strip()  # suits never matter in Swoop

    def hint_cards(self, action: Wired) -> list[str]:
        """A play names its face-up cards by slot: the hint shows them as cards."""
        face_up = self.model.mine.face_up
        cards, slots = group(TYPED.action(action))
        up = [face_up[s] for s in slots if 0 <= s < len(face_up)]
        return [*cards, *(c for c in up if c is not None)]
