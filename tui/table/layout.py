"""What the window's size means for the table screen: the classes its styles follow
(``-wide``, ``-huge``, ``-narrow``, ``-short``, ``-too-small``; table.tcss) and the line that
asks for a bigger window. ``WindowFit``, a small part the table screen owns, sets the classes
from ``Fit`` on every resize and follows the size through (the lines that keep their height,
the header's width, the game's big cards); the styles themselves are in table.tcss
(``TABLE_CSS``), with the shared looks (``TABLE_LOOKS``, ``look_class``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from textual.widget import Widget
from textual.widgets import Static

from engine.base import SeatView
from lang import _
from tui.widgets.steady import Steady

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


def look_class(game: str, name: str, classes: set[str]) -> str:
    """The component class of a look: the game's own ``<game>--NAME`` (in its .tcss) where
    the game has one among ``classes``, else the shared ``table--NAME`` (table.tcss); a full
    class name (``mishi--dim``) is taken as it is."""
    if "--" in name:  # already a full component class name
        return name
    own = f"{game}--{name}"
    return own if own in classes else f"table--{name}"


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


class RoomForCards(Protocol):
    """Whether a game's big cards fit (its face, tui/table/face.py)."""

    def large_cards(self, width: int, height: int) -> bool: ...


class Sized(Protocol):
    """What of the table screen the window's size reaches (tui/table/screen.py)."""

    #: Room for the game's big cards now (the game's screen draws from it).
    large: bool
    #: The lines that keep a height they grew to while the window has room.
    kept_heights: tuple[str, ...]

    def draw_header(self) -> None: ...

    @property
    def face(self) -> RoomForCards: ...
    @property
    def view(self) -> SeatView | None: ...
    def has_class(self, *class_names: str) -> bool: ...
    def set_class(self, add: bool, *class_names: str, update: bool = True) -> object: ...
    def query_one(self, selector: str, expect_type: type[Steady]) -> Steady: ...
    def draw(self) -> None: ...
    def call_after_refresh(self, callback: Any, *args: Any, **kwargs: Any) -> bool: ...


class WindowFit:
    """The table screen's part that follows the window's size; see the module docstring."""

    def __init__(self, table: Sized) -> None:
        self.table = table

    def fit(self, width: int, height: int) -> None:
        """The window is ``width``×``height`` now: the layout classes follow, and the table is
        drawn again when its cards change size or the side pane its width."""
        table, fit = self.table, Fit(width, height)
        narrowed = fit.narrow != table.has_class("-narrow")
        # the classes that change, restyled once: each set_class alone restyles the screen
        changes = [
            (name, on_) for name, on_ in fit.classes().items() if on_ != table.has_class(name)
        ]
        for index, (name, on_) in enumerate(changes, 1):
            table.set_class(on_, name, update=index == len(changes))
        # a second line, once needed, stays while there is room for it: a prompt that wraps
        # on the player's own turn only does not lay the screen out at every turn
        for selector in table.kept_heights:
            table.query_one(selector, Steady).keep_height(not fit.short)
        table.draw_header()  # what the header leaves out follows the width
        large = table.face.large_cards(width, height)
        if large != table.large or narrowed:
            table.large = large
            if table.view:
                table.draw()

    def keep_in_sight(self, widget: Widget) -> None:
        """Once laid out, scroll the table so that ``widget`` (my own cards) is on screen: a
        table taller than a small window (a hand swollen by pick-ups) shows my cards rather
        than its top."""
        self.table.call_after_refresh(widget.scroll_visible, animate=False, immediate=True)
