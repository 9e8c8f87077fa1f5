"""Fast SwaPo playouts for the search: the heuristic's swap phase committed directly on the
sampled state (for engine/swapo/determinize.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bots import Bot
from ..search import bot_step, playout
from .bot import (
    dagger_swap,
    declare_rank,
    least_wanted,
    normal_swap,
)
from .game import SwapoGame
from .powers import commit_declare, undeclared
from .swaps import (
    DaggerSwap,
    NormalSwap,
    commit_arrange,
    commit_give,
    commit_pass,
    commit_swap,
)


def rollout(
    game: SwapoGame, bots: list[Bot], start: Any, horizon: Callable[[SwapoGame], Any], depth: int
) -> None:
    """:func:`engine.search.playout` for SwaPo: the swap phase is played by the heuristic's own
    functions (``bot.normal_swap`` …) on the sampled state, without building views or legal
    lists (most of a playout's time); the bots' generators pick the targets. Ace declarations go
    the same way; the powers go through views and ``apply``."""
    playout(game, bots, start, horizon, depth, step=_step)


def _step(game: SwapoGame, bots: list[Bot]) -> None:
    if not _fast_step(game, bots):
        bot_step(game, bots)


def _fast_step(game: SwapoGame, bots: list[Bot]) -> bool:
    """One heuristic step of the swap phase committed directly; False in any other phase."""
    phase, ace = game.phase, game.ace
    if phase == "arrange":  # the heuristic lays its hand as dealt (the first legal order)
        for s in game.pending():
            commit_arrange(game, s, list(game.hands[s]))
        return True
    if phase == "give":
        request = game.give_request
        assert request is not None
        seat = request.seat
        locked = game.locked_cards[seat] if game.asterisk else []
        given = least_wanted(game.hands[seat], locked, request.k, ace)
        commit_give(game, seat, (request, given))
        return True
    if phase == "declare":  # one sealed step of the first seat still owing one
        seat = game.pending()[0]
        rank_ = None
        if undeclared(game, seat):
            rank_ = declare_rank(game.hands[seat], game.declared[seat], len(game.players))
        commit_declare(game, seat, rank_)
        return True
    if phase != "swap":
        return False
    seat = game.players[game.right_index]
    rng = bots[seat].rng
    if game.dagger:
        rooms = [5 - len(p) for p in game.locked_positions]
    else:
        rooms = [len(h) - len(lk) for h, lk in zip(game.hands, game.locked_cards, strict=True)]
    targets = [t for t in game.players if t != seat and rooms[t] > 0]

    def pick() -> int | None:
        return rng.choice(targets) if targets else None

    if game.dagger:
        row = [c if c is not None else "?" for c in game.known[seat][:5]]
        choice = dagger_swap(seat, row, game.locked_positions, ace, pick, rng)
        if choice is not None:
            plan: NormalSwap | DaggerSwap = DaggerSwap(
                choice["target"], sorted(choice["take"]), sorted(choice["give"])
            )
            commit_swap(game, seat, plan)
            return True
    else:
        choice = normal_swap(game.hands[seat], game.locked_cards[seat], rooms, ace, pick)
        if choice is not None:
            commit_swap(game, seat, NormalSwap(choice["target"], list(choice["cards"])))
            return True
    commit_pass(game, seat, None)
    return True
