"""The local player's cards in Swoop as a pickable, wrapping line of ranks.

Suits never matter in Swoop, so cards are drawn as their ranks, grouped (``A  2 2  7 7 7``);
a hand of forty cards after a pick-up still fits by wrapping. Under every line a marks line
carries the cursor (``▲``). Clicking a card says which item was clicked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style, StyleType
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ..widgets.cards import CardFace, CardStyle, box_lines

Places = list[tuple[object, int, int]]  # (item, start column, width) of each card on a line
Block = tuple[list[Text], Places]  # some screen lines and the cards placed on them
BOX = 5  # columns of a boxed card


@dataclass
class Piece:
    """One pickable card on the line: its item key, its label and how to draw it."""

    item: object
    label: Text
    group: object  # pieces with the same group stand together, groups apart
    face: CardFace | None = None  # how it looks as a boxed card (None: an empty place)


@dataclass
class Row:
    """A labelled run of pieces (e.g. "up" and the slots, "hand" and the cards)."""

    prefix: Text
    pieces: list[Piece]
    suffix: Text | None = None  # a remark after the pieces, left out when it does not fit


def layout(rows: list[Row], width: int) -> list[tuple[Text, Places]]:
    """Wrap the rows into lines of at most ``width`` cells.

    Returns each line with the places of its pieces as (item, start column, width).
    """
    lines: list[tuple[Text, Places]] = []
    for row in rows:
        indent = cell_len(row.prefix.plain)
        line = Text()
        line.append_text(row.prefix)
        places: Places = []
        col = indent
        last_group: object = object()
        first = True
        for piece in row.pieces:
            w = cell_len(piece.label.plain)
            gap = 0 if first else (1 if piece.group == last_group else 2)
            if not first and col + gap + w > width:
                lines.append((line, places))
                line, places, col, gap = Text(" " * indent), [], indent, 0
            line.append(" " * gap)
            col += gap
            line.append_text(piece.label)
            places.append((piece.item, col, w))
            col += w
            last_group, first = piece.group, False
        if row.suffix is not None and col + cell_len(row.suffix.plain) + 2 <= width:
            line.append("  ")
            line.append_text(row.suffix)
        if first:
            line.append("—", style="dim")
        lines.append((line, places))
    return lines


def boxed_blocks(
    rows: list[Row], width: int, style: CardStyle, cursor: object, mark: StyleType = ""
) -> list[Block]:
    """Big terminals: each row's label on a line, then its cards as boxes, wrapped."""
    blocks: list[Block] = []
    for row in rows:
        title = Text()
        title.append_text(row.prefix)
        if row.suffix is not None and cell_len(title.plain + row.suffix.plain) + 2 <= width:
            title.append("  ")
            title.append_text(row.suffix)
        blocks.append(([title], []))
        lines: list[list[tuple[Piece, int]]] = [[]]
        col, last_group = 2, object()
        for piece in row.pieces:
            gap = 0 if not lines[-1] or piece.group == last_group else 1
            if lines[-1] and col + gap + BOX > width:
                lines.append([])
                col, gap = 2, 0
            lines[-1].append((piece, col + gap))
            col += gap + BOX
            last_group = piece.group
        for line in lines:
            blocks.append(boxed_line(line, style, cursor, mark))
    return blocks


def boxed_line(
    line: list[tuple[Piece, int]], style: CardStyle, cursor: object, mark: StyleType = ""
) -> Block:
    """One line of boxed cards (three screen lines) and the cursor mark (in ``mark``) under it."""
    texts = [Text() for _ in range(3)]
    marks = Text()
    places: Places = []
    for piece, x in line:
        at_cursor = piece.item is not None and piece.item == cursor
        if piece.face is not None:
            box = box_lines(piece.face, style, large=False, cursor=at_cursor)
        else:
            box = [Text(" " * BOX), Text("·".center(BOX), style="dim"), Text(" " * BOX)]
        for text, part in zip(texts, box, strict=True):
            text.append(" " * (x - len(text.plain)))
            text.append_text(part)
        if at_cursor:
            marks.append(" " * (x + BOX // 2 - len(marks.plain)))
            marks.append("^" if style.ascii_only else "▲", style=mark)
        if piece.item is not None:
            places.append((piece.item, x, BOX))
    if not line:
        texts = [Text("  —", style="dim")]
    return [*texts, marks], places


class MyCards(Widget):
    """My face-up and mystery slots and my hand, with a cursor and clickable cards."""

    DEFAULT_CSS = """
    MyCards { height: auto; width: 1fr; }
    """
    #: The cursor mark (▲) under the card it points at, styled in swoop.tcss.
    COMPONENT_CLASSES: ClassVar[set[str]] = {"my-cards--cursor"}

    @dataclass
    class Clicked(Message):
        """A card was clicked; ``item`` says which."""

        cards: MyCards
        item: object

    def __init__(self, style: CardStyle, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.card_style = style
        self.rows: list[Row] = []
        self.cursor: object = None
        self.marks = True
        self.boxed = False
        self._placed: list[Block] = []

    def show(self, rows: list[Row], cursor: object, *, marks: bool, boxed: bool) -> None:
        """Redraw with these rows; ``cursor`` is the item under the cursor (or None);
        ``boxed`` draws the cards as boxes (big terminals)."""
        self.rows, self.cursor, self.marks, self.boxed = rows, cursor, marks, boxed
        self.refresh(layout=True)

    def blocks(self, width: int) -> list[Block]:
        width = max(width, 12)
        if self.boxed:
            return boxed_blocks(self.rows, width, self.card_style, self.cursor, self.mark_style)
        out: list[Block] = []
        for line, places in layout(self.rows, width):
            out.append(([line, self.mark_line(places)] if self.marks else [line], places))
        return out

    @property
    def mark_style(self) -> Style:
        return self.get_component_rich_style("my-cards--cursor", partial=True)

    def mark_line(self, places: Places) -> Text:
        """The cursor mark (under the last cell of the card)."""
        marks = Text()
        for item, col, w in places:
            if item is not None and item == self.cursor:
                marks.append(" " * (col + w - 1))
                marks.append("^" if self.card_style.ascii_only else "▲", style=self.mark_style)
        return marks

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[override]
        return sum(len(lines) for lines, _ in self.blocks(width))

    def render(self) -> Text:
        self._placed = self.blocks(self.size.width)
        out = Text(no_wrap=True, overflow="crop")
        first = True
        for lines, _ in self._placed:
            for line in lines:
                if not first:
                    out.append("\n")
                out.append_text(line)
                first = False
        return out

    def on_click(self, event: events.Click) -> None:
        top = 0
        for lines, places in self._placed:
            if top <= event.y < top + len(lines):
                for item, col, w in places:
                    if col <= event.x < col + w:
                        event.stop()
                        self.post_message(self.Clicked(self, item))
                        return
                return
            top += len(lines)
