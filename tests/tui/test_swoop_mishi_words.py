"""Swoop's and Mi Shi's screens, the issue-23 findings: Swoop's header keeps the table's name
at 80 columns and draws the cards the same way on the table and in the results; Mi Shi's
bars, trump rows, wording, seat labels and the right-hand seat."""

from __future__ import annotations

from tests.tui.test_swoop_flow import GOING_OUT
from tests.tui.test_swoop_screen import swoop_app
from tests.tui.test_swoop_turned_up import results_of_the_hand
from tui.app import make_app
from tui.connect import play_launcher
from tui.pilot import browser_of, seated, settle
from tui.settings import Settings

RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "★"}


def practice(game: str, bots: int, seed: int = 3):
    launcher = play_launcher(game, bots=bots, seed=seed, name="Eli", bot_delay=0)
    settings = Settings(color=True, name="Eli", cursor_blink=False)
    return make_app(launcher=launcher, settings=settings, browser=browser_of())


async def test_the_swoop_header_keeps_the_table_name_at_80_columns():
    app = practice("swoop", bots=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await settle(pilot)
        header = str(screen.query_one("#header").render())
        assert header.rstrip().endswith('table "practice"') and len(header.rstrip()) <= 80
        assert "You: " in header  # my own total stays


async def test_swoop_results_draw_the_cards_by_rank_as_the_table_does():
    app = swoop_app(GOING_OUT, first=0, options={"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await results_of_the_hand(pilot)
        rows = "\n".join(row.plain for row in app.screen.rows)
        assert not any(suit in rows for suit in "♠♥♦♣")  # no suits: the table shows none
        row = next(r for r in app.screen.rows if r.plain.startswith("Bot 2"))
        cards = row.plain.partition("+")[2].partition(" ")[2].split(" · ")
        assert all(card.split()[0] in RANKS for card in cards), cards
