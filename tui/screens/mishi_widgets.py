"""A widget for the Mi Shi table: an area painted to its width (the hand is a
``PickableCards`` drawn inline, tui/widgets/pickable.py: up to 29 cards must fit 80 columns).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widget import Widget

import lang


class Painted(Widget):
    """An area whose content is painted for its current width (the seats around the trick
    are laid out in columns, so they are redrawn when the terminal is resized)."""

    DEFAULT_CSS = """
    Painted { height: auto; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.paint: Callable[[int], Text] = lambda width: Text("")
        self.language = lang.current()

    def show(self, paint: Callable[[int], Text]) -> None:
        # painted later, by the compositor, which may run outside the app's language
        # context: keep the language of the screen that asked
        self.paint, self.language = paint, lang.current()
        self.refresh(layout=True)

    def painted(self, width: int) -> Text:
        with lang.scope(self.language):
            return self.paint(width)

    def render(self) -> Text:
        return self.painted(self.size.width)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.painted(width).plain.split("\n")))
