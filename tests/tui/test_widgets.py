"""Cards, peer text and the SwaPo choice logic, without a running app."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tui.screens import swapo_rules as flow
from tui.screens.generic import action_words
from tui.text import clean, literal
from tui.widgets.cards import CardFace, CardStyle, render_row

UNICODE = CardStyle()
ASCII = CardStyle(ascii_only=True)
PLAIN = CardStyle(color=False)


def test_labels_in_each_style():
    assert UNICODE.label("10H") == "10♥"
    assert ASCII.label("10H") == "10H"
    assert PLAIN.label("QS") == "QS"  # NO_COLOR: suit letters
    assert UNICODE.label("JK") == "★" and ASCII.label("JK") == "JK"
    assert UNICODE.label("JK", "K") == "★=K"
    assert UNICODE.label(None) == "▒▒" and ASCII.label(None) == "##"
    assert UNICODE.card_style("2H").startswith("bold red")
    assert "red" not in UNICODE.card_style("2S")
    assert PLAIN.card_style("2H") == ""


def test_a_row_of_boxes_with_cursor_picks_and_locks():
    faces = [
        CardFace("2S"),
        CardFace("10H", picked=True),
        CardFace(None),
        CardFace("KC", locked=True),
        CardFace("JK", declared="10"),
    ]
    lines = render_row(faces, UNICODE, cursor=2).plain.split("\n")
    assert len(lines) == 4
    assert lines[1] == "│ 2♠│┃10♥┃│▒▒▒││ K♣││★10│"
    assert lines[0].startswith("╭───╮┏━━━┓")
    assert "●" in lines[3] and "▲" in lines[3] and "🔒" in lines[3]
    ascii_lines = render_row(faces, ASCII, cursor=2).plain.split("\n")
    assert ascii_lines[1] == "| 2S||10H||###|| KC||J10|"
    assert "*" in ascii_lines[3] and "^" in ascii_lines[3] and "+" in ascii_lines[3]
    large = render_row(faces[:1], UNICODE, large=True).plain.split("\n")
    assert large[1:4] == ["│2♠   │", "│  2♠ │", "│   2♠│"]


def test_dimmed_cards_are_drawn_dim():
    row = render_row([CardFace("2S", enabled=False)], UNICODE)
    assert any("dim" in str(span.style) for span in row.spans)


def test_clean_removes_escapes_and_controls_but_keeps_markup_literal():
    text = "[red]x[/] \x1b[31mred\x1b[0m \x1b]0;title\x07ok\x07 \u202ereversed\u202c\nnext"
    assert clean(text) == "[red]x[/] red ok reversed next"
    shown = literal("[@click=app.quit]boom[/]")
    assert shown.plain == "[@click=app.quit]boom[/]" and not shown.spans


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_clean_never_lets_a_control_character_through(text):
    out = clean(text)
    assert "\x1b" not in out and all(ch.isprintable() or ch == " " for ch in out)


def test_pickable_cards_follow_the_legal_sets():
    hand = ["2S", "2H", "6D", "KC", "JK"]
    allowed = {("2H", "2S"), ("2S", "6D")}
    assert flow.pickable_cards(hand, [], allowed) == [True, True, True, False, False]
    assert flow.pickable_cards(hand, [0], allowed) == [True, True, True, False, False]
    assert flow.pickable_cards(hand, [1], allowed) == [True, True, False, False, False]


def test_pickable_cards_count_identical_cards():
    hand = ["7S", "7S", "9H"]
    allowed = {("7S", "9H")}
    assert flow.pickable_cards(hand, [0], allowed) == [True, False, True]


def test_swap_targets_counts_and_positions():
    legal = [
        {"type": "swap", "target": 2, "cards": ["2S"]},
        {"type": "swap", "target": 2, "cards": ["2S", "3S"]},
        {"type": "swap", "target": 1, "take": [0, 3], "give": [1, 4]},
        {"type": "pass"},
    ]
    assert flow.swap_targets(legal) == [1, 2]
    assert flow.swap_counts(legal, 2) == [1, 2] and flow.swap_counts(legal, 1) == [2]
    assert flow.position_sets(legal, 1, 2, "take") == {(0, 3)}
    assert flow.pickable_positions([0], {(0, 3)}, 5) == [True, False, False, True, False]
    assert flow.can_pass(legal)


def test_best_groups_read_like_the_rules():
    assert flow.best_groups(["2S", "2H", "6D", "KC", "JK"], None, ace=False) == (3, {"2"})
    size, ranks = flow.best_groups(["2S", "2H", "6D", "KC", "JK"], ["K"], ace=True)
    assert (size, ranks) == (2, {"K"})  # 2-2 and K-K tie: the group worth more counts
    assert flow.group_words(3, {"2"}) == "three 2s"
    assert flow.group_words(2, {"K"}) == "a pair of K"


def test_generic_action_words():
    assert action_words({"type": "play", "cards": ["QS", "QH"]}) == "play cards=QS QH"
