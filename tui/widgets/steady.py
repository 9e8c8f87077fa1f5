"""A ``Static`` that follows the game without laying the screen out again at every state.

``Static.update`` asks for a layout of the whole screen each time, which is most of what a
repaint costs at a table of twenty widgets. ``Steady.show`` skips content that did not change
and asks for a layout only when the new content may take a different size: a different number
of lines once wrapped to the widget's width, or any change in a widget that sizes its width to
its content (``width: auto``). Anything but plain text or ``Text`` is laid out every time, as
``Static`` does.
"""

from __future__ import annotations

from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static


class Steady(Static):
    """A ``Static`` whose ``show`` repaints only what changed (see the module docstring)."""

    def __init__(self, content: VisualType = "", **kwargs) -> None:
        super().__init__(content, **kwargs)
        self._shown: VisualType = content
        self._height: tuple[int, int] | None = None  # (width, lines) of what is shown

    def show(self, content: VisualType) -> None:
        """Show ``content``: nothing happens if it is what is shown already."""
        if type(content) is type(self._shown) and content == self._shown:
            return
        before = self._height
        self._shown, self._height = content, self.height_of(content)
        layout = before is None or self._height is None or before != self._height
        self.update(content, layout=layout)

    def height_of(self, content: VisualType) -> tuple[int, int] | None:
        """``(width, lines)``: how many lines ``content`` takes at the widget's width now
        (None: not known, so the screen is laid out)."""
        width = self.content_region.width
        styles = self.styles
        if width <= 0 or not self.is_mounted or (styles.width is not None and styles.width.is_auto):
            return None
        if isinstance(content, str):
            content = Text(content)
        if not isinstance(content, Text):
            return None
        return width, len(content.wrap(self.app.console, width))
