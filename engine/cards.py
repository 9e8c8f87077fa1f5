"""Card codes and decks shared by every game.

A card is its code, a plain string: rank + suit (``"10H"``, ``"QS"``, ``"AC"``) or a joker
(``"JK"`` in SwaPo and Swoop, ``"BJ"``/``"SJ"`` in Mi Shi). Several decks may be mixed, so
identical cards share a code and a hand is a list (a multiset), never a set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKERS: frozenset[str] = frozenset({"JK", "BJ", "SJ"})

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def is_joker(card: str) -> bool:
    return card in JOKERS


def rank(card: str) -> str:
    """The rank part of a code (``"10"`` of ``"10H"``); a joker's rank is its own code."""
    return card if card in JOKERS else card[:-1]


def suit(card: str) -> str | None:
    """The suit letter of a code, or None for a joker."""
    return None if card in JOKERS else card[-1]


def is_card(card: object) -> bool:
    """True for any well-formed code (of any game)."""
    if not isinstance(card, str):
        return False
    if card in JOKERS:
        return True
    return len(card) in (2, 3) and card[-1] in SUITS and card[:-1] in RANKS


def standard_deck(
    decks: int = 1,
    *,
    ranks: Iterable[str] = RANKS,
    jokers: Iterable[str] = (),
) -> list[str]:
    """``decks`` copies of the suited cards of ``ranks`` plus ``jokers`` (per deck), unshuffled."""
    ranks = tuple(ranks)
    jokers = tuple(jokers)
    one = [r + s for s in SUITS for r in ranks] + list(jokers)
    return one * decks


def validate_deck(deck: object, expected: list[str]) -> list[str]:
    """Check that ``deck`` holds exactly the cards of ``expected`` (as a multiset).

    Returns a fresh list; raises ValueError naming what is wrong.
    """
    if not isinstance(deck, list | tuple) or not all(isinstance(c, str) for c in deck):
        raise ValueError("deck: must be a list of card codes")
    have, want = Counter(deck), Counter(expected)
    if have != want:
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        parts = []
        if extra:
            parts.append(f"unexpected {' '.join(extra[:8])}{' …' if len(extra) > 8 else ''}")
        if missing:
            parts.append(f"missing {' '.join(missing[:8])}{' …' if len(missing) > 8 else ''}")
        raise ValueError(
            f"deck: not this game's cards ({len(deck)} given, {len(expected)} "
            f"expected; {'; '.join(parts)})"
        )
    return list(deck)


def contains(hand: list[str], cards: Iterable[str]) -> bool:
    """True when the multiset ``cards`` is inside ``hand``."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in need.items())


def removed(hand: list[str], cards: Iterable[str]) -> list[str]:
    """A copy of ``hand`` without ``cards`` (one copy each); ValueError if one is missing."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            raise ValueError(f"{c} is not in the hand") from None
    return rest


def label(card: str, *, ascii_only: bool = False) -> str:
    """A short human label: ``10♥`` (or ``10H`` in ASCII); jokers keep their code."""
    if card in JOKERS or ascii_only:
        return card
    return rank(card) + SUIT_SYMBOLS[card[-1]]


def rank_order(ranks: Iterable[str], start: int = 1) -> dict[str, int]:
    """Each rank's strength for ``ranks`` listed low to high (the first is ``start``), e.g.
    ``rank_order(RANKS)["K"] == 13``. Games name their own order; this only numbers it."""
    return {r: i for i, r in enumerate(ranks, start)}


_SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}


def suit_index(card: str) -> int:
    """The position of a card's suit in SUITS (S, H, D, C); a joker comes after every suit."""
    # No joker code ends in a suit letter, so the last character decides (this is a sort key).
    return _SUIT_INDEX.get(card[-1], len(SUITS))
