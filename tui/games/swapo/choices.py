"""What the SwaPo screen reads without deciding anything: the choices the ``legal`` list
offers (so a player can never build an action the engine would not take — the engine still has
the last word), and how a revealed hand's strength reads. No Textual here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Literal, TypeGuard

from engine.base import SeatView
from engine.cards import RANKS
from engine.swapo.scoring import JOKER, RANK_VALUES, ace_score
from engine.swapo.types import TYPED, Action, DaggerSwapAction, GiveAction, SwapAction
from lang import N_, _, ngettext
from tui.fill import and_list, mine_or

from .declared import WORDS
from .model import RoundRecord

NameOf = Callable[[object], str]  # a seat number -> the name shown
POWER_CARDS = {"stab": "AS", "honey_trap": "AH", "draw": "AC", "steal": "AD"}


def can_pass(legal: Iterable[Action]) -> bool:
    return any(a["type"] == "pass" for a in legal)


def swaps(legal: Iterable[Action]) -> list[SwapAction | DaggerSwapAction]:
    return [a for a in legal if a["type"] == "swap"]


def offers_cards(swap: SwapAction | DaggerSwapAction) -> TypeGuard[SwapAction]:
    """A swap of the normal rules (cards offered), not of the Dagger (positions)."""
    return "cards" in swap


def moves_positions(swap: SwapAction | DaggerSwapAction) -> TypeGuard[DaggerSwapAction]:
    """A Dagger swap: positions taken and given."""
    return "take" in swap


def gifts(legal: Iterable[Action]) -> list[GiveAction]:
    """The listed gifts (the cards asked for)."""
    return [a for a in legal if a["type"] == "give"]


def swap_targets(legal: Iterable[Action]) -> list[int]:
    """Seats the player may swap with now."""
    return sorted({a["target"] for a in swaps(legal)})


def swap_counts(legal: Iterable[Action], target: int) -> list[int]:
    """How many cards may be swapped with ``target``."""
    counts = set()
    for a in swaps(legal):
        if a["target"] == target:
            if offers_cards(a):
                counts.add(len(a["cards"]))
            elif moves_positions(a):
                counts.add(len(a["take"]))
    return sorted(counts)


def card_sets(actions: Iterable[SwapAction | GiveAction]) -> set[tuple[str, ...]]:
    """The distinct card multisets the actions offer (sorted tuples)."""
    return {tuple(sorted(a["cards"])) for a in actions}


def swap_card_sets(legal: Iterable[Action], target: int, k: int) -> set[tuple[str, ...]]:
    offered = [a for a in swaps(legal) if offers_cards(a)]
    return card_sets(a for a in offered if a["target"] == target and len(a["cards"]) == k)


def position_sets(
    legal: Iterable[Action], target: int, k: int, key: Literal["take", "give"]
) -> set[tuple[int, ...]]:
    """Dagger: the position sets (``take`` or ``give``) legal with ``target`` and ``k``."""
    dagger = [a for a in swaps(legal) if moves_positions(a)]
    return {tuple(sorted(a[key])) for a in dagger if a["target"] == target and len(a[key]) == k}


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


def declare_ranks(legal: Iterable[Action]) -> list[str]:
    ranks = {a["rank"] for a in legal if a["type"] == "declare"}
    return [r for r in RANKS if r in ranks]


def rank_value(rank: str) -> int:
    """A rank's worth in Ace scoring: A 1 … K 13 (0 for anything else)."""
    return RANKS.index(rank) + 1 if rank in RANKS else 0


def best_groups(
    hand: Sequence[str], declared: Sequence[str] | None, *, ace: bool
) -> tuple[int, set[str]]:
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


