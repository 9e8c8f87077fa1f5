"""Take-backs in the engine: each game's ``shows_hidden`` hook (which steps show something
hidden) and ``engine.undo.Rewind`` (the game without its last actions)."""

from __future__ import annotations

import pytest

import engine
from engine.base import Game
from engine.undo import Rewind

pytestmark = pytest.mark.unit


def bots_for(game: Game) -> dict[int, object]:
    return {s: engine.make_bot(game.NAME, s, seed=s) for s in range(game.seats)}


def step(game: Game, bots: dict) -> tuple[int, dict, list]:
    seat = game.pending()[0]
    action = bots[seat].act(game.view(seat), game.legal_actions(seat))
    return seat, action, game.apply(seat, action)


def views(game: Game) -> list:
    return [game.view(s) for s in [*range(game.seats), None]]


# -- the shared default ------------------------------------------------------------------------
def test_the_default_counts_round_ends_and_the_game_over():
    game = engine.new_game("swoop", 3, seed=1)
    assert not game.shows_hidden([])
    assert not game.shows_hidden([{"type": "play", "seat": 0}])
    assert game.shows_hidden([{"type": "hand_end"}])  # a ROUND_END_EVENTS type
    assert not Game.SHOWING_EVENTS


# -- SwaPo ---------------------------------------------------------------------------------------
def test_swapo_shows_hidden_on_deals_reveals_round_ends_and_a_normal_exchange():
    game = engine.new_game("swapo", 3, seed=2)
    for kind in ("deal", "reveal", "round_over", "sudden_death"):
        assert game.shows_hidden([{"type": kind}]), kind
    normal = {"type": "swapped", "seat": 0, "target": 1, "k": 2}
    dagger = {**normal, "take": [0, 1], "give": [2, 3]}
    assert game.shows_hidden([normal])  # each side now sees the other's cards
    assert not game.shows_hidden([dagger])  # blind: the cards arrive face down
    for kind in ("swap_asked", "pass", "arranged", "stab", "steal", "honey_trap", "draw"):
        assert not game.shows_hidden([{"type": kind, "seat": 0}]), kind


def test_swapo_a_real_give_shows_hidden_and_the_ask_does_not():
    game = engine.new_game("swapo", 3, seed=5)
    seat = game.pending()[0]
    ask = next(a for a in game.legal_actions(seat) if a["type"] == "swap")
    assert not game.shows_hidden(game.apply(seat, ask))
    giver = game.pending()[0]
    assert game.shows_hidden(game.apply(giver, game.legal_actions(giver)[0]))


# -- Swoop ---------------------------------------------------------------------------------------
def test_swoop_shows_hidden_on_a_flip_and_a_new_hand_not_on_plays():
    game = engine.new_game("swoop", 3, seed=1)
    assert game.shows_hidden([{"type": "flip", "seat": 0, "slot": 1, "card": "7H"}])
    assert game.shows_hidden([{"type": "deal", "hand_no": 2, "first": 1}])
    for kind in ("play", "pickup", "swoop", "chain", "clear"):
        assert not game.shows_hidden([{"type": kind, "seat": 0}]), kind


def test_swoop_a_real_game_marks_exactly_its_flips_and_hands():
    game = engine.new_game("swoop", 3, seed=3)
    bots, seen = bots_for(game), set()
    while not game.over:
        _seat, _action, events = step(game, bots)
        kinds = {e["type"] for e in events}
        shown = game.shows_hidden(events)
        assert shown == bool(kinds & {"flip", "hand_end", "deal", "game_end"}) or game.over
        seen |= {"flip"} & kinds if shown else set()
    assert "flip" in seen


# -- Mi Shi --------------------------------------------------------------------------------------
def test_mishi_shows_hidden_on_deal_steps_tricks_and_the_kitty():
    game = engine.new_game("mishi", 4, seed=4)
    bots = bots_for(game)
    assert game.phase == "deal"
    _seat, _action, events = step(game, bots)
    if game.phase == "deal":  # a deal step: cards were drawn after it, no event says so
        assert events == [] or events[0]["type"] == "declare"
        assert game.shows_hidden(events)
    kinds: dict[str, bool] = {}
    while not game.over and game.hand_index == 0:
        _seat, _action, events = step(game, bots)
        for event in events:
            kinds.setdefault(event["type"], game.shows_hidden(events))
        if events and all(e["type"] == "play" for e in events):
            assert not game.shows_hidden(events)  # a card played inside a trick
    assert kinds["trick_won"] and kinds["kitty_taken"] and kinds["hand_end"]
    assert kinds["play"] is False or kinds["play"] == kinds.get("trick_won")
    assert kinds["buried"] is False


# -- Rewind --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "seats"), [("swapo", 4), ("swoop", 4), ("mishi", 4)])
def test_rewind_gives_the_game_replayed_without_the_last_actions(name, seats):
    """At every step, taking back what can be taken back is the game replayed from its seed
    without those actions: the same views for every seat and a spectator."""
    game = engine.new_game(name, seats, seed=11)
    bots = bots_for(game)
    rewind = Rewind(game)
    played: list[tuple[int, dict]] = []
    checked = 0
    for _ in range(160):
        if game.over:
            break
        seat, action, events = step(game, bots)
        played.append((seat, action))
        rewind.applied(game, seat, action, events)
        n = len(rewind.steps)
        if n and len(played) % 3 == 0:
            back = min(n, 2)
            again = engine.new_game(name, seats, seed=11)
            for s, a in played[:-back]:
                again.apply(s, a)
            undone = rewind.back(back)
            assert views(undone) == views(again)
            assert len(rewind.steps) == n - back
            game, played = undone, played[:-back]
            checked += 1
    assert checked >= 3


def test_rewind_refuses_to_go_past_what_was_shown():
    game = engine.new_game("swoop", 3, seed=2)
    rewind = Rewind(game)
    with pytest.raises(ValueError):
        rewind.back(1)
    bots = bots_for(game)
    while not any(a["type"] == "flip" for a in game.legal_actions(game.pending()[0])):
        rewind.applied(game, *step(game, bots))
    seat = game.pending()[0]
    flip = next(a for a in game.legal_actions(seat) if a["type"] == "flip")
    rewind.applied(game, seat, flip, game.apply(seat, flip))
    assert rewind.steps == []  # the flip turned a card up: nothing before it comes back
    with pytest.raises(ValueError):
        rewind.back(1)
