"""A widget for the Mi Shi table: an area painted to its width (the hand is a
``PickableCards`` drawn inline, tui/widgets/pickable.py: up to 29 cards must fit 80 columns).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text

import lang
from tui.tcss import compact
from tui.widgets.prepaint import Prepainted


class Painted(Prepainted):
    """An area whose content is painted for its current width (the seats around the trick
    are laid out in columns, so they are redrawn when the terminal is resized)."""

    DEFAULT_CSS = compact("""
    Painted { height: auto; width: 1fr; }
    """)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.paint: Callable[[int], Text] = lambda width: Text("")
        self.language = lang.current()
        self._painted: tuple[int, Text] | None = None  # the last painting, by width

    def show(self, paint: Callable[[int], Text]) -> None:
        """Paint with ``paint`` from now on; the screen is laid out again only when the
        painting's height changes, and nothing is redrawn when it did not change."""
        # painted later, by the compositor, which may run outside the app's language
        # context: keep the language of the screen that asked
        before = self._painted
        self.paint, self.language, self._painted = paint, lang.current(), None
        width = self.size.width
        if before is None or width <= 0 or before[0] != width:
            self.refresh(layout=True)
            return
        text = self.painted(width)
        if text == before[1]:
            return
        if text.plain.count("\n") != before[1].plain.count("\n"):
            self.refresh(layout=True)
        else:
            self.repaint_text()  # only the rows that changed

    def painted(self, width: int) -> Text:
        if self._painted is not None and self._painted[0] == width:
            return self._painted[1]
        with lang.scope(self.language):
            text = self.paint(width)
        if width > 0 and any(cell_len(line) > width for line in text.plain.split("\n")):
            text = Text("\n").join(text.wrap(self.app.console, width))  # wrapped, never cut
        self._painted = (width, text)
        return text

    def render(self) -> Text:
        return self.painted(self.size.width)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.painted(width).plain.split("\n")))
