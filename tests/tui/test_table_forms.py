"""The table forms (host, play against bots) build a widget per option of the chosen game
from its schema, with help, and enter starts the table from any field."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Label, Select

import engine
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.lobby.forms import TableForm
from tui.lobby.screen import LobbyScreen
from tui.lobby.table_options import OptionFields
from tui.pilot import browser_of, screen_lines, wait_until
from tui.settings import Settings


def app_with_lobby():
    return make_app(settings=Settings(name="Eli", cursor_blink=False), browser=browser_of())


async def open_form(pilot, mode="bots"):
    got: list = []
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
    pilot.app.push_screen(TableForm(mode), got.append)
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, TableForm))
    await pilot.pause()
    return pilot.app.screen, got


async def test_the_bots_form_has_a_field_per_option_with_help_hints_on_no_clock_and_enter_plays():
    """A field per option of the game chosen, with help, and enter plays from any field (here
    a game option's); the form against bots has hints on, no turn clock, no take-backs and no
    spectators' field (nobody else comes to a table of bots)."""
    app = app_with_lobby()
    async with app.run_test(size=SIZE) as pilot:
        form, got = await open_form(pilot)
        fields = form.query_one(OptionFields)
        assert fields.game == "swapo"
        for key in engine.GAMES["swapo"].OPTIONS:
            assert form.query(f"#opt-{key}") or form.query(f"#opt-{key}-ace"), key
        helps = [str(label.render()) for label in form.query(".field-help").results(Label)]
        assert any("the variants played" in text for text in helps)
        assert [c.label.plain for c in form.query("#options Checkbox")][:3] == [
            "Dagger †",
            "Asterisk *",
            "Ace",
        ]
        hints = form.query_one("#setting-hints", Checkbox).value
        assert hints is True, "the bots form's hints are on"
        assert not form.query("#setting-spectators"), "a table of bots has no spectators"
        form.query_one("#opt-variant-dagger", Checkbox).value = True
        form.query_one("#opt-variant-ace", Checkbox).value = True
        rounds = form.query_one("#opt-rounds", Input)
        rounds.value = "2"
        rounds.focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(got))
        request = got[0]
        assert request.game == "swapo" and request.options == {
            "variant": ["dagger", "ace"],
            "rounds": 2,
        }, "the options asked"
        assert request.settings == {
            "hints": True,
            "clock": None,
            "bank": 0.0,
            "takebacks": "off",
        }, "the bots form's table settings"


async def test_enter_on_the_game_choice_picks_in_its_open_list_else_plays_and_fields_follow():
    """Enter still picks in an open choice list (the game's: the form is not sent); on the
    game choice closed, enter plays; the option fields follow the game chosen, each field
    checked (a wrong value keeps the form, saying why)."""
    app = app_with_lobby()
    async with app.run_test(size=SIZE) as pilot:
        form, got = await open_form(pilot)
        game = form.query_one("#game", Select)
        game.focus()
        await pilot.press("space")  # opens the list
        await wait_until(pilot, lambda: game.expanded)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert not got and game.value == "swoop" and not game.expanded, "enter picked in the list"
        await wait_until(pilot, lambda: form.query_one(OptionFields).game == "swoop")
        await pilot.pause()
        assert form.query("#opt-target") and not form.query("#opt-variant-ace"), "Swoop's fields"
        game.value = "mishi"
        await wait_until(pilot, lambda: form.query_one(OptionFields).game == "mishi")
        await pilot.pause()
        assert form.query("#opt-declare_window") and not form.query("#opt-target"), "Mi Shi's"
        window = form.query_one("#opt-declare_window", Input)
        assert window.value == "" and "0–60" in window.placeholder
        window.value = "99"
        game.focus()
        await pilot.press("enter")
        await pilot.pause()
        error = str(form.query_one("#form-error").render())
        assert not got and "Time to show: 0–60" in error, "a wrong value keeps the form"
        window.value = "12"
        form.query_one("#opt-throw_penalty", Select).value = 1  # the second value: 10
        game.focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(got))
        assert got[0].game == "mishi"
        assert got[0].options == {"declare_window": 12, "throw_penalty": 10}


