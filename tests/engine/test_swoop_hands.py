"""Swoop: mystery cards, going out, scoring, the end of the game, and strict actions."""

import pytest
from test_swoop_rules import new, play, points, snapshot, stack

import engine
from engine.base import IllegalAction

ACES = ["AS", "AH", "AD", "AC"]
TWOS = ["2S", "2H", "2D", "2C"]
SEAT1 = (
    ["AS", "2S", "3S", "4S"],
    ["5S", "6S", "7S", "8S"],
    ["9S", "JS", "QS", "KS", "10H", "JK", "AH", "2H", "3H", "4H", "5H"],
)
SEAT2 = (
    ["6H", "7H", "8H", "9H"],
    ["JH", "QH", "KH", "4D"],
    ["5D", "6D", "7D", "8D", "9D", "JD", "QD", "KD", "4C", "5C", "6C"],
)
#: Seat 0 can swoop its way out: every group below is four of a rank, jokers or tens.
GOES_OUT = (
    ["10S", "10H", "10D", "10C"],
    ["3C", "JK", "JK", "10S"],
    [*ACES, *TWOS, "3S", "3H", "3D"],
)

pytestmark = pytest.mark.unit


def go_out_game(unused=(), **options):
    options.setdefault("first_player", 0)
    deck = stack(3, {0: GOES_OUT, 1: SEAT1, 2: SEAT2}, unused)
    return engine.new_game("swoop", 3, options=options, seed=5, deck=deck)


def swoop_out(g) -> list[dict]:
    """Seat 0 plays every card it has; returns the events of the last play."""
    for action in (
        play(ACES),
        play(TWOS),
        play(["3S", "3H", "3D"], [0]),
        play([], [1, 2]),
        play([], [3]),
        {"type": "flip", "slot": 0},
        {"type": "flip", "slot": 1},
        {"type": "flip", "slot": 2},
    ):
        events = g.apply(0, action)
        assert events[-1]["type"] == "clear" and g.turn == 0, events
    return g.apply(0, {"type": "flip", "slot": 3})


def cards_of(parts) -> list[str]:
    return [c for part in parts for c in part]


# ---------------------------------------------------------------------------------------------
# Mystery cards


def test_flip_needs_an_uncovered_slot():
    g = new()
    assert not any(a["type"] == "flip" for a in g.legal_actions(0))
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="covered"):
        g.apply(0, {"type": "flip", "slot": 0})
    assert snapshot(g) == before


def test_mystery_card_that_turns_out_higher_takes_the_pile():
    g = new(players={0: (["KH"], ["5S"], []), 1: ([], [], ["4S"]), 2: ([], [], ["3S"])})
    assert not any(c.startswith("K") for c in g.hands[0])
    g.apply(0, play([], [0]))
    assert g.turn == 1 and g.view(0)["players"][0]["uncovered"][0]
    g.apply(1, play(["4S"]))
    g.apply(2, play(["3S"]))
    assert {"type": "flip", "slot": 0} in g.legal_actions(0)
    ev = g.apply(0, {"type": "flip", "slot": 0})
    assert ev == [{"type": "flip", "seat": 0, "slot": 0, "card": "KH"}]
    # No K to add, but the add step is asked anyway (the table must not learn that): the
    # empty add is the only choice.
    assert g.phase == "add" and g.legal_actions(0) == [{"type": "add", "cards": [], "table": []}]
    ev = g.apply(0, {"type": "add", "cards": [], "table": []})
    assert ev[0]["mystery"] == "KH" and ev[0]["outcome"] == "pickup"
    assert ev[1] == {"type": "pickup", "seat": 0, "count": 4}
    assert sorted(g.hands[0][-4:]) == sorted(["5S", "4S", "3S", "KH"])
    assert g.mystery[0][0] is None and g.turn == 1 and g.pile == []


