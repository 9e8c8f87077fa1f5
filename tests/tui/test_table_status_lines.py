"""What every game's table shares around the prompt (issue 23): the notice line above the
prompt lives until what it tells is no longer news, the footer never leaves a key out without
saying where to find it, the results panel is opaque over its whole box, and a long prompt
wraps to two lines, dropping its least important parts, never cut mid-word; the header line
leaves whole parts out, never the table's name.

Fast: the table is a ``MemoryClient`` (the engine in this process, bots at once).
"""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text

from tests.tui.conftest import table_app
from tests.tui.test_swapo_round_results import NORMAL, Scripted, app_at
from tui.app import make_app
from tui.dialogs import RulesScreen
from tui.pilot import (
    MemoryClient,
    browser_of,
    local_launcher,
    screen_lines,
    seated,
    settle,
    wait_until,
)
from tui.settings import Settings
from tui.table.header import header_line
from tui.table.news import NoticeLine
from tui.table.panel import ResultsPanel
from tui.widgets.footer import WordedFooter
from tui.widgets.prompt import fit_lines


def local_app(game: str = "swapo", **kw):
    client = MemoryClient(game, **kw)
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    return make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())


async def test_a_notice_goes_once_the_table_moves_on():
    app = local_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        line = screen.query_one(NoticeLine)
        screen.notify("Swoop! Bot 2 cleared the pile")
        await pilot.pause()
        assert "cleared the pile" in str(line.render())
        before = screen.states_seen
        await pilot.press("1", "2", "3", "enter")  # I give Bot 4 three cards: a new state
        await wait_until(pilot, lambda: screen.states_seen > before)
        await settle(pilot)
        assert "cleared the pile" not in str(line.render())
        assert screen.notices[-1] == "Swoop! Bot 2 cleared the pile"  # still on record


async def test_a_long_notice_wraps_to_two_lines_at_80_columns_and_is_cut_at_a_word_after():
    """A hint's reason was cut on its one line (`…keep your best group and trade away the…`);
    now the line above the prompt takes two lines for it, and a longer one ends at a word."""
    hint = (
        "Hint: swap with Bot 3 (2 cards) — keep your best group and trade away the loose"
        " cards, which the bots value least"
    )
    app = local_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        line = screen.query_one(NoticeLine)
        screen.notify(hint)
        await pilot.pause()
        lines = screen_lines(app)
        top = line.region.y
        assert line.region.height == 2
        assert " ".join(lines[top : top + 2]).split() == hint.split()
        assert line.region.bottom <= screen.prompt.region.y  # above the prompt, not over it
        screen.notify(" ".join([hint] * 2))
        await pilot.pause()
        shown = str(line.render())
        assert len(shown.splitlines()) == 2 and shown.endswith("…")
        assert shown.rstrip("…").split()[-1] in hint.split()  # a whole word before …
        screen.notify("Bot 2 cleared the pile")
        await pilot.pause()
        assert line.region.height == 1  # back to one line: the table gets the row back


async def test_a_key_the_footer_leaves_out_is_found_under_question_mark_keys():
    app = table_app(seed=2, hints=True)  # a practice table: h hint too
    async with app.run_test(size=(70, 20)) as pilot:
        screen = await seated(pilot)
        footer = screen.query_one(WordedFooter)
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        await pilot.press("2", "2", "space")  # two cards with Bot 3, one picked
        await settle(pilot)
        shown = [(key.key_display, key.description) for key in footer.shown_keys()]
        assert ("?", "keys") in shown  # a key is left out: ? says where the keys are
        game = [("h", "hint"), ("space", "pick"), ("enter", "swap"), ("esc", "back")]
        assert all(key in shown for key in game)  # the game's keys stay
        left = {key.key for key in footer.wanted_keys()} - {key.key for key in footer.shown_keys()}
        assert left and "question_mark" not in left
        await pilot.press("question_mark")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert "Keys at the table now" in rules.keys
        for key in footer.wanted_keys():  # every key, those left out too, with its word
            assert f"`{key.key_display}` {key.description}" in rules.keys
        await pilot.press("escape")
        await pilot.resize_terminal(120, 30)  # room for every key: ? says "rules" again
        await settle(pilot)
        shown = [(key.key_display, key.description) for key in footer.shown_keys()]
        assert ("?", "rules") in shown and ("s", "scores") in shown


