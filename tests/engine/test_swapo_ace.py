"""SwaPo Ace: card values, joker declarations, the four Ace powers and their order."""

from __future__ import annotations

import pytest
from test_swapo_support import declare_step, new_game, seal_declarations, snapshot

from engine.base import IllegalAction
from engine.cards import RANKS
from engine.swapo.scoring import ace_score, strength

pytestmark = pytest.mark.unit

B0 = ["2S", "3S", "4S", "5S", "6S"]
B1 = ["7S", "8S", "9S", "10S", "JS"]
B2 = ["KH", "KD", "KC", "2H", "3H"]  # three kings
B3 = ["QH", "QD", "4H", "5H", "6H"]  # a pair of queens


def ace_game(hands, decks=1, **options):
    return new_game([hands], variant=["ace"], decks=decks, **options)


def to_powers(g, ranks=None) -> list[dict]:
    """Every right passes; jokers are declared from ``ranks`` (seat -> list of ranks)."""
    ranks = {s: list(r) for s, r in (ranks or {}).items()}
    events: list[dict] = []
    start = g.round_no
    while g.round_no == start and g.phase in ("swap", "declare"):
        seat = g.pending()[0]
        if g.phase == "declare":
            events += g.apply(seat, declare_step(g, seat, ranks))
        else:
            events += g.apply(seat, {"type": "pass"})
    return events


# Values and points ---------------------------------------------------------------------------


def test_the_sources_worked_example():
    hand = ["2S", "2H", "6D", "KC", "JK"]
    assert ace_score(hand, ["2"]) == (3, 6)  # three 2s: stronger, worth 6
    assert ace_score(hand, ["K"]) == (2, 26)  # a pair of kings: weaker, worth 26


def test_points_are_the_sum_of_the_largest_group():
    assert ace_score(["QS", "QH", "3D", "4C", "5S"], []) == (2, 24)  # a pair of queens = 24
    assert ace_score(["AS", "AH", "AD", "KC", "KS"], []) == (3, 3)
    assert ace_score(["KS", "KH", "2D", "2C", "5S"], []) == (2, 26)  # tied groups: the richer
    assert ace_score(["10S", "10H", "10D", "10C", "JK"], ["10"]) == (5, 50)
    assert ace_score(["2S", "5H", "9D", "JC", "KS"], []) == (1, 0)  # a single is worth nothing
    assert ace_score([], []) == (0, 0)
    with pytest.raises(ValueError):
        ace_score(["JK", "2S"], [])


def test_normal_strength_keeps_the_joker_wild():
    assert strength(["2S", "2H", "6D", "KC", "JK"]) == 3
    assert strength(["JK", "JK", "3S", "4S", "5S"]) == 3
    assert strength(["JK"]) == 1


@pytest.mark.parametrize(("rank", "strength_", "points"), [("2", 3, 6), ("K", 2, 26)])
def test_worked_example_in_a_game(rank, strength_, points):
    hands = [
        ["2S", "2H", "6D", "KC", "JK"],
        B1,
        ["7H", "8H", "9H", "10H", "JH"],
        ["3C", "4C", "5C", "6C", "7C"],
    ]
    g = ace_game(hands)
    to_powers(g, {0: [rank]})
    record = g.rounds[0]
    assert record["strengths"][0] == strength_
    assert record["winners"] == [0] and record["points"] == [points, 0, 0, 0]
    assert g.scores == [points, 0, 0, 0]
    assert record["declared"][0] == [rank]


def test_a_winner_with_only_singles_scores_nothing():
    hands = [B0, B1, ["7H", "8H", "9H", "10H", "JH"], ["3C", "4C", "5C", "6C", "7C"]]
    g = ace_game(hands)
    to_powers(g)
    assert g.rounds[0]["winners"] == [0, 1, 2, 3] and g.rounds[0]["points"] == [0, 0, 0, 0]


# Declarations --------------------------------------------------------------------------------


