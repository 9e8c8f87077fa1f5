"""The SwaPo state machine: its state, whose turn it is, and the phase → move table.

The swap phases live in ``swaps.py``, the reveal, the Ace declarations and powers in
``powers.py``, the round flow and the end of the game in ``rounds.py`` and the per-seat views
in ``view.py``: plain functions of this class's state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..base import BadSetup, Event, Game, Phase
from ..cards import standard_deck, validate_deck
from . import ROUND_END as ROUND_END_EVENT
from . import powers, reasons, swaps
from .dealing import high_card_draw, joker_draw
from .options import OPTIONS
from .rounds import copy_record, start_round
from .scoring import JOKER
from .swaps import GiveRequest
from .types import DealerDraw, Result, RoundRecord, SwapLog, Tiebreak, View
from .types import Phase as PhaseName
from .view import view as seat_view


class SwapoGame(Game):
    """SwaPo for 2–10 players, normal rules or any mix of Dagger, Asterisk and Ace."""

    NAME = "swapo"
    TITLE = "SwaPo"
    SHORT_TITLE = "SwaPo"
    MIN_SEATS = 2
    MAX_SEATS = 10
    DEFAULT_SEATS = 4
    OPTIONS = OPTIONS
    LENGTH_OPTION = "rounds"
    WHISPER_OPTION = "adult_talk"
    #: A new round dealt, every hand revealed, a round or the game over (a take-back stops
    #: there). A normal swap's exchange shows each side the other's cards: ``shows_hidden``.
    SHOWING_EVENTS: ClassVar[frozenset[str]] = frozenset(
        {"deal", "reveal", "round_over", "sudden_death", "game_over"}
    )
    ROUND_END: ClassVar[str] = ROUND_END_EVENT
    REASONS = reasons.REASONS  # its refusals' words (engine/reasons.py)
    HINTS = reasons.HINTS  # its bot's reasons for hints (engine/hints.py)
    PHASES: ClassVar[dict[str, Phase]] = {
        "arrange": Phase(swaps.legal_arrange, swaps.ARRANGE),
        "swap": Phase(swaps.legal_swap, swaps.SWAP),
        "give": Phase(swaps.legal_give, swaps.GIVE),
        "declare": Phase(powers.legal_declare, powers.DECLARE),
        "power": Phase(powers.legal_power, powers.POWER),
    }

    def setup(self, deck: list[str] | None) -> None:
        seats = self.seats
        opts = self.options
        opts["variant"] = list(opts["variant"])
        if opts["first_dealer"] is not None and opts["first_dealer"] >= seats:
            raise BadSetup(
                "setup.no_seat", name="first_dealer", given=opts["first_dealer"], seats=seats
            )
        self.dagger: bool = "dagger" in opts["variant"]
        self.asterisk: bool = "asterisk" in opts["variant"]
        self.ace: bool = "ace" in opts["variant"]
        self.all_cards: list[str] = standard_deck(opts["decks"], jokers=(JOKER,))
        stacked = validate_deck(deck, self.all_cards) if deck is not None else None

        self.dealer_draw: DealerDraw
        if opts["first_dealer"] is not None:
            self.dealer_draw = {
                "method": "first_dealer",
                "draws": [],
                "seats": [],
                "dealer": opts["first_dealer"],
            }
        elif opts["dealer_method"] == "joker_draw":
            self.dealer_draw = joker_draw(seats, self.all_cards, self.rng)
        else:
            self.dealer_draw = high_card_draw(seats, self.all_cards, self.rng)

        if stacked is None:
            stacked = list(self.all_cards)
            self.rng.shuffle(stacked)
        # The game
        self.pile: list[str] = stacked[::-1]  # the top of the pile is the last item
        self.discards: list[str] = []
        self.scores: list[int] = [0] * seats
        self.rounds: list[RoundRecord] = []  #: one record per scored round
        self.round_no = 0
        self.final_winners: list[int] = []
        self.tiebreak_info: Tiebreak | None = None
        self.sudden_seats: list[int] | None = None  #: who plays on in sudden death (§4.4)
        self.sudden_entrants: list[int] | None = None  #: the tied seats that began it
        # The round (every list has one entry per seat; start_round deals them afresh)
        self.phase: PhaseName = "swap"
        self.dealer = 0
        self.players: list[int] = []  #: the seats of this round, dealer first, clockwise
        self.hands: list[list[str]] = []
        self.right_index = 0  #: index in players of the swap right's holder
        self.give_request: GiveRequest | None = None
        self.swap_log: list[SwapLog] = []
        self.locked_cards: list[list[str]] = []  #: Asterisk: cards moved this round
        self.locked_positions: list[list[int]] = []  #: Dagger + Asterisk: positions moved
        self.laid: list[bool] = []  #: Dagger: the row is arranged
        self.known: list[list[str | None]] = []  #: Dagger: the row as its owner laid it
        self.declared: list[list[str]] = []  #: Ace: the ranks declared for jokers
        self.declare_steps: list[int] = []  #: Ace: sealed declare-phase steps taken per seat
        self.is_revealed = False
        self.stabbed: list[list[str]] = []
        self.used: list[list[str]] = []  #: Ace: one code per used Ace still in the hand
        self.power_index = 0  #: index in players of the power turn
        self.no_game = False  #: the Clover Ace's draw: nobody scores this round
        start_round(self, self.dealer_draw["dealer"], list(range(seats)), [])

    # The contract ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def in_sudden_death(self) -> bool:
        return self.sudden_seats is not None

    def pending(self) -> list[int]:
        phase = self.phase
        if phase == "swap":
            return [self.players[self.right_index]]
        if phase == "give" and self.give_request is not None:
            return [self.give_request.seat]
        if phase == "arrange":
            return [s for s in self.players if not self.laid[s]]
        if phase == "declare":
            return [s for s in self.players if powers.declare_steps_left(self, s)]
        if phase == "power":
            return [self.players[self.power_index]]
        return []

    def view(self, seat: int | None) -> View:
        return seat_view(self, seat)

    def shows_hidden(self, events: Sequence[Event]) -> bool:
        """Also a normal swap's exchange (``swapped`` without positions: the two seats now
        see each other's cards); a Dagger swap is blind (the cards arrive face down)."""
        return super().shows_hidden(events) or any(
            e.get("type") == "swapped" and "take" not in e for e in events
        )

    def result(self) -> Result:
        return {
            "scores": list(self.scores),
            "winners": list(self.final_winners),
            "rounds": [copy_record(r) for r in self.rounds],
            "tiebreak": _tiebreak(self.tiebreak_info),
            "sudden_death": list(self.sudden_entrants) if self.sudden_entrants else None,
        }

    # Shared helpers ----------------------------------------------------------------------
    def other_players(self, seat: int) -> list[int]:
        return [s for s in self.players if s != seat]


def _tiebreak(info: Tiebreak | None) -> Tiebreak | None:
    if info is None:
        return None
    return {"reading": info["reading"], "tied": list(info["tied"]), "after": list(info["after"])}
