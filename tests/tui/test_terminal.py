"""The bell and desktop notifications' escape sequences (tui/terminal.py)."""

from __future__ import annotations

import pytest

from tui.terminal import TerminalOut, notification, notification_kind, safe_text

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
