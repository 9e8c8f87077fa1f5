"""The SwaPo choices a player can make now, worked out from the ``legal`` list alone.

The screen lights up only what these functions say is possible, so a player can never build
an action the engine would not take (the engine still has the last word).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_VALUE = {r: i + 1 for i, r in enumerate(RANK_ORDER)}
POWER_CARDS = {"stab": "AS", "honey_trap": "AH", "draw": "AC", "steal": "AD"}


def of_type(legal: Iterable[dict], kind: str) -> list[dict]:
    return [a for a in legal if isinstance(a, dict) and a.get("type") == kind]


def can_pass(legal: Iterable[dict]) -> bool:
    return any(a.get("type") == "pass" for a in legal if isinstance(a, dict))


def swap_targets(legal: Iterable[dict]) -> list[int]:
    """Seats the player may swap with now."""
    return sorted({a["target"] for a in of_type(legal, "swap")})


def swap_counts(legal: Iterable[dict], target: int) -> list[int]:
    """How many cards may be swapped with ``target``."""
    counts = set()
    for a in of_type(legal, "swap"):
        if a["target"] == target:
            counts.add(len(a["cards"]) if "cards" in a else len(a["take"]))
    return sorted(counts)


def card_sets(actions: Iterable[dict], key: str = "cards") -> set[tuple[str, ...]]:
    """The distinct card multisets the actions offer (sorted tuples)."""
    return {tuple(sorted(a[key])) for a in actions}


def swap_card_sets(legal: Iterable[dict], target: int, k: int) -> set[tuple[str, ...]]:
    return card_sets(
        a for a in of_type(legal, "swap") if a["target"] == target and len(a.get("cards", ())) == k
    )


def position_sets(legal: Iterable[dict], target: int, k: int, key: str) -> set[tuple[int, ...]]:
    """Dagger: the position sets (``take`` or ``give``) legal with ``target`` and ``k``."""
    return {
        tuple(sorted(a[key]))
        for a in of_type(legal, "swap")
        if a["target"] == target and key in a and len(a[key]) == k
    }


def pickable_cards(hand: list[str], picked: list[int], allowed: set[tuple[str, ...]]) -> list[bool]:
    """For each card of ``hand``: may it be picked (or unpicked) now, given the picks so far?

    A card may be added when some allowed set contains the picked cards plus it.
    """
    chosen = Counter(hand[i] for i in picked)
    result = []
    for i, code in enumerate(hand):
        if i in picked:
            result.append(True)
            continue
        want = chosen + Counter([code])
        result.append(any(_contains(Counter(s), want) for s in allowed))
    return result


def pickable_positions(picked: list[int], allowed: set[tuple[int, ...]], size: int) -> list[bool]:
    chosen = set(picked)
    return [p in chosen or any(chosen | {p} <= set(s) for s in allowed) for p in range(size)]


def _contains(have: Counter, want: Counter) -> bool:
    return all(have[c] >= n for c, n in want.items())


def declare_ranks(legal: Iterable[dict]) -> list[str]:
    ranks = {a["rank"] for a in of_type(legal, "declare")}
    return [r for r in RANK_ORDER if r in ranks]


def best_groups(hand: list[str], declared: list[str] | None, *, ace: bool) -> tuple[int, set[str]]:
    """(strength, the ranks of the group(s) that give it) for a revealed hand.

    Normal rules: every joker joins the largest group. Ace: jokers count as their declared
    ranks and of equal groups the one worth more counts.
    """
    jokers = hand.count("JK")
    counts = Counter(c[:-1] for c in hand if c != "JK")
    if ace:
        counts.update(declared or [])
        jokers = 0
    if not counts:
        return jokers, set()
    size = max(counts.values())
    ranks = {r for r, n in counts.items() if n == size}
    if ace and ranks:
        top = max(RANK_VALUE.get(r, 0) for r in ranks)
        ranks = {r for r in ranks if RANK_VALUE.get(r, 0) == top}
    return size + jokers, ranks


def group_words(size: int, ranks: set[str]) -> str:
    """ "three 2s", "a pair of K", "high card" — how a hand's strength reads."""
    if size <= 1 or not ranks:
        return "no pair"
    rank = sorted(ranks, key=lambda r: RANK_VALUE.get(r, 0))[-1]
    if size == 2:
        return f"a pair of {rank}"
    words = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
    return f"{words.get(size, str(size))} {rank}s"