def round_words(
    record: RoundRecord | Mapping,
    name_of: NameOf,
    *,
    sudden_mark: bool = True,
    numbered: bool = True,
) -> str:
    """ "Round 2: Bo won with three 7s (+21)", "Round 2: no game (Draw)" or, when nobody has
    a pair, "Round 2: nobody has a pair — You, Bo tie (no points)"; "· sudden death" after a
    sudden-death round's unless ``sudden_mark`` is off (a title that says it already). Not
    ``numbered``: the same result without its "Round 2: " (a title that names the round), its
    own whole sentence in each language."""
    if not isinstance(record, RoundRecord):
        record = RoundRecord.parse(record)
    number = record.round

    def pick(with_number: str, without: str) -> str:
        return with_number if numbered else without

    if record.no_game and record.drawn_by is not None:
        words = pick(
            # TRANSLATORS: SwaPo, a round's result when {name} played the Draw (the Ace of clubs)
            _("Round {number}: no game, {name} played the Draw"),
            # TRANSLATORS: SwaPo, a round's result after its title ("Round 3 —"): {name} played
            # the Draw (the Ace of clubs)
            _("no game, {name} played the Draw"),
        )
        return words.format(number=number, name=name_of(record.drawn_by))
    if record.no_game:
        words = pick(
            # TRANSLATORS: SwaPo, a round's result when the Draw (the Ace of clubs) was played
            _("Round {number}: no game (Draw)"),
            # TRANSLATORS: SwaPo, a round's result after its title ("Round 3 —") when the Draw
            # (the Ace of clubs) was played
            _("no game (Draw)"),
        )
        return words.format(number=number)
    winners, points, hands = record.winners, record.points, record.hands
    ace = any(record.declared)
    sudden = record.sudden_death and sudden_mark
    parts, sizes = [], []
    for seat in winners:
        hand = list(hands[seat] or []) if seat < len(hands) else []
        declared = record.declared[seat] if seat < len(record.declared) else None
        size, ranks = best_groups(hand, declared, ace=ace or bool(declared))
        sizes.append(size)
        got = points[seat] if seat < len(points) else 0
        # TRANSLATORS: SwaPo, one winner of a round: "Bo (three 7s, +21)"
        words = _("{name} ({group}, +{points})")
        parts.append(words.format(name=name_of(seat), group=group_words(size, ranks), points=got))
    if len(winners) > 1 and max(sizes) <= 1:  # nobody made a pair: a tie on nothing
        each = [points[s] if s < len(points) else 0 for s in winners]
        names = and_list([name_of(s) for s in winners])
        if not any(each):
            tie = pick(
                # TRANSLATORS: SwaPo, a round nobody won; {names}: "You, Bo and Chen"
                _("Round {number}: nobody has a pair — {names} tie (no points)"),
                # TRANSLATORS: SwaPo, a round nobody won, after its title ("Round 3 —");
                # {names}: "You, Bo and Chen"
                _("nobody has a pair — {names} tie (no points)"),
            )
        else:
            tie = pick(
                # TRANSLATORS: SwaPo, a round nobody won; {names}: "You, Bo and Chen"
                _("Round {number}: nobody has a pair — {names} tie (+{points} each)"),
                # TRANSLATORS: SwaPo, a round nobody won, after its title ("Round 3 —");
                # {names}: "You, Bo and Chen"
                _("nobody has a pair — {names} tie (+{points} each)"),
            )
        return sudden_words(tie.format(number=number, names=names, points=each[0]), sudden)
    if not parts:
        said = pick(
            # TRANSLATORS: SwaPo, a round's result with no winner
            _("Round {number}: nobody won"),
            # TRANSLATORS: SwaPo, a round's result with no winner, after its title ("Round 3 —")
            _("nobody won"),
        )
    elif len(winners) == 1:
        said = pick(
            # TRANSLATORS: SwaPo, a round's result; {winners}: "Bo (three 7s, +21)"
            _("Round {number}: {winners} won"),
            # TRANSLATORS: SwaPo, a round's result after its title ("Round 3 —"); {winners}:
            # "Bo (three 7s, +21)"
            _("{winners} won"),
        )
    else:
        said = pick(
            # TRANSLATORS: SwaPo, a round's result; {winners}: "Bo (a pair of Ks, +13) and You (…)"
            _("Round {number}: {winners} share the win"),
            # TRANSLATORS: SwaPo, a round's result after its title ("Round 3 —"); {winners}:
            # "Bo (a pair of Ks, +13) and You (…)"
            _("{winners} share the win"),
        )
    return sudden_words(said.format(number=number, winners=and_list(parts)), sudden)


def sudden_words(result: str, sudden: bool) -> str:
    """A round's result, and that it was played in sudden death when it was."""
    # TRANSLATORS: SwaPo, a round's result ("Round 3: Bo won") when the round was played in
    # sudden death
    return _("{result} · sudden death").format(result=result) if sudden else result


