"""What a play is (rules §5) and what beats what (§6, §7): plain functions of cards.

A play is read once into a :class:`Play`: its shape (single, set, sequence), size, ranks and
suits, with every joker read as its ``as`` card. The Joker (one joker alone) and the joker
pair (two alone) are ``wild``: no rank, no suit. Ranks are indices into ``ORDER`` (3 is 0, 2
is 12); the order in force only changes the comparison (``beats``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import Literal, NamedTuple

from ..base import IllegalAction
from ..cards import SUITS, standard_deck, suit_index

JOKER = "JK"
#: The normal order, low to high (§2).
ORDER: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
RANK: dict[str, int] = {r: i for i, r in enumerate(ORDER)}
EIGHT, JACK, TOP, BOTTOM = RANK["8"], RANK["J"], RANK["2"], RANK["3"]
SPADE3 = "3S"
DIAMOND3 = "3D"
#: A joker's strength in the normal order (for the tribute and sorting): above the 2s.
JOKER_STRENGTH = len(ORDER)

Shape = Literal["single", "set", "sequence"]


def full_deck(jokers: int) -> list[str]:
    """The 52 cards and ``jokers`` jokers, unshuffled."""
    return standard_deck(ranks=ORDER) + [JOKER] * jokers


def rank_of(card: str) -> int:
    """A real card's rank index (3 → 0 … 2 → 12); the joker's strength is JOKER_STRENGTH."""
    return JOKER_STRENGTH if card == JOKER else RANK[card[:-1]]


def sort_key(card: str) -> tuple[int, int]:
    """Low to high in the normal order, then by suit (S H D C); jokers last."""
    return rank_of(card), suit_index(card)


def sorted_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=sort_key)


class Play(NamedTuple):
    """A play read with its jokers' ``as`` cards. ``low``/``high``: its lowest and highest rank
    (equal but for a sequence; -1 for a wild play); ``suits``: empty for a wild play."""

    cards: tuple[str, ...]  #: canonical order (sort_key)
    named: tuple[str, ...]  #: the ``as`` cards, canonical order
    shape: Shape
    low: int
    high: int
    suits: frozenset[str]
    wild: bool = False  #: the Joker or the joker pair

    @property
    def size(self) -> int:
        return len(self.cards)

    def action(self) -> dict:
        """The action that makes this play (as ``legal_actions`` lists it)."""
        return {"type": "play", "cards": list(self.cards), "as": list(self.named)}

    @property
    def read(self) -> list[str]:
        """The cards as the play counts them: each joker replaced by its ``as`` card."""
        return [c for c in self.cards if c != JOKER] + list(self.named)


def wild_play(jokers: int) -> Play:
    return Play(
        (JOKER,) * jokers, (), "single" if jokers == 1 else "set", -1, -1, frozenset(), True
    )


def read_play(cards: Sequence[str], named: Sequence[str], sequences: bool) -> Play:
    """The play ``cards`` make with ``named`` as the jokers' cards, or IllegalAction (§5).
    The caller has checked that the codes are cards and the player holds them."""
    if not cards:
        raise IllegalAction("daifugo.no_cards", kind="play")
    jokers = sum(c == JOKER for c in cards)
    real = [c for c in cards if c != JOKER]
    if not real:
        if named:
            raise IllegalAction("daifugo.as_for_wild", kind="play")
        if jokers > 2:
            raise IllegalAction("daifugo.not_a_play", kind="play")
        return wild_play(jokers)
    if any(c == JOKER or c not in RANK_OF_CODE for c in named):
        raise IllegalAction("daifugo.as_not_card", kind="play")
    if len(named) != jokers:
        raise IllegalAction("daifugo.as_count", kind="play", n=jokers)
    read = real + list(named)
    twice = [c for c, n in Counter(read).items() if n > 1]
    if twice:
        raise IllegalAction("daifugo.as_in_play", kind="play", card=twice[0])
    ranks = sorted(RANK_OF_CODE[c] for c in read)
    canonical = tuple(sorted_cards(cards)), tuple(sorted_cards(named))
    if ranks[0] == ranks[-1]:
        if len(read) > 4:  # (distinct codes of one rank: never more than four)
            raise IllegalAction("daifugo.not_a_play", kind="play")
        shape: Shape = "single" if len(read) == 1 else "set"
        return Play(*canonical, shape, ranks[0], ranks[0], frozenset(c[-1] for c in read))
    suits = {c[-1] for c in read}
    consecutive = ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if len(suits) == 1 and len(read) >= 3 and consecutive:
        if not sequences:
            raise IllegalAction("daifugo.no_sequences", kind="play")
        return Play(*canonical, "sequence", ranks[0], ranks[-1], frozenset(suits))
    raise IllegalAction("daifugo.not_a_play", kind="play")


#: Every real card's rank index by its code.
RANK_OF_CODE: dict[str, int] = {r + s: i for i, r in enumerate(ORDER) for s in SUITS}


# ---------------------------------------------------------------------------------------------
# Every play a hand can make (legal_actions: §12, each distinct play once)


def all_plays(hand: Sequence[str], sequences: bool) -> Iterator[Play]:
    """Every distinct play of ``hand``: singles, sets with and without jokers, the Joker and
    the joker pair, and (with ``sequences``) every sequence."""
    jokers = sum(c == JOKER for c in hand)
    by_rank: dict[int, list[str]] = {}
    for c in sorted_cards(set(hand) - {JOKER}):
        by_rank.setdefault(RANK_OF_CODE[c], []).append(c)
    for r, held in by_rank.items():
        yield from _sets(r, held, jokers)
    for n in range(1, min(jokers, 2) + 1):
        yield wild_play(n)
    if sequences:
        for s in SUITS:
            ranks = {RANK_OF_CODE[c] for c in by_rank_cards(by_rank, s)}
            yield from _sequences(s, ranks, jokers)


def by_rank_cards(by_rank: dict[int, list[str]], suit: str) -> list[str]:
    return [c for cards in by_rank.values() for c in cards if c[-1] == suit]


def _sets(r: int, held: list[str], jokers: int) -> Iterator[Play]:
    name = ORDER[r]
    for k in range(1, len(held) + 1):
        for real in combinations(held, k):
            free = [s for s in SUITS if name + s not in real]
            for j in range(0, min(jokers, 4 - k) + 1):
                for suits in combinations(free, j):
                    named = tuple(name + s for s in suits)
                    cards = real + (JOKER,) * j
                    shape: Shape = "single" if k + j == 1 else "set"
                    every = frozenset(c[-1] for c in real) | frozenset(suits)
                    yield Play(cards, tuple(sorted_cards(named)), shape, r, r, every)


def _sequences(suit: str, held: set[int], jokers: int) -> Iterator[Play]:
    top = len(ORDER)
    for lo in range(top):
        for hi in range(lo + 2, top):
            if sum(r not in held for r in range(lo, hi + 1)) > jokers:
                break  # a longer run misses as many or more
            yield from _runs(suit, held, jokers, lo, hi)


def _runs(suit: str, held: set[int], jokers: int, lo: int, hi: int) -> Iterator[Play]:
    """Every way to play the run of ``suit`` from rank ``lo`` to ``hi`` with the ranks held
    and at most ``jokers`` jokers (each joker named; at least one real card)."""
    span = range(lo, hi + 1)
    missing = [r for r in span if r not in held]
    present = [r for r in span if r in held]
    for extra in range(0, jokers - len(missing) + 1):
        for also in combinations(present, extra):
            wild = sorted([*missing, *also])
            if len(wild) == len(span):
                continue  # at least one real card
            real = [ORDER[r] + suit for r in span if r not in wild]
            named = tuple(ORDER[r] + suit for r in wild)
            cards = tuple(real) + (JOKER,) * len(wild)
            yield Play(cards, named, "sequence", lo, hi, frozenset(suit))


def plays_on(
    hand: Sequence[str], top: Play, sequences: bool, reversed_order: bool
) -> Iterator[Play]:
    """The plays of ``all_plays(hand, sequences)`` of ``top``'s shape and size whose rank may
    beat it, in the same order (``playable`` still judges each): a follower's few plays
    without making the hundreds of its hand."""
    if top.wild:  # only the 3♠ return goes on the Joker (nothing on the joker pair)
        yield from (
            p for p in all_plays(hand, sequences) if p.shape == top.shape and p.size == top.size
        )
        return
    size, jokers = top.size, sum(c == JOKER for c in hand)
    by_rank: dict[int, list[str]] = {}
    for c in sorted_cards(set(hand) - {JOKER}):
        by_rank.setdefault(RANK_OF_CODE[c], []).append(c)
    if top.shape == "sequence":
        if sequences:
            for s in SUITS:
                ranks = {r for r, cards in by_rank.items() for c in cards if c[-1] == s}
                yield from _sequences_on(s, ranks, jokers, top, reversed_order)
        return
    for r, held in by_rank.items():
        if (r < top.low) if reversed_order else (r > top.low):
            yield from _sets_of(r, held, jokers, size)
    if size <= min(jokers, 2):
        yield wild_play(size)


def _sets_of(r: int, held: list[str], jokers: int, size: int) -> Iterator[Play]:
    """``plays._sets`` of ``size`` cards only, in its order."""
    name = ORDER[r]
    shape = "single" if size == 1 else "set"
    for k in range(1, min(len(held), size) + 1):
        j = size - k
        if j > min(jokers, 4 - k):
            continue
        for real in combinations(held, k):
            free = [s for s in SUITS if name + s not in real]
            for suits in combinations(free, j):
                named = tuple(name + s for s in suits)
                every = frozenset(c[-1] for c in real) | frozenset(suits)
                yield Play(real + (JOKER,) * j, named, shape, r, r, every)  # type: ignore[arg-type]


def _sequences_on(
    suit: str, held: set[int], jokers: int, top: Play, reversed_order: bool
) -> Iterator[Play]:
    """``plays._sequences`` of ``top``'s length that may beat it, in its order."""
    size = top.size
    for lo in range(len(ORDER) - size + 1):
        hi = lo + size - 1
        if not ((hi < top.low) if reversed_order else (lo > top.high)):
            continue
        yield from _runs(suit, held, jokers, lo, hi)  # none where it misses too many


