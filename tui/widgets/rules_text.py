"""The rules help's text (``?``): a game's Markdown help drawn by one widget.

Textual's ``Markdown`` makes a widget of every block, list, bullet, list item and table cell
(some 150 for a game's rules, 0.5–0.9 s of CPU to open at 80×24, most of it styling and laying
out those widgets). The help is read, scrolled and closed, never edited or clicked: here it is
one widget drawing one Rich renderable — its headings, paragraphs, lists (the bullets and the
numbers hanging), tables and inline bold, italics and code — spaced and looking as Textual's
Markdown draws them (the same margins, bullets and theme colours), each look a component class
of the widget (rules_text.tcss). A text is parsed once a process (``parsed``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich import box
from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

if TYPE_CHECKING:
    from markdown_it.token import Token
    from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
    from textual.selection import Selection

__all__ = ["RulesText", "parsed"]

#: Words with their looks: each run of text and the looks it has ("strong", "em", "code"…).
Words = tuple[tuple[str, tuple[str, ...]], ...]

#: An unordered list's bullet at each depth, as Textual's Markdown draws them.
BULLETS = ("• ", "▪ ", "‣ ", "⭑ ", "◦ ")

#: The inline marks markdown-it opens, and the look each gives the words inside.
OPENS = {"strong_open": "strong", "em_open": "em", "s_open": "s", "link_open": "link"}

_SPACES = re.compile(r"\s+")


class Heading(NamedTuple):
    level: int
    words: Words


class Paragraph(NamedTuple):
    words: Words


class Code(NamedTuple):
    text: str


class Items(NamedTuple):
    """A list: each item's mark (a bullet, or its number) and its blocks."""

    marks: tuple[str, ...]
    items: tuple[tuple[Block, ...], ...]


class Grid(NamedTuple):
    """A table: its head row and its rows, each a row of cells."""

    head: tuple[Words, ...]
    rows: tuple[tuple[Words, ...], ...]


Block = Heading | Paragraph | Code | Items | Grid


@lru_cache(maxsize=32)
def parsed(markdown: str) -> tuple[Block, ...]:
    """The blocks of a Markdown text (CommonMark with tables), parsed once a process."""
    from markdown_it import MarkdownIt  # (when the help is first opened)

    tokens = MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(markdown)
    blocks, _ = _blocks(tokens, 0, "", 0)
    return blocks


def _blocks(tokens: list[Token], at: int, close: str, depth: int) -> tuple[tuple[Block, ...], int]:
    """The blocks from ``tokens[at]`` up to the token ``close`` (the end, if none), and the
    index after it; ``depth``: how many bulleted lists these blocks are in."""
    blocks: list[Block] = []
    while at < len(tokens):
        token = tokens[at]
        kind = token.type
        if kind == close:
            return tuple(blocks), at + 1
        if kind == "heading_open":
            blocks.append(Heading(int(token.tag[1:]), _words(tokens[at + 1])))
            at += 3
        elif kind == "paragraph_open":
            blocks.append(Paragraph(_words(tokens[at + 1])))
            at += 3
        elif kind in ("bullet_list_open", "ordered_list_open"):
            list_close = kind.replace("_open", "_close")
            bodies: list[tuple[Block, ...]] = []
            at += 1
            while tokens[at].type == "list_item_open":
                inner = depth + (kind == "bullet_list_open")
                body, at = _blocks(tokens, at + 1, "list_item_close", inner)
                bodies.append(body)
            at += 1  # the list's close
            assert tokens[at - 1].type == list_close
            if kind == "bullet_list_open":
                marks = (BULLETS[depth % len(BULLETS)],) * len(bodies)
            else:
                start = int(token.attrs.get("start", 1))
                numbers = [f"{n}. " for n in range(start, start + len(bodies))]
                width = max(len(number) for number in numbers) + 1
                marks = tuple(number.rjust(width) for number in numbers)
            blocks.append(Items(marks, tuple(bodies)))
        elif kind == "table_open":
            rows: list[tuple[Words, ...]] = []
            at += 1
            while tokens[at].type != "table_close":
                if tokens[at].type == "tr_open":
                    cells, at = _cells(tokens, at + 1)
                    rows.append(cells)
                else:
                    at += 1
            blocks.append(Grid(rows[0], tuple(rows[1:])))
            at += 1
        elif kind in ("fence", "code_block"):
            blocks.append(Code(token.content.rstrip()))
            at += 1
        else:  # a quote's or an HTML block's marks: their insides are read as they come
            at += 1
    return tuple(blocks), at


