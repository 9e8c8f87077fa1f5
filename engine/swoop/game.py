"""Swoop as a state machine (rules: shared/rules/swoop.md; phases, view, events: docs/swoop.md).

Each action kind is one Move in PHASES: its check validates the whole action and touches
nothing, its commit changes the state and cannot fail — so an illegal action raises
IllegalAction and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from lang import N_

from ..base import BadSetup, Game, HiddenCards, Move, Option, Phase, boolean, integer
from ..cards import validate_deck
from . import ROUND_END as ROUND_END_EVENT
from . import phases, reasons
from .deal import Draw, deal
from .rules import CARDS_PER_PLAYER, DECK_SIZE, default_decks, full_deck, penalty
from .types import Phase as PhaseName
from .types import Result, View
from .view import view as seat_view


class SwoopGame(Game):
    """Shed your cards onto a shared pile; four of a rank (or any 10 or joker) swoops it away."""

    NAME: ClassVar[str] = "swoop"
    TITLE: ClassVar[str] = "Swoop"
    SHORT_TITLE: ClassVar[str] = "Swoop"
    MIN_SEATS: ClassVar[int] = 3
    MAX_SEATS: ClassVar[int] = 8
    DEFAULT_SEATS: ClassVar[int] = 4
    LENGTH_OPTION: ClassVar[str] = "target"
    LOW_SCORE_WINS: ClassVar[bool] = True
    #: A mystery card turned up, a hand over (every card turned up) and the next dealt, the
    #: game over: a take-back stops there. Pick-ups and swoops show nothing hidden (the pile
    #: is open).
    SHOWING_EVENTS: ClassVar[frozenset[str]] = frozenset({"flip", "hand_end", "deal", "game_end"})
    ROUND_END: ClassVar[str] = ROUND_END_EVENT
    REASONS = reasons.REASONS  # its refusals' words (engine/reasons.py)
    HINTS = reasons.HINTS  # its bot's reasons for hints (engine/hints.py)
    OPTIONS: ClassVar[dict[str, Option]] = {
        # TRANSLATORS: Swoop's table options (forms, `kotatsu rules swoop`, --help)
        "decks": Option(
            None, integer(1, 8, allow_none=True), N_("54-card decks (empty: by the players)")
        ),
        "first_player": Option(
            None, integer(0, 7, allow_none=True), N_("the seat that leads hand 1, from 0")
        ),
        "target": Option(300, integer(1), N_("the game ends when a total reaches this")),
        "hands": Option(
            None, integer(1, 1000, allow_none=True), N_("play this many hands instead")
        ),
        "flat_numbers": Option(False, boolean, N_("A to 9 count 5 penalty points each")),
    }
    PHASES: ClassVar[Mapping[str, Phase]] = {
        "play": Phase(
            phases.legal_play,
            {
                "play": Move(phases.check_play, phases.commit_put),
                "flip": Move(phases.check_flip, phases.commit_flip),
            },
        ),
        "add": Phase(phases.legal_add, {"add": Move(phases.check_add, phases.commit_put)}),
        "chain": Phase(
            phases.legal_chain,
            {
                "chain": Move(phases.check_chain, phases.commit_chain),
                "stop": Move(phases.check_stop, phases.commit_stop),
            },
        ),
    }

    def setup(self, deck: list[str] | None) -> None:
        seats = self.seats
        decks = self.options["decks"]
        if decks is None:
            decks = self.options["decks"] = default_decks(seats)
        if decks * DECK_SIZE < CARDS_PER_PLAYER * seats:
            raise BadSetup(
                "setup.too_few_decks", name="decks", decks=decks, seats=seats, each=CARDS_PER_PLAYER
            )
        first = self.options["first_player"]
        if first is not None and first >= seats:
            raise BadSetup("setup.no_seat", name="first_player", given=first, seats=seats)
        self.all_cards: list[str] = full_deck(decks)
        stacked = validate_deck(deck, self.all_cards) if deck is not None else None
        # The game
        self.scores: list[int] = [0] * seats
        self.history: list[list[int]] = []  #: penalties of every finished hand
        self.draws: list[list[Draw]] | None = None  #: the first-player draw of hand 1
        # The hand (set by deal)
        self.hand_no = 0
        self.first = 0  #: who leads this hand
        self.hands: list[list[str]] = []
        self.face_up: list[list[str | None]] = []
        self.mystery: list[list[str | None]] = []
        self.unused: list[str] = []  #: cards not dealt this hand
        self.pile: list[str] = []  #: bottom -> top
        self.cleared = 0  #: cards swooped away this hand
        # The turn
        self.phase: PhaseName = "play"
        self.turn = 0
        self.flipped: tuple[int, str] | None = None  #: phase add: (slot, card) turned up
        self.chain: tuple[str, int] | None = None  #: phase chain: (rank, cards needed)
        deal(self, stacked)

    # The contract --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> list[int]:
        return [] if self.over else [self.turn]

    def view(self, seat: int | None) -> View:
        return seat_view(self, seat)

    def hidden_cards(self) -> list[HiddenCards]:
        """Each seat's face-down (mystery) cards: nobody, their owner neither, sees them."""
        downs = ([c for c in row if c is not None] for row in self.mystery)
        return [HiddenCards("down", s, tuple(cards)) for s, cards in enumerate(downs) if cards]

    def result(self) -> Result:
        best = min(self.scores)
        winners = [s for s, v in enumerate(self.scores) if v == best] if self.over else []
        return {
            "scores": list(self.scores),
            "winners": winners,
            "hands": [list(h) for h in self.history],
        }

    # Counting ------------------------------------------------------------------------------
    def cards_left(self, seat: int) -> int:
        """Cards a seat still has in front of it: hand, face-up and mystery."""
        return (
            len(self.hands[seat])
            + sum(c is not None for c in self.face_up[seat])
            + sum(c is not None for c in self.mystery[seat])
        )

    def turned_up(self, seat: int) -> list[list[str]]:
        """At the hand's end every card a seat had left is turned up (its penalty can be
        checked): ``[hand, face-up, mystery]``."""
        return [
            list(self.hands[seat]),
            [c for c in self.face_up[seat] if c is not None],
            [c for c in self.mystery[seat] if c is not None],
        ]

    def penalties(self, seat: int) -> int:
        flat = self.options["flat_numbers"]
        held = [*self.hands[seat], *self.face_up[seat], *self.mystery[seat]]
        return sum(penalty(c, flat_numbers=flat) for c in held if c is not None)
