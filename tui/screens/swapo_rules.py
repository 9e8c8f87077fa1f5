"""What the SwaPo screen reads without deciding anything: the choices the ``legal`` list
offers (so a player can never build an action the engine would not take — the engine still has
the last word), and how a revealed hand's strength reads. No Textual here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from engine.cards import RANKS
from engine.swapo.scoring import JOKER, RANK_VALUES, ace_score

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
    """ "Round 2: Bo won with three 7s (+21)", "Round 2: no game (Draw)" or, when nobody has
    a pair, "Round 2: nobody has a pair — You, Bo tie (no points)"."""
    number = record.get("round", "?")
    if record.get("no_game"):
        return f"Round {number}: no game (Draw)"
    winners = record.get("winners") or []
    points = record.get("points") or []
    hands = record.get("hands") or []
    ace = bool(record.get("declared")) and any(record.get("declared") or [])
    extra = " · sudden death" if record.get("sudden_death") else ""
    parts, sizes = [], []
    for seat in winners:
        hand = hands[seat] if seat < len(hands) and hands[seat] else []
        declared = (record.get("declared") or [None] * (seat + 1))[seat]
        size, ranks = best_groups(hand, declared, ace=ace or bool(declared))
        sizes.append(size)
        got = points[seat] if seat < len(points) else 0
        parts.append(f"{name_of(seat)} ({group_words(size, ranks)}, +{got})")
    if len(winners) > 1 and max(sizes) <= 1:  # nobody made a pair: a tie on nothing
        got = [points[s] if s < len(points) else 0 for s in winners]
        names = and_list([name_of(s) for s in winners])
        worth = "no points" if not any(got) else f"+{got[0]} each"
        return f"Round {number}: nobody has a pair — {names} tie ({worth}){extra}"
    verb = "won" if len(winners) == 1 else "share the win"
    return f"Round {number}: {and_list(parts) or 'nobody'} {verb}{extra}"


def and_list(words: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return " and ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)


def rank_plural(rank: str) -> str:
    """ "Qs", "10s", "6s": a rank counted more than once."""
    return f"{rank}s"


def group_words(size: int, ranks: set[str]) -> str:
    """ "three 2s", "a pair of Ks", "no pair" — how a hand's strength reads."""
    if size <= 1 or not ranks:
        return "no pair"
    rank = sorted(ranks, key=lambda r: rank_value(r))[-1]
    if size == 2:
        return f"a pair of {rank_plural(rank)}"
    words = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
    return f"{words.get(size, str(size))} {rank_plural(rank)}"


# -- Ace: what a power or a declaration would change ----------------------------------------
Hands = list  # per seat: a list of cards, or None for a seat out of the round


def ace_standing(hands: Hands, declared: list) -> tuple[list[int], list[int]]:
    """(winners, points per seat) if the round were scored on ``hands`` as they stand, with
    the engine's own scoring (``engine.swapo.scoring.ace_score``)."""
    size: dict[int, int] = {}
    points = [0] * len(hands)
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        mine = list((declared[seat] if seat < len(declared) else None) or [])
        jokers = hand.count(JOKER)
        cards = list(hand)
        while jokers > len(mine):  # a joker whose rank is not known: left out
            cards.remove(JOKER)
            jokers -= 1
        size[seat], points[seat] = ace_score(cards, mine[:jokers])
    if not size:
        return [], points
    best = max(size.values())
    winners = sorted(s for s, n in size.items() if n == best)
    return winners, [p if s in winners else 0 for s, p in enumerate(points)]


def _take_joker(declared: list, seat: int) -> str | None:
    mine = list(declared[seat] or [])
    if not mine:
        return None
    best = max(mine, key=RANK_VALUES.__getitem__)
    mine.remove(best)
    declared[seat] = mine
    return best


def after_power(me: int, hands: Hands, declared: list, action: dict) -> tuple[Hands, list]:
    """The revealed hands (and declared ranks) as they would be after ``action``."""
    hands = [list(h) if h is not None else None for h in hands]
    declared = [list(d) if d else [] for d in declared] + [[]] * (len(hands) - len(declared))
    kind, target, card = action.get("type"), action.get("target"), action.get("card")
    if not isinstance(target, int) or not 0 <= target < len(hands) or hands[target] is None:
        return hands, declared
    victim = hands[target]
    assert victim is not None
    if kind in ("stab", "steal") and card in victim:
        victim.remove(card)
        if card == JOKER:
            _take_joker(declared, target)
        if kind == "steal" and hands[me] is not None:
            hands[me].append(card)
    elif kind == "honey_trap" and JOKER in victim:
        victim.remove(JOKER)
        _take_joker(declared, target)
        if hands[me] is not None:
            hands[me].append(JOKER)
            declared[me] = [*declared[me], str(action.get("rank"))]
    return hands, declared


def best_for(me: int, view: dict, actions: list[dict]) -> dict | None:
    """Of ``actions`` (e.g. a honey trap's ranks), the one that leaves me the most points."""
    hands, declared = view.get("revealed") or [], view.get("declared") or []

    def mine(action: dict) -> int:
        winners, points = ace_standing(*after_power(me, hands, declared, action))
        return points[me] if me in winners else -1

    return max(actions, key=mine, default=None)


def standing_words(winners: list[int], points: list[int], name_of: NameOf) -> str:
    """ "Bo wins +12", "You +26 and Bo +14 share the win"."""
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        name = name_of(winners[0])
        return f"{name} {'win' if name == 'You' else 'wins'} +{points[winners[0]]}"
    return and_list([f"{name_of(s)} +{points[s]}" for s in winners]) + " share the win"


def power_effect(me: int, view: dict, action: dict, name_of: NameOf) -> str:
    """What a power would change, read on the revealed hands: "→ You win +26 (now Bo +12)"."""
    hands, declared = view.get("revealed") or [], view.get("declared") or []
    now = ace_standing(hands, declared)
    if action.get("type") == "draw":
        return f"→ no game: nobody scores (now {standing_words(*now, name_of)})"
    if action.get("type") == "pass":
        return f"→ {standing_words(*now, name_of)}"
    then = ace_standing(*after_power(me, hands, declared, action))
    if then == now:
        return f"→ no change: {standing_words(*now, name_of)}"
    return f"→ {standing_words(*then, name_of)} (now {standing_words(*now, name_of)})"


def declare_points(hand: list[str], declared: list[str], rank: str) -> tuple[int, int]:
    """(group size, points if this hand wins) with the next joker declared as ``rank`` (jokers
    still to declare after it left out)."""
    mine = [*declared, rank]
    cards = [c for c in hand if c != "?"]
    while cards.count(JOKER) > len(mine):
        cards.remove(JOKER)
    return ace_score(cards, mine[: cards.count(JOKER)])


def idle_aces(me: int, hands: Hands) -> list[tuple[str, str]]:
    """Ace: my Aces whose power has no target on the revealed hands, with why."""
    mine = hands[me] if 0 <= me < len(hands) else None
    if not mine:
        return []
    others = [h for s, h in enumerate(hands) if s != me and h]
    out = []
    if "AH" in mine and not any(JOKER in h for h in others):
        out.append(("AH", "no one else holds a joker"))
    if "AD" in mine and not any(c != JOKER for h in others for c in h):
        out.append(("AD", "nothing left to steal"))
    if "AS" in mine and not others:
        out.append(("AS", "no card left to stab"))
    return out
