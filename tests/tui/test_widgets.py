"""Cards, peer text and the SwaPo choice logic, without a running app."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.app import App

from tui.games.swapo import choices
from tui.table.generic import action_words
from tui.text import clean, literal
from tui.widgets.cards import CardFace, CardStyle, render_row
from tui.widgets.pickable import PickableCards

UNICODE = CardStyle()
ASCII = CardStyle(ascii_only=True)
PLAIN = CardStyle(color=False)


def test_labels_in_each_style():
    assert UNICODE.label("10H") == "10♥"
    assert ASCII.label("10H") == "10H"
    assert PLAIN.label("QS") == "Q♠"  # NO_COLOR: no colour, the glyphs stay
    assert UNICODE.label("JK") == "★" and ASCII.label("JK") == "JK"
    assert UNICODE.label("JK", "K") == "★=K"
    assert UNICODE.label(None) == "▒▒" and ASCII.label(None) == "##"
    assert UNICODE.card_style("2H").startswith("bold red")
    assert "red" not in UNICODE.card_style("2S")
    assert PLAIN.card_style("2H") == ""


FIVE = [
    CardFace("2S"),
    CardFace("10H", picked=True),
    CardFace(None),
    CardFace("KC", locked=True),
    CardFace("JK", declared="10"),
]


def test_a_row_of_boxes_to_look_at():
    lines = render_row(FIVE, UNICODE).plain.split("\n")
    assert len(lines) == 3
    assert lines[1] == "│ 2♠│┃10♥┃│▒▒▒││ K♣││★10│"
    assert lines[0].startswith("╭───╮┏━━━┓")
    assert render_row(FIVE, ASCII).plain.split("\n")[1] == "| 2S||10H||###|| KC||J10|"
    large = render_row(FIVE[:1], UNICODE, large=True).plain.split("\n")
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
    assert choices.pickable_cards(hand, [], allowed) == [True, True, True, False, False]
    assert choices.pickable_cards(hand, [0], allowed) == [True, True, True, False, False]
    assert choices.pickable_cards(hand, [1], allowed) == [True, True, False, False, False]


def test_pickable_cards_count_identical_cards():
    hand = ["7S", "7S", "9H"]
    allowed = {("7S", "9H")}
    assert choices.pickable_cards(hand, [0], allowed) == [True, False, True]


def test_swap_targets_counts_and_positions():
    legal = [
        {"type": "swap", "target": 2, "cards": ["2S"]},
        {"type": "swap", "target": 2, "cards": ["2S", "3S"]},
        {"type": "swap", "target": 1, "take": [0, 3], "give": [1, 4]},
        {"type": "pass"},
    ]
    assert choices.swap_targets(legal) == [1, 2]
    assert choices.swap_counts(legal, 2) == [1, 2] and choices.swap_counts(legal, 1) == [2]
    assert choices.position_sets(legal, 1, 2, "take") == {(0, 3)}
    assert choices.pickable_positions([0], {(0, 3)}, 5) == [True, False, False, True, False]
    assert choices.can_pass(legal)


def test_best_groups_read_like_the_rules():
    assert choices.best_groups(["2S", "2H", "6D", "KC", "JK"], None, ace=False) == (3, {"2"})
    size, ranks = choices.best_groups(["2S", "2H", "6D", "KC", "JK"], ["K"], ace=True)
    assert (size, ranks) == (2, {"K"})  # 2-2 and K-K tie: the group worth more counts
    assert choices.group_words(3, {"2"}) == "three 2s"
    assert choices.group_words(2, {"K"}) == "a pair of Ks"


def test_generic_action_words():
    assert action_words({"type": "play", "cards": ["QS", "QH"]}) == "play cards=QS QH"


# -- PickableCards ---------------------------------------------------------------------------
class CardsApp(App[None]):
    """One PickableCards on a screen, recording what it posts."""

    def __init__(self, cards: PickableCards) -> None:
        super().__init__()
        self.cards = cards
        self.picked: list[int] = []

    def compose(self):
        yield self.cards

    def on_pickable_cards_picked(self, message: PickableCards.Picked) -> None:
        self.picked.append(message.index)


ROW = [
    CardFace("2S", group="S"),
    CardFace("10H", picked=True, group="H"),
    CardFace(None, group="H"),
    CardFace("KC", locked=True, group="C"),
    CardFace("JK", declared="10", group="C", enabled=False),
]


def styles_of(text, piece: str) -> set[str]:
    return {str(s.style) for s in text.spans if text.plain[s.start : s.end] == piece}


async def test_pickable_cards_draw_boxes_with_cursor_picks_and_marks():
    cards = PickableCards(UNICODE)
    async with CardsApp(cards).run_test(size=(60, 8)) as pilot:
        cards.show(ROW, cursor=2)
        await pilot.pause()
        lines = cards.render().plain.split("\n")
        assert lines[1] == "│ 2♠│ ┃10♥┃│▒▒▒│ │ K♣││★10│"  # groups stand apart
        assert lines[3] == "        ●    ▲    🔒"
        assert cards.size.width == len(lines[1])
        cards.cursor = 0
        await pilot.pause()
        assert cards.render().plain.split("\n")[3].startswith("  ▲     ●")
        cards.large = True
        await pilot.pause()
        large = [line[:7] for line in cards.render().plain.split("\n")]
        assert large[1:4] == ["│2♠   │", "│  2♠ │", "│   2♠│"] and large[5].rstrip() == "   ▲"


async def test_a_row_of_boxes_with_cursor_picks_and_locks():
    for style, middle, marks in (
        (UNICODE, "│ 2♠│┃10♥┃│▒▒▒││ K♣││★10│", "●▲🔒"),
        (ASCII, "| 2S||10H||###|| KC||J10|", "+^*"),
    ):
        cards = PickableCards(style)
        async with CardsApp(cards).run_test(size=(40, 6)) as pilot:
            cards.show(FIVE, cursor=2)
            await pilot.pause()
            lines = cards.render().plain.split("\n")
            assert len(lines) == 4 and lines[1] == middle
            assert lines[0].startswith("╭───╮┏━━━┓" if style is UNICODE else "+---++---+")
            assert all(mark in lines[3] for mark in marks)


async def test_pickable_cards_inline_with_headings_rows_and_wrapping():
    faces = [
        CardFace("10H", row="up", label="10", group=1),
        CardFace(None, row="up", empty=True, group=2),
        *[CardFace(c, row="hand", label=c[:-1], group=c[:-1]) for c in ["2S", "2H", "7S", "7C"]],
    ]
    cards = PickableCards(ASCII, inline=True, titles={"up": "up   ", "hand": "hand "})
    async with CardsApp(cards).run_test(size=(12, 8)) as pilot:
        cards.show(faces, cursor=3)
        await pilot.pause()
        assert cards.render().plain.split("\n") == [
            "up   10  .",
            "",
            "hand 2 2  7",
            "       ^",
            "     7",  # a wrapped line keeps the title's indent
            "",
        ]
    mishi = PickableCards(UNICODE, inline=True, headings={"H": "♥"}, mark_at="start")
    async with CardsApp(mishi).run_test(size=(40, 4)) as pilot:
        mishi.show([CardFace("AS", group="T"), CardFace("KH", group="H", marked=True)], 0)
        await pilot.pause()
        assert mishi.render().plain.split("\n") == ["A♠  ♥ K♥", "▲     ·"]


async def test_a_click_on_a_card_posts_its_index():
    cards = PickableCards(UNICODE)
    app = CardsApp(cards)
    async with app.run_test(size=(60, 8)) as pilot:
        cards.show(ROW, cursor=0)
        await pilot.pause()
        await pilot.click(PickableCards, offset=(7, 1))  # inside the second box
        await pilot.click(PickableCards, offset=(2, 3))  # the cursor mark under the first
        await pilot.click(PickableCards, offset=(5, 1))  # the gap between groups: nothing
        await pilot.pause()
        assert app.picked == [1, 0]


async def test_without_colour_the_cursor_and_picks_still_differ():
    cards = PickableCards(PLAIN, inline=True)
    async with CardsApp(cards).run_test(size=(40, 4)) as pilot:
        cards.show([CardFace("2H"), CardFace("3H", picked=True)], cursor=0)
        await pilot.pause()
        text = cards.render()
        assert text.plain.split("\n") == ["2♥ 3♥", "▲  ●"]
        assert not any(s.style.color for s in text.spans if hasattr(s.style, "color"))
        assert styles_of(text, "2♥") != styles_of(text, "3♥")
        assert "underline" in str(styles_of(text, "2♥")) and "bold" in str(styles_of(text, "3♥"))
    boxed = PickableCards(PLAIN)
    async with CardsApp(boxed).run_test(size=(40, 6)) as pilot:
        boxed.show([CardFace("2H"), CardFace("3H", picked=True)], cursor=0)
        await pilot.pause()
        lines = boxed.render().plain.split("\n")
        assert lines[0] == "╭───╮┏━━━┓" and lines[3] == "  ▲    ●"


def test_a_code_that_is_no_card_is_drawn_as_unknown():
    """A hostile host's card codes ("", one character, not a string) never break a line."""
    from tui.widgets.cards import CardStyle

    for style in (CardStyle(), CardStyle(ascii_only=True), CardStyle(color=True)):
        for junk in ("", "H", 7, None):
            assert isinstance(style.label(junk), str)  # type: ignore[arg-type]
            assert isinstance(style.text(junk).plain, str)  # type: ignore[arg-type]
        assert style.label("") == "?"
