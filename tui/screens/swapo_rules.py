"""What the SwaPo screen reads without deciding anything: the choices the ``legal`` list
offers (so a player can never build an action the engine would not take — the engine still has
the last word), and how a revealed hand's strength reads. No Textual here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from engine.cards import RANKS

NameOf = Callable[[object], str]  # a seat number -> the name shown
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
    return [r for r in RANKS if r in ranks]


def rank_value(rank: str) -> int:
    """A rank's worth in Ace scoring: A 1 … K 13 (0 for anything else)."""
    return RANKS.index(rank) + 1 if rank in RANKS else 0


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
        top = max(rank_value(r) for r in ranks)
        ranks = {r for r in ranks if rank_value(r) == top}
    return size + jokers, ranks


def round_words(record: dict, name_of: NameOf) -> str:
    """ "Round 2: Bo won with three 7s (+21)" or "Round 2: no game (Draw)"."""
    number = record.get("round", "?")
    if record.get("no_game"):
        return f"Round {number}: no game (Draw)"
    winners = record.get("winners") or []
    points = record.get("points") or []
    hands = record.get("hands") or []
    ace = bool(record.get("declared")) and any(record.get("declared") or [])
    parts = []
    for seat in winners:
        hand = hands[seat] if seat < len(hands) and hands[seat] else []
        declared = (record.get("declared") or [None] * (seat + 1))[seat]
        size, ranks = best_groups(hand, declared, ace=ace or bool(declared))
        got = points[seat] if seat < len(points) else 0
        parts.append(f"{name_of(seat)} ({group_words(size, ranks)}, +{got})")
    verb = "won" if len(winners) == 1 else "share the win"
    extra = " · sudden death" if record.get("sudden_death") else ""
    return f"Round {number}: {', '.join(parts) or 'nobody'} {verb}{extra}"


def group_words(size: int, ranks: set[str]) -> str:
    """ "three 2s", "a pair of K", "high card" — how a hand's strength reads."""
    if size <= 1 or not ranks:
        return "no pair"
    rank = sorted(ranks, key=lambda r: rank_value(r))[-1]
    if size == 2:
        return f"a pair of {rank}"
    words = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
    return f"{words.get(size, str(size))} {rank}s"