def test_joker_holders_declare_at_once_and_in_secret():
    hands = [["JK", "3S", "4S", "5S", "6S"], B1, ["JK", "KD", "KC", "2H", "3H"], B3]
    g = ace_game(hands, decks=2)
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    # sealed: every seat is asked (2 steps each with 2 decks), each sees only itself awaited
    assert g.phase == "declare" and g.pending() == [0, 1, 2, 3]
    assert len(g.legal_actions(0)) == 13 and g.legal_actions(1) == [{"type": "pass"}]
    assert [g.view(s)["pending"] for s in range(4)] == [[0], [1], [2], [3]]
    assert g.view(None)["pending"] == [] and g.view(None)["turn"] is None
    assert g.view(2)["to_declare"] == 1
    assert g.apply(2, {"type": "declare", "rank": "K"}) == []  # no event names the declarer
    assert g.apply(1, {"type": "pass"}) == []
    assert g.legal_actions(2) == [{"type": "pass"}]  # its joker is declared: it passes the rest
    assert g.view(2)["declared"] == [None, None, ["K"], None]
    assert g.view(0)["declared"] == [[], None, None, None]
    assert g.view(None)["declared"] == [None, None, None, None]
    for seat in (1, 2, 3, 3):
        assert g.apply(seat, {"type": "pass"}) == []
    assert g.pending() == [0] and g.view(3)["pending"] == [] and g.view(0)["pending"] == [0]
    assert g.apply(0, {"type": "declare", "rank": "6"}) == []
    events = g.apply(0, {"type": "pass"})  # the last step reveals hands and ranks together
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["declared"] == [["6"], [], ["K"], []]
    assert reveal["hands"] == hands
    assert g.rounds[0]["winners"] == [2] and g.rounds[0]["points"][2] == 39


def test_the_declare_phase_comes_even_when_nobody_holds_a_joker():
    g = ace_game([B0, B1, B2, B3])
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    assert g.phase == "declare" and g.pending() == [0, 1, 2, 3]
    assert all(g.legal_actions(s) == [{"type": "pass"}] for s in range(4))
    assert [g.apply(s, {"type": "pass"}) for s in (3, 1, 0)] == [[], [], []]
    assert g.view(2)["pending"] == [2] and g.view(1)["pending"] == []
    events = g.apply(2, {"type": "pass"})
    assert events[0]["type"] == "reveal" and events[0]["declared"] == [[], [], [], []]


def test_each_joker_is_declared_separately():
    hands = [["JK", "JK", "4S", "5S", "6S"], B1, B2, B3]
    g = ace_game(hands, decks=2)
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    assert g.view(0)["to_declare"] == 2
    g.apply(0, {"type": "declare", "rank": "Q"})
    assert 0 in g.pending() and g.view(0)["to_declare"] == 1
    assert g.legal_actions(0) == [{"type": "declare", "rank": r} for r in RANKS]
    g.apply(0, {"type": "declare", "rank": "Q"})
    assert 0 not in g.pending() and g.view(0)["pending"] == []
    seal_declarations(g)
    # two jokers as queens: a pair worth 24 beside three kings (39): seat 2 still wins
    assert g.rounds[0]["strengths"][0] == 2 and g.rounds[0]["winners"] == [2]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "declare", "rank": "1"},
        {"type": "declare", "rank": "JK"},
        {"type": "declare", "rank": 13},
        {"type": "declare"},
        {"type": "declare", "rank": "K", "joker": 0},
        {"type": "pass"},
    ],
)
def test_illegal_declarations(action):
    g = ace_game([["JK", "3S", "4S", "5S", "6S"], B1, B2, B3])
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply(0, action)
    assert snapshot(g) == before


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_every_seat_takes_decks_steps_and_its_own_view_counts_them_down(decks):
    """Sealed: holders of 0, 1 and 2 jokers are asked exactly ``decks`` times each, and each
    step is a new question in the seat's own view (``declare_steps`` counts down, even between
    two identical passes), while no other view, nor the spectator's, changes with it."""
    two, one = min(2, decks), int(decks >= 3)
    hands = [["JK"] * two + B0[two:], ["JK"] * one + B1[one:], B2, B3]
    g = ace_game(hands, decks=decks)
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    asked = dict.fromkeys(range(4), 0)
    while g.phase == "declare":
        seat = g.pending()[-1]
        assert g.view(seat)["declare_steps"] == decks - asked[seat]
        others = [None, *(s for s in range(4) if s != seat)]
        before = [g.view(s) for s in others]
        asked[seat] += 1
        if g.apply(seat, declare_step(g, seat)):  # the reveal, after the very last step
            break
        assert g.view(seat)["declare_steps"] == decks - asked[seat]
        assert [g.view(s) for s in others] == before
    assert asked == dict.fromkeys(range(4), decks) and g.phase != "declare"
    assert [g.view(s)["declare_steps"] for s in (None, 0, 1, 2, 3)] == [0] * 5


def test_a_seat_without_a_joker_only_passes_and_only_once():
    g = ace_game([["JK", "3S", "4S", "5S", "6S"], B1, B2, B3])
    for seat in range(4):
        g.apply(seat, {"type": "pass"})
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="no joker"):
        g.apply(1, {"type": "declare", "rank": "K"})
    assert snapshot(g) == before
    g.apply(1, {"type": "pass"})
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(1, {"type": "pass"})


