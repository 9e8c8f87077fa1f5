"""What the window's size means for the table screen: the classes its styles follow
(``-wide``, ``-huge``, ``-narrow``, ``-short``, ``-too-small``; table.tcss) and the line that
asks for a bigger window. On every resize ``Fit.refit`` says what follows the size
(``Refit``: the classes that change, whether the lines that keep their height may, room for
the game's big cards, the table drawn again) for the table screen to carry out; the styles
themselves are in table.tcss (``TABLE_CSS``), with the shared looks (``TABLE_LOOKS``,
``look_class``)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, Protocol

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


def look_class(game: str, name: str, classes: set[str]) -> str:
    """The component class of a look: the game's own ``<game>--NAME`` (in its .tcss) where
    the game has one among ``classes``, else the shared ``table--NAME`` (table.tcss); a full
    class name (``mishi--dim``) is taken as it is."""
    if "--" in name:  # already a full component class name
        return name
    own = f"{game}--{name}"
    return own if own in classes else f"table--{name}"


class Fit(NamedTuple):
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

    def refit(self, classes: frozenset[str], large: bool, room: RoomForCards) -> Refit:
        """What follows this size at a table screen that has ``classes`` and room for the
        game's big cards or not (``large``); ``room`` says whether they fit now."""
        changes = tuple(
            (name, wanted) for name, wanted in self.classes().items() if wanted != (name in classes)
        )
        roomy = room.large_cards(self.width, self.height)
        narrowed = self.narrow != ("-narrow" in classes)
        return Refit(changes, not self.short, roomy, roomy != large or narrowed)


def too_small() -> Static:
    """Shown instead of the table (``-too-small``) while the window is smaller than it needs
    (a Static of its own words: a class of its own cost some 1.4 M instructions at every
    start, issue 37)."""
    words = _("Make the window bigger: the table needs {width}×{height}.")
    return Static(words.format(width=MIN_WIDTH, height=MIN_HEIGHT), id="too-small", markup=False)


class RoomForCards(Protocol):
    """Whether a game's big cards fit (its face, tui/table/face.py)."""

    def large_cards(self, width: int, height: int) -> bool: ...


class Refit(NamedTuple):
    """What follows a new window size, for the table screen to carry out: the classes that
    change are set at once (each set alone restyles the screen), and a second line of the
    prompt, once needed, stays while there is room for it (a prompt that wraps on the
    player's own turn only does not lay the screen out at every turn)."""

    #: The layout classes that change, each with whether it is set now.
    classes: tuple[tuple[str, bool], ...]
    #: The lines that keep a height they grew to may do so (the window is not short).
    keep_heights: bool
    #: Room for the game's big cards.
    large: bool
    #: The table is drawn again: its cards changed size, or the side pane its width.
    draw: bool