def test_flip_then_add_cards_of_its_rank():
    g = new(players={0: (["7C"], ["9S"], ["7S", "7H"]), 1: ([], [], ["8S"]), 2: ([], [], ["8H"])})
    g.apply(0, play([], [0]))
    g.apply(1, play(["8S"]))
    g.apply(2, play(["8H"]))
    with pytest.raises(IllegalAction, match="no face-up card in slot 0"):
        g.apply(0, play([], [0]))
    ev = g.apply(0, {"type": "flip", "slot": 0})
    assert ev == [{"type": "flip", "seat": 0, "slot": 0, "card": "7C"}]
    assert g.phase == "add" and g.pending() == [0]
    for seat in (0, 1, None):
        assert g.view(seat)["flipped"] == {"slot": 0, "card": "7C"}
    # The step is the flipper's own: the others see whose turn it is.
    assert g.view(0)["phase"] == "add"
    assert g.view(1)["phase"] == g.view(None)["phase"] == "play"
    assert g.view(1)["turn"] == g.view(None)["turn"] == 0
    legal = g.legal_actions(0)
    assert {"type": "add", "cards": [], "table": []} in legal
    assert {"type": "add", "cards": ["7S", "7H"], "table": []} in legal
    assert all(a["type"] == "add" for a in legal)
    before = snapshot(g)
    for bad in (play(["7S"]), {"type": "flip", "slot": 1}, {"type": "add", "cards": ["8D"]}):
        with pytest.raises(IllegalAction):
            g.apply(0, bad)
        assert snapshot(g) == before
    ev = g.apply(0, {"type": "add", "cards": ["7H"]})
    assert ev[0]["cards"] == ["7H", "7C"] and ev[0]["mystery"] == "7C"
    assert ev[0]["outcome"] == "pile" and g.pile == ["9S", "8S", "8H", "7H", "7C"]
    assert g.turn == 1 and g.phase == "play" and g.view(0)["flipped"] is None


def test_add_step_skipped_when_the_five_limit_leaves_no_room():
    g = new(
        players={
            0: (["7C"], ["9S"], ["7S"]),
            1: ([], [], ["7H", "7D"]),
            2: ([], [], ["7C"]),
        }
    )
    g.apply(0, play([], [0]))
    g.apply(1, play(["7H", "7D"]))
    g.apply(2, play(["7C"]))
    ev = g.apply(0, {"type": "flip", "slot": 0})
    assert [e["type"] for e in ev] == ["flip", "play", "swoop"]
    assert ev[2]["cards"] == ["7H", "7D", "7C", "7C"]
    # The 9S below is asked about (seat 0 has hand cards), whatever the hand holds.
    assert g.phase == "chain" and {"type": "stop"} in g.legal_actions(0)
    ev = g.apply(0, {"type": "stop"})
    assert ev == [{"type": "clear", "seat": 0, "count": 1}]
    assert "7S" in g.hands[0] and g.turn == 0 and g.phase == "play"


def test_add_step_skipped_when_the_table_sees_nothing_could_join():
    """No hand cards and no face-up card of the rank: public, so no add step."""
    g = new(
        players={
            0: (["7C", "KS"], ["9S", "8S"], ["5S"]),
            1: ([], [], ["8H", "3H"]),
            2: ([], [], ["8D", "3D"]),
        }
    )
    g.hands[0] = ["5S"]  # keep the table small: one hand card
    g.apply(0, play([], [0]))
    g.apply(1, play(["8H"]))
    g.apply(2, play(["8D"]))
    g.apply(0, play(["5S"]))
    g.apply(1, play(["3H"]))
    g.apply(2, play(["3D"]))
    assert g.hands[0] == [] and g.view(1)["players"][0]["hand"] == 0
    ev = g.apply(0, {"type": "flip", "slot": 0})
    assert [e["type"] for e in ev] == ["flip", "play", "pickup"]
    assert g.phase == "play" and g.turn == 1


def test_flipped_ten_swoops_and_another_flip_may_follow():
    g = go_out_game()
    for action in (play(ACES), play(TWOS), play(["3S", "3H", "3D"], [0])):
        g.apply(0, action)
    ev = g.apply(0, {"type": "flip", "slot": 0})
    assert ev == [{"type": "flip", "seat": 0, "slot": 0, "card": "10S"}]
    assert g.legal_actions(0) == [
        {"type": "add", "cards": [], "table": []},
        {"type": "add", "cards": [], "table": [3]},
    ]
    ev = g.apply(0, {"type": "add", "cards": [], "table": [3]})
    assert [e["type"] for e in ev] == ["play", "swoop", "clear"]
    assert ev[1] == {"type": "swoop", "seat": 0, "cards": ["10S", "10S"], "special": True}
    assert g.turn == 0 and g.phase == "play"
    assert g.view(1)["players"][0]["mystery"] == [False, True, True, True]
    assert {"type": "flip", "slot": 3} in g.legal_actions(0)


