"""Swoop's and Mi Shi's results panel after every hand, and Mi Shi's wording and layout at
80×24, played on an in-process table (``tui.pilot.MemoryClient``)."""

from __future__ import annotations

from engine.swoop.rules import penalty
from tests.tui.conftest import SIZE
from tests.tui.test_mishi_screen import DECLARER_SEED, local_app, play_by_keys
from tui.games.mishi import draw
from tui.pilot import seated, settle, wait_until


# -- Mi Shi wording ---------------------------------------------------------------------------
async def test_mishi_says_your_throw_failed_and_you_show_a_ten_not_you_s():
    """My own acts in whole words: the log's "Your throw failed" (not "You's"), then the
    header's "You show 10♠" and "You go alone 10♠" (not "You shows", "You goes")."""
    async with local_app(DECLARER_SEED).run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        screen.tell({"type": "throw_failed", "seat": screen.me, "cards": ["AH", "KH"]})
        logged = [str(line) for line in screen.log_pane.lines_written]
        assert any("Your throw failed (" in line for line in logged)
        assert screen.notices[-1] == "Your throw failed"
        assert not any("You's" in line for line in [*logged, *screen.notices])
        mine = {"seat": screen.me, "cards": ["10S"]}
        screen.view = dict(screen.view, phase="bao", declaration=mine, bao=None)
        header = " ".join(getattr(p, "plain", p) for p in screen.header_parts())
        assert "You show 10♠" in header and "You shows" not in header
        screen.view = dict(screen.view, phase="bao", bao=mine)
        header = " ".join(getattr(p, "plain", p) for p in screen.header_parts())
        assert "You go alone 10♠" in header and "You goes" not in header


async def test_mishi_burying_heads_every_group_and_a_cut_seat_line_keeps_apart():
    """Burying at 80×24, every group of the hand has its heading, the trumps' too; then, in
    the play, a seat line cut between its parts keeps apart from the next seat's. One
    table, played by keys to the burying and on to the play."""
    async with local_app(DECLARER_SEED).run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_by_keys(
            pilot, screen, declare=True, stop=lambda: screen.decisions.step == "bury"
        )
        await pilot.pause(0.1)
        assert screen.view["trump"] == "C"  # the clubs stand among the trumps
        hand, area = screen.query_one("#hand"), screen.query_one("#table-area")
        assert hand.region.bottom <= area.region.bottom  # nothing of the hand is cut off
        shown = "\n".join(
            "".join(s.text for s in hand.render_line(y)) for y in range(hand.region.height)
        )
        assert shown.startswith("trump 10♣ 10♣")
        for heading in ("♠", "♥", "♦"):
            assert f"{heading} " in shown
        # on to the play: a seat line cut between its parts
        await play_by_keys(
            pilot, screen, declare=True, stop=lambda: screen.decisions.step == "play"
        )
        left = (screen.me + 1) % 4
        screen.part.mishi_face.voids = {left: {"T", "S", "H", "C", "D"}}
        for width in (40, 48, 56):
            half = width // 2
            rows = screen.part.paint_table(width).plain.splitlines()
            side = [row for row in rows if "void" in row[:half]]
            assert side, "the left seat's counts are shown, wrapped between their parts"
            for row in side:
                assert row[half - 1] == " " and "…2" not in row and "…1" not in row


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


# -- Mi Shi: the results panel after a hand ---------------------------------------------------
async def test_mishi_hand_results_show_points_kitty_row_and_totals_until_enter():
    from tui.table.panel import ResultsPanel

    async with local_app(DECLARER_SEED, options={"hands": 2}).run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_by_keys(
            pilot, screen, declare=True, stop=lambda: isinstance(pilot.app.screen, ResultsPanel)
        )
        panel = pilot.app.screen
        record = screen.view["history"][0]
        assert panel.title_text.startswith("Hand 1")
        rows = [row.plain for row in panel.rows]
        assert rows[0].startswith("Declarers ")
        assert f"Points taken: defenders {record['defender_points']}" in rows[1]
        assert rows[2].startswith("Kitty: ")
        deltas = " · ".join(
            f"{screen.seats.name(s)} {draw.signed(d)}" for s, d in enumerate(record["deltas"])
        )
        assert rows[3] == f"This hand {deltas}"
        table = panel.table.plain
        assert "Hand 1" in table and "Bot 2" in table
        await settle(pilot)
        assert pilot.app.screen is panel  # it stays until enter
        await pilot.press("enter")
        await wait_until(pilot, lambda: pilot.app.screen is screen)
