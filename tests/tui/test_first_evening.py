"""What a new user tripped over on a first evening (issue 23): the player's name
(`kotatsu --name NAME` for one run, the first-run dialog's hint true, `n` in the lobby to
change it later), `o` with nothing to reopen, 秘十's enter before a choice is whole."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZE
from tui.app import make_app, player_name
from tui.cli import build_parser
from tui.lobby.forms import NameForm
from tui.lobby.screen import LobbyScreen
from tui.pilot import browser_of, wait_until
from tui.settings import Settings, load_name, save_name


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["--name", "Ann"], "Ann"),  # the lobby
        (["--name", "Ann", "play", "swapo"], "Ann"),
        (["play", "swapo", "--name", "Bo"], "Bo"),
        (["--name", "Ann", "host", "swapo", "--name", "friday"], "Ann"),  # there: the table's
        (["host", "swapo", "--name", "friday"], None),
        (["join", "127.0.0.1:7717", "--name", "Cy"], "Cy"),
    ],
)
def test_name_on_the_command_line(argv, name):
    args = build_parser().parse_args(argv)
    assert player_name(args) == name
    if name:
        assert make_app(args, browser=browser_of()).settings.name == name


async def test_n_in_the_lobby_changes_the_remembered_name():
    save_name("Ann")
    app = make_app(settings=Settings(name="Ann", cursor_blink=False), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, NameForm))
        assert app.screen.query_one("#name").value == "Ann"
        await pilot.press("end", *["backspace"] * 5, *"Zed", "enter")
        await wait_until(pilot, lambda: app.settings.name == "Zed")
        assert isinstance(app.screen, LobbyScreen) and app.screen.settings.name == "Zed"
    assert load_name() == "Zed"


async def test_the_name_dialog_shows_no_example_as_if_it_were_a_value():
    app = make_app(settings=Settings(cursor_blink=False), browser=browser_of(), ask_name=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameForm))
        field = app.screen.query_one("#name")
        assert not field.placeholder
        hint = str(app.screen.query_one("#form-error").render())
        assert "n in the lobby" in hint and "--name NAME" in hint


async def test_o_in_the_lobby_with_nothing_to_reopen_says_so():
    app = make_app(settings=Settings(name="Eli", cursor_blink=False), browser=browser_of())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("o")
        await pilot.pause()
        assert any("No table to reopen" in str(n.message) for n in app._notifications)


def test_mishi_enter_before_the_choice_is_whole_says_what_to_pick():
    from tui.games.mishi.flow import MishiDecisions
    from tui.table.decisions import Refuse

    model = MishiDecisions(0)
    hand = ["AS", "KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S"]
    model.update({"phase": "bury", "pending": [0], "hand": hand, "hand_number": 1}, [{}])
    model.pick()
    assert model.confirm() == Refuse("Pick 7 more cards to bury (space)")
    lead = {"phase": "play", "pending": [0], "hand": hand, "hand_number": 1, "trick": []}
    model.update(lead, [{"type": "pick", "card": "AS"}])
    assert model.confirm() == Refuse("Pick the cards to lead with first (space)")


def test_under_lang_c_mi_shi_keeps_its_name():
    from tui.text import to_ascii

    assert to_ascii("秘十") == "Mi Shi" and to_ascii("秘十 Mi Shi") == "Mi Shi"
    assert to_ascii("★ 10♥") == "* 10H"


def test_a_used_ace_is_not_said_to_be_unusable():
    from tui.games.swapo.choices import idle_aces

    hands = (("AH", "JK", "2S", "3S", "4S"), ("5S", "6S", "7S", "8S", "9S"))
    assert [a for a, _ in idle_aces(0, hands)] == ["AH"]  # nobody else holds a joker
    assert idle_aces(0, hands, used=["AH"]) == []  # it took one: used, not "cannot be used"


async def test_the_hosts_confirmation_footer_says_yes_and_no_not_leave():
    from tui.dialogs import Confirm
    from tui.widgets.footer import WordedFooter

    app = make_app(settings=Settings(name="Eli", cursor_blink=False), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        answers: list = []
        app.push_screen(
            Confirm("Fill the free seats with bots?", "They play at once."), answers.append
        )
        await pilot.pause()
        keys = [
            (k.key_display, k.description) for k in app.screen.query_one(WordedFooter).shown_keys()
        ]
        assert sorted(d for _, d in keys) == ["no", "yes"]
        assert "Stay" not in str(app.screen.query_one("#no").label)
        await pilot.press("y")
        assert answers == [True]
