"""Mi Shi's face at the shared table (tui/table/face.py): the log's words (a player asked
again and again during the deal is told once); what the events showed that the table draws
later (the suits a seat showed out of, each hand's kitty bonus); after a hand, who declared,
the points, the kitty and the hand's score row; the hands in the scores screen.
"""

from __future__ import annotations

from rich.text import Text

from tui.table.face import PlainFace, Table
from tui.table.parse import Event, Wired

from . import draw
from .flow import MishiDecisions
from .model import HandRecord, KittyBonus


class MishiFace:
    """What Mi Shi says at the table besides drawing; see the module docstring."""

    def __init__(self, table: Table, flow: MishiDecisions) -> None:
        self.table = table
        self.flow = flow
        self.plain = PlainFace(table)
        self.quiet_passers: set[int] = set()  # passed in this deal since the last declaration
        self.voids: dict[int, set[str]] = {}  # suits a seat has shown out of this hand
        self.trick_suit: str | None = None  # the led suit of the trick the events are in
        self.kitty_bonus: dict[int, KittyBonus] = {}  # each hand's kitty bonus, by hand number

    def event_line(self, event: Wired) -> Text | str | None:
        """One line per event; a player asked again and again during the deal is told once
        (until the next declaration), so the log is not a wall of passes."""
        told = Event.of(event)
        kind, seat = told.kind, told.seat
        if kind in ("declare", "hand_start", "redeal", "dealt"):
            self.quiet_passers.clear()
        self.note_voids(event)
        if kind == "kitty_bonus":  # comes just before its hand_end
            self.kitty_bonus[0] = KittyBonus.parse(event)
        elif kind == "hand_end":
            bonus = self.kitty_bonus.pop(0, None)
            if bonus is not None:
                self.kitty_bonus[told.integer("hand")] = bonus
        if kind == "pass" and told.text("phase") == "deal" and seat is not None:
            if seat in self.quiet_passers:
                return None
            self.quiet_passers.add(seat)
        table = self.table
        return draw.event_line(event, table.seats.name, table.cards, table.look, table.you)

    def note_voids(self, event: Wired) -> None:
        """Remember who showed out of a led suit (public: everyone saw the cards)."""
        told = Event.of(event)
        kind, seat = told.kind, told.seat
        if kind in ("hand_start", "redeal", "kitty_taken"):
            self.voids, self.trick_suit = {}, None
        elif kind == "trick_won":
            self.trick_suit = None
        elif kind == "play" and seat is not None:
            cards = told.cards()
            order = self.flow.parsed.of(self.table.state.view).order
            try:
                suits = [order.suit(c) for c in cards]
            except KeyError:
                return
            if self.trick_suit is None:
                self.trick_suit = suits[0] if suits else None
            elif any(suit != self.trick_suit for suit in suits):
                self.voids.setdefault(seat, set()).add(self.trick_suit)

    def toast(self, event: Wired) -> str | None:
        table = self.table
        return draw.toast_line(event, table.seats.name, table.cards, table.you)

    def log_tag(self, event: Wired) -> object:
        return None

    def whispers_allowed(self) -> bool:
        return False

    def large_cards(self, width: int, height: int) -> bool:
        return self.plain.large_cards(width, height)

    def results_title(self, event: Wired | None) -> str:
        return self.plain.results_title(event)

    def results_rows(self, event: Wired | None) -> list[Text]:
        """After a hand: who declared, the points taken, the kitty and the hand's score row."""
        if event is None:
            return self.plain.results_rows(event)
        record, table = HandRecord.parse(event), self.table
        bonus = self.kitty_bonus.get(record.hand or 0)
        return draw.results_lines(
            record, bonus, table.seats.name, table.cards, table.look, table.you
        )

    def round_history(self) -> list[Text]:
        table = self.table
        history = self.flow.parsed.of(table.state.view).history
        return [draw.hand_words(record, table.seats.name, table.look) for record in history]

    def scores_title(self) -> str:
        return self.plain.scores_title()

    def hint_card(self, code: str) -> str:
        return self.plain.hint_card(code)

    def hint_cards(self, action: Wired) -> list[str]:
        return self.plain.hint_cards(action)
