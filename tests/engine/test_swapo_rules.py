"""SwaPo normal rules: swaps, strict actions, scoring, later rounds, views, the result."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from test_swapo_support import new_game, singles, snapshot, swap_cycle

import engine
from engine.base import IllegalAction

pytestmark = pytest.mark.unit

# The swap phase ------------------------------------------------------------------------------


def test_swap_rights_go_from_the_dealer_clockwise():
    g = new_game([[singles(s) for s in range(4)]], dealer=2)
    order = []
    while g.phase == "swap" and g.round_no == 1:
        order.append(g.pending()[0])
        g.apply(order[-1], {"type": "pass"})
    assert order == [2, 3, 0, 1]


def test_a_swap_exchanges_k_cards_the_opponent_chooses():
    hands = [["2S", "2H", "3S", "4S", "5S"], ["9H", "9S", "9C", "KH", "QH"], singles(2), singles(3)]
    g = new_game([hands])
    events = g.apply(0, {"type": "swap", "target": 1, "cards": ["4S", "5S"]})
    assert events == [{"type": "swap_asked", "seat": 0, "target": 1, "k": 2}]
    assert g.phase == "give" and g.pending() == [1]
    assert g.view(1)["give"] == {"seat": 1, "from": 0, "k": 2, "offered": None}
    assert g.view(0)["give"]["offered"] == ["4S", "5S"]
    assert g.view(2)["give"]["offered"] is None
    assert {a["type"] for a in g.legal_actions(1)} == {"give"}
    assert all(len(a["cards"]) == 2 for a in g.legal_actions(1))
    events = g.apply(1, {"type": "give", "cards": ["KH", "QH"]})
    assert events == [{"type": "swapped", "seat": 0, "target": 1, "k": 2}]
    assert Counter(g.hands[0]) == Counter(["2S", "2H", "3S", "KH", "QH"])
    assert Counter(g.hands[1]) == Counter(["9H", "9S", "9C", "4S", "5S"])
    assert g.pending() == [1]  # the right passed to the next seat
    entry = {"seat": 0, "target": 1, "k": 2, "sent": ["4S", "5S"], "received": ["KH", "QH"]}
    assert g.view(0)["swaps"] == [entry] and g.view(1)["swaps"] == [entry]
    hidden = {"seat": 0, "target": 1, "k": 2, "sent": None, "received": None}
    assert g.view(2)["swaps"] == [hidden] and g.view(None)["swaps"] == [hidden]


def test_many_may_choose_the_same_opponent():
    g = new_game([[singles(s) for s in range(4)]])
    for holder in (0, 1, 2):
        g.apply(holder, {"type": "swap", "target": 3, "cards": [g.hands[holder][0]]})
        g.apply(3, {"type": "give", "cards": [g.hands[3][0]]})
    assert g.pending() == [3]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "swap", "target": 1, "cards": []}, "pass"),
        ({"type": "swap", "target": 0, "cards": ["2S"]}, "yourself"),
        ({"type": "swap", "target": 7, "cards": ["2S"]}, "not playing"),
        ({"type": "swap", "target": 1, "cards": ["AH"]}, "do not hold"),
        ({"type": "swap", "target": 1, "cards": ["2S", "2S"]}, "do not hold"),
        ({"type": "swap", "target": 1, "cards": ["XX"]}, "card codes"),
        ({"type": "swap", "target": 1}, "missing cards"),
        ({"type": "swap", "target": 1, "cards": ["2S"], "note": 1}, "unexpected note"),
        ({"type": "swap", "target": True, "cards": ["2S"]}, "wrong type"),
        ({"type": "swap", "target": "1", "cards": ["2S"]}, "wrong type"),
        ({"type": "swap", "target": 1, "take": [0], "give": [0]}, "missing cards"),
        ({"type": "give", "cards": ["2S"]}, "not allowed"),
        ({"type": "pass", "extra": 1}, "unexpected extra"),
        ({"type": "declare", "rank": "K"}, "not allowed"),
        ("swap", "mapping"),
        ({"target": 1}, "type"),
    ],
)
def test_illegal_swaps_are_refused_and_change_nothing(action, reason):
    g = new_game([[singles(s) for s in range(4)]])
    before = snapshot(g)
    with pytest.raises(IllegalAction, match=reason):
        g.apply(0, action)
    assert snapshot(g) == before


def test_turn_and_seat_are_checked():
    g = new_game([[singles(s) for s in range(4)]])
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(1, {"type": "pass"})
    with pytest.raises(IllegalAction, match="no seat"):
        g.apply(4, {"type": "pass"})
    assert g.legal_actions(1) == [] and g.legal_actions(True) == [] and g.legal_actions(9) == []
    assert snapshot(g) == before


def test_give_must_be_exactly_k_held_cards():
    g = new_game([[singles(s) for s in range(4)]])
    g.apply(0, {"type": "swap", "target": 1, "cards": ["2S", "3S"]})
    before = snapshot(g)
    for cards, reason in ((["5H"], "exactly 2"), (["5H", "AS"], "do not hold"), ([], "exactly")):
        with pytest.raises(IllegalAction, match=reason):
            g.apply(1, {"type": "give", "cards": cards})
    with pytest.raises(IllegalAction, match="not allowed"):
        g.apply(1, {"type": "pass"})
    assert snapshot(g) == before


def test_legal_swaps_are_every_target_and_distinct_subset():
    g = new_game([[singles(s) for s in range(4)]])
    legal = g.legal_actions(0)
    assert legal[-1] == {"type": "pass"}
    swaps = legal[:-1]
    assert len(swaps) == 3 * 31  # 3 opponents x (2^5 - 1) card sets
    assert len({(a["target"], tuple(a["cards"])) for a in swaps}) == len(swaps)
    g10 = engine.new_game("swapo", 10, {"decks": 2}, seed=4)
    assert len(g10.legal_actions(g10.pending()[0])) <= 9 * 31 + 1


def test_identical_cards_give_distinct_subsets_once():
    hands = [["2S", "2S", "2H", "3H", "3H"], singles(1), singles(2), singles(3)]
    g = new_game([hands], decks=2)
    subsets = [tuple(a["cards"]) for a in g.legal_actions(0) if a["type"] == "swap"]
    assert len(subsets) == 3 * (3 * 2 * 3 - 1)  # 3 opponents x (0-2 2S, 0-1 2H, 0-2 3H) - empty
    assert len(set(subsets)) == len(subsets) // 3


# Deciding a round ----------------------------------------------------------------------------


def play_round_without_swaps(g) -> dict:
    swap_cycle(g)
    return g.rounds[-1]


def test_most_of_one_rank_wins_and_a_joker_is_wild():
    hands = [
        ["2S", "2H", "5D", "9C", "KS"],  # a pair
        ["3S", "3H", "3D", "9H", "QS"],  # three 3s
        ["4S", "4H", "JK", "8D", "QH"],  # two 4s + joker = three
        ["6S", "7H", "8C", "10S", "JD"],  # nothing
    ]
    g = new_game([hands])
    record = play_round_without_swaps(g)
    assert record["strengths"] == [2, 3, 3, 1]
    assert record["winners"] == [1, 2]  # shared victory
    assert record["points"] == [0, 1, 1, 0]
    assert g.scores == [0, 1, 1, 0]


def test_a_joker_with_four_different_cards_is_a_pair():
    hands = [["JK", "2S", "3S", "4S", "5S"], ["6H", "7H", "8H", "9H", "10H"]]
    g = new_game([hands])
    assert play_round_without_swaps(g)["strengths"] == [2, 1]


def test_hands_are_discarded_and_the_next_round_deals_from_the_pile():
    r1 = [singles(s) for s in range(4)]
    r2 = [
        ["AS", "AH", "AD", "7C", "8C"],
        ["KH", "KD", "2D", "3D", "4D"],
        ["5C", "6C", "9S", "10H", "10C"],
        ["JS", "JH", "QS", "QH", "7S"],
    ]
    g = new_game([r1, r2], dealer=1)
    play_round_without_swaps(g)
    assert len(g.discards) == 20 and len(g.pile) == 53 - 40
    assert g.dealer == 2 and g.hands == r2
    record = play_round_without_swaps(g)
    assert record["winners"] == [0] and record["dealer"] == 2
    # 13 cards cannot deal 20: the game is over after two rounds.
    assert g.over and g.round_no == 2


def test_game_ends_when_the_pile_cannot_deal_a_full_round():
    g = engine.new_game("swapo", 2, {"first_dealer": 0}, seed=3)
    rounds = 0
    while not g.over:
        swap_cycle(g)
        rounds += 1
    assert rounds == 5  # 53 cards, 10 per round


def test_fixed_dealer_stays():
    r1 = [singles(s) for s in range(4)]
    r2 = [
        ["AS", "AH", "AD", "7C", "8C"],
        ["KH", "KD", "2D", "3D", "4D"],
        ["5C", "6C", "9S", "10H", "10C"],
        ["JS", "JH", "QS", "QH", "7S"],
    ]
    g = new_game([r1, r2], dealer=1, dealer_rotation="fixed")
    play_round_without_swaps(g)
    assert g.dealer == 1 and g.pending() == [1] and g.hands == r2


def test_fixed_rounds_reshuffle_everything_and_stop_on_time():
    g = engine.new_game("swapo", 4, {"rounds": 7, "first_dealer": 0}, seed=5)
    seen_piles = []
    while not g.over:
        seen_piles.append(len(g.pile))
        swap_cycle(g)
    assert len(g.rounds) == 7  # more rounds than one pile would allow
    assert seen_piles == [33] * 7
    assert [r["round"] for r in g.rounds] == list(range(1, 8))
    held = sum(len(h) for h in g.hands)
    assert held + len(g.pile) + len(g.discards) == 53


def test_fixed_rounds_reshuffle_event():
    g = engine.new_game("swapo", 4, {"rounds": 2, "first_dealer": 0}, seed=5)
    events = []
    while not g.over:
        events += g.apply(g.pending()[0], {"type": "pass"})
    deals = [e for e in events if e["type"] == "deal" and not e["sudden_death"]]
    assert deals == [
        {
            "type": "deal",
            "round": 2,
            "dealer": 1,
            "players": [1, 2, 3, 0],
            "sudden_death": False,
            "reshuffled": True,
            "pile": 33,
        }
    ]


def test_memory_only_keeps_the_latest_round():
    g = engine.new_game("swapo", 2, {"first_dealer": 0}, seed=2)
    swap_cycle(g)
    swap_cycle(g)
    assert [r["round"] for r in g.view(0)["history"]] == [2]
    assert g.view(0)["history"][0]["hands"] == g.rounds[1]["hands"]
    casual = engine.new_game("swapo", 2, {"first_dealer": 0, "memory_only": False}, seed=2)
    swap_cycle(casual)
    swap_cycle(casual)
    assert [r["round"] for r in casual.view(None)["history"]] == [1, 2]


def test_view_has_the_common_keys():
    g = engine.new_game("swapo", 4, seed=1)
    for seat in (0, None):
        v = g.view(seat)
        for key in ("game", "seat", "seats", "phase", "pending", "scores", "over", "options"):
            assert key in v
        assert v["game"] == "swapo" and v["seat"] == seat and v["result"] is None
    assert g.view(None)["hand"] is None and g.view(0)["hand"] == g.hands[0]
    assert g.view(1)["hand_counts"] == [5, 5, 5, 5]


def test_result_shape():
    g = engine.new_game("swapo", 3, {"first_dealer": 0}, seed=8)
    while not g.over:
        g.apply(g.pending()[0], {"type": "pass"})
    result = g.result()
    assert set(result) >= {"scores", "winners", "rounds"}
    assert len(result["scores"]) == 3 and result["winners"]
    for r in result["rounds"]:
        assert set(r) >= {"winners", "points", "no_game", "sudden_death"}
        assert len(r["points"]) == 3
    assert g.view(1)["result"] == result and g.pending() == [] and g.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0, {"type": "pass"})


def test_the_reveal_shows_every_hand_after_the_last_swap():
    hands = [singles(s) for s in range(4)]
    g = new_game([hands])
    for seat in (0, 1, 2):
        assert g.apply(seat, {"type": "pass"}) == [{"type": "pass", "seat": seat, "phase": "swap"}]
    events = g.apply(3, {"type": "pass"})
    assert [e["type"] for e in events] == ["pass", "reveal", "round_over", "deal"]
    assert events[1] == {"type": "reveal", "hands": hands, "declared": [None] * 4}
    assert events[2]["hands"] == hands and events[3]["round"] == 2


def test_adult_talk_is_an_option_the_table_reads():
    assert engine.new_game("swapo", 3, seed=1).view(None)["options"]["adult_talk"] is True
    quiet = engine.new_game("swapo", 3, {"adult_talk": "off"}, seed=1)
    assert quiet.view(0)["options"]["adult_talk"] is False


def test_docs_list_exactly_the_view_keys():
    doc = (Path(__file__).parents[2] / "docs" / "swapo.md").read_text(encoding="utf-8")
    table = doc[doc.index("## The view") : doc.index("A **round record**")]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", table, re.MULTILINE))
    for variant in ("", "dagger,asterisk,ace"):
        g = engine.new_game("swapo", 3, {"variant": variant}, seed=1)
        assert set(g.view(0)) == documented and set(g.view(None)) == documented
