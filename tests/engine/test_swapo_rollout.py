"""The SwaPo search's fast playout is the heuristic's playout, only without views."""

from __future__ import annotations

import random

import pytest

import engine
from engine.search import playout, restore, snapshot
from engine.swapo import determinize
from engine.swapo.bot import SwapoBot, keep_priority, least_wanted
from engine.swapo.swaps import distinct_subsets

VARIANTS = [[], ["dagger"], ["asterisk"], ["ace"], ["dagger", "asterisk"], ["asterisk", "ace"]]
VARIANTS += [["dagger", "asterisk", "ace"]]


def _state(game) -> dict:
    return {k: v for k, v in vars(game).items() if k != "rng"}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "+".join(v) or "normal")
def test_rollout_reaches_the_same_state_as_the_playout(variant):
    for seed in range(12):
        seats = 2 + seed % 5
        game = engine.new_game("swapo", seats, {"variant": variant}, seed=seed)
        bots = [SwapoBot(s, s) for s in range(seats)]
        for _ in range(random.Random(seed).randrange(5)):
            seat = game.pending()[0]
            game.apply(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        frozen = snapshot(game)
        for horizon in (determinize.horizon, lambda g: 0):  # to the round's end, the game's
            slow, fast = restore(frozen, 9), restore(frozen, 9)
            start = horizon(slow)
            playout(slow, [SwapoBot(s, 50 + s) for s in range(seats)], start, horizon, 5000)
            rolled = [SwapoBot(s, 50 + s) for s in range(seats)]
            determinize.rollout(fast, rolled, start, horizon, 5000)
            assert _state(fast) == _state(slow)


def test_least_wanted_is_the_bots_give_among_the_legal_ones():
    rng = random.Random(4)
    deck = engine.new_game("swapo", 2, seed=1).all_cards
    for _ in range(300):
        hand = rng.sample(deck, 5)
        ace = rng.random() < 0.5
        for k in range(1, 6):
            legal = distinct_subsets(hand, k)
            keep = keep_priority(hand, ace)
            # the rule the bot had: the legal give whose most wanted card is least wanted
            best = min(legal, key=lambda a: sorted((keep[c] for c in a), reverse=True))
            assert least_wanted(hand, [], k, ace) == list(best)
