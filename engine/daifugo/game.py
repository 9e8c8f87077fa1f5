"""大富豪 as a state machine (rules: shared/rules/daifugo.md; docs/daifugo.md).

Each action kind is one Move in PHASES: its check validates the whole action and touches
nothing, its commit changes the state and cannot fail — so an illegal action raises
IllegalAction and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..base import Game, HiddenCards, Move, Option, Phase
from ..cards import validate_deck
from . import ROUND_END as ROUND_END_EVENT
from . import exchange, reasons, trick
from .deal import deal
from .options import OPTIONS
from .plays import Play, full_deck
from .types import DealRecord, Event, Exchange, Result, Title, View
from .types import Phase as PhaseName
from .view import view as seat_view


class DaifugoGame(Game):
    """Shed your cards in tricks of singles, sets and sequences; the first out is 大富豪."""

    NAME: ClassVar[str] = "daifugo"
    TITLE: ClassVar[str] = "大富豪 Daifugō"
    SHORT_TITLE: ClassVar[str] = "大富豪"
    MIN_SEATS: ClassVar[int] = 3
    MAX_SEATS: ClassVar[int] = 8
    DEFAULT_SEATS: ClassVar[int] = 4
    LENGTH_OPTION: ClassVar[str] = "deals"
    #: A deal dealt, cards given in the exchange (the receiver sees them), a trick turned
    #: aside, a deal or the game over: a take-back stops there.
    SHOWING_EVENTS: ClassVar[frozenset[str]] = frozenset(
        {"deal", "give", "trick_end", "deal_end", "game_end"}
    )
    ROUND_END: ClassVar[str] = ROUND_END_EVENT
    REASONS = reasons.REASONS  # its refusals' words (engine/reasons.py)
    HINTS = reasons.HINTS  # its bot's reasons for hints (engine/hints.py)
    OPTIONS: ClassVar[dict[str, Option]] = OPTIONS
    PHASES: ClassVar[Mapping[str, Phase]] = {
        "exchange": Phase(
            exchange.legal_give, {"give": Move(exchange.check_give, exchange.commit_give)}
        ),
        "play": Phase(
            trick.legal_play,
            {
                "play": Move(trick.check_play, trick.commit_play),
                "pass": Move(trick.check_pass, trick.commit_pass),
            },
        ),
    }

    def setup(self, deck: list[str] | None) -> None:
        self.all_cards: list[str] = full_deck(self.options["jokers"])
        stacked = validate_deck(deck, self.all_cards) if deck is not None else None
        n = self.seats
        # The game
        self.scores: list[int] = [0] * n
        self.history: list[DealRecord] = []
        self.titles: list[Title | None] = [None] * n  #: from the last finished deal
        self.deal_no = 0
        # The deal (set by deal.deal)
        self.dealer = 0
        self.hands: list[list[str]] = []
        self.played: list[str] = []  #: this deal's played cards, oldest first (public)
        self.fallen_cards: list[str] = []  #: the fallen 大富豪's hand, set aside unseen
        self.exchanges: list[Exchange] = []
        #: per party of the exchange: (cards it gave, cards it got) — secret to the two
        self.swapped: dict[int, tuple[list[str], list[str]]] = {}
        self.finished: list[int] = []
        self.fouls: list[int] = []
        self.fallen: int | None = None
        # The trick
        self.phase: PhaseName = "play"
        self.turn: int | None = 0
        self.trick: list[tuple[int, Play]] = []
        self.passed: list[bool] = [False] * n
        self.revolution = False
        self.back = False
        self.lock: frozenset[str] | None = None
        #: the events of the first deal (told once the table starts)
        self.start_events: list[Event] = deal(self, stacked)

    # The contract --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def reversed(self) -> bool:
        """The order in force is reversed: exactly one of revolution and 11-back is on."""
        return self.revolution != self.back

    def pending(self) -> list[int]:
        if self.phase == "exchange":
            return sorted({e["from"] for e in exchange.open_gives(self)})
        if self.phase == "play" and self.turn is not None:
            return [self.turn]
        return []

    def view(self, seat: int | None) -> View:
        return seat_view(self, seat)

    def hidden_cards(self) -> list[HiddenCards]:
        """The fallen 大富豪's hand, set aside face down (a full review only)."""
        if self.fallen is None or not self.fallen_cards:
            return []
        return [HiddenCards("fallen", self.fallen, tuple(self.fallen_cards))]

    def result(self) -> Result:
        best = max(self.scores)
        winners = [s for s, v in enumerate(self.scores) if v == best] if self.over else []
        return {
            "scores": list(self.scores),
            "winners": winners,
            "titles": list(self.titles),
            "deals": [copy_record(r) for r in self.history],
        }


def copy_record(record: DealRecord) -> DealRecord:
    return {
        "order": list(record["order"]),
        "titles": list(record["titles"]),
        "points": list(record["points"]),
        "fouls": list(record["fouls"]),
        "fallen": record["fallen"],
    }
