"""大富豪 rules §7: revolution (and by sequence), the 8-cut, the 3♠ return, the lock and the
11-back, each with its option."""

from __future__ import annotations

import pytest
from test_daifugo_helpers import PASS, play, plays_of, refused, table

pytestmark = pytest.mark.unit

QUAD = ["6S", "6H", "6D", "6C"]


def test_a_quad_flips_the_order_at_once_and_the_next_quad_flips_it_back() -> None:
    hands = [[*QUAD, "9S"], ["5S", "5H", "5D", "5C", "KS"], ["7S", "7H", "7D", "7C", "3S"]]
    game = table(hands)
    events = game.apply(0, play(QUAD))
    assert {"type": "revolution", "seat": 0, "on": True} in events
    assert game.view(1)["revolution"] is True
    assert (["5S", "5H", "5D", "5C"], []) in plays_of(game, 1)
    after = table([["9S"], *hands[1:]], trick=[(0, QUAD, [])], turn=2, revolution=True)
    assert refused(after, 2, play(["7S", "7H", "7D", "7C"])) == "daifugo.not_stronger"
    events = game.apply(1, play(["5S", "5H", "5D", "5C"]))  # counter-revolution
    assert {"type": "revolution", "seat": 1, "on": False} in events
    assert game.revolution is False


def test_a_revolution_stays_when_the_trick_ends_and_reverses_singles() -> None:
    game = table([[*QUAD, "9S"], ["3H", "KS"], ["4H", "QS"]])
    game.apply(0, play(QUAD))
    game.apply(1, PASS)
    game.apply(2, PASS)
    assert game.revolution and game.pending() == [0]
    game.apply(0, play(["9S"]))  # leads
    assert plays_of(game, 1) == [(["3H"], [])]


def test_jokers_count_in_a_quad_and_the_option_turns_it_off() -> None:
    game = table([["6S", "6H", "JK", "JK", "9S"], ["3H"], ["4H"]])
    assert {"type": "revolution", "seat": 0, "on": True} in game.apply(
        0, play(["6S", "6H", "JK", "JK"], ["6D", "6C"])
    )
    off = table([[*QUAD, "9S"], ["3H"], ["4H"]], options={"revolution": False})
    assert not any(e["type"] == "revolution" for e in off.apply(0, play(QUAD)))


def test_a_sequence_of_four_is_a_revolution_unless_turned_off() -> None:
    run = ["4S", "5S", "6S", "7S"]
    game = table([[*run, "9H"], ["3H"], ["4H"]])
    assert game.apply(0, play(run))[-1] == {"type": "revolution", "seat": 0, "on": True}
    off = table([[*run, "9H"], ["3H"], ["4H"]], options={"sequence_revolution": False})
    assert not any(e["type"] == "revolution" for e in off.apply(0, play(run)))
    three = table([["4S", "5S", "6S", "9H"], ["3H"], ["4H"]])
    assert not any(e["type"] == "revolution" for e in three.apply(0, play(["4S", "5S", "6S"])))


def test_an_eight_ends_the_trick_and_its_player_leads() -> None:
    game = table([["5S", "9S"], ["8H", "8D", "KS"], ["2H", "QS"]])
    game.apply(0, play(["5S"]))
    events = game.apply(1, play(["8H"]))
    assert events[-1] == {"type": "trick_end", "cut": "eight", "leader": 1}
    assert game.pending() == [1] and game.trick == []


def test_a_joker_as_an_eight_cuts_a_sequence_eight_does_not_and_the_option() -> None:
    game = table([["5S"], ["8H", "JK", "KS"], ["2H"]], trick=[(0, ["7S", "7C"], [])], turn=1)
    assert game.apply(1, play(["8H", "JK"], ["8S"]))[-1]["cut"] == "eight"
    seq = table([["5S"], ["7H", "8H", "9H", "KS"], ["2H"]], turn=1)
    assert seq.apply(1, play(["7H", "8H", "9H"]))[-1]["type"] != "trick_end"
    off = table([["5S"], ["8H", "KS"], ["2H"]], options={"eight_cut": False}, turn=1)
    assert off.apply(1, play(["8H"]))[-1]["type"] != "trick_end"
    lower = table([["5S"], ["8H", "KS"], ["2H"]], trick=[(0, ["9S"], [])], turn=1)
    assert refused(lower, 1, play(["8H"])) == "daifugo.not_stronger"  # it must still beat