def _cells(tokens: list[Token], at: int) -> tuple[tuple[Words, ...], int]:
    """A table row's cells from ``tokens[at]``, and the index after the row."""
    cells: list[Words] = []
    while tokens[at].type != "tr_close":
        if tokens[at].type == "inline":
            cells.append(_words(tokens[at]))
        at += 1
    return tuple(cells), at + 1


def _words(token: Token) -> Words:
    """An inline token's text runs with their looks, white space as Textual's Markdown shows
    it (a line break within a paragraph is a space)."""
    runs: list[tuple[str, tuple[str, ...]]] = []
    looks: list[str] = []
    for child in token.children or ():
        kind = child.type
        if kind == "text":
            runs.append((_SPACES.sub(" ", child.content), tuple(looks)))
        elif kind == "softbreak":
            runs.append((" ", tuple(looks)))
        elif kind == "hardbreak":
            runs.append(("\n", tuple(looks)))
        elif kind == "code_inline":
            runs.append((child.content, (*looks, "code")))
        elif kind == "image":
            runs.append((child.content, tuple(looks)))  # its alternative text
        elif kind in OPENS:
            looks.append(OPENS[kind])
        elif kind.endswith("_close") and looks:
            looks.pop()
    return tuple(runs)


class Hanging:
    """A list item: its mark (a bullet or a number) before the first line of its blocks, the
    lines after it indented as far."""

    def __init__(self, mark: str, style: Style, body: Sequence[RenderableType]) -> None:
        self.mark = Segment(mark, style)
        self.body = body

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = self.mark.cell_length
        width = max(1, options.max_width - indent)
        lines = console.render_lines(Group(*self.body), options.update_width(width), pad=False)
        gap, new_line = Segment(" " * indent), Segment.line()
        for row, line in enumerate(lines):
            yield gap if row else self.mark
            yield from line
            yield new_line


#: A look's Rich style by its name (the widget's component class ``rules-text--NAME``).
Look = Callable[[str], Style]

#: The help's looks: the component classes of ``RulesText`` (rules_text.tcss).
LOOKS = tuple(
    f"rules-text--{name}"
    for name in (
        *(f"h{level}" for level in range(1, 7)),
        *("strong", "em", "s", "link", "code", "bullet", "table-header", "table-lines"),
    )
)


def drawn(blocks: Sequence[Block], look: Look, *, ascii_only: bool = False) -> Group:
    """The blocks as one renderable, spaced as Textual's Markdown spaces them."""
    return Group(*_flow(blocks, look, ascii_only, inside=False))


def _margins(block: Block, inside: bool) -> tuple[int, int]:
    """A block's blank lines above and below (Textual's Markdown margins: a list's or a
    paragraph's within a list item are none)."""
    if isinstance(block, Heading):
        return (2, 1) if block.level <= 2 else (1, 1)
    if isinstance(block, Code):
        return (1, 1)
    if isinstance(block, Grid):
        return (0, 1)
    return (0, 0) if inside else (0, 1)


def _flow(blocks: Iterable[Block], look: Look, ascii_only: bool, inside: bool) -> list:
    """The blocks' renderables one under the other, the blank lines between them the larger
    of the margins that meet."""
    drawn_blocks: list[RenderableType] = []
    below = None
    for block in blocks:
        top, bottom = _margins(block, inside)
        drawn_blocks.extend(Text() for _ in range(top if below is None else max(below, top)))
        drawn_blocks.extend(_drawn(block, look, ascii_only))
        below = bottom
    drawn_blocks.extend(Text() for _ in range(below or 0))
    return drawn_blocks


