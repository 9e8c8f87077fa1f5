"""SwaPo Dagger (face-down rows, positions) and Asterisk (several exchanges, locks)."""

from __future__ import annotations

from collections import Counter

import pytest
from test_swapo_support import new_game, singles, snapshot

import engine
from engine.base import IllegalAction

pytestmark = pytest.mark.unit

ROWS = [singles(s) for s in range(4)]


def laid(variant=("dagger",), rows=ROWS, **options):
    """A Dagger game where every seat laid its hand down in dealt order."""
    g = new_game([rows], variant=list(variant), **options)
    for seat in range(4):
        g.apply(seat, {"type": "arrange", "order": list(g.hands[seat])})
    return g


# Dagger --------------------------------------------------------------------------------------


def test_everyone_arranges_at_once_before_the_swaps():
    g = new_game([ROWS], variant=["dagger"])
    assert g.phase == "arrange" and g.pending() == [0, 1, 2, 3]
    assert g.view(2)["hand"] == ROWS[2]  # it still holds and sees its cards
    order = list(reversed(ROWS[2]))
    assert g.apply(2, {"type": "arrange", "order": order}) == [{"type": "arranged", "seat": 2}]
    assert g.pending() == [0, 1, 3] and g.hands[2] == order
    assert g.view(2)["hand"] == order and g.view(0)["laid"] == [False, False, True, False]
    assert g.legal_actions(2) == []
    for seat in (0, 1, 3):
        g.apply(seat, {"type": "arrange", "order": list(g.hands[seat])})
    assert g.phase == "swap" and g.pending() == [0]


def test_arrange_lists_every_distinct_order_and_checks_the_cards():
    g = new_game([ROWS], variant=["dagger"])
    legal = g.legal_actions(0)
    assert len(legal) == 120 and len({tuple(a["order"]) for a in legal}) == 120
    pair = [["2S", "2S", "3S", "4S", "5S"], singles(1), singles(2), singles(3)]
    assert len(new_game([pair], variant=["dagger"], decks=2).legal_actions(0)) == 60
    before = snapshot(g)
    for order, reason in (
        (ROWS[0][:4], "exactly the cards"),
        ([*ROWS[0][:4], "AH"], "exactly the cards"),
        ([*ROWS[0][:4], 3], "card codes"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            g.apply(0, {"type": "arrange", "order": order})
    with pytest.raises(IllegalAction, match="not allowed in the arrange phase"):
        g.apply(0, {"type": "swap", "target": 1, "take": [0], "give": [0]})
    assert snapshot(g) == before


def test_positions_pair_smallest_with_smallest():
    g = laid()
    a, b = list(ROWS[0]), list(ROWS[1])
    events = g.apply(0, {"type": "swap", "target": 1, "take": [3, 1], "give": [4, 0]})
    assert events == [
        {"type": "swapped", "seat": 0, "target": 1, "k": 2, "take": [1, 3], "give": [0, 4]}
    ]
    assert g.hands[0] == [b[1], a[1], a[2], a[3], b[3]]
    assert g.hands[1] == [b[0], a[0], b[2], a[4], b[4]]
    assert g.view(0)["hand"] == ["?", a[1], a[2], a[3], "?"]
    assert g.view(1)["hand"] == [b[0], "?", b[2], "?", b[4]]
    assert g.view(2)["hand"] == ROWS[2]
    assert g.view(None)["moved"] == [[0, 4], [1, 3], [], []]
    entry = {"seat": 0, "target": 1, "k": 2, "take": [1, 3], "give": [0, 4]}
    assert g.view(0)["swaps"] == [entry] and g.view(3)["swaps"] == [entry]
    assert g.pending() == [1]


def test_a_card_that_comes_back_is_still_a_question_mark():
    g = laid()
    g.apply(0, {"type": "swap", "target": 1, "take": [0], "give": [0]})
    g.apply(1, {"type": "swap", "target": 0, "take": [0], "give": [0]})
    assert g.hands[0][0] == ROWS[0][0]  # its own card is back in place …
    assert g.view(0)["hand"][0] == "?"  # … but it did not see it come back
    assert g.view(1)["hand"][0] == "?"


def test_after_the_swaps_players_see_their_hands():
    rows = [["JK", "2S", "3S", "4S", "5S"], singles(1), singles(2), singles(3)]
    g = laid(("dagger", "ace"), rows)
    g.apply(0, {"type": "swap", "target": 1, "take": [2], "give": [2]})
    for seat in (1, 2, 3):
        g.apply(seat, {"type": "pass"})
    assert g.phase == "declare"
    assert g.view(0)["hand"] == g.hands[0] and "?" not in g.view(0)["hand"]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "swap", "target": 1, "take": [], "give": []}, "pass"),
        ({"type": "swap", "target": 1, "take": [0, 1], "give": [0]}, "as many"),
        ({"type": "swap", "target": 1, "take": [0, 0], "give": [1, 2]}, "twice"),
        ({"type": "swap", "target": 1, "take": [5], "give": [0]}, "position"),
        ({"type": "swap", "target": 1, "take": [-1], "give": [0]}, "position"),
        ({"type": "swap", "target": 1, "take": [True], "give": [0]}, "whole numbers"),
        ({"type": "swap", "target": 0, "take": [1], "give": [0]}, "yourself"),
        ({"type": "swap", "target": 1, "cards": ["2S"]}, "missing"),
    ],
)
def test_illegal_dagger_swaps(action, reason):
    g = laid()
    before = snapshot(g)
    with pytest.raises(IllegalAction, match=reason):
        g.apply(0, action)
    assert snapshot(g) == before


