"""What the window's size means for the table screen: the classes its styles follow
(``-wide``, ``-huge``, ``-narrow``, ``-short``, ``-too-small``; table.tcss) and the line that
asks for a bigger window. The screen sets the classes on every resize from ``Fit``; the styles
themselves are in table.tcss (``TABLE_CSS``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.widgets import Static

from lang import _

HUGE = 160  # from this many columns the log and the chat stand side by side, half the window
WIDE = 110  # from this many columns the chat sits beside the table
TALL = 34  # from this many rows (and WIDE columns) cards are drawn large
NARROW = 80  # below this many columns the side pane is slimmer
SHORT = 24  # below this many rows the table leaves out its blank lines
MIN_WIDTH, MIN_HEIGHT = 70, 20  # below this the table asks for a bigger window

#: The shared table styles; each game's screen lists them before its own .tcss.
TABLE_CSS = Path(__file__).with_name("table.tcss")
#: The shared looks, styled in table.tcss (a game's own are ``<game>--name``).
TABLE_LOOKS = {
    "table--name",  # a player's name
    "table--muted",  # separators, free seats, asides
    "table--whisper",  # "→ Bo" after a whispered chat line
    "table--alert",  # the header's "✗ reconnecting"
    "table--command",  # a command to type, in the waiting room
    "table--leader",  # the leading total in the results panel
    "table--bar",  # a total's bar in the results panel
}


@dataclass(frozen=True)
class Fit:
    """One window size, as the table's layout reads it."""

    width: int
    height: int

    @property
    def narrow(self) -> bool:
        return self.width < NARROW

    @property
    def short(self) -> bool:
        return self.height < SHORT

    def classes(self) -> dict[str, bool]:
        """Each layout class of the screen, and whether this size sets it."""
        return {
            "-wide": self.width >= WIDE,
            "-huge": self.width >= HUGE,
            "-narrow": self.narrow,
            "-short": self.short,
            "-too-small": self.width < MIN_WIDTH or self.height < MIN_HEIGHT,
        }

    def large_cards(self) -> bool:
        """Whether there is room for the big cards (a game's screen may ask for more)."""
        return self.width >= WIDE and self.height >= TALL


class TooSmall(Static):
    """Shown instead of the table (``-too-small``) while the window is smaller than it needs."""

    def __init__(self) -> None:
        words = _("Make the window bigger: the table needs {width}×{height}.")
        super().__init__(
            words.format(width=MIN_WIDTH, height=MIN_HEIGHT), id="too-small", markup=False
        )