# The powers ----------------------------------------------------------------------------------


def test_stab_takes_a_card_out_of_the_round():
    g = ace_game([B0, ["AS", "8S", "9S", "10S", "JS"], B2, B3])
    to_powers(g)
    assert g.phase == "power" and g.pending() == [1]  # seat 0 (dealer) has no power: skipped
    view = g.view(3)
    assert view["power"] == {"seat": 1, "done": [0]}
    assert view["revealed"][2] == B2
    legal = g.legal_actions(1)
    assert len(legal) == 15 + 1  # any card of any opponent, or pass
    events = g.apply(1, {"type": "stab", "target": 2, "card": "KH"})
    assert events[0] == {"type": "stab", "seat": 1, "target": 2, "card": "KH"}
    record = g.rounds[0]  # its only Ace is used: its turn ended, nobody else has a power
    assert record["stabbed"] == [[], [], ["KH"], []]
    assert record["hands"][2] == ["KD", "KC", "2H", "3H"]
    assert record["strengths"] == [1, 1, 2, 2]
    # equal strength is a shared win; each scores its own group (kings 26, queens 24)
    assert record["winners"] == [2, 3] and record["points"] == [0, 0, 26, 24]


def test_honey_trap_takes_the_highest_declared_joker():
    hands = [B0, ["AH", "8S", "9S", "10S", "JS"], B2, ["JK", "JK", "QH", "4H", "5H"]]
    g = ace_game(hands, decks=2)
    to_powers(g, {3: ["2", "Q"]})
    assert g.pending() == [1]
    assert {a["type"] for a in g.legal_actions(1)} == {"honey_trap", "pass"}
    assert len(g.legal_actions(1)) == 13 + 1
    before = snapshot(g)
    for bad, reason in (
        ({"type": "honey_trap", "target": 2, "rank": "9"}, "no joker"),
        ({"type": "honey_trap", "target": 3, "rank": "X"}, "not a rank"),
        ({"type": "stab", "target": 3, "card": "QH"}, "no unused AS"),
        ({"type": "honey_trap", "target": 1, "rank": "9"}, "another player"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            g.apply(1, bad)
    assert snapshot(g) == before
    g.apply(1, {"type": "honey_trap", "target": 3, "rank": "9"})
    record = g.rounds[0]
    assert record["declared"][3] == ["2"] and record["declared"][1] == ["9"]
    assert sorted(record["hands"][1]) == sorted(["AH", "8S", "9S", "10S", "JS", "JK"])
    assert record["hands"][3] == ["JK", "QH", "4H", "5H"]
    assert record["strengths"][1] == 2 and record["strengths"][3] == 1
    assert record["winners"] == [2]


def test_draw_voids_the_round_and_ends_the_power_phase():
    g = ace_game([["AC", "3S", "4S", "5S", "6S"], ["AS", "8S", "9S", "10S", "JS"], B2, B3])
    to_powers(g)
    assert g.pending() == [0]
    events = g.apply(0, {"type": "draw"})
    assert events[0] == {"type": "draw", "seat": 0}
    over = next(e for e in events if e["type"] == "round_over")
    assert over["no_game"] is True and over["winners"] == [] and over["points"] == [0] * 4
    assert g.scores == [0, 0, 0, 0]
    assert g.round_no == 2  # seat 1 never got its stab
    assert len(g.discards) == 20


def test_steal_takes_a_non_joker_card():
    hands = [B0, B1, ["AD", "KD", "KC", "2H", "3H"], ["KH", "JK", "4H", "5H", "6H"]]
    g = ace_game(hands)
    to_powers(g, {3: ["6"]})
    assert g.pending() == [2]
    assert all(a["card"] != "JK" for a in g.legal_actions(2) if a["type"] == "steal")
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="joker"):
        g.apply(2, {"type": "steal", "target": 3, "card": "JK"})
    with pytest.raises(IllegalAction, match="holds no counting"):
        g.apply(2, {"type": "steal", "target": 3, "card": "QS"})
    with pytest.raises(IllegalAction, match="unexpected"):
        g.apply(2, {"type": "steal", "target": 3, "card": "KH", "also": "5H"})
    assert snapshot(g) == before
    g.apply(2, {"type": "steal", "target": 3, "card": "KH"})
    record = g.rounds[0]
    assert record["hands"][2] == ["AD", "KD", "KC", "2H", "3H", "KH"]
    assert record["strengths"][2] == 3 and record["points"][2] == 39
    assert record["strengths"][3] == 2  # joker as 6 with 6H


# Order decisions ------------------------------------------------------------------------------


def test_a_stabbed_card_cannot_be_stolen_and_a_stabbed_ace_is_lost():
    g = ace_game([["AS", "3S", "4S", "5S", "6S"], ["AD", "8S", "9S", "10S", "JS"], B2, B3])
    to_powers(g)
    assert g.pending() == [0]
    g.apply(0, {"type": "stab", "target": 2, "card": "KH"})
    assert g.pending() == [1]
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="holds no counting KH"):
        g.apply(1, {"type": "steal", "target": 2, "card": "KH"})
    assert snapshot(g) == before
    assert all(a.get("card") != "KH" for a in g.legal_actions(1))

    g2 = ace_game([["AS", "3S", "4S", "5S", "6S"], ["AD", "8S", "9S", "10S", "JS"], B2, B3])
    to_powers(g2)
    g2.apply(0, {"type": "stab", "target": 1, "card": "AD"})
    # seat 1's Ace was stabbed before its turn: it is skipped, and the round is scored
    assert g2.round_no == 2 and g2.rounds[0]["stabbed"][1] == ["AD"]


