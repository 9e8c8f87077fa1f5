"""The bot levels and the search bot (tiny budgets: these test behaviour, not strength)."""

from __future__ import annotations

import pickle
import random

import pytest
from contract import bot_game

import engine
from engine.bots import EasyBot, RandomBot
from engine.search import (
    Candidate,
    SearchBot,
    pick_candidates,
    restore,
    snapshot,
    threshold,
)

pytestmark = pytest.mark.unit

CASES = [("swapo", {}), ("swapo", {"variant": ["dagger"]}), ("swapo", {"variant": ["ace"]})]
CASES += [("swoop", {"hands": 1}), ("mishi", {"hands": 1})]


def test_levels():
    assert isinstance(engine.make_bot("swoop", 0, 1, kind="random"), RandomBot)
    assert isinstance(engine.make_bot("swoop", 0, 1, kind="easy"), EasyBot)
    assert type(engine.make_bot("swoop", 0, 1, kind="normal")) is engine.BOTS["swoop"]
    assert type(engine.make_bot("swoop", 0, 1, kind="smart")) is engine.BOTS["swoop"]
    assert type(engine.make_bot("swoop", 0, 1)) is engine.BOTS["swoop"]
    assert isinstance(engine.make_bot("swoop", 0, 1, kind="hard"), SearchBot)
    with pytest.raises(ValueError, match="level"):
        engine.make_bot("swoop", 0, 1, kind="genius")
    assert engine.LEVELS == ("random", "easy", "normal", "hard")


@pytest.mark.parametrize(("name", "options"), CASES, ids=str)
def test_hard_and_easy_play_whole_games_legally(name, options):
    game, bots, _ = bot_game(name, options, ["hard", "easy", "normal", "random"], seed=3)
    assert game.over
    assert isinstance(bots[0], SearchBot)


def test_search_is_deterministic_for_a_seed():
    _, _, first = bot_game("swoop", {"hands": 1}, ["hard", "normal", "normal"], seed=11)
    _, _, again = bot_game("swoop", {"hands": 1}, ["hard", "normal", "normal"], seed=11)
    assert first == again


def test_search_samples_and_keeps_the_heuristic_without_evidence():
    game = engine.new_game("swoop", 4, options={"hands": 1}, seed=2)
    seat = game.pending()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    normal = engine.make_bot("swoop", seat, 5).act(view, legal)
    bot = engine.make_bot("swoop", seat, 5, kind="hard", iterations=2)
    assert bot.act(view, legal) == normal  # too few samples to overrule the heuristic
    assert bot.samples >= 1


def test_deadline_stops_the_search():
    game = engine.new_game("swoop", 4, options={"hands": 1}, seed=2)
    seat = game.pending()[0]
    asked = []

    def deadline() -> bool:
        asked.append(1)
        return len(asked) > 1

    bot = engine.make_bot("swoop", seat, 5, kind="hard", iterations=10_000, deadline=deadline)
    bot.act(game.view(seat), game.legal_actions(seat))
    assert bot.samples <= 3


def test_a_search_bot_pickles_for_the_process_pool():
    bot = engine.make_bot("mishi", 1, 5, kind="hard")
    copy = pickle.loads(pickle.dumps(bot))
    assert isinstance(copy, SearchBot) and copy.seat == 1
    assert type(copy.search) is type(engine.SEARCHES["mishi"])
    assert copy.iterations == engine.SEARCHES["mishi"].BUDGET


def test_candidate_overrules_only_with_evidence():
    c = Candidate({"type": "pass"})
    c.add(1.0)
    assert c.lower_bound(1.5) == float("-inf")
    for v in (1.0, 1.2, 0.9, 1.1):
        c.add(v)
    assert c.lower_bound(1.5) > 0


def test_snapshot_restores_an_equal_state_with_a_fresh_rng():
    game = engine.new_game("swapo", 4, options={"variant": ["asterisk"]}, seed=4)
    data = snapshot(game)
    copy = restore(data, 9)
    assert copy is not game and copy.view(0) == game.view(0)
    assert copy.rng.random() == restore(data, 9).rng.random()
    assert game.rng is not None


def test_more_candidates_need_more_evidence():
    assert threshold(0.15, 1) < threshold(0.15, 5) < threshold(0.15, 9)


def test_pick_candidates_puts_wanted_legal_actions_first():
    legal = [{"type": "pass"}, {"type": "declare", "rank": "A"}, {"type": "declare", "rank": "K"}]
    wanted = [{"type": "declare", "rank": "Q"}, {"type": "declare", "rank": "K"}]
    got = pick_candidates(legal, legal[1], random.Random(1), 2, first=wanted)
    assert got == [legal[1], legal[2]]  # Q is not legal; K comes before the random rest
    assert len(pick_candidates(legal, legal[1], random.Random(1), 9)) == 3


@pytest.mark.parametrize("variant", [[], ["asterisk"], ["dagger"]], ids=str)
def test_swapo_swap_candidates_cover_every_target_and_pass(variant):
    search = engine.SEARCHES["swapo"]
    game = engine.new_game("swapo", 4, options={"variant": variant}, seed=3)
    while game.phase != "swap":
        seat = game.pending()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.pending()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    base = engine.make_bot("swapo", seat, 1).act(view, legal)
    got = search.candidates(view, legal, base, random.Random(1), 10, {})
    assert got[0] == base and {"type": "pass"} in got
    assert {a["target"] for a in got if a["type"] == "swap"} == set(game.other_players(seat))
    assert all(a in legal for a in got)
