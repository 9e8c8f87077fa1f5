"""``deal_view`` / ``deal_offer``: the deal as of ``k`` draws, for a paced table
(net/table/pacing.py)."""

from __future__ import annotations

import pytest

import engine
from engine.mishi.view import deal_offer, deal_view

pytestmark = pytest.mark.unit


def test_the_deal_view_of_the_asked_seat_is_its_own_view_where_the_engine_stands():
    for seed in range(20):
        g = engine.new_game("mishi", 4, {}, seed=seed)
        while g.phase == "deal":
            seat = g.asked
            mine = g.view(seat)
            paced = deal_view(g, seat, g.drawn, g.declaration)
            for key in ("hand", "counts", "to_deal", "declaration", "trump", "phase", "seat"):
                assert paced[key] == mine[key], key
            assert paced["pending"] == [] and mine["pending"] == [seat]
            offer = deal_offer(g, seat, g.drawn, g.declaration)
            assert offer == [a for a in g.legal_actions(seat) if a["type"] == "declare"]
            g.apply(seat, {"type": "pass"})


def test_the_deal_view_shows_only_the_seats_own_first_cards():
    g = engine.new_game("mishi", 4, {}, seed=5)
    for k in (0, 1, 17, 84, 90):
        for seat in range(4):
            view = deal_view(g, seat, k, None)
            own = [c for i, c in enumerate(g.deck[: min(k, 84)]) if (g.first + i) % 4 == seat]
            assert sorted(view["hand"]) == sorted(own)
            assert sum(view["counts"]) == min(k, 84) and view["kitty"] is None
        assert deal_view(g, None, k, None)["hand"] is None
