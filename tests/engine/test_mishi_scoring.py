"""Mi Shi score tables at every band boundary, the stake, the kitty multiplier, options, and
game totals over several hands."""

import random

import pytest

import engine
from engine.mishi.scoring import hand_deltas, kitty_multiplier

pytestmark = pytest.mark.unit

# defenders' points -> (declarer side, each defender) for 2v2, paqi, bao
EXPECTED = {
    0: ((3, -3), (9, -3), (12, -4)),
    5: ((2, -2), (6, -2), (9, -3)),
    25: ((2, -2), (6, -2), (9, -3)),
    30: ((1, -1), (3, -1), (6, -2)),
    75: ((1, -1), (3, -1), (6, -2)),
    80: ((-1, 1), (-3, 1), (-6, 2)),
    125: ((-1, 1), (-3, 1), (-6, 2)),
    130: ((-2, 2), (-6, 2), (-9, 3)),
    155: ((-2, 2), (-6, 2), (-9, 3)),
    160: ((-3, 3), (-9, 3), (-12, 4)),
    400: ((-3, 3), (-9, 3), (-12, 4)),
}


@pytest.mark.parametrize("points", sorted(EXPECTED))
@pytest.mark.parametrize("stake", [1, 3])
def test_score_tables_at_every_boundary(points, stake):
    (side2, def2), (paqi, defp), (bao, defb) = EXPECTED[points]
    assert hand_deltas("2v2", 1, 3, points, stake) == [def2 * stake, side2 * stake] * 2
    assert hand_deltas("paqi", 2, None, points, stake) == [
        defp * stake,
        defp * stake,
        paqi * stake,
        defp * stake,
    ]
    assert hand_deltas("bao", 0, None, points, stake) == [bao * stake] + [defb * stake] * 3
    for case in ("2v2", "paqi", "bao"):
        assert sum(hand_deltas(case, 0, 1 if case == "2v2" else None, points, stake)) == 0


def test_kitty_multipliers():
    assert [kitty_multiplier(n, "times") for n in (1, 2, 4, 6)] == [2, 4, 8, 12]
    assert [kitty_multiplier(n, "power") for n in (1, 2, 4, 6)] == [2, 4, 16, 64]


def test_options_are_checked():
    g = engine.new_game("mishi", 4, options={"throw_penalty": "10", "stake": "2"})
    assert g.options == {
        "hands": 4,
        "stake": 2,
        "throw_penalty": 10,
        "kitty_multiplier": "times",
        "declare_window": None,  # the table's pacer chooses (net/table/pacing.py)
    }
    for bad in ({"throw_penalty": 5}, {"hands": 0}, {"kitty_multiplier": "cube"}, {"x": 1}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            engine.new_game("mishi", 4, options=bad)
    with pytest.raises(ValueError, match="4"):
        engine.new_game("mishi", 3)
    with pytest.raises(ValueError, match="deck"):
        engine.new_game("mishi", 4, deck=["BJ"] * 92)


def _playout(g, rng):
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))


def test_hands_totals_and_winners():
    g = engine.new_game("mishi", 4, options={"hands": 3, "stake": 2}, seed=11)
    _playout(g, random.Random(11))
    result = g.result()
    assert len(result["history"]) == 3 and [h["hand"] for h in result["history"]] == [1, 2, 3]
    totals = [sum(h["deltas"][s] for h in result["history"]) for s in range(4)]
    assert result["scores"] == totals
    assert result["winners"] == [s for s in range(4) if totals[s] == max(totals)]
    last = result["history"][-1]
    for key in ("declarer", "partner", "case", "defender_points"):
        assert result[key] == last[key]
    assert result["case"] in ("2v2", "paqi", "bao")
    assert (result["partner"] is None) == (result["case"] != "2v2")
    firsts = [h for h in result["history"]]
    assert all(d % 2 == 0 for h in firsts for d in h["deltas"])  # stake 2
    assert g.view(None)["result"] == result


def test_first_player_moves_clockwise_each_hand():
    g = engine.new_game("mishi", 4, options={"hands": 2}, seed=5)
    assert g.first == 0
    rng = random.Random(5)
    while g.hand_index == 0:
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert g.first == 1 and g.view(None)["hand_number"] == 2