# ---------------------------------------------------------------------------------------------
# Going out and scoring


def test_going_out_ends_the_hand_and_scores_every_card_kind():
    g = go_out_game(hands=1)
    ev = swoop_out(g)
    expected = [0, sum(map(points, cards_of(SEAT1))), sum(map(points, cards_of(SEAT2)))]
    assert expected[1] == 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 30 + 100 + 15
    left = ev[-2].pop("left")
    assert ev[-2] == {
        "type": "hand_end",
        "hand_no": 1,
        "out": 0,
        "penalties": expected,
        "scores": expected,
    }
    # every card left is turned up, so each penalty can be checked card by card
    assert left[0] == [[], [], []]
    for seat in (1, 2):
        cards = [c for group in left[seat] for c in group]
        assert sorted(cards) == sorted(cards_of((SEAT1, SEAT2)[seat - 1]))
        assert sum(map(points, cards)) == expected[seat]
    assert ev[-1] == {"type": "game_end", "scores": expected, "winners": [0]}
    assert g.over and g.pending() == [] and g.legal_actions(0) == []
    assert g.result() == {"scores": expected, "winners": [0], "hands": [expected]}
    v = g.view(2)
    assert v["over"] and v["phase"] == "over" and v["result"] == g.result() and v["turn"] is None
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0, play(["AS"]))


def test_flat_numbers_count_five_for_ace_to_nine():
    g = go_out_game(hands=1, flat_numbers=True)
    ev = swoop_out(g)
    assert ev[-2]["penalties"][1] == sum(points(c, flat=True) for c in cards_of(SEAT1))
    assert ev[-2]["penalties"][1] == 14 * 5 + 30 + 100


def test_result_winners_empty_until_over():
    g = go_out_game()
    assert g.result() == {"scores": [0, 0, 0], "winners": [], "hands": []}


def test_target_ends_the_game_after_the_hand_that_reaches_it():
    g = go_out_game(target=50)
    ev = swoop_out(g)
    assert g.over and ev[-1]["type"] == "game_end"


def test_below_target_a_new_hand_is_dealt_by_the_next_seat():
    g = go_out_game(target=1000)
    ev = swoop_out(g)
    assert [e["type"] for e in ev[-2:]] == ["hand_end", "deal"]
    assert ev[-1] == {"type": "deal", "hand_no": 2, "first": 1}
    assert not g.over and g.hand_no == 2 and g.turn == 1 and g.pending() == [1]
    assert all(g.cards_left(s) == 19 for s in range(3)) and g.pile == [] and g.cleared == 0
    assert g.view(0)["hands"] == [ev[-2]["penalties"]] and g.view(0)["scores"] == g.scores


def test_hands_option_overrides_target():
    g = go_out_game(hands=2, target=1)
    swoop_out(g)
    assert not g.over and g.hand_no == 2


def test_rotation_follows_the_drawn_first_player():
    g = go_out_game(unused=["KC", "7C", "6S"], first_player=None)
    assert g.draws == [[[0, "KC"], [1, "7C"], [2, "6S"]]] and g.first == 0
    swoop_out(g)
    assert g.first == g.turn == 1 and g.hand_no == 2


def test_tie_for_lowest_total_is_a_shared_win():
    g = go_out_game(hands=1)
    seat2 = sum(map(points, cards_of(SEAT2)))
    assert seat2 < sum(map(points, cards_of(SEAT1)))
    g.scores = [seat2, 0, 0]  # seat 0 carries points from an earlier hand
    ev = swoop_out(g)
    assert ev[-1]["winners"] == [0, 2] and g.result()["winners"] == [0, 2]