def test_a_stolen_ace_serves_its_new_holder_during_its_turn():
    g = ace_game([["AD", "3S", "4S", "5S", "6S"], ["AS", "8S", "9S", "10S", "JS"], B2, B3])
    to_powers(g)
    g.apply(0, {"type": "steal", "target": 1, "card": "AS"})
    assert g.pending() == [0]  # its turn goes on: the stolen AS is usable
    assert g.view(0)["used_aces"] == [["AD"], [], [], []]
    assert {a["type"] for a in g.legal_actions(0)} == {"stab", "pass"}
    g.apply(0, {"type": "pass"})
    # seat 1 lost its only Ace: skipped
    assert g.round_no == 2 and g.rounds[0]["hands"][0][-1] == "AS"


def test_an_unused_copy_is_the_one_taken():
    hands = [["AS", "AS", "4S", "5S", "6S"], ["AD", "8S", "9S", "10S", "JS"], B2, B3]
    g = ace_game(hands, decks=2)
    to_powers(g)
    g.apply(0, {"type": "stab", "target": 3, "card": "QH"})
    assert g.pending() == [0]  # the second AS is still usable
    g.apply(0, {"type": "pass"})
    g.apply(1, {"type": "steal", "target": 0, "card": "AS"})
    assert g.view(1)["used_aces"] == [["AS"], ["AD"], [], []]
    assert g.pending() == [1] and any(a["type"] == "stab" for a in g.legal_actions(1))
    g.apply(1, {"type": "stab", "target": 2, "card": "KH"})
    assert g.round_no == 2
    assert g.rounds[0]["stabbed"] == [[], [], ["KH"], ["QH"]]


def test_an_ace_without_a_target_is_not_usable():
    g = ace_game([B0, ["AH", "8S", "9S", "10S", "JS"], B2, B3])
    to_powers(g)
    assert g.round_no == 2  # no joker anywhere: the Honey Trap has no target, no power phase


def test_power_turns_go_from_the_dealer_clockwise():
    hands = [["AC", "3S", "4S", "5S", "6S"], ["AS", "8S", "9S", "10S", "JS"], B2, B3]
    g = ace_game([hands[2], hands[3], hands[0], hands[1]], dealer=2)
    to_powers(g)
    # the dealer (seat 2) holds the AC and goes first; seat 3 (AS) is next
    assert g.pending() == [2]
    g.apply(2, {"type": "pass"})
    assert g.pending() == [3] and g.view(0)["power"] == {"seat": 3, "done": [2]}
    events = g.apply(3, {"type": "pass"})
    assert {"type": "pass", "seat": 3, "phase": "power"} in events
    assert g.round_no == 2


def test_a_stabbed_joker_cannot_be_taken():
    hands = [["AS", "3S", "4S", "5S", "6S"], ["AH", "8S", "9S", "10S", "JS"], B2,
             ["JK", "QD", "4H", "5H", "6H"]]  # fmt: skip
    g = ace_game(hands)
    to_powers(g, {3: ["Q"]})
    g.apply(0, {"type": "stab", "target": 3, "card": "JK"})
    # seat 1's Honey Trap has no joker left to take: its turn is skipped
    assert g.round_no == 2
    record = g.rounds[0]
    assert record["stabbed"][3] == ["JK"] and record["declared"][3] == []
    assert record["strengths"][3] == 1