#: How a hand of several cards of one rank reads, by their count (3 or more).
GROUP_WORDS = {
    # TRANSLATORS: SwaPo, a hand's strength: three cards of {rank} ("three 7s", "three Qs")
    3: N_("three {rank}s"),
    # TRANSLATORS: SwaPo, a hand's strength: four cards of {rank} ("four 7s")
    4: N_("four {rank}s"),
    # TRANSLATORS: SwaPo, a hand's strength: five cards of {rank} ("five 7s")
    5: N_("five {rank}s"),
    # TRANSLATORS: SwaPo, a hand's strength: six cards of {rank} (jokers declared) ("six 7s")
    6: N_("six {rank}s"),
    # TRANSLATORS: SwaPo, a hand's strength: seven cards of {rank} ("seven 7s")
    7: N_("seven {rank}s"),
}


def group_words(size: int, ranks: set[str]) -> str:
    """ "three 2s", "a pair of Ks", "no pair" — how a hand's strength reads."""
    if size <= 1 or not ranks:
        # TRANSLATORS: SwaPo, a hand's strength when no two cards share a rank
        return _("no pair")
    rank = sorted(ranks, key=lambda r: rank_value(r))[-1]
    if size == 2:
        # TRANSLATORS: SwaPo, a hand's strength: two cards of {rank} ("a pair of Ks")
        return _("a pair of {rank}s").format(rank=rank)
    if size in GROUP_WORDS:
        return _(GROUP_WORDS[size]).format(rank=rank)
    # TRANSLATORS: SwaPo, a hand's strength: {count} cards of {rank}, count in digits ("8 7s")
    return ngettext("{count} {rank}", "{count} {rank}s", size).format(count=size, rank=rank)


# -- Ace: what a power or a declaration would change ----------------------------------------
Hands = Sequence[Sequence[str] | None]  # per seat: its cards, or None (out of the round)
Declared = Sequence[Sequence[str] | None]  # per seat: its jokers' declared ranks


def ace_standing(hands: Hands, declared: Declared) -> tuple[list[int], list[int]]:
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


def _take_joker(declared: list[list[str]], seat: int) -> str | None:
    mine = list(declared[seat] or [])
    if not mine:
        return None
    best = max(mine, key=RANK_VALUES.__getitem__)
    mine.remove(best)
    declared[seat] = mine
    return best


def after_power(
    me: int, before: Hands, declared_before: Declared, action: Action
) -> tuple[list[list[str] | None], list[list[str]]]:
    """The revealed hands (and declared ranks) as they would be after ``action``."""
    hands = [list(h) if h is not None else None for h in before]
    declared = [list(d) if d else [] for d in declared_before]
    declared += [[]] * (len(hands) - len(declared))
    if action["type"] != "stab" and action["type"] != "steal" and action["type"] != "honey_trap":
        return hands, declared
    target = action["target"]
    victim = hands[target] if 0 <= target < len(hands) else None
    if victim is None:
        return hands, declared
    mine = hands[me]
    if action["type"] != "honey_trap":  # a stab or a steal
        card = action["card"]
        if card in victim:
            victim.remove(card)
            if card == JOKER:
                _take_joker(declared, target)
            if action["type"] == "steal" and mine is not None:
                mine.append(card)
    elif JOKER in victim:
        victim.remove(JOKER)
        _take_joker(declared, target)
        if mine is not None:
            mine.append(JOKER)
            declared[me] = [*declared[me], action["rank"]]
    return hands, declared


def best_for(me: int, hands: Hands, declared: Declared, actions: list[Action]) -> Action | None:
    """Of ``actions`` (e.g. a honey trap's ranks), the one that leaves me the most points on
    the revealed ``hands``."""

    def mine(action: Action) -> int:
        winners, points = ace_standing(*after_power(me, hands, declared, action))
        return points[me] if me in winners else -1

    return max(actions, key=mine, default=None)


