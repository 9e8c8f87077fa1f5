"""Trick logic: units (single, pair, tractor), throws, following obligations, beating.

All functions work on the cards of one effective suit (see ``cards.Order``) unless said.
A *shape* is what a lead asks for: ``(tractor pair-counts longest first, pairs, singles)``.
Following and beating are both phrased as "contains these units": a tractor of ``k`` pairs
may be found inside a longer run; a pair is two identical codes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from .cards import Order


class Unit(NamedTuple):
    """A lead unit. ``pairs`` is 0 for a single, 1 for a pair, k ≥ 2 for a tractor."""

    pairs: int
    cards: tuple[str, ...]
    high: int  # the level of its highest card

    @property
    def size(self) -> int:
        return max(1, 2 * self.pairs)


class Shape(NamedTuple):
    tractors: tuple[int, ...]
    pairs: int
    singles: int

    @property
    def size(self) -> int:
        return 2 * sum(self.tractors) + 2 * self.pairs + self.singles

    @property
    def largest_unit(self) -> int:
        """Cards in the largest unit (for the kitty bonus)."""
        if self.tractors:
            return 2 * self.tractors[0]
        return 2 if self.pairs else 1


def _pairs(cards: Iterable[str], order: Order) -> dict[int, list[str]]:
    """level -> codes held twice (one entry per pair)."""
    counts = Counter(cards)
    out: dict[int, list[str]] = {}
    for code, n in sorted(counts.items()):
        for _ in range(n // 2):
            out.setdefault(order.level(code), []).append(code)
    return out


def _runs(levels: Iterable[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive levels as (low, high)."""
    out: list[tuple[int, int]] = []
    for lv in sorted(set(levels)):
        if out and out[-1][1] == lv - 1:
            out[-1] = (out[-1][0], lv)
        else:
            out.append((lv, lv))
    return out


def decompose(cards: Sequence[str], order: Order) -> list[Unit]:
    """Split cards into units: longest tractors first, then pairs, then singles.

    Units never mix effective suits (a lead is one suit; mixed cards are split per suit).
    """
    suits = {order.suit(c) for c in cards}
    if len(suits) > 1:
        mixed = [
            u
            for s in sorted(suits)
            for u in decompose([c for c in cards if order.suit(c) == s], order)
        ]
        mixed.sort(key=lambda u: (-u.pairs, -u.high))
        return mixed
    pairs = _pairs(cards, order)
    rest = Counter(cards)
    units: list[Unit] = []
    while True:
        runs = [r for r in _runs(lv for lv, codes in pairs.items() if codes) if r[1] > r[0]]
        if not runs:
            break
        low, high = max(runs, key=lambda r: (r[1] - r[0], r[1]))
        chosen = [pairs[lv].pop(0) for lv in range(low, high + 1)]
        for code in chosen:
            rest[code] -= 2
        units.append(Unit(high - low + 1, tuple(c for c in chosen for _ in (0, 1)), high))
    units.sort(key=lambda u: (-u.pairs, -u.high))
    for lv in sorted(pairs, reverse=True):
        for code in pairs[lv]:
            rest[code] -= 2
            units.append(Unit(1, (code, code), lv))
    singles = sorted(rest.elements(), key=lambda c: -order.level(c))
    units.extend(Unit(0, (c,), order.level(c)) for c in singles)
    return units


def shape_of(units: Sequence[Unit]) -> Shape:
    tractors = tuple(sorted((u.pairs for u in units if u.pairs >= 2), reverse=True))
    return Shape(
        tractors, sum(1 for u in units if u.pairs == 1), sum(1 for u in units if u.pairs == 0)
    )


# ---------------------------------------------------------------------------------------------
# Throws


def beats_unit(unit: Unit, others: Sequence[str], order: Order) -> bool:
    """Could ``others`` (one player's cards of the unit's suit) beat this unit?"""
    if unit.pairs == 0:
        return any(order.level(c) > unit.high for c in others)
    levels = [lv for lv, codes in _pairs(others, order).items() if codes]
    if unit.pairs == 1:
        return any(lv > unit.high for lv in levels)
    return any(hi - lo + 1 >= unit.pairs and hi > unit.high for lo, hi in _runs(levels))


def failed_throw(
    units: Sequence[Unit], others: Iterable[Sequence[str]], order: Order
) -> Unit | None:
    """For a throw (several units), the unit the leader must play instead, or None if it stands.

    The lowest beatable unit: singles before pairs before tractors, then the lowest rank.
    """
    if len(units) < 2:
        return None
    beatable = [u for u in units if any(beats_unit(u, hand, order) for hand in others)]
    if not beatable:
        return None
    return min(beatable, key=lambda u: (u.pairs, u.high))


# ---------------------------------------------------------------------------------------------
# Following: what a follower must include, and whether a partial pick can still be completed


def _take_run(avail: dict[int, list[str]], k: int) -> bool:
    """Remove a k-pair tractor from ``avail`` (shortest fitting run, from its low end)."""
    runs = [r for r in _runs(lv for lv, c in avail.items() if c) if r[1] - r[0] + 1 >= k]
    if not runs:
        return False
    low, _ = min(runs, key=lambda r: (r[1] - r[0], r[0]))
    for lv in range(low, low + k):
        avail[lv].pop(0)
    return True


