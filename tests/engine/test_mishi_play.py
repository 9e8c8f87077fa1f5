"""Mi Shi trick play inside the game: beating, ties, throws and their penalty, the kitty bonus,
the reveal. Each test deals a stacked deck (seat 0 declares spades, seat 2 holds the other
10S so it is the partner), buries, then gives every seat a short end-game hand."""

import pytest
from test_mishi_helpers import bury, deal, new, stacked

from engine import IllegalAction

pytestmark = pytest.mark.unit

KITTY = ["KH", "5D", "6D", "7D", "8D", "9D", "JD", "QD"]  # 15 points


def endgame(hands, kitty=KITTY, **options):
    options.setdefault("hands", 1)
    g = new(stacked({0: ["10S"], 2: ["10S"]}), **options)
    deal(g, declarer=0, suit="S")
    bury(g)
    assert g.partner == 2 and g.pending() == [0]
    g.hands = [list(h) for h in hands]
    g.kitty = list(kitty)
    g.captured = [0, 0, 0, 0]
    return g


def play(g, *plays):
    events = []
    for seat, cards in plays:
        events += g.apply(seat, {"type": "play", "cards": cards})
    return events


def of(events, kind):
    return [e for e in events if e["type"] == kind]


def test_trump_pair_beats_a_side_pair_two_trump_singles_do_not_and_kitty_bonus_x4():
    g = endgame([["AH", "AH"], ["5S", "5S"], ["7C", "8C"], ["6S", "7S"]])
    events = play(g, (0, ["AH", "AH"]), (1, ["5S", "5S"]), (2, ["7C", "8C"]), (3, ["6S", "7S"]))
    assert of(events, "trick_won")[0]["seat"] == 1
    bonus = of(events, "kitty_bonus")[0]
    assert bonus == {
        "type": "kitty_bonus",
        "seat": 1,
        "kitty_points": 15,
        "multiplier": 4,
        "bonus": 60,
    }
    end = of(events, "hand_end")[0]
    assert end["defender_points"] == 10 + 60 and end["deltas"] == [1, -1, 1, -1]
    assert g.over and g.result()["winners"] == [0, 2]


def test_higher_trump_pair_overtrumps():
    g = endgame([["AH", "AH"], ["5S", "5S"], ["7C", "8C"], ["6S", "6S"]])
    events = play(g, (0, ["AH", "AH"]), (1, ["5S", "5S"]), (2, ["7C", "8C"]), (3, ["6S", "6S"]))
    assert of(events, "trick_won")[0]["seat"] == 3


def test_kitty_bonus_single_times_and_power():
    for mode, multiplier in (("times", 2), ("power", 2)):
        g = endgame([["5H"], ["AH"], ["6H"], ["7H"]], kitty_multiplier=mode)
        events = play(g, (0, ["5H"]), (1, ["AH"]), (2, ["6H"]), (3, ["7H"]))
        assert of(events, "kitty_bonus")[0]["multiplier"] == multiplier


def test_kitty_bonus_tractor_times_8_power_16():
    hands = [
        ["5H", "5H", "6H", "6H"],
        ["7C", "7C", "8C", "8C"],
        ["9C", "9C", "JC", "JC"],
        ["5S", "5S", "6S", "6S"],
    ]
    for mode, multiplier in (("times", 8), ("power", 16)):
        g = endgame(hands, kitty_multiplier=mode)
        plays = [(s, list(h)) for s, h in enumerate(hands)]
        events = play(g, *plays)
        assert of(events, "trick_won")[0]["seat"] == 3
        assert of(events, "kitty_bonus")[0]["multiplier"] == multiplier
        assert of(events, "hand_end")[0]["defender_points"] == 20 + 15 * multiplier


def test_no_kitty_bonus_when_the_declarer_side_wins_the_last_trick():
    g = endgame([["AH"], ["5H"], ["6H"], ["7H"]])
    events = play(g, (0, ["AH"]), (1, ["5H"]), (2, ["6H"]), (3, ["7H"]))
    assert not of(events, "kitty_bonus")
    assert of(events, "hand_end")[0]["defender_points"] == 0
    assert of(events, "hand_end")[0]["deltas"] == [3, -3, 3, -3]


def test_earliest_of_equal_plays_wins():
    g = endgame([["10H", "5H"], ["10D", "5C"], ["10C", "6C"], ["5S", "7C"]])
    events = play(g, (0, ["10H"]), (1, ["10D"]), (2, ["10C"]), (3, ["5S"]))
    assert of(events, "trick_won")[0]["seat"] == 0
    events = play(g, (0, ["5H"]), (1, ["5C"]), (2, ["6C"]), (3, ["7C"]))
    assert of(events, "trick_won")[0]["seat"] == 0


def test_equal_trumps_on_a_side_lead_first_trumper_wins():
    g = endgame([["5H"], ["2D"], ["6H"], ["2C"]])
    events = play(g, (0, ["5H"]), (1, ["2D"]), (2, ["6H"]), (3, ["2C"]))
    assert of(events, "trick_won")[0]["seat"] == 1


def test_following_is_enforced_and_an_illegal_play_changes_nothing():
    g = endgame([["5H", "5H"], ["7H", "7H", "9C"], ["AH", "KH"], ["6S", "7S"]])
    g.hands[1] = ["7H", "7H"]
    g.hands[2] = ["AH", "KH"]
    g.apply(0, {"type": "play", "cards": ["5H", "5H"]})
    before = g.view(1)
    with pytest.raises(IllegalAction, match="play 2 cards"):
        g.apply(1, {"type": "play", "cards": ["7H"]})
    with pytest.raises(IllegalAction, match="do not hold"):
        g.apply(1, {"type": "play", "cards": ["AH", "AH"]})
    assert g.view(1) == before


