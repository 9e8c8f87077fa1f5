"""Swoop's results panel after every hand, played on an in-process table
(``tui.pilot.MemoryClient``). Mi Shi's (and its wording and burying layout at 80×24) are
checked on the declarer's hand of test_mishi_screen.py, which plays to it."""

from __future__ import annotations

from engine.swoop.rules import penalty
from tests.tui.conftest import SIZE
from tui.pilot import seated, settle, wait_until


# -- Swoop: the results panel after a hand ----------------------------------------------------
async def test_swoop_hand_results_show_each_penalty_card_by_card_until_enter():
    from engine.cards import rank
    from tests.tui.test_swoop_screen import GOING_OUT, go_out, swoop_app
    from tui.games.swoop.draw import rank_text
    from tui.table.panel import ResultsPanel

    app = swoop_app(GOING_OUT, first=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await go_out(pilot, screen)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        panel = app.screen
        before = screen.part.swoop_face.ended[1]
        rows = [row.plain for row in panel.rows]
        penalties = screen.view["hands"][0]
        assert rows[0].startswith("You") and "+0" in rows[0] and "went out" in rows[0]
        for seat in range(1, len(penalties)):
            assert rows[seat].startswith(screen.seats.name(seat))
            assert f"+{penalties[seat]}" in rows[seat]
            player = before["players"][seat]
            for card in (c for c in player["face_up"] if c):
                shown = rank_text(rank(card), screen.cards)  # by rank, as on the table
                assert f"{shown} {penalty(card)}" in rows[seat]
            assert "in hand" not in rows[seat]  # the hand is turned up: every card shown
        table = panel.table.plain
        assert "Hand 1" in table and "Bot 2" in table  # the score row and the running totals
        await settle(pilot)
        assert app.screen is panel  # it stays until enter
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen)
