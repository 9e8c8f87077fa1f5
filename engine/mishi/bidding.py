"""The deal with declaring (亮主), going alone (包牌), redeal, and taking the kitty.

A mixin of ``state.MiShi``: it reads and writes the game's attributes; every method that
changes state is called only after the action was checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base import IllegalAction, check_action, check_codes
from .cards import ORDERS, bid_options, bid_rank, full_deck

if TYPE_CHECKING:
    from .state import MiShi

DEALT = 84  # cards drawn before the kitty: 4 × 21


@dataclass(frozen=True)
class Bid:
    """A declaration or a go-alone bid: who showed how many tens of which suit."""

    seat: int
    suit: str
    count: int

    @property
    def rank(self) -> int:
        return bid_rank(self.suit, self.count)

    @property
    def cards(self) -> list[str]:
        return ["10" + self.suit] * self.count

    def as_dict(self) -> dict:
        return {"seat": self.seat, "suit": self.suit, "cards": self.cards}


class BiddingMixin:
    """Deal, declare, go alone, redeal."""

    # The deal ---------------------------------------------------------------------------
    def _start_deal(self: MiShi, events: list[dict], deck: list[str] | None = None) -> None:
        if deck is None:
            deck = full_deck()
            self.rng.shuffle(deck)
        self.deck = deck
        self.drawn = 0
        self.hands = [[] for _ in range(self.seats)]
        self.kitty = []
        self.declaration = None
        self.bao_bid = None
        self.asked = None
        self.phase = "deal"
        self._reset_play()
        self._advance_deal(events)

    def declare_options(self: MiShi, seat: int) -> list[tuple[str, int]]:
        """What ``seat`` may declare now (only the drawer is ever asked)."""
        standing = self.declaration
        hand = self.hands[seat]
        if standing is None:
            return bid_options(hand)
        if standing.seat == seat:
            strengthen = (standing.suit, 2)
            return [strengthen] if standing.count == 1 and strengthen in bid_options(hand) else []
        return [(s, n) for s, n in bid_options(hand) if bid_rank(s, n) > standing.rank]

    def _advance_deal(self: MiShi, events: list[dict]) -> None:
        """Draw until the drawer may declare or the deal is complete."""
        while self.drawn < DEALT:
            seat = (self.first + self.drawn) % self.seats
            self.hands[seat].append(self.deck[self.drawn])
            self.drawn += 1
            if self.declare_options(seat):
                self.asked = seat
                return
        self.asked = None
        self.kitty = list(self.deck[DEALT:])
        events.append({"type": "dealt"})
        self._start_bao(events)

    def _apply_declare(self: MiShi, seat: int, action: dict, events: list[dict]) -> None:
        kind = action["type"]
        if kind == "pass":
            check_action(action, {"type": str})
            events.append({"type": "pass", "seat": seat, "phase": "deal"})
        else:
            bid = self._check_bid(seat, action, "declare", self.declare_options(seat))
            self.declaration = bid
            events.append({"type": "declare", **bid.as_dict()})
        self.asked = None
        self._advance_deal(events)

    def _check_bid(self: MiShi, seat: int, action: dict, kind: str, options: list) -> Bid:
        if action["type"] != kind:
            raise IllegalAction(f"now you may {kind} or pass, not {action['type']}")
        check_action(action, {"type": str, "cards": list})
        cards = check_codes(kind, "cards", action["cards"])
        if not 1 <= len(cards) <= 2 or any(not c.startswith("10") for c in cards):
            raise IllegalAction(f"{kind}: show one or two 10s")
        if len(set(cards)) != 1:
            raise IllegalAction(f"{kind}: two tens must be of the same suit")
        if self.hands[seat].count(cards[0]) < len(cards):
            raise IllegalAction(f"{kind}: you do not hold {' '.join(cards)}")
        suit = cards[0][-1]
        if (suit, len(cards)) not in options:
            raise IllegalAction(self._bid_refusal(seat, kind))
        return Bid(seat, suit, len(cards))

    def _bid_refusal(self: MiShi, seat: int, kind: str) -> str:
        if kind == "declare" and self.declaration and self.declaration.seat == seat:
            return "declare: you may only strengthen your own declaration with the second ten"
        return f"{kind}: that does not outrank the standing bid"

    # Going alone ------------------------------------------------------------------------
    def bao_options(self: MiShi, seat: int) -> list[tuple[str, int]]:
        options = bid_options(self.hands[seat])
        if self.bao_bid is None:
            return options
        return [(s, n) for s, n in options if bid_rank(s, n) > self.bao_bid.rank]

    def _start_bao(self: MiShi, events: list[dict]) -> None:
        self.phase = "bao"
        start = self.declaration.seat if self.declaration else self.first
        self.bao_turn = start
        self.bao_steps = 0
        self._advance_bao(events)

    def _advance_bao(self: MiShi, events: list[dict]) -> None:
        """Ask the next player who can outbid; end the round when it comes back."""
        while True:
            bidder = self.bao_bid.seat if self.bao_bid else None
            if bidder is not None and self.bao_turn == bidder:
                break
            if bidder is None and self.bao_steps >= self.seats:
                break
            if self.bao_options(self.bao_turn):
                return
            self.bao_turn = (self.bao_turn + 1) % self.seats
            self.bao_steps += 1
        self.bao_turn = None
        if self.bao_bid is None and self.declaration is None:
            events.append({"type": "redeal", "hand": self.hand_index + 1})
            self._start_deal(events)
            return
        self._take_kitty(events)

    def _apply_bao(self: MiShi, seat: int, action: dict, events: list[dict]) -> None:
        if action["type"] == "pass":
            check_action(action, {"type": str})
            events.append({"type": "pass", "seat": seat, "phase": "bao"})
        else:
            bid = self._check_bid(seat, action, "bao", self.bao_options(seat))
            self.bao_bid = bid
            events.append({"type": "bao", **bid.as_dict()})
        self.bao_turn = (self.bao_turn + 1) % self.seats
        self.bao_steps += 1
        self._advance_bao(events)

    # The kitty and the partner ----------------------------------------------------------
    def _take_kitty(self: MiShi, events: list[dict]) -> None:
        final = self.bao_bid or self.declaration
        self.declarer = final.seat
        self.trump = final.suit
        self.order = ORDERS[self.trump]
        self.hands[self.declarer].extend(self.kitty)
        ten = "10" + self.trump
        if self.bao_bid is not None:
            self.case, self.partner = "bao", None
        elif self.hands[self.declarer].count(ten) == 2:
            self.case, self.partner = "paqi", None
        else:
            self.case = "2v2"
            self.partner = next(
                s for s in range(self.seats) if s != self.declarer and ten in self.hands[s]
            )
        self.buried = []
        self.phase = "bury"
        events.append(
            {
                "type": "kitty_taken",
                "seat": self.declarer,
                "suit": self.trump,
                "case": "bao" if self.case == "bao" else None,
            }
        )
