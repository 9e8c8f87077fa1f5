"""SwaPo's screen, the issue-23 findings: the results title's round count after a tie, the
joker-rank chooser at 80 columns, a drawn round's results, the winners' mark, my own done
mark, one word per key, and the cursor beside the ``new`` label."""

from __future__ import annotations

import re

from rich.cells import cell_len

from tests.tui.test_swapo_round_results import NORMAL, Scripted, app_at
from tests.tui.test_swapo_screen import local_app, play_until_power
from tests.tui.test_widgets import CardsApp
from tui.games.swapo import draw
from tui.games.swapo.choices import rounds_after
from tui.games.swapo.model import RoundRecord
from tui.pilot import seated, settle, wait_until
from tui.table.panel import ResultsPanel
from tui.widgets.cards import CardFace, CardStyle
from tui.widgets.footer import WordedFooter
from tui.widgets.pickable import PickableCards

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def test_a_tie_after_the_last_round_does_not_lengthen_the_game():
    # a game of two rounds (no set number: the pile dealt two), tied after round 2: the
    # pile is rebuilt for sudden death, and round 3 is dealt from it
    second = RoundRecord(round=2, winners=(0, 1), points=(1, 1, 0))
    going = {"seats": 3, "over": False, "sudden_death": False, "options": {"rounds": None}}
    sudden = {**going, "round": 3, "pile": 38, "sudden_death": True}
    assert rounds_after("swapo", sudden, second) == 2  # "Round 2 of 2", not "of 4"
    over = {**going, "round": 2, "pile": 8, "over": True}
    assert rounds_after("swapo", over, second) == 2
    # a round in the middle: the next round's view says how long the game is
    first = RoundRecord(round=1, winners=(0,), points=(1, 0, 0))
    next_round = {**going, "round": 2, "pile": 23}
    assert rounds_after("swapo", next_round, first) == 3
    assert rounds_after("swapo", {**next_round, "options": {"rounds": 2}}, first) == 2
    # a sudden-death round has no count (its title says "sudden death")
    third = RoundRecord(round=3, sudden_death=True, winners=(0,), points=(1, 0, 0))
    assert rounds_after("swapo", over, third) is None


