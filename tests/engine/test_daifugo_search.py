"""The 大富豪 search: its fast playout is the heuristic's playout without views, and its samples
deal no seat a card it is known not to hold."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_daifugo_helpers import new

from engine.daifugo import determinize
from engine.daifugo.bot import DaifugoBot
from engine.daifugo.deal import deal
from engine.daifugo.plays import all_plays, beats, full_deck, is_return, plays_on, rank_of
from engine.search import playout, restore, snapshot

pytestmark = pytest.mark.unit


def _state(game) -> dict:  # type: ignore[no-untyped-def]
    return {k: v for k, v in vars(game).items() if k != "rng"}


def test_rollout_reaches_the_same_state_as_the_playout() -> None:
    for seed in range(6):
        seats = 3 + seed % 5
        options = {"deals": 2, "eleven_back": seed % 2 == 0, "jokers": seed % 3}
        game = new(seats, options, seed=seed)
        bots = [DaifugoBot(s, s) for s in range(seats)]
        for _ in range(random.Random(seed).randrange(12)):
            seat = game.pending()[0]
            game.apply(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        frozen = snapshot(game)
        for horizon in (determinize.horizon, lambda g: 0):  # to the deal's end, the game's
            slow, fast = restore(frozen, 9), restore(frozen, 9)
            start = horizon(slow)
            playout(slow, [DaifugoBot(s, 50 + s) for s in range(seats)], start, horizon, 5000)
            rolled = [DaifugoBot(s, 50 + s) for s in range(seats)]
            determinize.rollout(fast, rolled, start, horizon, 5000)
            assert _state(fast) == _state(slow)


def test_a_followers_plays_are_the_hands_plays_that_may_beat_the_top() -> None:
    rng = random.Random(5)
    deck = full_deck(2)
    for _ in range(200):
        hand = rng.sample(deck, rng.randrange(1, 15))
        top = rng.choice(list(all_plays(rng.sample(deck, 6), True)))
        for reversed_order in (False, True):
            wanted = [
                p
                for p in all_plays(hand, True)
                if beats(p, top, reversed_order, True) or is_return(p, top, True)
            ]
            found = [p for p in plays_on(hand, top, True, reversed_order)]
            assert [p for p in found if p in wanted] == wanted
            assert all(p.shape == top.shape and p.size == top.size for p in found)


def test_samples_never_deal_a_tribute_giver_a_card_stronger_than_its_tribute() -> None:
    rng = random.Random(2)
    for seed in range(6):
        game = new(4, {"deals": 2}, seed=seed)
        game.titles = ["fugo", "daihinmin", "daifugo", "hinmin"]
        deal(game, None)
        for seat in (1, 3, 0, 2):  # the tributes, then the returns
            game.apply(seat, game.legal_actions(seat)[0])
        tribute, returned = game.swapped[2][1], game.swapped[2][0]
        ceiling = min(rank_of(c) for c in tribute)
        view = game.view(2)
        assert determinize.barred(view) == {1: ceiling}
        for _ in range(30):
            sample = determinize.determinize(view, rng)
            assert [len(h) for h in sample.hands] == view["counts"]
            held = Counter(c for h in sample.hands for c in h)
            held.update(sample.played + sample.fallen_cards)
            assert held == Counter(game.all_cards)
            unseen = Counter(sample.hands[1])
            unseen.subtract(returned)
            assert all(rank_of(c) <= ceiling for c in unseen.elements())
        assert game.view(1)["exchange"] is not None and determinize.barred(game.view(1)) == {}


def test_a_split_with_barred_cards_fills_every_part_and_bars_them() -> None:
    rng = random.Random(1)
    pool = full_deck(2)
    for _ in range(50):
        parts = determinize.constrained_split(pool, [10, 20, 24], {0: rank_of("9S")}, rng)
        assert [len(p) for p in parts] == [10, 20, 24]
        assert Counter(c for p in parts for c in p) == Counter(pool)
        assert all(rank_of(c) <= rank_of("9S") for c in parts[0])
    with pytest.raises(ValueError):
        determinize.constrained_split(pool, [50, 2, 2], {0: rank_of("3S")}, rng)
