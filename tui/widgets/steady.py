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
  and ``max-height``) changes, or for any change in a widget as wide as its content.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.css.scalar import Scalar, Unit
from textual.visual import VisualType
from textual.widgets import Static


class Steady(Static):
    """A ``Static`` whose ``show`` repaints only what changed (see the module docstring)."""

    def __init__(self, content: VisualType = "", **kwargs) -> None:
        super().__init__(content, **kwargs)
        self._shown: VisualType = content
        self._height: tuple[int, int] | None = None  # (width, rows) of what is shown

    @property
    def sized_by_css(self) -> bool:
        """Whether the widget's size cannot follow its content."""
        width, height = self.styles.width, self.styles.height
        return height is not None and not height.is_auto and not (width and width.is_auto)

    def show(self, content: VisualType) -> None:
        """Show ``content``: nothing happens if it is what is shown already."""
        if type(content) is type(self._shown) and content == self._shown:
            return
        self._shown = content
        if self.sized_by_css:
            self.update(content, layout=False)
            self.make_room()
            return
        before = self._height
        self._height = self.height_of(content)
        layout = before is None or self._height is None or before != self._height
        self.update(content, layout=layout)

    def on_resize(self, event: events.Resize) -> None:
        self.make_room()

    def make_room(self) -> None:
        """With ``height: 1fr``, a ``min-height`` that keeps every line in sight when the
        rest of the column is shorter than them, and none once they fit again."""
        height = self.styles.height
        width = self.content_region.width
        if height is None or height.unit is not Unit.FRACTION or width <= 0:
            return
        lines = self.lines_of(self._shown, width)
        if lines is None:
            return
        need = lines + self.styles.gutter.height
        least = self.styles.min_height
        if lines > self.content_region.height:
            if least is None or least.value != need:
                self.styles.min_height = Scalar(need, Unit.CELLS, Unit.HEIGHT)
        elif least is not None and need < least.value:
            self.styles.min_height = None

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
