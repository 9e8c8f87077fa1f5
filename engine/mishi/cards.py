"""Mi Shi's cards: the 92-card deck, points, and the order that depends on the trump suit.

Every card gets an *effective suit* (``"T"`` for the 38 trumps, else its own suit letter) and a
*level* inside that suit. Levels are also the tractor chain: two pairs are consecutive when
their levels differ by one. Side suits: 5=0 … 9=4, J=5, Q=6, K=7, A=8 (so 9–J and K–A link).
Trumps continue above the trump suit's A=8: off-suit 2s=9 (equal to each other), trump-suit
2=10, off-suit 10s=11 (equal), trump-suit 10=12, SJ=13, BJ=14. Two different off-suit 2 pairs
share a level, so they never link with each other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .. import cards as _cards

TRUMP = "T"
SUIT_ORDER: tuple[str, ...] = ("S", "H", "C", "D")  # declaration rank, high to low
SIDE_RANKS: tuple[str, ...] = ("5", "6", "7", "8", "9", "J", "Q", "K", "A")
SIDE_LEVEL: dict[str, int] = {r: i for i, r in enumerate(SIDE_RANKS)}
POINTS: dict[str, int] = {"5": 5, "10": 10, "K": 10}
DECK_RANKS: tuple[str, ...] = ("A", "2", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def full_deck() -> list[str]:
    """The 92 cards, unshuffled: two decks without 3s and 4s, each with BJ and SJ."""
    return _cards.standard_deck(2, ranks=DECK_RANKS, jokers=("BJ", "SJ"))


class _Points(dict[str, int]):
    """The points of every card of the deck, looked up in C; any other code worked out."""

    def __missing__(self, card: str) -> int:
        return 0 if card in ("BJ", "SJ") else POINTS.get(_cards.rank(card), 0)


_POINTS = _Points()
_POINTS.update((card, _POINTS[card]) for card in full_deck())


def points(card: str) -> int:
    return _POINTS[card]


def card_points(cards: Iterable[str]) -> int:
    return sum(map(_POINTS.__getitem__, cards))


def is_permanent_trump(card: str) -> bool:
    return card in ("BJ", "SJ") or _cards.rank(card) in ("10", "2")


class Order:
    """The card order for one trump suit (``None`` before any declaration: jokers, 10s and 2s
    are still trumps, every suit is a side suit)."""

    def __init__(self, trump: str | None) -> None:
        self.trump = trump
        self._suit: dict[str, str] = {}
        self._level: dict[str, int] = {}
        for card in set(full_deck()):
            self._suit[card], self._level[card] = self._classify(card)
        self._key = {card: self._sort_key(card) for card in self._suit}

    def _classify(self, card: str) -> tuple[str, int]:
        if card == "BJ":
            return TRUMP, 14
        if card == "SJ":
            return TRUMP, 13
        rank, suit = _cards.rank(card), card[-1]
        if rank == "10":
            return TRUMP, 12 if suit == self.trump else 11
        if rank == "2":
            return TRUMP, 10 if suit == self.trump else 9
        if suit == self.trump:
            return TRUMP, SIDE_LEVEL[rank]
        return suit, SIDE_LEVEL[rank]

    def suit(self, card: str) -> str:
        """``"T"`` for a trump, else the card's suit letter."""
        return self._suit[card]

    def of_suit(self, cards: Iterable[str], suit: str) -> list[str]:
        """The cards whose effective suit is ``suit``, in their order."""
        table = self._suit
        return [c for c in cards if table[c] == suit]

    def level(self, card: str) -> int:
        return self._level[card]

    def _sort_key(self, card: str) -> tuple[int, int, str]:
        suit = self._suit[card]
        group = 0 if suit == TRUMP else 1 + SUIT_ORDER.index(suit)
        return group, -self._level[card], card

    def sort_key(self, card: str) -> tuple[int, int, str]:
        """Trumps first, then ♠ ♥ ♣ ♦; high to low inside each."""
        return self._key[card]

    def sorted(self, cards: Iterable[str]) -> list[str]:
        return sorted(cards, key=self._key.__getitem__)  # (each card's key made once)


ORDERS: dict[str | None, Order] = {t: Order(t) for t in (None, *SUIT_ORDER)}


def tens_by_suit(hand: Iterable[str]) -> Counter:
    """How many 10s of each suit a hand holds."""
    return Counter(c[-1] for c in hand if c.startswith("10"))


def bid_rank(suit: str, count: int) -> int:
    """Bid rank: two ♠10 > two ♥10 > two ♣10 > two ♦10 > one ♠10 > … > one ♦10."""
    return (count - 1) * 4 + (3 - SUIT_ORDER.index(suit))


def bid_options(hand: Iterable[str]) -> list[tuple[str, int]]:
    """Every (suit, count) a hand could show: one ten, or two of one suit."""
    held = tens_by_suit(hand)
    return [(s, n) for s in SUIT_ORDER for n in (1, 2) if held[s] >= n]