async def test_the_results_panel_is_opaque_from_edge_to_edge_at_80_columns():
    app = app_at(NORMAL, {1: Scripted(), 2: Scripted(0, ["6C", "10S"])})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await pilot.press("p")  # I keep my hand; Bot 3 asks me for 2 cards
        await wait_until(pilot, lambda: screen.decisions.step == "give")
        await pilot.press("1", "2", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        await settle(pilot)
        panel = app.screen
        frame, box = panel.query_one("#results-frame"), panel.query_one("#results")
        assert (frame.region.x, frame.region.width) == (0, 80)  # no column of the log shows
        assert frame.styles.background.a == 1  # opaque, unlike the dimmed table around it
        assert box.region.x == 1 and box.region.right == 79  # a blank cell beside each border
        rows = range(frame.region.y, frame.region.bottom)
        lines = screen_lines(app)
        assert all(lines[y][0] == " " and lines[y][79] == " " for y in rows)


def test_a_long_prompt_drops_its_key_hints_first_then_ends_at_a_word():
    console = Console()
    question = Text("Your swap: Bot 2 · 2 cards — pick the 2 you give (space) 1/2 · esc back")
    assert fit_lines(question, 80, console) is question  # it fits: as it is
    shorter = fit_lines(question, 36, console)
    assert shorter.plain == "Your swap: Bot 2 · 2 cards — pick the 2 you give (space) 1/2"
    words = Text("every word of this long question matters to the player who reads it")
    cut = fit_lines(words, 20, console)
    lines = [line.plain.rstrip() for line in cut.wrap(console, 20)]
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(w in words.plain.split() for line in lines for w in line.rstrip("…").split())


def test_a_long_header_leaves_out_whole_parts_and_keeps_the_table_name():
    """A replay's header at 80 columns: its place, chair and "the game stopped here" before
    the game's own parts. What does not fit goes whole, from the end (the game's name stays),
    and the table's name and who is away stay in sight; no part is cut, no "·" dangles."""
    parts = [
        "Swoop", "replay 8/8", "as seen by Miaroot", "the game stopped here, unfinished",
        "hand 1", "You: 0",
    ]  # fmt: skip
    away = [Text("Bo away 2 min")]

    def line(width: int) -> str:
        return header_line(
            parts, table_name="practice", away=away, connection="well",
            look=lambda _name: Style(), ascii_only=False, width=width,
        ).plain  # fmt: skip

    wide = line(0)
    assert wide.startswith(" kotatsu · Swoop · replay 8/8") and "You: 0" in wide
    assert line(len(wide)) == wide  # it fits: all of it
    at_80 = line(80)
    assert len(at_80) <= 80 and not at_80.startswith(" kotatsu")
    assert at_80.endswith(' · table "practice" · Bo away 2 min')
    assert "You: 0" not in at_80 and "replay 8/8" in at_80
    shown = at_80.split(' · table "practice"')[0].strip().split(" · ")
    assert shown == parts[: len(shown)]  # whole parts, the first ones
    tiny = line(30)  # even the game's name and the table's do not fit: an ellipsis ends it
    assert len(tiny) <= 30 and tiny.endswith("…") and tiny.startswith(" Swoop")


async def test_the_prompt_bar_shows_a_long_question_in_two_whole_lines():
    app = local_app(seed=1)
    async with app.run_test(size=(70, 20)) as pilot:
        screen = await seated(pilot)
        long = " ".join(["Bot 4 asks you for 3 cards, pick the three you give"] * 3)
        screen.prompt.ask(f"{long} · esc back · p pass")
        await pilot.pause()
        bar = screen.prompt
        assert bar.plain.endswith("p pass")  # what it asks is kept whole
        assert bar.size.height == 2 and bar.shown.endswith("…")
        assert "esc back" not in bar.shown
        last = bar.shown.split("\n")[-1].removesuffix("…").split()[-1]
        assert last in long.split()  # the last word shown is a whole word


async def test_a_long_notice_ends_at_a_word_on_its_one_line_in_a_short_window():
    """Below 24 rows the table needs its rows: the notice keeps to one line."""
    app = local_app(seed=1)
    async with app.run_test(size=(80, 20)) as pilot:
        screen = await seated(pilot)
        words = "Round 1: Eli (a pair of As, +2), Bot 2 (a pair of 3s, +6) and Bot 3 (a pair of Qs)"
        screen.notify(words)
        await pilot.pause()
        shown = str(screen.query_one(NoticeLine).render()).rstrip()
        assert shown.endswith("…") and len(shown) <= 78
        assert shown.removesuffix("…").split()[-1] in words.split()  # a whole word
        assert screen.notices[-1] == words  # the whole notice stays on record
