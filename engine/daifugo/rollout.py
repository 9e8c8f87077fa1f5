"""Fast 大富豪 playouts for the search (engine/daifugo/determinize.py): each turn of the play
phase is the heuristic's own choice (``bot.Costs``, ``bot.choose``, ``bot.pass_cost``) made on
the sampled state's plays and committed directly, without building views, legal lists or
actions (most of a playout's time went there). The choices are the ones the bots would make
through views and ``apply``, draw for draw of their generators (tested)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any

from ..bots import Bot
from ..cards import SUITS
from ..search import bot_step, playout
from .bot import Costs, choose, pass_cost
from .game import DaifugoGame
from .plays import JOKER, ORDER, RANK_OF_CODE, Play, all_plays, sorted_cards, wild_play
from .trick import commit_pass, commit_play, playable


def rollout(
    game: DaifugoGame,
    bots: list[Bot],
    start: Any,
    horizon: Callable[[DaifugoGame], Any],
    depth: int,
) -> None:
    """:func:`engine.search.playout` with the play phase's turns taken by :func:`step`."""
    playout(game, bots, start, horizon, depth, step=_step)


def _step(game: DaifugoGame, bots: list[Bot]) -> None:
    if game.phase != "play" or game.turn is None:
        bot_step(game, bots)  # the exchange (a playout ends with its deal: rarely here)
        return
    step(game, game.turn, bots[game.turn])


def step(game: DaifugoGame, seat: int, bot: Bot) -> None:
    """``seat``'s turn as the heuristic takes it (``DaifugoBot.act``), its ties broken by
    ``bot.rng``."""
    hand = game.hands[seat]
    top = game.trick[-1][1] if game.trick else None
    sequences = game.options["sequences"]
    if top is None:
        plays = list(all_plays(hand, sequences))
    else:
        plays = [p for p in plays_on(hand, top, sequences, game.reversed) if playable(game, p, top)]
    if not plays:
        commit_pass(game, seat, None)
        return
    costs = Costs(hand, game.options, game.reversed)
    cost, best = choose(costs, plays, bot.rng)
    if top is not None and cost > pass_cost([len(h) for h in game.hands], seat, len(hand)):
        commit_pass(game, seat, None)
        return
    commit_play(game, seat, plays[best])


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
        span = range(lo, hi + 1)
        missing = [r for r in span if r not in held]
        if len(missing) > jokers:
            continue
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
