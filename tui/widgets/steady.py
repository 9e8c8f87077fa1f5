"""A ``Static`` that follows the game without relaying the screen out at every state.

``Static.update`` asks for a layout of the whole screen each time, which is most of what a
repaint costs at a table of twenty widgets. ``Steady.show`` skips content that did not change
and asks for a layout only when the new content may take a different size: a different number
of lines, a line that may wrap, or a width the widget sizes itself to (``width: auto``).
Anything but plain text or ``Text`` is laid out every time, as ``Static`` does.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static

Shape = tuple[int, int]  # (lines, widest line in cells)


def shape_of(content: VisualType) -> Shape | None:
    """How many lines ``content`` has and how wide its widest is (None: not known)."""
    if isinstance(content, Text):
        plain = content.plain
    elif isinstance(content, str):
        plain = content
    else:
        return None
    lines = plain.split("\n")
    return len(lines), max(cell_len(line) for line in lines)


class Steady(Static):
    """A ``Static`` whose ``show`` repaints only what changed (see the module docstring)."""

    def __init__(self, content: VisualType = "", **kwargs) -> None:
        super().__init__(content, **kwargs)
        self._shown: VisualType = content
        self._shape: Shape | None = shape_of(content)

    def show(self, content: VisualType) -> None:
        """Show ``content``: nothing happens if it is what is shown already."""
        if type(content) is type(self._shown) and content == self._shown:
            return
        shape = shape_of(content)
        layout = self.needs_layout(self._shape, shape)
        self._shown, self._shape = content, shape
        self.update(content, layout=layout)

    def needs_layout(self, old: Shape | None, new: Shape | None) -> bool:
        """Whether going from content of shape ``old`` to ``new`` may change this widget's
        size (and so the screen's layout)."""
        width = self.content_region.width
        if old is None or new is None or width <= 0 or not self.is_mounted:
            return True
        styles = self.styles
        if styles.width is not None and styles.width.is_auto and old[1] != new[1]:
            return True  # sized to its widest line
        if old[1] > width or new[1] > width:
            return True  # a line wraps (or did): the height may change
        fixed = styles.height is not None and not styles.height.is_auto
        return old[0] != new[0] and not fixed