async def test_the_joker_rank_chooser_keeps_each_rank_over_its_points_at_80_columns():
    hands = [
        ["JK", "KS", "KH", "5D", "2C"],  # me: the joker
        ["QS", "QH", "3D", "4C", "8S"],
        ["7S", "7H", "6D", "6C", "10S"],
    ]
    app = app_at(hands, {1: Scripted(), 2: Scripted()}, options={"variant": "ace"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.decisions.step == "declare")
        menu = screen.query_one("#menu")
        lines = str(menu.render()).split("\n")
        assert all(cell_len(line) <= menu.content_region.width for line in lines)  # no wrap
        ranks = [line for line in lines if line.startswith("rank")]
        points = [line for line in lines if line.startswith("pts")]
        assert len(ranks) == len(points) >= 2  # the thirteen ranks in two blocks
        for rank_row, point_row in zip(ranks, points, strict=True):
            starts = [m.start() for m in re.finditer(r"\S+", rank_row)]
            assert starts == [m.start() for m in re.finditer(r"\S+", point_row)]
        shown = " ".join(ranks)
        assert all(
            f" {rank}×" in shown
            for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        )


async def test_a_drawn_round_says_who_played_the_draw_and_no_game_once():
    app = local_app(seed=2, options={"variant": "ace"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await play_until_power(pilot, screen)
        while screen.part.menu_labels()[screen.decisions.menu_cursor].plain != "A♣ Draw: no game":
            await pilot.press("right")
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.decisions.reveal is not None)
        assert "Round 1: no game, You played the Draw" in screen.prompt.plain
        # the prompt says the round's result: the notice line does not say it again
        assert not any(notice.startswith("Round 1") for notice in screen.notices)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        panel = app.screen
        assert panel.title_text.startswith("Round 1 of ")  # not "Round 1 (no game) of 2"
        assert panel.title_text.endswith("— no game, You played the Draw")
        assert panel.title_text.count("no game") == 1
        rows = "\n".join(row.plain for row in panel.rows)
        assert "no game" not in rows.lower()  # the title says it; the rows say why
        assert "Nobody scores this round: the Draw (A♣) stops the game." in rows


def test_the_winners_mark_is_a_crown_never_the_jokers_star():
    record = RoundRecord(
        round=1, winners=(0,), points=(1, 0), hands=(("JK", "7S", "7H", "2C", "3D"), None)
    )
    unicode = draw.results_lines(record, lambda s: f"Seat {s}", CardStyle())
    assert unicode[0].plain.startswith("♛ Seat 0") and "★" in unicode[0].plain  # the joker
    ascii_only = draw.results_lines(record, lambda s: f"Seat {s}", CardStyle(ascii_only=True))
    assert ascii_only[0].plain.startswith("* Seat 0") and "JK" in ascii_only[0].plain


async def test_my_own_line_shows_the_done_mark_once_i_have_swapped():
    app = app_at(NORMAL, {1: Scripted(), 2: Scripted(0, ["6C", "10S"])})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        label = screen.query_one("#me-label")
        assert str(label.render()).startswith("You (Eli) D   0 pts")  # I deal, not done yet
        await pilot.press("1", "1", "space", "enter")  # I swap one card with Bot 2
        await wait_until(pilot, lambda: screen.decisions.step == "give")  # Bot 3 asks me
        await settle(pilot)
        assert str(label.render()).startswith("You (Eli) D✓  0 pts")
        assert "✓ done this round" in str(screen.query_one("#round-info").render())


async def test_p_says_one_word_in_the_prompt_and_the_footer():
    app = app_at(NORMAL, {1: Scripted(), 2: Scripted()}, options={"variant": "asterisk"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        footer = screen.query_one(WordedFooter)
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        await settle(pilot)
        keys = [(key.key_display, key.description) for key in footer.shown_keys()]
        assert screen.prompt.plain.endswith("· p pass") and ("p", "pass") in keys
        await pilot.press("1", "1", "space", "enter")  # one card with Bot 2: I may swap again
        await wait_until(pilot, lambda: screen.decisions.pass_word() == "done")
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        await settle(pilot)
        keys = [(key.key_display, key.description) for key in footer.shown_keys()]
        assert screen.prompt.plain.endswith("· p done") and ("p", "done") in keys
        assert ("p", "pass") not in keys
        await pilot.press("p")  # done: my turn ends
        await wait_until(pilot, lambda: screen.client.acts[-1] == {"type": "pass"})


async def test_enter_says_continue_in_the_footer_when_there_is_no_joker_to_declare():
    hands = [
        ["AS", "AH", "KS", "KH", "5D"],  # me: no joker
        ["QS", "QH", "QD", "2C", "3C"],
        ["7S", "7H", "8C", "9C", "10C"],
    ]
    app = app_at(hands, {1: Scripted(), 2: Scripted()}, options={"variant": "ace"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.decisions.step == "declare")
        await settle(pilot)
        keys = [(k.key_display, k.description) for k in screen.query_one(WordedFooter).shown_keys()]
        assert "enter to continue" in screen.prompt.plain and ("enter", "continue") in keys
        assert ("enter", "declare") not in keys


async def test_the_cursor_on_a_new_card_keeps_its_new_label():
    cards = PickableCards(CardStyle())
    new = [CardFace("2S", tag="new"), CardFace("KH", tag="new"), CardFace("5D")]
    async with CardsApp(cards).run_test(size=(60, 8)) as pilot:
        cards.large = True  # the 80×24 table's cards: seven cells wide
        cards.show(new, cursor=0)
        await pilot.pause()
        marks = cards.render().plain.split("\n")[-1]
        assert marks.split() == ["▲new", "new"]  # the cursor and the label, side by side
