"""Swoop's and Mi Shi's screens, the issue-23 findings: Swoop's header keeps the table's name
at 80 columns and draws the cards the same way on the table and in the results; Mi Shi's
bars, trump rows, wording, seat labels and the right-hand seat."""

from __future__ import annotations

from tests.tui.test_swoop_flow import GOING_OUT
from tests.tui.test_swoop_screen import swoop_app
from tests.tui.test_swoop_turned_up import results_of_the_hand
from tests.tui.test_widgets import CardsApp
from tui.app import make_app
from tui.connect import play_launcher
from tui.pilot import browser_of, seated, settle
from tui.settings import Settings
from tui.widgets.cards import CardFace, CardStyle
from tui.widgets.pickable import PickableCards

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


async def test_a_suit_group_that_fits_a_line_is_never_split_and_a_long_one_hangs():
    headings = {"T": "trump", "S": "♠", "H": "♥"}
    trumps = [CardFace(c, group="T") for c in ["BJ", "SJ", "10C", "10D", "2H", "KH", "7H", "6H"]]
    spades = [
        CardFace(c, group="S", label=c[:-1]) for c in ["KS", "9S", "9S", "7S", "6S", "5S", "3S"]
    ]
    hearts = [CardFace(c, group="H", label=c[:-1]) for c in ["AH", "JH"]]
    hand = PickableCards(CardStyle(), inline=True, headings=headings, mark_at="start")
    async with CardsApp(hand).run_test(size=(46, 6)) as pilot:
        hand.show([*trumps, *spades, *hearts], None)
        await pilot.pause()
        lines = [line.rstrip() for line in hand.render().plain.split("\n") if line.strip()]
        assert lines[0].startswith("trump B★ S★ 10♣")
        spade_line = next(line for line in lines if "♠ K" in line)
        assert spade_line.split("♠ ")[1].split("♥")[0].split() == [
            "K",
            "9",
            "9",
            "7",
            "6",
            "5",
            "3",
        ]  # whole
        assert sum(line.count("trump") for line in lines) == 1
    narrow = PickableCards(CardStyle(), inline=True, headings=headings, mark_at="start")
    async with CardsApp(narrow).run_test(size=(20, 6)) as pilot:
        narrow.show(trumps, None)  # longer than a line: it goes on under its first card
        await pilot.pause()
        lines = [line.rstrip() for line in narrow.render().plain.split("\n") if line.strip()]
        assert len(lines) >= 2 and sum(line.count("trump") for line in lines) == 1
        first = lines[0].index("B★")
        assert all(line[:first].strip() == "" and line[first] != " " for line in lines[1:])