def test_snapshot_the_bots_form(snap_compare):
    async def run_before(pilot):
        form, _ = await open_form(pilot)
        form.query_one("#opt-variant-ace", Checkbox).value = True
        form.query_one("#options").scroll_visible(animate=False, immediate=True)  # below
        await pilot.pause()

    assert snap_compare(app_with_lobby(), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_the_host_form_for_mishi(snap_compare):
    async def run_before(pilot):
        form, _ = await open_form(pilot, "host")
        form.query_one("#game", Select).value = "mishi"
        await wait_until(pilot, lambda: form.query_one(OptionFields).game == "mishi")
        await pilot.pause()
        form.query_one("#options").scroll_visible(animate=False, immediate=True)  # below
        await pilot.pause()

    assert snap_compare(app_with_lobby(), terminal_size=(80, 30), run_before=run_before)


async def test_the_table_settings_are_fields_with_help_and_checked():
    app = app_with_lobby()
    async with app.run_test(size=SIZE) as pilot:
        form, got = await open_form(pilot, "host")
        helps = [str(label.render()) for label in form.query(".field-help").results(Label)]
        assert any("S seconds per decision" in text for text in helps)
        assert any("each player's extra S seconds" in text for text in helps)
        assert form.query_one("#setting-hints", Checkbox).value is False  # LAN: off
        clock = form.query_one("#setting-clock", Input)
        assert clock.value == "" and "5–3600" in clock.placeholder
        clock.value = "2"
        clock.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not got and "Turn clock: off, or 5–3600 s" in str(
            form.query_one("#form-error").render()
        )
        clock.value = ""
        form.query_one("#setting-bank", Input).value = "60"
        await pilot.press("enter")
        await pilot.pause()
        assert not got and "--bank needs --clock" in str(form.query_one("#form-error").render())
        clock.value = "30"
        form.query_one("#setting-hints", Checkbox).value = True
        # a choice of three, as the other choices (it was a text field: space wiped "off")
        takebacks = form.query_one("#setting-takebacks", Select)
        assert takebacks.value == "off"
        takebacks.value = "ask"
        takebacks.scroll_visible(animate=False, immediate=True)
        await pilot.pause()
        assert any("Take-backs" in line and "ask the table" in line for line in screen_lines(app))
        spectators = form.query_one("#setting-spectators", Select)  # a hosted table's only
        assert spectators.value == "all"
        spectators.value = "quiet"
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(got))
        asked = {"hints": True, "clock": 30.0, "bank": 60.0, "takebacks": "ask"}
        assert got[0].settings == {**asked, "spectators": "quiet"}
        assert got[0].table_settings("Eli").spectators == "quiet"


def test_snapshot_the_host_forms_table_settings(snap_compare):
    async def run_before(pilot):
        form, _ = await open_form(pilot, "host")
        form.query_one("#setting-clock", Input).value = "30"
        form.query_one("#setting-bank", Input).value = "60"
        form.query_one("#setting-hints", Checkbox).value = True
        form.query_one("#settings").scroll_visible(animate=False, immediate=True)
        await pilot.pause()

    assert snap_compare(app_with_lobby(), terminal_size=(80, 30), run_before=run_before)


async def test_on_a_short_screen_the_forms_buttons_stay_in_sight():
    """A phone held sideways or an 80×20 window: the options box gives up rows (it
    scrolls) so that Play/Host and Cancel are never below the screen's edge. One app, its
    window resized in the lobby to each height, where each form is opened afresh."""
    from textual.widgets import Button

    app = app_with_lobby()
    async with app.run_test(size=(80, 20)) as pilot:
        for height, modes in ((20, ("bots", "host")), (16, ("bots",)), (40, ("host",))):
            await pilot.resize_terminal(80, height)
            await wait_until(pilot, lambda height=height: app.screen.size.height == height)
            for mode in modes:  # each form opened afresh from the lobby, then cancelled
                form, _got = await open_form(pilot, mode)
                await pilot.pause()
                assert form.size.height == height, (mode, height)
                for button in form.query(Button):
                    region = button.region
                    assert region.height and region.bottom <= height - 1, (mode, height, region)
                box = form.query_one("#options-box")
                assert 3 <= box.outer_size.height <= 12, (mode, height, box.outer_size)
                await pilot.press("escape")


async def test_the_form_remembers_the_game_chosen_last_and_shows_the_table_settings_first():
    """The form went back to SwaPo each time, and at 80×24 the hints and the clock sat below
    the game's options in a small scroll box, found only by Tab. Each form (host, bots) shows
    the table settings first, in sight, and the game a form started a table with is the next
    form's, of either kind (read from the saved choices as a new run reads them): the host
    form's Swoop opens the bots form, whose Mi Shi opens the host form."""
    app = app_with_lobby()
    async with app.run_test(size=SIZE) as pilot:
        for mode, shown, chosen in (("host", "swapo", "swoop"), ("bots", "swoop", "mishi")):
            form, got = await open_form(pilot, mode)
            assert form.query_one("#game", Select).value == shown, (mode, "the game shown")
            box = form.query_one("#options-box")
            hints = form.query_one("#setting-hints", Checkbox)
            assert box.region.contains_region(hints.region), (mode, "hints in sight")
            assert hints.region.y < form.query_one(OptionFields).region.y, (mode, "hints first")
            form.query_one("#game", Select).value = chosen
            await wait_until(
                pilot, lambda form=form, chosen=chosen: form.query_one(OptionFields).game == chosen
            )
            form.query_one("#bots", Input).focus()
            await pilot.press("enter")
            await wait_until(pilot, lambda got=got: bool(got))
            assert got[0].game == chosen, (mode, "the game started")
        form, got = await open_form(pilot, "host")
        assert form.query_one("#game", Select).value == "mishi", "the bots form's game kept"
        assert form.query_one(OptionFields).game == "mishi", "its options shown"
        assert form.query("#opt-hands"), "Mi Shi's own options"


def test_a_shared_account_neither_reads_nor_keeps_the_game_chosen_last(monkeypatch):
    """kotatsu serve and kotatsu web run every session on one account (KOTATSU_SHARED): one
    player's last game is not the next one's, and its config is nobody's to write."""
    from tui.lobby.forms import last_game
    from tui.settings import save_setting

    save_setting("game", "swoop")
    assert last_game() == "swoop"
    monkeypatch.setenv("KOTATSU_SHARED", "1")
    assert last_game() == "swapo"