def _drawn(block: Block, look: Look, ascii_only: bool) -> list[RenderableType]:
    if isinstance(block, Heading):
        justify: JustifyMethod = "center" if block.level == 1 else "left"
        return [_text(block.words, look, look(f"h{min(block.level, 6)}"), justify)]
    if isinstance(block, Paragraph):
        return [_text(block.words, look)]
    if isinstance(block, Code):
        return [Text(block.text, look("code"), no_wrap=True)]
    if isinstance(block, Items):
        bullet = look("bullet")
        return [
            Hanging(mark, bullet, _flow(body, look, ascii_only, inside=True))
            for mark, body in zip(block.marks, block.items, strict=True)
        ]
    table = Table(
        box=box.ASCII2 if ascii_only else box.SQUARE,
        show_lines=True,
        expand=True,
        border_style=look("table-lines"),
        header_style=look("table-header"),
    )
    for cell in block.head:
        table.add_column(_text(cell, look))
    for row in block.rows:
        table.add_row(*(_text(cell, look) for cell in row))
    return [table]


def _text(
    words: Words, look: Look, style: Style | None = None, justify: JustifyMethod = "left"
) -> Text:
    """The words in their looks, all of them in ``style`` (a heading's: not the spaces that
    pad the line, where an underline would show)."""
    text = Text(justify=justify)
    for run, looks in words:
        text.append(run, Style.chain(*(look(name) for name in looks)) if looks else None)
    if style is not None:
        text.stylize_before(style)
    return text


class RulesText(Widget):
    """A Markdown help drawn as one widget (see the module docstring). Its lines are drawn
    once for a width (Textual asks its height, then its lines, at each width the help is laid
    out at) and kept until the width, the text or the styles change; its looks are its
    component classes, styled in rules_text.tcss."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(LOOKS)

    #: The Markdown shown.
    markdown: reactive[str] = reactive("", layout=True)

    def __init__(self, markdown: str, *, ascii_only: bool = False, id: str | None = None) -> None:
        """``ascii_only``: a table's lines drawn in ASCII."""
        super().__init__(id=id)
        self.set_reactive(RulesText.markdown, markdown)
        self.ascii_only = ascii_only
        self._drawn: tuple[tuple[object, ...], list[Strip]] | None = None

    def strips(self, width: int) -> list[Strip]:
        """The help's lines at ``width`` cells, in the widget's style: drawn again when the
        width, the text or a look (the theme, dark or light) changed."""
        looks = (self.rich_style, *(self.get_component_rich_style(name) for name in LOOKS))
        key = (width, self.markdown, looks)
        if self._drawn is None or self._drawn[0] != key:
            renderable = drawn(parsed(self.markdown), self.look, ascii_only=self.ascii_only)
            options = self.app.console_options.update(width=width, highlight=False)
            lines = self.app.console.render_lines(renderable, options, style=self.rich_style)
            self._drawn = (key, [Strip(line, width) for line in lines])
        return self._drawn[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.strips(width))

    def render_line(self, y: int) -> Strip:
        """Line ``y``, the selected text in it (a mouse drag) in the screen's selection look;
        each cell knows where it is, as Textual's text selection reads it."""
        width = self.content_size.width
        lines = self.strips(width)
        if not 0 <= y < len(lines):
            return Strip.blank(width, self.rich_style)
        line = lines[y]
        span = None if self.text_selection is None else self.text_selection.get_span(y)
        if span is not None:
            text = Text.assemble(*((segment.text, segment.style or "") for segment in line))
            start, end = span
            text.stylize(self.selected_look(), start, None if end == -1 else end)
            line = Strip(text.render(self.app.console), line.cell_length)
        return line.apply_offsets(0, y)

    def selected_look(self) -> Style:
        """The screen's look of selected text (its ``screen--selection``: a background of
        some opacity over the help's, the words' own colour where it gives none)."""
        look = self.screen.get_component_styles("screen--selection")
        background = self.background_colors[1] + look.background
        color = (background + look.color).rich_color if look.color.a else None
        return Style(color=color, bgcolor=background.rich_color)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The selected words (to copy), line by line as the help shows them."""
        lines = self.strips(self.content_size.width)
        return selection.extract("\n".join(line.text.rstrip() for line in lines)), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()

    def look(self, name: str) -> Style:
        """The Rich style of the component class ``rules-text--NAME`` (rules_text.tcss), over
        the widget's own (a colour of some opacity blended with what is under it)."""
        return self.get_component_rich_style(f"rules-text--{name}")
