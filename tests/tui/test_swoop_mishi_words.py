"""Swoop's and Mi Shi's screens, the issue-23 findings: Swoop's header keeps the table's name
at 80 columns and draws the cards the same way on the table and in the results; Mi Shi's
bars, trump rows, wording, seat labels and the right-hand seat."""

from __future__ import annotations

from net.table.settings import TableSettings
from tests.tui.test_mishi_flow import ME, passing, play_until
from tests.tui.test_narrow import bots_app, my_questions
from tests.tui.test_swoop_flow import GOING_OUT
from tests.tui.test_swoop_screen import swoop_app
from tests.tui.test_swoop_turned_up import results_of_the_hand
from tests.tui.test_widgets import CardsApp
from tui.app import make_app
from tui.connect import play_launcher
from tui.pilot import browser_of, seated, settle
from tui.settings import Settings
from tui.table.results import BAR, bar, bar_scale
from tui.widgets.cards import CardFace, CardStyle
from tui.widgets.pickable import PickableCards

RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "★"}


def practice(game: str, bots: int, seed: int = 3):
    launcher = play_launcher(
        TableSettings.practice(game, bots=bots, seed=seed), name="Eli", bot_delay=0
    )
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


def test_a_trump_named_during_the_deal_gathers_the_trumps_in_one_group():
    game, flow = play_until(2, lambda g: g.view(ME).get("trump") is not None, passing)
    view = game.view(ME)
    trump = view["trump"]
    suits = [flow.order.suit(card) for card in flow.hand]
    runs = [suit for i, suit in enumerate(suits) if i == 0 or suits[i - 1] != suit]
    assert len(runs) == len(set(runs))  # each suit (the trumps too) in one run
    assert runs[0] == "T" or not any(s == "T" for s in suits)
    assert all(flow.order.suit(c) == "T" for c in flow.hand if c[-1] == trump)
    assert sorted(flow.hand) == sorted(view["hand"])  # the same cards, only in order


async def test_mishi_seats_beside_the_trick_sit_at_the_edges_uncut():
    app = bots_app("mishi", seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        async for _ in my_questions(pilot, screen, "mishi", 40):
            if screen.view.get("trick_number", 0) >= 2 and screen.decisions.step == "play":
                break
        await settle(pilot)
        table = screen.query_one("#trick-table")
        width = table.size.width
        lines = str(table.render()).split("\n")
        right = screen.seats.name((screen.me + 3) % 4)
        row = next(i for i, line in enumerate(lines) if line.rstrip().endswith(right))
        left_name = screen.seats.name((screen.me + 1) % 4)
        assert lines[row].lstrip().startswith(left_name) or left_name in lines[row]
        block = lines[row : row + 3]
        assert max(len(line.rstrip()) for line in block) == width  # its block at the edge
        column = lines[row].index(right)
        assert all(line[column - 1] == " " for line in block)  # its lines in one column
        assert not any("…" in line for line in lines[row : row + 4])  # counts wrap, uncut
        assert "pts" in "\n".join(lines[row : row + 4])
        header = str(screen.query_one("#header").render()).rstrip()
        # the app's name and the table's stay; "partner ?" (no partner known yet) gives way
        assert header.lstrip().startswith("kotatsu") and header.endswith('table "practice"')


def test_a_negative_total_never_draws_the_longest_bar():
    top, low = bar_scale([40, -80, 0, 20])
    bars = [bar(total, top, low) for total in (40, -80, 0, 20)]
    zero = bars[1].index("░") + bars[1].count("░")  # the column of zero
    assert bars[0].startswith(" " * zero) and "░" not in bars[0]  # above zero: to its right
    assert bars[1].strip() == "░" * bars[1].count("░") and "█" not in bars[1]
    assert bars[2].strip() == ""
    assert bars[0].count("█") == 2 * bars[3].count("█")  # one scale on both sides
    assert bars[1].count("░") == 2 * bars[0].count("█")
    assert max(len(b) for b in bars) <= BAR
    assert bar_scale([5, 3]) == (5, 0) and bar(5, 5) == "█" * BAR  # no negatives: as before
