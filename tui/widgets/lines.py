"""Rich ``Text`` painted as Textual strips line by line, each line kept while it stays the same.

A widget whose ``render`` is a Rich ``Text`` (a ``Static``, a row of cards) is painted by
Textual through its ``Content``: the whole text is converted (every span's style turned into
Textual's and back, for every segment) each time the widget changes — most of what a state
costs at a table, where a turn changes one or two lines of a seat list or a hand. A widget
that paints through ``TextLines`` (its ``render_line``) turns each line into a strip with
Rich's own ``Text.render``, in the widget's style, and keeps it: a line that did not change
(the same characters, spans and style at the same row) is not painted again.

What is painted is what Textual would paint: the same segments and styles, with the offsets
text selection reads. Only text Textual would draw line for line takes this way: no line
wider than the widget (Textual would wrap it), nor one of more characters than the widget
is wide ending in a space (Textual drops it), no tab, no link, left-aligned, nothing
selected; ``strips`` answers None for anything else, and the widget paints it as Textual does.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["TextLines"]

#: The lines kept at most before the old ones are forgotten (a few screens' worth).
KEPT = 256


class TextLines:
    """The strips of one widget's text, kept line by line (see the module docstring)."""

    def __init__(self) -> None:
        self._kept: dict[tuple[object, ...], Strip] = {}
        self._last: tuple[Text, int, Style, list[Strip] | None] | None = None

    def strips(self, widget: Widget, text: Text, width: int) -> list[Strip] | None:
        """``text`` painted as ``widget`` paints it at ``width``, one strip a line; None
        when Textual must paint it (a line to wrap, a link, alignment, a selection)."""
        style = widget.visual_style.rich_style
        last = self._last
        if last is not None and last[0] is text and last[1] == width and last[2] == style:
            return last[3]
        strips = self._paint(widget, text, width, style)
        self._last = (text, width, style, strips)
        return strips

    def changed(self, widget: Widget, text: Text, width: int) -> list[int] | None:
        """The rows whose strips ``text`` changes from the text painted last (at this width,
        in this style); None when that is not known (Textual paints one or the other): the
        whole widget is to be painted again."""
        last = self._last
        style = widget.visual_style.rich_style
        if last is None or last[3] is None or last[1] != width or last[2] != style:
            return None
        before = last[3]
        after = self.strips(widget, text, width)
        if after is None:
            return None
        return [
            y for y in range(max(len(before), len(after))) if _at(before, y) is not _at(after, y)
        ]

    def _paint(self, widget: Widget, text: Text, width: int, style: Style) -> list[Strip] | None:
        plain = text.plain
        if not plain or "\t" in plain or widget.text_selection is not None:
            return None
        styles = widget.styles
        if styles.text_align not in ("left", "start") or styles.content_align != ("left", "top"):
            return None
        if any(_unlike(line, width) for line in plain.split("\n")):
            return None
        if any(_linked(span.style) for span in text.spans) or _linked(text.style):
            return None
        if len(self._kept) > KEPT:
            self._kept.clear()
        console = widget.app.console
        strips = []
        for y, line in enumerate(text.split("\n", allow_blank=True)):
            key = (line.plain, tuple(line.spans), line.style, style, y)
            strip = self._kept.get(key)
            if strip is None:
                strip = self._kept[key] = _strip(line, console, style, y)
            strips.append(strip)
        return strips


def _unlike(line: str, width: int) -> bool:
    """Whether Textual would not paint ``line`` as it is at ``width``: it wraps a line wider
    than that, and drops the spaces at the end of one of more characters than that (a
    script with combining marks: Devanagari)."""
    return cell_len(line) > width or (len(line) > width and line[-1:].isspace())


def _at(strips: list[Strip], y: int) -> Strip | None:
    return strips[y] if y < len(strips) else None


def _linked(style: str | Style) -> bool:
    return bool(style.link) if isinstance(style, Style) else "link" in style


def _strip(line: Text, console, style: Style, y: int) -> Strip:
    """One line painted over the widget's ``style``, with the offsets of text selection."""
    segments = [segment for segment in line.render(console) if segment.text]
    if not line.spans or not segments:  # Rich's Text.render leaves the Text's own style out
        # then; an empty line is one empty segment, as Textual paints it
        segments = [Segment(line.plain, console.get_style(line.style, default=None))]
    painted = []
    x = 0
    for text, own, _control in segments:  # as Strip.apply_style, then Strip.apply_offsets
        over = style + own if own else style
        painted.append(Segment(text, over + _offset(x, y)))
        x += len(text)
    return Strip(painted, line.cell_len)


#: The selection offsets' styles, by (x, y): made once each (Textual pickles every one).
_OFFSETS: dict[tuple[int, int], Style] = {}


def _offset(x: int, y: int) -> Style:
    offset = _OFFSETS.get((x, y))
    if offset is None:
        if len(_OFFSETS) > 1 << 14:
            _OFFSETS.clear()
        offset = _OFFSETS[x, y] = Style.from_meta({"offset": (x, y)})
    return offset
