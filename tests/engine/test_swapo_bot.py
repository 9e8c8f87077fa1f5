"""The SwaPo bot: always legal, sensible choices, and clearly better than random play."""

from __future__ import annotations

import itertools

import pytest
from test_swapo_support import new_game, seal_declarations

import engine
from engine.bots import RandomBot
from engine.swapo import BOT
from engine.swapo.bot import spare_cards, win_chance
from engine.swapo.options import VARIANTS

pytestmark = pytest.mark.unit

COMBINATIONS = [list(c) for k in range(4) for c in itertools.combinations(VARIANTS, k)]


def _key(action: dict) -> tuple:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in action.items()))


def test_engine_exports_the_bot():
    assert engine.BOTS["swapo"] is BOT
    assert isinstance(engine.make_bot("swapo", 0, seed=1), BOT)


@pytest.mark.parametrize("variant", COMBINATIONS, ids=lambda v: "+".join(v) or "normal")
def test_the_bot_only_plays_legal_actions(variant):
    for seats in (2, 5):
        g = engine.new_game("swapo", seats, {"variant": variant}, seed=seats)
        bots = [BOT(s, seed=s) for s in range(seats)]
        while not g.over:
            seat = g.pending()[0]
            legal = g.legal_actions(seat)
            action = bots[seat].act(g.view(seat), legal)
            assert _key(action) in {_key(a) for a in legal}
            g.apply(seat, action)


def test_spare_cards_are_outside_the_best_group():
    assert sorted(spare_cards(["2S", "2H", "6D", "KC", "JK"], ace=False)) == ["6D", "KC"]
    assert sorted(spare_cards(["9S", "9H", "3D", "3C", "5S"], ace=True)) == ["3C", "3D", "5S"]
    assert spare_cards(["JK"], ace=False) == []
    assert win_chance(5, 4) == 1.0 and win_chance(2, 4) < win_chance(3, 4)


def test_the_bot_keeps_its_group_when_it_swaps():
    hands = [
        ["9S", "9H", "9D", "2C", "5S"],
        ["7S", "8S", "10S", "JS", "QS"],
        ["7H", "8H", "10H", "JH", "QH"],
        ["3C", "4C", "6C", "7C", "8C"],
    ]
    g = new_game([hands])
    action = BOT(0, seed=1).act(g.view(0), g.legal_actions(0))
    assert action["type"] == "swap" and sorted(action["cards"]) == ["2C", "5S"]
    g.apply(0, action)
    give = BOT(action["target"], seed=1).act(
        g.view(action["target"]), g.legal_actions(action["target"])
    )
    assert give["type"] == "give" and len(give["cards"]) == 2


def test_the_bot_declares_for_expected_value():
    hands = [
        ["2S", "2H", "6D", "KC", "JK"],
        ["7S", "8S", "9S", "10S", "JS"],
        ["7H", "8H", "9H", "10H", "JH"],
        ["3C", "4C", "5C", "6C", "7C"],
    ]
    g = new_game([hands], variant=["ace"])
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    # three 2s (6 points) win a bit more often; a pair of kings (26) is worth far more
    assert BOT(0).act(g.view(0), g.legal_actions(0)) == {"type": "declare", "rank": "K"}


def test_the_bot_draws_a_lost_round_and_keeps_a_won_one():
    losing = [["AC", "3S", "4S", "5S", "6S"], ["7S", "8S", "9S", "10S", "JS"],
              ["KH", "KD", "KC", "2H", "3H"], ["QH", "QD", "4H", "5H", "6H"]]  # fmt: skip
    g = new_game([losing], variant=["ace"])
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    seal_declarations(g)
    assert BOT(0).act(g.view(0), g.legal_actions(0)) == {"type": "draw"}
    winning = [["AC", "KS", "KH", "KD", "6S"], ["7S", "8S", "9S", "10S", "JS"],
               ["QC", "QS", "2C", "2H", "3H"], ["QH", "QD", "4H", "5H", "6H"]]  # fmt: skip
    g = new_game([winning], variant=["ace"])
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    seal_declarations(g)
    assert BOT(0).act(g.view(0), g.legal_actions(0)) == {"type": "pass"}


def test_the_bot_steals_into_its_group():
    hands = [["AD", "KS", "KH", "5D", "6S"], ["7S", "8S", "9S", "10S", "JS"],
             ["KD", "2S", "2C", "2H", "3H"], ["QH", "QD", "4H", "5H", "6H"]]  # fmt: skip
    g = new_game([hands], variant=["ace"])
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    seal_declarations(g)
    assert BOT(0).act(g.view(0), g.legal_actions(0)) == {
        "type": "steal",
        "target": 2,
        "card": "KD",
    }


@pytest.mark.parametrize("variant", [[], ["ace"]], ids=["normal", "ace"])
def test_the_bot_beats_random_players(variant):
    games, share = 120, 0.0
    for i in range(games):
        bot_seat = i % 4
        players = [
            BOT(s, seed=i) if s == bot_seat else RandomBot(s, seed=7 * i + s) for s in range(4)
        ]
        g = engine.new_game("swapo", 4, {"variant": variant}, seed=500 + i)
        while not g.over:
            seat = g.pending()[0]
            g.apply(seat, players[seat].act(g.view(seat), g.legal_actions(seat)))
        winners = g.result()["winners"]
        if bot_seat in winners:
            share += 1 / len(winners)
    assert share / games > 0.40  # the fair share is 0.25
