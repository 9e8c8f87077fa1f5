"""The bell and desktop notifications' escape sequences, and a terminal given ASCII only
(tui/terminal.py)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from unicodedata import east_asian_width

import pytest
from babel.messages.pofile import read_po
from rich.cells import cell_len
from textual.driver import Driver

from tui.terminal import (
    TerminalOut,
    ascii_of,
    attaching_driver,
    notification,
    notification_kind,
    safe_text,
    to_ascii,
)

pytestmark = pytest.mark.unit


def test_osc_9_where_nothing_tells_otherwise():
    assert notification_kind({"TERM": "xterm-256color"}) == "osc9"
    assert notification("Your turn", {"TERM": "xterm-256color"}) == (
        "\x1b]9;kotatsu: Your turn\x1b\\"
    )


@pytest.mark.parametrize(
    "env", [{"VTE_VERSION": "7600", "TERM": "xterm"}, {"TERM": "foot"}, {"TERM": "rxvt-unicode"}]
)
def test_osc_777_for_the_terminals_that_take_it(env):
    assert notification_kind(env) == "osc777"
    assert notification("Your turn", env) == "\x1b]777;notify;kotatsu;Your turn\x1b\\"


def test_inside_tmux_the_notification_passes_through_with_its_escapes_doubled():
    env = {"TERM": "screen-256color", "TMUX": "/tmp/tmux-1000/default,1,0"}
    assert notification("Your turn", env) == (
        "\x1bPtmux;\x1b\x1b]9;kotatsu: Your turn\x1b\x1b\\\x1b\\"
    )


def test_nothing_in_the_words_can_end_or_bend_the_sequence():
    body = "Bo\x1b]0;evil\x07; rm\n"
    text = safe_text(body)
    assert "\x1b" not in text and "\x07" not in text and ";" not in text and "\n" not in text
    sequence = notification(body, {"TERM": "foot"})
    assert sequence.count("\x1b") == 2  # the OSC's own start and end only
    assert sequence.count(";") == 3  # 777;notify;title;body


def test_a_terminal_out_writes_only_once_attached():
    out = TerminalOut()
    assert out.write("\a") is False
    written: list[str] = []
    out.attach(written.append)
    assert out.write("\a") is True
    assert written == ["\a"]


def test_ascii_only_draws_the_words_marks_and_lines_in_ascii_of_the_same_width():
    line = "Swoop · replay 8/16 — hand 2 … ♛ Bot 2 ▶ ←→ trump ♠ ╭─┬─╮│├┼┤╰─┴─╯ █░ café"
    out = to_ascii(line)
    assert out.isascii() and cell_len(out) == cell_len(line)
    assert out.startswith("Swoop . replay 8/16 - hand 2 . * Bot 2 > <> trump S ")
    assert to_ascii("╭──╮│╰─╯") == "+--+|+-+" and to_ascii("café") == "cafe"
    escapes = "\x1b[1;31mhi\x1b[0m\x1b]9;kotatsu: Your turn\x1b\\"
    assert to_ascii(escapes) == escapes  # the escape sequences pass as they are


def test_other_scripts_letters_are_kept_and_the_unknown_become_a_question_mark():
    assert to_ascii("秘十 · 한국어") == "秘十 . 한국어"  # no ASCII is two cells wide
    assert to_ascii("मेज़ · पत्ते।") == "मेज़ . पत्ते."  # Hindi's words stay, its danda a stop
    assert ascii_of("\u0301") == "\u0301"  # a combining accent takes no cell
    assert ascii_of("☂") == "?"


def test_every_english_message_is_ascii_at_its_width_on_an_ascii_terminal():
    """What the app says in English (every msgid in the catalogues) reaches an ASCII-only
    terminal in ASCII, each line as wide as it was drawn; only the game's Chinese terms (秘十,
    包牌), two cells wide, stay."""
    po = Path(__file__).parents[2] / "lang/locale/ja/LC_MESSAGES/kotatsu.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    ids = [m.id for m in catalog if m.id]
    texts = [t for i in ids for t in (i if isinstance(i, tuple) else (i,))]
    assert len(texts) > 1000
    for text in texts:
        out = to_ascii(text)
        assert cell_len(out) == cell_len(text), text
        assert all(c.isascii() or east_asian_width(c) == "W" for c in out), text


@pytest.mark.parametrize("code", ["hi", "ja", "zh", "ko"])
def test_every_translation_keeps_its_words_and_width_on_an_ascii_terminal(code):
    """A player who chose another language under ``--ascii`` reads its words as they are
    (only the marks between them become ASCII): nothing turns into "?", nothing moves."""
    po = Path(__file__).parents[2] / f"lang/locale/{code}/LC_MESSAGES/kotatsu.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    texts = [t for m in catalog for t in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert len([t for t in texts if t]) > 1000
    for text in filter(None, texts):
        out = to_ascii(text)
        assert cell_len(out) == cell_len(text) and out.count("?") == text.count("?"), text


class Written(Driver):
    """A driver that keeps what it is given to write."""

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, **kwargs)
        self.written: list[str] = []

    def write(self, data: str) -> None:
        self.written.append(data)

    def start_application_mode(self) -> None: ...
    def disable_input(self) -> None: ...
    def stop_application_mode(self) -> None: ...


@pytest.mark.parametrize("ascii_only", [True, False])
async def test_the_apps_driver_writes_ascii_only_when_the_settings_say_so(ascii_only):
    out = TerminalOut()
    app = SimpleNamespace(settings=SimpleNamespace(ascii_only=ascii_only), terminal_out=out)
    driver = attaching_driver(Written)(app)
    driver.write("kotatsu · Mi Shi — ♠")
    out.write("\a")  # the app's own sequences go the same way
    expected = "kotatsu . Mi Shi - S" if ascii_only else "kotatsu · Mi Shi — ♠"
    assert driver.written == [expected, "\a"]
