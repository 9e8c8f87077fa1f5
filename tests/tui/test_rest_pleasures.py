"""Issue 13 for Swoop and Mi Shi, played on an in-process table (``tui.pilot.LocalClient``):
the wording, the layout at 80×24 and the results panel after every hand."""

from __future__ import annotations

from tests.tui.conftest import SIZE
from tests.tui.test_mishi_screen import DECLARER_SEED, local_app, play_by_keys
from tui.pilot import seated


# -- Mi Shi wording ---------------------------------------------------------------------------
async def test_mishi_says_your_throw_failed_not_you_s():
    async with local_app(DECLARER_SEED).run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        screen.tell({"type": "throw_failed", "seat": screen.me, "cards": ["AH", "KH"]})
        logged = [str(line) for line in screen.log_pane.lines_written]
        assert any("Your throw failed (" in line for line in logged)
        assert screen.notices[-1] == "Your throw failed"
        assert not any("You's" in line for line in [*logged, *screen.notices])


async def test_mishi_header_says_you_show_a_ten():
    async with local_app(DECLARER_SEED).run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        mine = {"seat": screen.me, "cards": ["10S"]}
        screen.view = dict(screen.view, phase="bao", declaration=mine, bao=None)
        header = " ".join(getattr(p, "plain", p) for p in screen.header_parts())
        assert "You show 10♠" in header and "You shows" not in header
        screen.view = dict(screen.view, phase="bao", bao=mine)
        header = " ".join(getattr(p, "plain", p) for p in screen.header_parts())
        assert "You go alone 10♠" in header and "You goes" not in header


async def test_mishi_a_cut_seat_line_keeps_apart_from_the_next_seat():
    async with local_app(DECLARER_SEED).run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_by_keys(pilot, screen, declare=True, stop=lambda: screen.flow.step == "play")
        left = (screen.me + 1) % 4
        screen.voids = {left: {"T", "S", "H", "C", "D"}}
        for width in (40, 48, 56):
            half = width // 2
            rows = screen.paint_table(width).plain.splitlines()
            cut = [row for row in rows if "…" in row[:half]]
            assert cut, "the left seat's long line is cut"
            for row in cut:
                assert row[half - 1] == " " and "…2" not in row and "…1" not in row


async def test_mishi_burying_at_80x24_heads_every_group_of_the_hand_trumps_too():
    async with local_app(DECLARER_SEED).run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_by_keys(pilot, screen, declare=True, stop=lambda: screen.flow.step == "bury")
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
