"""What the terminal can show: NO_COLOR takes the colour away and keeps the suit glyphs; a
terminal without UTF-8 (``LANG=C``, even after Python's own locale coercion) gets ASCII cards
and ASCII borders everywhere; without colour the field with the keys is in reverse video; a very
wide window puts the log and the chat side by side."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.scrollbar import ScrollBar, ScrollBarRender

from tests.tui.conftest import table_app
from tui.app import KotatsuApp
from tui.dialogs import ConfirmLeave, RulesScreen
from tui.lobby.forms import TableForm
from tui.pilot import browser_of, recorded, screen_lines, seated, wait_until
from tui.settings import Settings, terminal_wants_ascii
from tui.widgets.cards import CardStyle
from tui.widgets.chat import ChatPane
from tui.widgets.log import EventLog

ROOT = Path(__file__).resolve().parents[2]

#: Box drawing: the borders an ASCII terminal cannot show. (Textual's scrollbar draws the
#: ends of its thumb with block elements, ▁▂…, which no style changes: not checked here.)
NOT_ASCII_LINES = {chr(c) for c in range(0x2500, 0x2580)}
EIGHTH_BLOCKS = set("▁▂▃▄▅▆▇▉▊▋▌▍▎▏")


def test_no_color_keeps_the_suit_glyphs_and_ascii_gives_letters():
    plain = CardStyle(color=False)
    assert [plain.label(c) for c in ("10H", "QS", "JK")] == ["10♥", "Q♠", "★"]
    assert plain.card_style("10H") == "" and plain.lock_mark() == "🔒"
    ascii_only = CardStyle(ascii_only=True, color=False)
    assert [ascii_only.label(c) for c in ("10H", "QS", "JK")] == ["10H", "QS", "JK"]


def test_lang_c_reads_as_ascii_even_after_pythons_locale_coercion():
    # Python started in the C locale sets LC_CTYPE=C.UTF-8 itself (PEP 538)
    coerced = {"LANG": "C", "LC_CTYPE": "C.UTF-8"}
    assert terminal_wants_ascii(coerced, started_in_c=True)
    assert not terminal_wants_ascii(coerced, started_in_c=False)  # the player's own LC_CTYPE
    assert not terminal_wants_ascii({"LANG": "C.UTF-8"}, started_in_c=True)
    assert not terminal_wants_ascii({}, started_in_c=True)  # unset: taken as able


def test_lang_c_in_a_real_process_is_an_ascii_terminal():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONUTF8"))}
    env["LANG"] = "C"
    code = "from tui.settings import terminal_wants_ascii as w; print(w())"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "True"


async def test_no_color_sends_no_colour_at_all(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause(0.1)
        colours = {
            (seg.style.color, seg.style.bgcolor)
            for seg in recorded(app)._record_buffer
            if seg.style is not None and not seg.control
        }
        assert {c for pair in colours for c in pair if c is not None and not c.is_default} == set()


async def test_an_ascii_terminal_gets_ascii_borders_at_the_table_and_in_dialogs():
    app = table_app(ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        lines = screen_lines(app)
        assert not NOT_ASCII_LINES & set("".join(lines)), "\n".join(lines)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.pause(0.1)
        lines = screen_lines(app)
        assert not NOT_ASCII_LINES & set("".join(lines)), "\n".join(lines)
        await pilot.press("n")
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause(0.1)
        lines = screen_lines(app)
        assert not NOT_ASCII_LINES & set("".join(lines)), "\n".join(lines)
        for _ in range(3):  # the rules scrolled: the scroll thumb's ends between cells
            await pilot.press("down")
        await pilot.pause(0.1)
        lines = screen_lines(app)
        assert not EIGHTH_BLOCKS & set("".join(lines)), "\n".join(lines)
    assert ScrollBar.renderer is ScrollBarRender  # Textual's own again once the app ended


BLOCKS = EIGHTH_BLOCKS | set("▔▐█▀")
"""Block elements: an ASCII terminal shows each as ``#`` (``# Yes (y)  # #  No (n)  #``)."""


@pytest.mark.parametrize("color", [True, False])
async def test_an_ascii_terminals_buttons_lists_and_ticks_have_no_blocks(monkeypatch, color):
    from tui.dialogs import Confirm, LanguageMenu
    from tui.lobby.choices import ChoicesMenu
    from tui.table.host_menu import HostMenu

    if not color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = table_app(ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        for dialog in (
            Confirm("Let them?", "Ann asks to take back their last action."),
            HostMenu([("Start now", "start", None), ("Close the table", "close", None)]),
            LanguageMenu("en"),
            ChoicesMenu(app.settings),
        ):
            await app.push_screen(dialog)
            await pilot.pause(0.1)
            lines = screen_lines(app)
            assert not BLOCKS & set("".join(lines)), "\n".join(lines)
            app.pop_screen()
            await pilot.pause()


async def test_a_very_wide_window_puts_the_log_and_the_chat_side_by_side():
    app = table_app()
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await seated(pilot)
        log, chat = screen.query_one(EventLog).region, screen.query_one(ChatPane).region
        table = screen.query_one("#table-area").region
        assert log.y == chat.y and log.right <= chat.x  # side by side, full height
        assert log.height > 40 and chat.height > 40
        assert 90 <= table.width <= 110  # half the window: the table is not a narrow strip


async def test_an_ascii_terminals_forms_keep_their_buttons_and_ascii_borders():
    from tui.app import make_app
    from tui.lobby.forms import NameForm
    from tui.pilot import browser_of
    from tui.settings import Settings

    settings = Settings(ascii_only=True, cursor_blink=False)
    app = make_app(settings=settings, browser=browser_of())
    app.ask_name = True
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameForm))
        await pilot.pause(0.1)
        lines = screen_lines(app)
        assert any(line.rstrip().endswith("OK     |") for line in lines), "\n".join(lines)
        assert not NOT_ASCII_LINES & set("".join(lines)), "\n".join(lines)


async def test_without_colour_the_field_with_the_keys_is_shown_in_reverse(monkeypatch):
    """The forms show the focused field by a background colour; under NO_COLOR (no colour at
    all) it is reverse video instead, and it moves with tab (tui/terminal.tcss)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = KotatsuApp(Settings(ascii_only=False, color=False, name="Ann"), browser=browser_of())

    def reversed_words() -> str:
        return "".join(
            seg.text
            for seg in recorded(app)._record_buffer
            if seg.style is not None and seg.style.reverse and seg.text.strip()
        )

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, TableForm))
        await pilot.pause()
        assert "SwaPo" in reversed_words()  # the game's choice has the keys first
        await pilot.press("tab")  # the seats
        await pilot.pause()
        shown = reversed_words()
        assert "SwaPo" not in shown and "4" in shown
        await pilot.press("tab", "tab")  # the bots, then the level
        await pilot.pause()
        assert "Normal" in reversed_words()
        # the table name's example is no value: dim and italic where colour would grey it
        example = [seg for seg in recorded(app)._record_buffer if seg.text.strip() == "friday"]
        assert example and all(seg.style.dim and seg.style.italic for seg in example)
