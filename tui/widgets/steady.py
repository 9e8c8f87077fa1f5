"""A ``Static`` that follows the game without laying the screen out again at every state.

``Static.update`` asks for a layout of the whole screen each time, which is most of what a
repaint costs at a table of twenty widgets. ``Steady.show`` skips content that did not change
and asks for a layout only when the widget's size may follow its content and the new content
takes a different size:

- a widget whose size cannot follow its content (CSS height and width not ``auto``: cells,
  a percentage, ``1fr``) is only repainted. One that takes the rest of its column
  (``height: 1fr``) still shows every line when the rest is too short: it takes a
  ``min-height`` of its lines then (a layout), and gives it back once they shrink;
- otherwise the lines are counted at the widget's width (cheaply when none is longer than
  the width) and the screen is laid out when the height they give (within ``min-height``
  and ``max-height``) changes, or for any change in a widget as wide as its content. A
  widget that ``keep_height(True)`` (the prompt bar of a window tall enough) grows but does
  not shrink back while its width stays: a prompt that wraps only on the player's own turn
  lays the screen out once, not twice per turn.

What is shown is kept as given and is what ``render`` gives: Textual makes it a visual only
when it needs one (to measure it for a layout, or to paint what is not a ``Text``), not at
every change as ``Static.update`` does. A ``Text`` is painted line by line, and a change in
the same size repaints only the rows that changed (tui/widgets/lines.py).
"""

from __future__ import annotations

from typing import Self

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import RenderResult
from textual.css.scalar import Unit
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from . import prepaint
from .lines import TextLines


class Steady(Static):
    """A ``Static`` whose ``show`` repaints only what changed (see the module docstring);
    its lines are made when it changes (tui/widgets/prepaint.py)."""

    keeps_height = False  # True: grows with its lines but does not shrink (see keep_height)
    #: The only rows the next repaint paints again (None: all of them): set by ``repaint``.
    _rows: list[int] | None = None

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        rows, self._rows = self._rows, None
        if rows is not None and repaint and not (regions or layout or recompose):
            if not rows:  # nothing on show changed
                return super().refresh(repaint=False)
            width = self.size.width
            regions = tuple(Region(0, y, width, 1) for y in rows)
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        prepaint.changed(self, repaint=repaint, layout=layout, recompose=recompose)
        return self

    def __init__(self, content: VisualType = "", **kwargs) -> None:
        super().__init__(content, **kwargs)
        self._shown: VisualType = content
        self._height: tuple[int, int] | None = None  # (width, rows) of what is shown
        self._lines = TextLines()  # a Text shown, painted line by line (tui/widgets/lines.py)

    def render(self) -> RenderResult:
        """What is shown, as it was given."""
        return self._shown

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content`` (as ``Static.update`` does; ``show`` skips what is on show)."""
        self._shown = content
        self.refresh(layout=layout)

    @property
    def content(self) -> VisualType:
        """What is shown, as it was given."""
        return self._shown

    @content.setter
    def content(self, content: VisualType) -> None:
        self.update(content)

    def render_line(self, y: int) -> Strip:
        """A line of a ``Text`` shown, painted and kept line by line (lines.py); anything
        else as Textual paints it."""
        content = self.content
        width = self.size.width
        strips = self._lines.strips(self, content, width) if isinstance(content, Text) else None
        if strips is None:
            return super().render_line(y)
        if y < len(strips):
            return strips[y]
        return Strip.blank(width, self.visual_style.rich_style)

    def show(self, content: VisualType) -> None:
        """Show ``content``: nothing happens if it is what is shown already."""
        if type(content) is type(self._shown) and content == self._shown:
            return
        self._shown = content
        if sized_by_css(self):
            self.repaint(content)
            self.make_room()
            return
        before = self._height
        height = self.height_of(content)
        if self.keeps_height and height is not None and height != before:
            if before is not None and before[0] == height[0] and height[1] < before[1]:
                height = before  # shorter: the min-height set below keeps the rows
            else:
                self.styles.min_height = height[1]
        self._height = height
        if before is None or height is None or before != height:
            self.update(content, layout=True)
        else:
            self.repaint(content)

    def repaint(self, content: VisualType) -> None:
        """Show ``content`` in the same size: only the rows of a ``Text`` that change are
        painted again (and the screen's update is those rows alone)."""
        if isinstance(content, Text) and self.is_mounted and self.size.width > 0:
            self._rows = self._lines.changed(self, content, self.size.width)
        self.update(content, layout=False)

    @property
    def shown(self) -> VisualType:
        """What ``show`` was last given (as given: a ``Text`` stays a ``Text``)."""
        return self._shown

    def keep_height(self, keep: bool) -> None:
        """Grow with the lines but do not shrink back (``keep``), or follow them again."""
        if keep == self.keeps_height:
            return
        self.keeps_height = keep
        self._height = None  # measured afresh at the next show
        if not keep and self.styles.min_height is not None:
            self.styles.min_height = None

    def release_height(self) -> None:
        """Forget the height kept so far: from the next ``show`` the lines decide again (a
        new phase, such as the game starting after the waiting room's long prompt)."""
        if self.keeps_height and self.styles.min_height is not None:
            self._height = None
            self.styles.min_height = None

    def on_resize(self, event: events.Resize) -> None:
        if self.keeps_height and self._height and self._height[0] != self.content_region.width:
            self._height = None  # another width: the height follows the lines again
            self.styles.min_height = None
        self.make_room()

    def make_room(self) -> None:
        """With ``height: 1fr``, every line in sight (see ``make_room``)."""
        width = self.content_region.width
        lines = self.lines_of(self._shown, width) if width > 0 else None
        if lines is not None:
            make_room(self, lines)

    def lines_of(self, content: VisualType, width: int) -> int | None:
        """How many lines ``content`` takes at ``width`` (None: not known)."""
        if isinstance(content, str):
            content = Text(content)
        if not isinstance(content, Text):
            return None
        rows = content.plain.split("\n")
        if content.no_wrap or all(cell_len(row) <= width for row in rows):
            return len(rows)
        return len(content.wrap(self.app.console, width))

    def height_of(self, content: VisualType) -> tuple[int, int] | None:
        """``(width, rows)``: the height ``content`` gives the widget at its width now
        (None: not known, so the screen is laid out)."""
        width = self.content_region.width
        styles = self.styles
        if width <= 0 or not self.is_mounted or (styles.width is not None and styles.width.is_auto):
            return None
        lines = self.lines_of(content, width)
        if lines is None:
            return None
        rows = lines + styles.gutter.height
        for bound, keep in ((styles.min_height, max), (styles.max_height, min)):
            if bound is not None and bound.unit is Unit.CELLS:
                rows = keep(rows, int(bound.value))
        return width, rows


def sized_by_css(widget: Widget) -> bool:
    """Whether the widget's size cannot follow its content (height and width not ``auto``)."""
    width, height = widget.styles.width, widget.styles.height
    return height is not None and not height.is_auto and not (width and width.is_auto)


def make_room(widget: Widget, lines: int) -> None:
    """A widget that takes the rest of its column (``height: 1fr``) and needs ``lines`` rows:
    a ``min-height`` keeps them all in sight while the rest of the column is shorter (the
    column scrolls, as it would for ``height: auto``), and goes once they fit again."""
    height = widget.styles.height
    if height is None or height.unit is not Unit.FRACTION:
        return
    need = lines + widget.styles.gutter.height
    least = widget.styles.min_height
    if lines > widget.content_region.height:
        if least is None or least.value != need:
            widget.styles.min_height = need
    elif least is not None and need < least.value:
        widget.styles.min_height = None