def test_picks_list_only_cards_that_keep_the_follow_legal():
    g = endgame([["5H", "5H"], ["7H", "7H", "AH"], ["9C", "JC", "QC"], ["6S", "7S", "8S"]])
    g.hands[0] = ["5H", "5H", "6C"]
    g.apply(0, {"type": "pick", "card": "5H"})
    assert g.view(0)["picked"] == ["5H"] and g.view(1)["picked"] == []
    assert {"type": "commit"} in g.legal_actions(0)
    assert {"type": "pick", "card": "6C"} not in g.legal_actions(0)  # one suit per lead
    g.apply(0, {"type": "pick", "card": "5H"})
    events = g.apply(0, {"type": "commit"})
    assert of(events, "play")[0]["cards"] == ["5H", "5H"]
    assert g.legal_actions(1) == [{"type": "pick", "card": "7H"}]  # the pair is required
    with pytest.raises(IllegalAction, match="legal play"):
        g.apply(1, {"type": "pick", "card": "AH"})
    g.apply(1, {"type": "pick", "card": "7H"})
    events = g.apply(1, {"type": "pick", "card": "7H"})  # the count is reached: played
    assert of(events, "play")[0] == {"type": "play", "seat": 1, "cards": ["7H", "7H"]}


def test_failed_throw_plays_the_lowest_beatable_unit():
    g = endgame([["AH", "AH", "9H"], ["KH", "5C", "6C"], ["5D", "6D", "7D"], ["8D", "9D", "JD"]])
    events = g.apply(0, {"type": "play", "cards": ["AH", "AH", "9H"]})
    failed = of(events, "throw_failed")[0]
    assert failed == {
        "type": "throw_failed",
        "seat": 0,
        "cards": ["AH", "AH", "9H"],
        "played": ["9H"],
    }
    assert of(events, "play")[0]["cards"] == ["9H"]
    assert sorted(g.hands[0]) == ["AH", "AH"] and g.view(None)["failed_throws"] == [1, 0, 0, 0]
    with pytest.raises(IllegalAction, match="follow"):
        g.apply(1, {"type": "play", "cards": ["5C"]})


def test_a_throw_nobody_can_beat_stands():
    g = endgame([["AH", "AH", "KH"], ["QH", "5C", "6C"], ["5D", "6D", "7D"], ["8D", "9D", "JD"]])
    events = g.apply(0, {"type": "play", "cards": ["AH", "AH", "KH"]})
    assert not of(events, "throw_failed") and g.view(None)["lead"]["pairs"] == 1


def _finish(g):
    events = []
    while not g.over:
        seat = g.pending()[0]
        events += g.apply(seat, g.legal_actions(seat)[0])
    return events


@pytest.mark.parametrize("penalty", [0, 10])
def test_throw_penalty_for_the_declarer_side_gives_the_defenders_ten(penalty):
    hands = [["AH", "AH", "9H"], ["KH", "5C", "6C"], ["5D", "6D", "7D"], ["8D", "9D", "JD"]]
    g = endgame(hands, throw_penalty=penalty)
    events = g.apply(0, {"type": "play", "cards": ["AH", "AH", "9H"]})
    events += _finish(g)
    bonus = sum(e["bonus"] for e in of(events, "kitty_bonus"))
    expected = g.captured[1] + g.captured[3] + penalty + bonus
    assert of(events, "hand_end")[0]["defender_points"] == expected


@pytest.mark.parametrize("penalty", [0, 10])
def test_throw_penalty_for_a_defender_takes_ten_from_the_defenders(penalty):
    hands = [["KH", "5C", "6C"], ["AH", "AH", "9H"], ["5D", "6D", "7D"], ["8D", "9D", "JD"]]
    g = endgame(hands, throw_penalty=penalty)
    g.leader = 1
    g.captured = [0, 25, 0, 0]
    events = g.apply(1, {"type": "play", "cards": ["AH", "AH", "9H"]})
    assert of(events, "throw_failed")[0]["played"] == ["9H"]
    events += _finish(g)
    bonus = sum(e["bonus"] for e in of(events, "kitty_bonus"))
    expected = g.captured[1] + g.captured[3] - penalty + bonus
    assert of(events, "hand_end")[0]["defender_points"] == expected


def test_defender_failed_throw_penalty_is_capped_at_their_points():
    hands = [["KH", "5C", "6C"], ["AH", "AH", "9H"], ["5D", "6D", "7D"], ["8D", "9D", "JD"]]
    g = endgame(hands, throw_penalty=10)
    g.leader = 1
    g.captured = [0, 5, 0, 0]
    g.apply(1, {"type": "play", "cards": ["AH", "AH", "9H"]})
    assert g.penalty_adjust == -5


def test_paqi_is_revealed_when_the_declarer_plays_its_second_trump_ten():
    g = new(stacked({0: ["10S", "10S"]}), hands=1)
    deal(g, declarer=0, suit="S")
    bury(g)
    assert g.case == "paqi"
    g.hands = [["10S", "10S"], ["5H", "6H"], ["7H", "8H"], ["9H", "JH"]]
    events = play(g, (0, ["10S"]), (1, ["5H"]), (2, ["7H"]), (3, ["9H"]))
    assert not of(events, "partner_revealed") and g.view(1)["case"] is None
    events = play(g, (0, ["10S"]))
    assert of(events, "partner_revealed") == [
        {"type": "partner_revealed", "seat": 0, "case": "paqi"}
    ]
    assert g.view(1)["case"] == "paqi" and g.view(1)["sides"] == ["declarer"] + ["defender"] * 3
