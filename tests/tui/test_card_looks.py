"""Cards for every eye: the four-colour deck and suit letters (tui/widgets/cards.py), drawn
at a real table under colour, NO_COLOR and ASCII at 80×24, and chosen in the lobby's ``p``
menu or on the command line."""

from __future__ import annotations

import pytest

from tests.tui.test_mishi_screen import FOLLOWER_SEED, play_by_keys, quiet
from tui.app import make_app
from tui.cli import build_parser
from tui.games.swapo.draw import revealed_hand
from tui.lobby.choices import ChoicesMenu
from tui.pilot import (
    MemoryClient,
    browser_of,
    local_launcher,
    recorded,
    screen_lines,
    seated,
    wait_until,
)
from tui.settings import Settings, load_choices
from tui.widgets.cards import CardStyle

MODES = {"four-colour": {"four_colour": True}, "suit-letters": {"suit_letters": True}}
LOOKS = {
    "colour": {"color": True},
    "no-color": {"color": False},
    "ascii": {"color": True, "ascii_only": True},
}


@pytest.mark.unit
def test_the_four_colour_deck_gives_each_suit_its_own_colour():
    style = CardStyle(four_colour=True)
    looks = {style.card_style(f"K{suit}") for suit in "SHDC"}
    assert len(looks) == 4
    assert {style.suit_look(s) for s in "SHDC"} == {"black", "red", "diamonds", "clubs"}
    assert style.label("KD") == "K♦"  # the glyphs stay
    assert CardStyle(four_colour=True, color=False).card_style("KD") == ""  # NO_COLOR wins


@pytest.mark.unit
def test_suit_letters_name_every_suit_and_keep_the_colours():
    style = CardStyle(suit_letters=True)
    assert [style.label(c) for c in ("10H", "QS", "2D", "AC")] == ["10H", "QS", "2D", "AC"]
    assert style.card_style("10H") == "bold red"
    assert style.lock_mark() == "🔒"  # only the suits change


@pytest.mark.unit
@pytest.mark.parametrize("style", [CardStyle(), CardStyle(color=False), CardStyle(ascii_only=True)])
def test_a_stabbed_card_is_marked_by_more_than_a_strike(style):
    text = revealed_hand(["9S", "9H", "KD"], None, ["KD", "QC"], style, ace=True, winner=False)
    mark = style.cut_mark()
    assert f"{mark}{style.label('KD')}" in text.plain
    assert f"{mark}{style.label('QC')}" in text.plain  # stabbed and gone from the hand
    assert text.plain.count(mark) == 2


def test_the_command_line_chooses_for_one_run_over_the_saved_choices(tmp_path):
    parser = build_parser()
    args = parser.parse_args(["play", "swoop", "--four-colour", "--no-nudge"])
    app = make_app(args)
    assert app.settings.four_colour and not app.settings.nudge and not app.settings.suit_letters
    args = parser.parse_args(["--suit-letters", "play", "swoop"])
    assert make_app(args).settings.suit_letters
    assert load_choices() == {}  # a flag is for this run only


async def test_the_lobby_p_menu_turns_choices_on_and_remembers_them():
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(settings=settings, browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoicesMenu))
        assert app.screen.chosen == {"nudge": True, "four_colour": False, "suit_letters": False}
        await pilot.press("space", "down", "space", "down", "space", "enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, ChoicesMenu))
        await pilot.pause()
    assert (app.settings.nudge, app.settings.four_colour, app.settings.suit_letters) == (
        False,
        True,
        True,
    )
    assert load_choices() == {"nudge": False, "four_colour": True, "suit_letters": True}
    again = make_app(build_parser().parse_args([]))
    assert again.settings.four_colour and again.settings.suit_letters and not again.settings.nudge


def choice_lines(app) -> dict[str, str]:
    """The menu's line of each choice as the terminal gets it (its first words: its key)."""
    starts = {"Ring": "nudge", "Four": "four_colour", "Suit": "suit_letters"}
    out = {}
    for line in screen_lines(app):
        for start, key in starts.items():
            if start in line:
                out[key] = line.strip()
    return out


def reversed_text(app) -> str:
    """The text the terminal is told to draw in reverse video (the focus under NO_COLOR)."""
    segments = recorded(app)._record_buffer
    return "".join(seg.text for seg in segments if seg.style and seg.style.reverse)


@pytest.mark.parametrize("color", [False, True])
async def test_the_p_menu_shows_on_and_off_in_its_text_and_marks_the_focused_line(
    monkeypatch, color
):
    """Under NO_COLOR the menu's lines looked the same whatever they were (every one "X"),
    and space changed nothing on the screen; the line with the keys had no mark."""
    if not color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(settings=Settings(name="Eli", cursor_blink=False), browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoicesMenu))
        await pilot.pause()
        lines = choice_lines(app)
        on, off = lines["nudge"], lines["four_colour"]
        assert on.partition("Ring")[0] != off.partition("Four")[0]  # the mark before each
        assert lines["suit_letters"].startswith(off.partition("Four")[0])  # both off alike
        if not color:
            assert "Ring" in reversed_text(app) and "Four" not in reversed_text(app)
        await pilot.press("space")  # the nudge off: its line now reads as the others
        await pilot.pause()
        assert choice_lines(app)["nudge"].partition("Ring")[0] == off.partition("Four")[0]
        await pilot.press("down")
        await pilot.pause()
        if not color:
            assert "Four" in reversed_text(app) and "Ring" not in reversed_text(app)


@pytest.mark.parametrize("look", list(LOOKS))
@pytest.mark.parametrize("mode", list(MODES))
def test_snapshot_cards_for_every_eye(snap_compare, monkeypatch, mode, look):
    """Mi Shi's hand shows all four suits: each mode under colour, NO_COLOR and ASCII."""
    if look == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")
    # the table kotatsu play opens (hints on, named "practice"), in this process
    client = MemoryClient("mishi", seed=FOLLOWER_SEED, settings={"hints": True})
    client.table = {**(client.table or {}), "name": "practice"}
    settings = Settings(name="Eli", cursor_blink=False, **LOOKS[look], **MODES[mode])
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())

    async def run_before(pilot):
        screen = await seated(pilot)
        await play_by_keys(
            pilot,
            screen,
            declare=False,
            stop=lambda: (
                screen.decisions.step == "play" and len(screen.view.get("trick") or []) >= 1
            ),
        )
        await quiet(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
