"""Choosing the first dealer and dealing hands: the chance steps of SwaPo, all from ``rng``."""

from __future__ import annotations

import random

from ..cards import RANKS, rank
from .scoring import JOKER
from .types import DealerDraw

HAND_SIZE = 5
_HIGH_RANKS = {r: i for i, r in enumerate(RANKS[1:] + RANKS[:1])}  # 2 … K, then A
_SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}


def high_card_order(card: str) -> tuple[int, int]:
    """Order for the high-card draw only: Joker > A > K > … > 2, then S > H > D > C."""
    if card == JOKER:
        return (len(RANKS), 0)
    return (_HIGH_RANKS[rank(card)], _SUIT_ORDER[card[-1]])


def joker_draw(seats: int, all_cards: list[str], rng: random.Random) -> DealerDraw:
    """n cards holding exactly one joker are drawn, one per seat; the joker's drawer deals."""
    others = [c for c in all_cards if c != JOKER]
    cards = [JOKER, *rng.sample(others, seats - 1)]
    rng.shuffle(cards)
    return {
        "method": "joker_draw",
        "draws": [cards],
        "seats": [list(range(seats))],
        "dealer": cards.index(JOKER),
    }


def high_card_draw(seats: int, all_cards: list[str], rng: random.Random) -> DealerDraw:
    """Every seat draws a card; the highest deals; seats tied on identical cards draw again."""
    drawing = list(range(seats))
    draws: list[list[str]] = []
    rounds: list[list[int]] = []
    while True:
        cards = rng.sample(all_cards, len(drawing))
        draws.append(cards)
        rounds.append(drawing)
        best = max(high_card_order(c) for c in cards)
        tied = [s for s, c in zip(drawing, cards, strict=True) if high_card_order(c) == best]
        if len(tied) == 1:
            return {"method": "high_card", "draws": draws, "seats": rounds, "dealer": tied[0]}
        drawing = tied


def clockwise_from(start: int, seats: list[int], table: int) -> list[int]:
    """``seats`` in clockwise order, beginning with the first at or after ``start``."""
    return sorted(seats, key=lambda s: (s - start) % table)


def deal_hands(
    pile: list[str], players: list[int], table: int, five_at_once: bool
) -> list[list[str]]:
    """Deal 5 cards to each of ``players`` (dealer first) from ``pile`` (top = last item).

    one at a time: the i-th card off the pile goes to players[i % m]; five at once: the dealer
    takes the top 5, the next player the next 5, and so on.
    """
    m = len(players)
    off_the_top = [pile.pop() for _ in range(HAND_SIZE * m)]
    hands: list[list[str]] = [[] for _ in range(table)]
    if five_at_once:
        for j, seat in enumerate(players):
            hands[seat] = off_the_top[HAND_SIZE * j : HAND_SIZE * (j + 1)]
    else:
        for i, card in enumerate(off_the_top):
            hands[players[i % m]].append(card)
    return hands
