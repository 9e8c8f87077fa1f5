"""Two widgets for the Mi Shi table: a long hand drawn inline (up to 29 cards must fit 80
columns, so no boxes) with a cursor you can pick from, and an area painted to its width.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ..widgets.cards import CardStyle
from .mishi_draw import Look, plain_look, suit_text

GROUP_GAP = 2  # columns between two suits of the hand


@dataclass
class Token:
    """One piece of a hand line: a card (``index`` into the hand) or a suit heading."""

    index: int | None
    text: Text
    start: int = 0

    @property
    def width(self) -> int:
        return cell_len(self.text.plain)


class InlineHand(Widget):
    """The hand, grouped by suit (trumps first), wrapped to the width; clicks pick cards."""

    DEFAULT_CSS = """
    InlineHand { height: auto; width: 1fr; }
    """
    #: Styled in mishi.tcss: a card that cannot be picked now, a picked card, the card under
    #: the cursor, and the marks under the cards (cursor ▲, picked ●, pointed out ·).
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "inline-hand--disabled",
        "inline-hand--picked",
        "inline-hand--cursor",
        "inline-hand--cursor-mark",
        "inline-hand--picked-mark",
        "inline-hand--marked-mark",
    }

    @dataclass
    class Clicked(Message):
        """A card was clicked; ``index`` is its place in the hand."""

        index: int

    def __init__(self, style: CardStyle, look: Look = plain_look, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.card_style = style
        self.look = look  # the table's styles (the suits' headings)
        self.cards: list[str] = []
        self.groups: list[str] = []  # each card's effective suit ("T" for trumps)
        self.enabled: list[bool] = []
        self.picked: set[int] = set()
        self.cursor: int | None = None
        self.marked: set[int] = set()  # cards to point out (the kitty, while burying)

    def show(
        self,
        cards: list[str],
        groups: list[str],
        enabled: list[bool],
        picked: set[int],
        cursor: int | None,
        marked: set[int] | None = None,
    ) -> None:
        """Redraw with these cards, what may be picked, what is picked, the cursor, and the
        cards to point out."""
        resized = len(cards) != len(self.cards)
        self.cards, self.groups = list(cards), list(groups)
        self.enabled, self.picked, self.cursor = list(enabled), set(picked), cursor
        self.marked = set(marked or ())
        self.refresh(layout=resized)

    def card_text(self, index: int) -> Text:
        code = self.cards[index]
        group = self.groups[index] if index < len(self.groups) else "T"
        style = self.card_style
        label = style.label(code) if group == "T" else code[:-1]
        look = Style.parse(style.card_style(code))
        if index < len(self.enabled) and not self.enabled[index]:
            look += self.part("inline-hand--disabled")
        if index in self.picked:
            look += self.part("inline-hand--picked")
        if index == self.cursor:
            look += self.part("inline-hand--cursor")
        return Text(label, style=look)

    def part(self, name: str) -> Style:
        """One of the component classes' styles (from mishi.tcss)."""
        return self.get_component_rich_style(name, partial=True)

    def lines_for(self, width: int) -> list[list[Token]]:
        """The hand broken into lines of at most ``width`` cells; a suit's heading stays with
        its first card."""
        width = max(width, 8)
        lines: list[list[Token]] = [[]]
        used = 0
        previous: str | None = None
        for index in range(len(self.cards)):
            group = self.groups[index] if index < len(self.groups) else "T"
            pieces = []
            gap = 1
            if group != previous:
                gap = GROUP_GAP if previous is not None else 0
                if group != "T":
                    heading = suit_text(self.card_style, group, self.look)
                    if self.card_style.letters:
                        heading.append(":")  # "C: A K Q" reads as a suit, not a card
                    pieces.append(Token(None, heading))
            pieces.append(Token(index, self.card_text(index)))
            previous = group
            needed = gap + sum(p.width for p in pieces) + len(pieces) - 1
            if used and used + needed > width:
                lines.append([])
                used, gap = 0, 0
            elif not used:
                gap = 0
            for n, piece in enumerate(pieces):
                piece.start = used + (gap if n == 0 else 1)
                used = piece.start + piece.width
                lines[-1].append(piece)
        return lines

    def render(self) -> Text:
        if not self.cards:
            return Text("(no cards)", style="dim")
        out = Text(no_wrap=True, overflow="crop")
        for n, line in enumerate(self.lines_for(self.size.width)):
            if n:
                out.append("\n")
            cards = Text()
            for token in line:
                cards.append(" " * (token.start - cell_len(cards.plain)))
                cards.append_text(token.text)
            out.append_text(cards)
            out.append("\n")
            out.append_text(self.marks_line(line))
        return out

    def marks_line(self, line: list[Token]) -> Text:
        """The line under a line of cards: ▲ the cursor, ● picked, · pointed out."""
        style = self.card_style
        marks = Text()
        for token in line:
            if token.index is None:
                continue
            if token.index == self.cursor:
                mark, look = ("^" if style.ascii_only else "▲"), "inline-hand--cursor-mark"
            elif token.index in self.picked:
                mark, look = ("+" if style.ascii_only else "●"), "inline-hand--picked-mark"
            elif token.index in self.marked:
                mark, look = ("." if style.ascii_only else "·"), "inline-hand--marked-mark"
            else:
                continue
            marks.append(" " * (token.start - cell_len(marks.plain)))
            marks.append(mark, style=self.part(look))
        return marks

    def get_content_height(self, container, viewport, width: int) -> int:
        return 2 * len(self.lines_for(width)) if self.cards else 1

    def on_click(self, event: events.Click) -> None:
        lines = self.lines_for(self.size.width)
        row = event.y // 2
        if not 0 <= row < len(lines):
            return
        for token in lines[row]:
            if token.index is not None and token.start <= event.x < token.start + token.width + 1:
                event.stop()
                self.post_message(self.Clicked(token.index))
                return


class Painted(Widget):
    """An area whose content is painted for its current width (the seats around the trick
    are laid out in columns, so they are redrawn when the terminal is resized)."""

    DEFAULT_CSS = """
    Painted { height: auto; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.paint: Callable[[int], Text] = lambda width: Text("")

    def show(self, paint: Callable[[int], Text]) -> None:
        self.paint = paint
        self.refresh(layout=True)

    def render(self) -> Text:
        return self.paint(self.size.width)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.paint(width).plain.split("\n")))