# ---------------------------------------------------------------------------------------------
# What beats what (§6, §7.3)


def is_return(play: Play, top: Play, spade3: bool) -> bool:
    """The real 3♠ alone on the Joker (スペ3返し)."""
    return spade3 and top.wild and top.size == 1 and play.cards == (SPADE3,)


def beats(play: Play, top: Play, reversed_order: bool, spade3: bool) -> bool:
    """Whether ``play`` may go on ``top`` in the order in force (same shape and size, and
    stronger; the lock is the caller's)."""
    if play.shape != top.shape or play.size != top.size:
        return False
    if top.wild:
        return is_return(play, top, spade3)
    if play.wild:
        return True
    if play.shape == "sequence":
        return play.high < top.low if reversed_order else play.low > top.high
    return play.low < top.low if reversed_order else play.low > top.low


def flips_order(play: Play, revolution: bool, sequence_revolution: bool) -> bool:
    """A revolution (革命): a quad, or with sequence_revolution a sequence of 4 or more."""
    if not revolution or play.wild:
        return False
    if play.shape == "set" and play.size == 4:
        return True
    return sequence_revolution and play.shape == "sequence" and play.size >= 4


def of_rank(play: Play, rank: int) -> bool:
    """A single or a set of ``rank`` (jokers read as their cards): 8-cut, 11-back."""
    return not play.wild and play.shape != "sequence" and play.low == rank
