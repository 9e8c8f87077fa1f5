"""Fast 大富豪 playouts for the search (engine/daifugo/determinize.py): each turn of the play
phase is the heuristic's own choice (``bot.Costs``, ``bot.choose``, ``bot.pass_cost``) made on
the sampled state's plays and committed directly, without building views, legal lists or
actions (most of a playout's time went there). The choices are the ones the bots would make
through views and ``apply``, draw for draw of their generators (tested)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bots import Bot
from ..search import bot_step, playout
from .bot import Costs, choose, pass_cost
from .game import DaifugoGame
from .plays import all_plays, plays_on
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
