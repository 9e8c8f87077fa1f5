"""The 大富豪 bots: the normal bot plays legal, sensible moves (it goes out when it can, avoids
a forbidden finish, beats random players), and the hard bot's search samples states that fit
its seat's view."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_daifugo_helpers import new, play, table

from engine.bots import RandomBot
from engine.daifugo import BOT, SEARCH
from engine.daifugo.deal import deal
from engine.search import SearchBot

pytestmark = pytest.mark.unit


def run(game, bots) -> None:  # type: ignore[no-untyped-def]
    while not game.over:
        seat = game.pending()[0]
        action = bots[seat].act(game.view(seat), game.legal_actions(seat))
        game.apply(seat, action)  # raises if a bot chose an illegal action


@pytest.mark.parametrize("seats", [3, 5, 8])
def test_normal_bots_play_whole_games(seats: int) -> None:
    game = new(seats, {"deals": 2, "eleven_back": True}, seed=seats)
    run(game, [BOT(s, s) for s in range(seats)])
    assert sum(game.scores) == 0


def test_the_normal_bot_beats_random_players() -> None:
    total = 0
    for seed in range(12):
        me = seed % 4
        game = new(4, {"deals": 2}, seed=seed)
        run(game, [BOT(s, seed) if s == me else RandomBot(s, seed) for s in range(4)])
        total += game.scores[me]
    assert total > 12  # more than +0.5 a deal on average (it makes about +1.7)


def test_the_bot_goes_out_when_it_can_and_not_with_a_forbidden_card() -> None:
    game = table([["5S", "5H"], ["9H"], ["9D"]])
    bot = BOT(0, 1)
    assert bot.act(game.view(0), game.legal_actions(0)) == play(["5S", "5H"])
    game = table([["5S", "2H"], ["9H"], ["9D"]])
    assert bot.act(game.view(0), game.legal_actions(0)) == play(["2H"])  # ending on it fouls


def test_the_bot_returns_its_weakest_loose_cards() -> None:
    game = new(4, {"deals": 2}, seed=1)
    game.titles = ["fugo", "daihinmin", "daifugo", "hinmin"]
    deal(game, None)
    game.hands[1] = ["2S", "2H", "5C"]
    game.hands[2] = ["3S", "4D", "4C", "7H", "JK"]
    game.apply(1, {"type": "give", "cards": ["2S", "2H"]})
    choice = BOT(2, 1).act(game.view(2), game.legal_actions(2))
    assert choice == {"type": "give", "cards": ["3S", "7H"]}


def test_a_hard_bot_plays_a_whole_game() -> None:
    game = new(4, {"deals": 2}, seed=4)
    hard = SearchBot(0, 0, search=SEARCH, policy=BOT, iterations=6)
    run(game, [hard, BOT(1, 1), BOT(2, 2), BOT(3, 3)])
    assert hard.heuristic is not None  # it decided (searching where it had a choice)


def test_samples_fit_the_view_and_place_the_cards_it_gave() -> None:
    rng = random.Random(3)
    game = new(4, {"deals": 2}, seed=3)
    game.titles = ["fugo", "daihinmin", "daifugo", "hinmin"]
    deal(game, None)
    for seat in (1, 3, 0, 2):
        game.apply(seat, game.legal_actions(seat)[0])
    given = game.swapped[2][0]  # the 大富豪's return, now in the 大貧民's hand
    for _ in range(20):
        seat = game.pending()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    view = game.view(2)
    for _ in range(10):
        sample = SEARCH.determinize(view, rng)
        assert sample.hands[2] == view["hand"]
        assert [len(h) for h in sample.hands] == view["counts"]
        assert sample.pending() == game.pending() and sample.trick == game.trick
        held = [c for h in sample.hands for c in h] + sample.played + sample.fallen_cards
        assert Counter(held) == Counter(game.all_cards)
        unplayed = [c for c in given if c in game.hands[1]]
        assert Counter(unplayed) <= Counter(sample.hands[1])
