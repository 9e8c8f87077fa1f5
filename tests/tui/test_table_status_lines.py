"""What every game's table shares around the prompt (issue 23): the notice line above the
prompt lives until what it tells is no longer news, the footer never leaves a key out without
saying where to find it, the results panel is opaque over its whole box, and a long prompt
wraps to two lines, dropping its least important parts, never cut mid-word.

Fast: the table is a ``LocalClient`` (the engine in this process, bots at once).
"""

from __future__ import annotations

from tests.tui.conftest import table_app
from tui.app import make_app
from tui.dialogs import RulesScreen
from tui.pilot import LocalClient, browser_of, local_launcher, seated, settle, wait_until
from tui.settings import Settings
from tui.table.news import NoticeLine
from tui.widgets.footer import WordedFooter


def local_app(game: str = "swapo", **kw):
    client = LocalClient(game, **kw)
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


async def test_a_key_the_footer_leaves_out_is_found_under_question_mark_keys():
    app = table_app(seed=2, hints=True)  # a practice table: h hint too
    async with app.run_test(size=(70, 20)) as pilot:
        screen = await seated(pilot)
        footer = screen.query_one(WordedFooter)
        await wait_until(pilot, lambda: screen.flow.step == "target")
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