def test_cannot_go_out_by_picking_up():
    g = new(
        players={
            0: (["10S", "10H", "10D", "KH"], ["3C", "JK", "JK", "KS"], GOES_OUT[2]),
            1: ([], [], ["5S"]),
            2: ([], [], ["4D"]),
        }
    )
    for action in (
        play(ACES),
        play(TWOS),
        play(["3S", "3H", "3D"], [0]),
        play([], [1, 2]),
        {"type": "flip", "slot": 0},
        {"type": "flip", "slot": 1},
        {"type": "flip", "slot": 2},
        play([], [3]),
    ):
        g.apply(0, action)
    g.apply(1, play(["5S"]))
    g.apply(2, play(["4D"]))
    assert g.legal_actions(0) == [{"type": "flip", "slot": 3}]
    ev = g.apply(0, {"type": "flip", "slot": 3})
    assert [e["type"] for e in ev] == ["flip", "play", "pickup"]
    assert sorted(g.hands[0]) == sorted(["KS", "5S", "4D", "KH"])
    assert g.hand_no == 1 and not g.over and g.turn == 1 and g.history == []


# ---------------------------------------------------------------------------------------------
# Strict actions


def test_strict_action_shapes_change_nothing():
    g = new(players={0: ([], ["9S"], ["AS", "9H", "9D", "9C", "9S"])})
    before = snapshot(g)
    bad_actions = [
        "play",
        None,
        {"cards": ["AS"]},
        {"type": 5, "cards": ["AS"]},
        {"type": "play"},
        {"type": "play", "cards": ["AS"], "table": [], "x": 1},
        {"type": "play", "cards": "AS"},
        {"type": "play", "cards": ["AS"], "table": 0},
        {"type": "play", "cards": ["AS"], "table": [True]},
        {"type": "play", "cards": ["XX"]},
        {"type": "play", "cards": ["KD"]},
        {"type": "play", "cards": ["AS", "AS"]},
        {"type": "play", "cards": [], "table": [4]},
        {"type": "play", "cards": [], "table": [0, 0]},
        {"type": "play", "cards": ["AS", "9H"]},
        {"type": "play", "cards": ["9H", "9D", "9C", "9S"], "table": [0]},
        {"type": "play", "cards": [], "table": []},
        {"type": "flip"},
        {"type": "flip", "slot": "0"},
        {"type": "flip", "slot": True},
        {"type": "flip", "slot": 9},
        {"type": "flip", "slot": 0, "cards": []},
        {"type": "add", "cards": []},
        {"type": "chain", "cards": ["AS"]},
        {"type": "stop"},
        {"type": "pass"},
    ]
    for bad in bad_actions:
        with pytest.raises(IllegalAction) as info:
            g.apply(0, bad)
        assert str(info.value), bad
        assert snapshot(g) == before, bad
    for seat in (1, 3, True, "0"):
        with pytest.raises(IllegalAction):
            g.apply(seat, play(["AS"]))
        assert snapshot(g) == before


def test_table_may_be_left_out_and_cards_may_be_empty():
    g = new(players={0: ([], ["9S"], ["9H"])})
    g.apply(0, {"type": "play", "cards": [], "table": [0]})
    g2 = new(players={0: ([], ["9S"], ["9H"])})
    g2.apply(0, {"type": "play", "cards": ["9H"]})
    assert g.pile == ["9S"] and g2.pile == ["9H"]


def test_chain_phase_is_strict():
    g = new(
        players={
            0: ([], [], ["QS", "6S", "6H"]),
            1: ([], [], ["6D", "6C", "QH", "QD", "QC", "JS"]),
            2: ([], [], ["QS"]),
        }
    )
    for seat, cards in (
        (0, ["QS"]),
        (1, ["QH"]),
        (2, ["QS"]),
        (0, ["6S", "6H"]),
        (1, ["6D", "6C"]),
    ):
        g.apply(seat, play(cards))
    assert g.phase == "chain"
    before = snapshot(g)
    for bad in (
        {"type": "stop", "x": 1},
        {"type": "chain", "cards": ["QD"], "table": [], "x": 0},
        {"type": "chain", "cards": ["JS"]},
        {"type": "chain", "cards": ["QD", "QC"]},
        {"type": "chain", "cards": []},
        play(["JS"]),
        {"type": "flip", "slot": 0},
    ):
        with pytest.raises(IllegalAction):
            g.apply(1, bad)
        assert snapshot(g) == before, bad
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(0, {"type": "stop"})