def test_the_3_of_spades_returns_the_joker_under_any_lock() -> None:
    game = table(
        [["5C"], ["JK", "KS"], ["3S", "QS"]],
        trick=[(0, ["4H"], []), (0, ["5H"], [])],
        turn=1,
        lock=frozenset("H"),
    )
    game.apply(1, play(["JK"]))
    assert plays_of(game, 2) == [(["3S"], [])]
    events = game.apply(2, play(["3S"]))
    assert events[-1] == {"type": "trick_end", "cut": "spade3", "leader": 2}


def test_no_return_by_a_joker_as_3s_on_the_pair_or_with_the_option_off() -> None:
    game = table([["5C"], ["JK", "KS"], ["3S", "QS"]], options={"spade3": False}, turn=1)
    game.trick = []
    game.apply(1, play(["JK"]))
    assert refused(game, 2, play(["3S"])) == "daifugo.not_stronger"
    pair = table([["5C"], ["JK", "JK", "KS"], ["3S", "3C", "QS"]], turn=1)
    pair.apply(1, play(["JK", "JK"]))
    assert plays_of(pair, 2) == []


def test_the_same_suits_twice_lock_the_trick() -> None:
    game = table([["4H", "9H"], ["5H", "6D", "7H"], ["8H", "9D", "KC"]])
    game.apply(0, play(["4H"]))
    events = game.apply(1, play(["5H"]))
    assert {"type": "lock", "suits": ["H"]} in events and game.view(2)["lock"] == ["H"]
    assert plays_of(game, 2) == [(["8H"], [])]
    assert refused(game, 2, play(["9D"])) == "daifugo.locked"


def test_a_set_locks_only_when_every_suit_matches() -> None:
    pairs = [["4H", "4S"], ["6H", "6S", "6D", "7H", "7D"], ["9D", "9C"]]
    game = table([pairs[0], pairs[1], pairs[2]])
    game.apply(0, play(["4H", "4S"]))
    assert game.apply(1, play(["6H", "6D"])) == [
        {"type": "play", "seat": 1, "cards": ["6H", "6D"], "as": []}
    ]
    assert game.lock is None


def test_jokers_lock_as_their_cards_but_the_joker_never_locks() -> None:
    game = table([["4H", "4S", "9H"], ["5H", "JK", "KS"], ["8H", "KC"]])
    game.apply(0, play(["4H", "4S"]))
    assert {"type": "lock", "suits": ["S", "H"]} in game.apply(1, play(["5H", "JK"], ["5S"]))
    wild = table([["4H", "9H"], ["JK", "KS"], ["5H", "KC"]])
    wild.apply(0, play(["4H"]))
    wild.apply(1, play(["JK"]))
    assert wild.lock is None


def test_the_joker_on_a_locked_trick_and_no_lock_after_it() -> None:
    game = table(
        [["4C"], ["JK", "KS"], ["3S", "QS"]], trick=[(0, ["4H"], []), (0, ["5H"], [])], turn=1
    )
    game.lock = frozenset("H")
    assert (["JK"], []) in plays_of(game, 1)
    off = table([["4H", "9H"], ["5H", "KS"], ["8H"]], options={"lock": False})
    off.apply(0, play(["4H"]))
    assert not any(e["type"] == "lock" for e in off.apply(1, play(["5H"])))


def test_a_lock_and_an_11_back_end_with_the_trick() -> None:
    game = table([["4H", "9S"], ["JH", "KS"], ["3C", "QS"]], options={"eleven_back": True})
    game.apply(0, play(["4H"]))
    events = game.apply(1, play(["JH"]))
    assert {"type": "back", "seat": 1, "on": True} in events and game.lock == frozenset("H")
    assert game.reversed and plays_of(game, 2) == []  # only H, and lower: none
    game.apply(2, PASS)
    game.apply(0, PASS)
    assert not game.back and game.lock is None and game.pending() == [1]


def test_11_back_reverses_until_the_trick_ends_and_is_off_by_default() -> None:
    game = table([["4H", "9S"], ["JH", "KS"], ["3C", "QS"]], options={"eleven_back": True})
    game.apply(0, play(["4H"]))
    game.lock = None
    game.apply(1, play(["JH"]))
    game.lock = None
    assert plays_of(game, 2) == [(["3C"], [])]  # reversed: lower wins
    default = table([["4H", "9S"], ["JH", "KS"], ["3C", "QS"]])
    default.apply(0, play(["4H"]))
    assert not any(e["type"] == "back" for e in default.apply(1, play(["JH"])))


def test_a_revolution_under_an_11_back_makes_the_normal_order() -> None:
    game = table([["4H"], ["KS"], ["3C"]], revolution=True, back=True)
    assert not game.reversed
