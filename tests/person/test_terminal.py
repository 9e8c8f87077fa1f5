"""How the person at the SSH door reads a terminal's footer line (tests/person/terminal.py)."""

from __future__ import annotations

import pytest

from tests.person.person import answering
from tests.person.terminal import footer_entries

pytestmark = pytest.mark.unit


def test_a_footer_line_is_read_as_its_keys_and_words():
    line = "h hint ←→ move space pick enter give esc clear u take back c chat ? rules q leave"
    keys = footer_entries(line)
    assert [(k.key, k.description) for k in keys] == [
        ("h", "hint"),
        ("right", "move"),
        ("space", "pick"),
        ("enter", "give"),
        ("escape", "clear"),
        ("u", "take back"),
        ("c", "chat"),
        ("question_mark", "rules"),
        ("q", "leave"),
    ]
    assert [k.action for k in answering(keys)] == ["move", "pick", "confirm", "back"]


def test_a_footer_with_only_looks_and_leave_answers_nothing():
    """The evening's blocker as a terminal shows it: nothing there answers the table."""
    assert answering(footer_entries("c chat s scores ? rules q leave")) == []


def test_a_replays_footer_keeps_its_multi_word_keys_apart():
    line = "←→ step [] round home first end last space play on tab seat o hide q leave"
    words = [k.description for k in footer_entries(line)]
    assert words == ["step", "round", "first", "last", "play on", "seat", "hide", "leave"]