def requirement(cards: Sequence[str], lead: Shape, order: Order) -> tuple[tuple[int, ...], int]:
    """The units a player holding ``cards`` (of the led suit) must play: the tractors of the
    lead it can match (longest first), then as many pairs as it can (a tractor it cannot match
    asks for as many of its pairs as possible), as ``(tractor lengths, pairs)``."""
    avail = {lv: list(codes) for lv, codes in _pairs(cards, order).items()}
    tractors: list[int] = []
    pairs = 0
    fallback = 0
    for k in lead.tractors:
        if _take_run(avail, k):
            tractors.append(k)
        else:
            fallback += k
    for _ in range(fallback + lead.pairs):
        levels = [lv for lv, codes in avail.items() if codes]
        if not levels:
            break
        avail[min(levels)].pop(0)
        pairs += 1
    return tuple(tractors), pairs


def _best_overlap(
    held: dict[int, list[str]], tractors: Sequence[int], pairs: int, chosen: Counter, order: Order
) -> int | None:
    """The most of ``chosen`` that disjoint instances of the required units can cover, taking
    them from the pairs ``held`` (``_pairs`` of the cards: read, not changed); None if the
    units cannot all be found."""
    avail = {lv: list(codes) for lv, codes in held.items()}
    left = Counter(chosen)
    covered = 0
    for i, k in enumerate(tractors):
        best: tuple[int, list[str]] | None = None
        for low, high in _runs(lv for lv, c in avail.items() if c):
            for start in range(low, high - k + 2):
                codes = [
                    max(avail[lv], key=lambda c: min(left[c], 2)) for lv in range(start, start + k)
                ]
                gain = sum(min(left[c], 2) for c in codes)
                if best is not None and gain <= best[0]:
                    continue
                trial = {lv: list(cs) for lv, cs in avail.items()}
                for lv, code in zip(range(start, start + k), codes, strict=True):
                    trial[lv].remove(code)
                if all(_take_run(trial, rest) for rest in tractors[i + 1 :]):
                    best = (gain, codes)
        if best is None:
            return None
        for code in best[1]:
            avail[order.level(code)].remove(code)
            covered += min(left[code], 2)
            left[code] -= min(left[code], 2)
    flat = sorted(
        (code for codes in avail.values() for code in codes), key=lambda c: -min(left[c], 2)
    )
    if len(flat) < pairs:
        return None
    for code in flat[:pairs]:
        got = min(left[code], 2)
        covered += got
        left[code] -= got
    return covered


def completable(
    chosen: Sequence[str], hand: Sequence[str], lead_suit: str, lead: Shape, order: Order
) -> bool:
    """Can the partial pick ``chosen`` (inside ``hand``) still become a legal follow?

    With a whole play (``len(chosen) == lead.size``) this is the legality check itself.
    """
    return completer(hand, lead_suit, lead, order)(chosen)


def completer(
    hand: Sequence[str], lead_suit: str, lead: Shape, order: Order
) -> Callable[[Sequence[str]], bool]:
    """``completable`` of one hand and lead, for many picks: what the hand alone decides (its
    cards of the led suit, the units they must give, their pairs) is worked out once, at the
    first pick that needs it."""
    n = lead.size
    suit_cards = order.of_suit(hand, lead_suit)
    short = len(suit_cards) <= n
    singles = not lead.tractors and not lead.pairs
    need: list[tuple[tuple[int, ...], int, int, dict[int, list[str]]]] = []

    def test(chosen: Sequence[str]) -> bool:
        if len(chosen) > n:
            return False
        in_suit = order.of_suit(chosen, lead_suit)
        if short:
            return len(chosen) - len(in_suit) <= n - len(suit_cards)
        if len(in_suit) != len(chosen):
            return False
        if singles:  # singles: any cards of the suit will do
            return True
        if not need:
            tractors, pairs = requirement(suit_cards, lead, order)
            need.append((tractors, pairs, 2 * sum(tractors) + 2 * pairs, _pairs(suit_cards, order)))
        tractors, pairs, fixed, held = need[0]
        covered = _best_overlap(held, tractors, pairs, Counter(chosen), order)
        return covered is not None and len(chosen) - covered <= n - fixed

    return test


# ---------------------------------------------------------------------------------------------
# Beating


def _top(cards: Sequence[str], lead: Shape, order: Order) -> int:
    """The level of the highest unit of the lead's largest kind inside ``cards``."""
    levels = [lv for lv, codes in _pairs(cards, order).items() if codes]
    if lead.tractors:
        k = lead.tractors[0]
        return max(hi for lo, hi in _runs(levels) if hi - lo + 1 >= k)
    if lead.pairs:
        return max(levels)
    return max(order.level(c) for c in cards)


def matches(cards: Sequence[str], lead: Shape, order: Order) -> bool:
    """Do ``cards`` (all of one suit) contain every unit of the lead's shape?"""
    return len(cards) == lead.size and requirement(cards, lead, order) == (
        lead.tractors,
        lead.pairs,
    )


def beat_key(
    cards: Sequence[str], lead_suit: str, lead: Shape, order: Order
) -> tuple[int, int] | None:
    """How strong a play is in this trick, or None if it cannot win it.

    ``(0, level)`` for a play in the led suit of the led format, ``(1, level)`` for trumps in
    the led format on a side-suit lead (the player was void, or it would have had to follow).
    Higher keys win; among equal keys the earliest play stands.
    """
    suits = {order.suit(c) for c in cards}
    if len(suits) != 1:
        return None
    (suit,) = suits
    if suit == lead_suit:
        tier = 0
    elif suit == "T":
        tier = 1
    else:
        return None
    if not matches(cards, lead, order):
        return None
    return tier, _top(cards, lead, order)
