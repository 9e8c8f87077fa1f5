"""How strong a SwaPo hand is and what it is worth (normal rules and Ace)."""

from __future__ import annotations

from collections import Counter

from ..cards import RANKS, rank

JOKER = "JK"
ACE_POWERS: tuple[str, ...] = ("AS", "AH", "AC", "AD")
RANK_VALUES: dict[str, int] = {r: i + 1 for i, r in enumerate(RANKS)}


def strength(hand: list[str]) -> int:
    """Normal rules: the largest number of one rank, every joker joining the largest group."""
    jokers = hand.count(JOKER)
    counts = Counter(rank(c) for c in hand if c != JOKER)
    return (max(counts.values()) if counts else 0) + jokers


def ace_groups(hand: list[str], declared: list[str]) -> Counter:
    """Ace: cards per rank, each joker counting as the rank declared for it."""
    if len(declared) != hand.count(JOKER):
        raise ValueError("every joker needs exactly one declared rank")
    groups = Counter(rank(c) for c in hand if c != JOKER)
    groups.update(declared)
    return groups


def ace_score(hand: list[str], declared: list[str]) -> tuple[int, int]:
    """Ace: (strength, points if this hand wins).

    Points are the values of the largest group; of groups tied for largest the one worth more
    counts; a best group of one card is worth nothing.
    """
    groups = ace_groups(hand, declared)
    if not groups:
        return 0, 0
    size = max(groups.values())
    worth = max(size * RANK_VALUES[r] for r, n in groups.items() if n == size)
    return size, (worth if size >= 2 else 0)