def test_dagger_legal_swaps_count():
    g = laid()
    legal = g.legal_actions(0)
    assert len(legal) == 3 * 251 + 1  # sum over k of C(5,k)^2, minus k=0, per opponent
    assert len({(a["target"], tuple(a["take"]), tuple(a["give"])) for a in legal[:-1]}) == 753
    g10 = engine.new_game("swapo", 10, {"variant": "dagger"}, seed=3)
    for seat in range(10):
        g10.apply(seat, g10.legal_actions(seat)[0])
    assert len(g10.legal_actions(g10.pending()[0])) == 9 * 251 + 1


# Asterisk ------------------------------------------------------------------------------------


def test_asterisk_several_exchanges_until_pass():
    g = new_game([ROWS], variant=["asterisk"])
    g.apply(0, {"type": "swap", "target": 1, "cards": ["2S"]})
    g.apply(1, {"type": "give", "cards": ["5H"]})
    assert g.pending() == [0]  # still seat 0's right
    g.apply(0, {"type": "swap", "target": 2, "cards": ["3S", "4S"]})
    g.apply(2, {"type": "give", "cards": ["8D", "9D"]})
    assert g.pending() == [0]
    assert g.view(0)["locked_cards"] == ["5H", "8D", "9D"]
    assert g.view(None)["locked_counts"] == [3, 1, 2, 0]
    assert g.view(None)["locked_cards"] == []
    events = g.apply(0, {"type": "pass"})
    assert events == [{"type": "pass", "seat": 0, "phase": "swap"}] and g.pending() == [1]


def test_asterisk_locked_cards_cannot_move_again():
    g = new_game([ROWS], variant=["asterisk"])
    g.apply(0, {"type": "swap", "target": 1, "cards": ["2S"]})
    g.apply(1, {"type": "give", "cards": ["5H"]})
    offered = {c for a in g.legal_actions(0) if a["type"] == "swap" for c in a["cards"]}
    assert "5H" not in offered
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="unlocked"):
        g.apply(0, {"type": "swap", "target": 2, "cards": ["5H"]})
    assert snapshot(g) == before
    g.apply(0, {"type": "pass"})
    # the lock is global: seat 1 may neither offer the 2S it got, nor be given back the 5H
    assert all("2S" not in a.get("cards", []) for a in g.legal_actions(1))
    g.apply(1, {"type": "swap", "target": 0, "cards": ["6H"]})
    assert all("5H" not in a["cards"] for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="unlocked"):
        g.apply(0, {"type": "give", "cards": ["5H"]})


def test_asterisk_may_not_ask_more_than_the_opponent_has_unlocked():
    g = new_game([ROWS], variant=["asterisk"])
    g.apply(0, {"type": "swap", "target": 1, "cards": ROWS[0][:4]})
    g.apply(1, {"type": "give", "cards": ROWS[1][:4]})
    g.apply(0, {"type": "pass"})
    g.apply(1, {"type": "pass"})
    # seats 0 and 1 have one unlocked card each; seat 2 may ask them for one card at most
    asks = {(a["target"], len(a["cards"])) for a in g.legal_actions(2) if a["type"] == "swap"}
    assert (0, 2) not in asks and (1, 2) not in asks and (0, 1) in asks and (3, 5) in asks
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="only 1 unlocked"):
        g.apply(2, {"type": "swap", "target": 1, "cards": ROWS[2][:2]})
    assert snapshot(g) == before
    g.apply(2, {"type": "swap", "target": 1, "cards": ROWS[2][:1]})
    assert g.legal_actions(1) == [{"type": "give", "cards": [ROWS[1][4]]}]
    g.apply(1, {"type": "give", "cards": [ROWS[1][4]]})
    # seat 1 is now fully locked: nobody may ask it for anything
    assert all(a.get("target") != 1 for a in g.legal_actions(2))


def test_without_asterisk_one_exchange_ends_the_right():
    g = new_game([ROWS])
    g.apply(0, {"type": "swap", "target": 1, "cards": ["2S"]})
    g.apply(1, {"type": "give", "cards": ["5H"]})
    assert g.pending() == [1]
    g.apply(1, {"type": "swap", "target": 0, "cards": ["2S"]})  # no lock in normal rules
    assert g.pending() == [0] and g.phase == "give"
    assert {"type": "give", "cards": ["5H"]} in g.legal_actions(0)


def test_dagger_asterisk_locks_positions():
    g = laid(("dagger", "asterisk"))
    g.apply(0, {"type": "swap", "target": 1, "take": [0, 1], "give": [2, 3]})
    assert g.view(None)["locked_positions"] == [[2, 3], [0, 1], [], []]
    legal = g.legal_actions(0)
    assert all(not {2, 3} & set(a.get("give", [])) for a in legal)
    assert all(not {0, 1} & set(a["take"]) for a in legal if a.get("target") == 1)
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="locked"):
        g.apply(0, {"type": "swap", "target": 2, "take": [0], "give": [2]})
    with pytest.raises(IllegalAction, match="locked"):
        g.apply(0, {"type": "swap", "target": 1, "take": [0], "give": [4]})
    assert snapshot(g) == before
    g.apply(0, {"type": "swap", "target": 2, "take": [4], "give": [4]})
    g.apply(0, {"type": "pass"})
    assert g.pending() == [1]
    assert Counter(c for h in g.hands for c in h) == Counter(c for h in ROWS for c in h)