def standing_words(
    winners: list[int], points: list[int], name_of: NameOf, me: int | None = None
) -> str:
    """ "Bo wins +12", "You +26 and Bo +14 share the win" (``me``: the local seat)."""
    if not winners:
        # TRANSLATORS: SwaPo, who would win the round as the hands stand: nobody
        return _("nobody wins")
    if len(winners) == 1:
        seat = winners[0]
        words = mine_or(
            seat,
            me,
            # TRANSLATORS: SwaPo, who would win the round as the hands stand (you)
            _("You win +{points}"),
            # TRANSLATORS: SwaPo, who would win the round as the hands stand
            _("{name} wins +{points}"),
        )
        return words.format(name=name_of(seat), points=points[seat])
    # TRANSLATORS: SwaPo, one of several seats that would share the round: "Bo +14"
    each = _("{name} +{points}")
    names = and_list([each.format(name=name_of(s), points=points[s]) for s in winners])
    # TRANSLATORS: SwaPo, several seats would share the round; {names}: "You +26 and Bo +14"
    return _("{names} share the win").format(names=names)


def power_effect(me: int, hands: Hands, declared: Declared, action: Action, name_of: NameOf) -> str:
    """What a power would change, read on the revealed hands: "→ You win +26 (now Bo +12)"."""
    now = standing_words(*ace_standing(hands, declared), name_of, me)
    if action["type"] == "draw":
        # TRANSLATORS: SwaPo, what the Draw would do; {now}: who wins as it stands ("Bo wins +12")
        return _("→ no game: nobody scores (now {now})").format(now=now)
    if action["type"] == "pass":
        # TRANSLATORS: SwaPo, who would win if no power is used ("→ Bo wins +12")
        return _("→ {now}").format(now=now)
    then = ace_standing(*after_power(me, hands, declared, action))
    if then == ace_standing(hands, declared):
        # TRANSLATORS: SwaPo, a power that changes no result; {now}: "Bo wins +12"
        return _("→ no change: {now}").format(now=now)
    # TRANSLATORS: SwaPo, what a power would change: "→ You win +26 (now Bo wins +12)"
    words = _("→ {then} (now {now})")
    return words.format(then=standing_words(*then, name_of, me), now=now)


def declare_points(hand: Sequence[str], declared: Sequence[str], rank: str) -> tuple[int, int]:
    """(group size, points if this hand wins) with the next joker declared as ``rank`` (jokers
    still to declare after it left out)."""
    mine = [*declared, rank]
    cards = [c for c in hand if c != "?"]
    while cards.count(JOKER) > len(mine):
        cards.remove(JOKER)
    return ace_score(cards, mine[: cards.count(JOKER)])


def idle_aces(me: int, hands: Hands, used: Sequence[str] = ()) -> list[tuple[str, str]]:
    """Ace: my Aces not used yet (``used``) whose power has no target on the revealed hands,
    with why (a used Ace is not "cannot be used": it was)."""
    mine = hands[me] if 0 <= me < len(hands) else None
    if not mine:
        return []
    mine = [c for c in mine if c not in used]
    others = [h for s, h in enumerate(hands) if s != me and h]
    out = []
    if "AH" in mine and not any(JOKER in h for h in others):
        # TRANSLATORS: SwaPo, why the Honey Trap (A♥, takes a joker) cannot be used
        out.append(("AH", _("no one else holds a joker")))
    if "AD" in mine and not any(c != JOKER for h in others for c in h):
        # TRANSLATORS: SwaPo, why the Steal (A♦) cannot be used
        out.append(("AD", _("nothing left to steal")))
    if "AS" in mine and not others:
        # TRANSLATORS: SwaPo, why the Stab (A♠) cannot be used
        out.append(("AS", _("no card left to stab")))
    return out


def rounds_after(game: str, view: SeatView | None, record: RoundRecord) -> int | None:
    """How many regular rounds the game has, as the state after ``record``'s round shows it
    (``view``): the round's own number once the game is over or goes to sudden death (the
    pile rebuilt for it says nothing of the game's length), else the game's length then.
    None for a sudden-death round (its title says so instead)."""
    if record.sudden_death or view is None:
        return None
    typed = TYPED.view(view)
    if typed["over"] or typed["sudden_death"]:
        return record.round if isinstance(record.round, int) else None
    length = WORDS.length(view)
    return length[1] if length is not None and length[0] == "rounds" else None
