"""The local player's cards in Swoop as a pickable, wrapping line of ranks.

Suits never matter in Swoop, so cards are drawn as their ranks, grouped (``A  2 2  7 7 7``);
a hand of forty cards after a pick-up still fits by wrapping. Under every line a marks line
carries the cursor (``▲``). Clicking a card says which item was clicked.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget


@dataclass
class Piece:
    """One pickable card on the line: its item key, its label and how to draw it."""

    item: object
    label: Text
    group: object  # pieces with the same group stand together, groups two spaces apart


@dataclass
class Row:
    """A labelled run of pieces (e.g. "up" and the slots, "hand" and the cards)."""

    prefix: Text
    pieces: list[Piece]
    suffix: Text | None = None  # a remark after the pieces, left out when it does not fit


def layout(rows: list[Row], width: int) -> list[tuple[Text, list[tuple[object, int, int]]]]:
    """Wrap the rows into lines of at most ``width`` cells.

    Returns each line with the places of its pieces as (item, start column, width).
    """
    lines: list[tuple[Text, list[tuple[object, int, int]]]] = []
    for row in rows:
        indent = cell_len(row.prefix.plain)
        line = Text()
        line.append_text(row.prefix)
        places: list[tuple[object, int, int]] = []
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


class MyCards(Widget):
    """My face-up and mystery slots and my hand, with a cursor and clickable cards."""

    DEFAULT_CSS = """
    MyCards { height: auto; width: 1fr; }
    """

    @dataclass
    class Clicked(Message):
        """A card was clicked; ``item`` says which."""

        cards: MyCards
        item: object

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[Row] = []
        self.cursor: object = None
        self.marks = True
        self.cursor_mark = "^" if ascii_only else "▲"
        self._placed: list[tuple[Text, list[tuple[object, int, int]]]] = []

    def show(self, rows: list[Row], cursor: object, *, marks: bool = True) -> None:
        """Redraw with these rows; ``cursor`` is the item under the cursor (or None)."""
        self.rows, self.cursor, self.marks = rows, cursor, marks
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[tuple[Text, list[tuple[object, int, int]]]]:
        return layout(self.rows, max(width, 12))

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[override]
        return len(self._lines(width)) * (2 if self.marks else 1)

    def render(self) -> Text:
        self._placed = self._lines(self.size.width)
        out = Text(no_wrap=True, overflow="crop")
        for n, (line, places) in enumerate(self._placed):
            if n:
                out.append("\n")
            out.append_text(line)
            if not self.marks:
                continue
            marks = Text()
            for item, col, w in places:
                if item is not None and item == self.cursor:
                    marks.append(" " * (col + w - 1 - len(marks.plain)))
                    marks.append(self.cursor_mark, style="bold cyan")
            out.append("\n")
            out.append_text(marks)
        return out

    def on_click(self, event: events.Click) -> None:
        line_no = event.y // (2 if self.marks else 1)
        if not 0 <= line_no < len(self._placed):
            return
        for item, col, w in self._placed[line_no][1]:
            if item is not None and col <= event.x < col + w:
                event.stop()
                self.post_message(self.Clicked(self, item))
                return
