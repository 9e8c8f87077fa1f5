"""Issue 16, the shared screens: words through gettext, the lobby's language setting, and
layout by cell width (a fake translation makes every word double-width)."""

from __future__ import annotations

import gettext
import re

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.widgets import OptionList

import engine
import lang
from tui import cli, cli_words
from tui.app import make_app
from tui.cells import cut, ljust, rjust
from tui.dialogs import LanguageMenu
from tui.fill import fill
from tui.lobby.screen import LobbyScreen
from tui.pilot import (
    MemoryClient,
    browser_of,
    lan_tables,
    local_launcher,
    screen_lines,
    seated,
    wait_until,
)
from tui.settings import Settings, load_config, load_lang
from tui.widgets.footer import WordedFooter

SIZE = (80, 24)
FIELD = re.compile(r"(\{[^{}]*\})")


def widen(text: str) -> str:
    """Every ASCII letter as its fullwidth form (ａ-ｚ, Ａ-Ｚ), ``{fields}`` kept."""
    return "".join(
        part
        if FIELD.fullmatch(part)
        else "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c for c in part)
        for part in FIELD.split(text)
    )


class Wide(gettext.NullTranslations):
    """A language whose every word is twice as wide as English."""

    def gettext(self, message: str) -> str:
        return widen(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return widen(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return widen(message)


@pytest.fixture
def wide(monkeypatch):
    monkeypatch.setattr(lang, "translation", lambda code: Wide())


@pytest.fixture
def wide_but_english(monkeypatch):
    """English as it is; every other language double-width."""
    monkeypatch.setattr(
        lang, "translation", lambda code: gettext.NullTranslations() if code == "en" else Wide()
    )


@pytest.fixture
def config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.delenv("KOTATSU_SHARED", raising=False)
    return tmp_path


def assert_fits(lines: list[str], width: int = 80) -> None:
    """Every line exactly ``width`` cells: none wider, none left short by half a glyph."""
    assert len(lines) >= 24
    for line in lines:
        assert cell_len(line) == width, line


def lobby_app(**settings) -> object:
    tables = lan_tables(
        [
            ("friday", "swapo", "ace", 2, 4, False, "192.168.1.20"),
            ("お茶の時間のテーブル", "mishi", "", 4, 4, True, "192.168.1.31"),
        ]
    )
    return make_app(
        settings=Settings(name="Eli", cursor_blink=False, **settings), browser=browser_of(*tables)
    )


# -- cell-width helpers ------------------------------------------------------------------
def test_cells_never_cut_a_glyph_in_half():
    assert cut("日本語", 5) == "日本"
    assert ljust("日本語", 5) == "日本 "
    assert rjust("日本語", 5) == " 日本"
    assert ljust("table", 18) == "table".ljust(18)  # English as before
    assert rjust("Bo", 6) == "Bo".rjust(6)
    assert cell_len(ljust("हिन्दी", 8)) == 8


def test_fill_keeps_the_styled_pieces_where_the_language_puts_them():
    text = fill("{command} で参加", command=Text("kotatsu join x", "bold"))
    assert text.plain == "kotatsu join x で参加"
    assert text.spans and text.spans[0].style == "bold"


# -- layout with double-width words --------------------------------------------------------
async def test_the_lobby_fits_80x24_when_every_word_is_double_width(wide):
    app = lobby_app()
    async with app.run_test(size=SIZE) as pilot:
        tables = app.screen.query_one("#tables", OptionList)
        await wait_until(pilot, lambda: tables.option_count == 2)
        await pilot.pause()
        lines = screen_lines(app)
        assert_fits(lines)
        text = "\n".join(lines)
        assert "ｔａｂｌｅｓ ｏｎ ｔｈｉｓ ｎｅｔｗｏｒｋ" in text  # the title, translated
        assert "ｊｏｉｎ" in text  # the footer's descriptions, translated at run time
        assert "お茶の時間のテ" in text  # a table's name, cut on a glyph boundary


@pytest.mark.parametrize("game", list(engine.GAMES))
async def test_a_table_fits_80x24_when_every_word_is_double_width(wide, game):
    client = MemoryClient(game)
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await pilot.press("s")  # the scores over the table, then back
        await pilot.pause()
        assert_fits(screen_lines(app))
        await pilot.press("escape")
        await pilot.pause()
        lines = screen_lines(app)
        assert_fits(lines)
        assert "ｌｅａｖｅ" in lines[-1]  # the footer (chat and scores make room for it)
        assert screen.query_one(WordedFooter)


# -- the lobby's language setting ----------------------------------------------------------
async def test_choosing_a_language_in_the_lobby_is_remembered_and_shown_at_once(
    config_home, wide_but_english
):
    app = lobby_app(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = "\n".join(screen_lines(app))
        assert "tables on this network" in before and "h host a table" in before
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LanguageMenu))
        menu = app.screen.query_one("#languages", OptionList)
        shown = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert shown == list(lang.LANGUAGES.values())  # each language in its own name
        await pilot.press("down", "enter")  # English, then 日本語
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause()
        assert load_config().get("lang") == "ja"
        assert app.voice.code == "ja" and app.settings.lang == "ja"
        assert app.screen.settings.lang == "ja"
        await pilot.pause()
        after = "\n".join(screen_lines(app))  # re-worded at once, the footer too
        assert "ｔａｂｌｅｓ ｏｎ ｔｈｉｓ ｎｅｔｗｏｒｋ" in after
        assert "h ｈｏｓｔ ａ ｔａｂｌｅ" in after
    # the next run starts in the saved language
    assert lang.pick(cli_words.language_asked([]), load_lang(), {}) == "ja"
    again = make_app(settings=Settings(lang=lang.pick(None, load_lang(), {})))
    assert again.settings.lang == "ja"


async def test_a_shared_account_keeps_no_language(config_home, monkeypatch):
    monkeypatch.setenv("KOTATSU_SHARED", "1")
    app = lobby_app(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LanguageMenu))
        await pilot.press("down", "down", "enter")
        await wait_until(pilot, lambda: app.voice.code == "zh")
    assert load_config() == {}


def test_lang_after_a_subcommand():
    argv = ["play", "swoop", "--lang", "zh"]
    assert cli_words.language_asked(argv) == "zh"
    args = cli.build_parser().parse_args(argv)
    assert args.command == "play" and args.game == "swoop" and args.lang == "zh"
    assert cli.build_parser().parse_args(["--lang=ko", "list"]).lang == "ko"


def test_the_command_line_help_is_in_the_chosen_language(wide):
    with lang.scope("ja"):
        text = cli.build_parser().format_help()
    assert "ａ ｔｅｒｍｉｎａｌ ｃａｒｄ ｔａｂｌｅ".lower() in text.lower()
