"""The event log: one short line per thing that happened at the table."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from lang import _


class WrappingLog(RichLog):
    """A RichLog that keeps its lines and wraps them again when its width changes: a line
    written while the pane was narrow (or hidden) is not left cut after widening."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=10, id=id)
        self.entries: list[tuple[object, Text]] = []
        self._wrapped_at = 0

    def add(self, line: Text | str, tag: object = None) -> None:
        """Append one line (a Text keeps its styling; a str is shown literally)."""
        text = line if isinstance(line, Text) else Text(line)
        self.entries.append((tag, text))
        self.write(text)

    def rewrite(self) -> None:
        """Write every kept line again at the current width."""
        self.clear()
        for _tag, text in self.entries:
            self.write(text)

    def on_resize(self, event: events.Resize) -> None:
        known = self._size_known
        super().on_resize(event)  # the first known size writes what waited for it
        width = event.size.width
        if known and width and width != self._wrapped_at and self.entries:
            self.rewrite()
        if width:
            self._wrapped_at = width


class EventLog(WrappingLog):
    """Lines like "Bo swapped 2 cards with Chen"; peer text arrives already cleaned."""

    DEFAULT_CSS = """
    EventLog {
        height: 1fr;
        min-height: 3;
        border-top: solid $primary 40%;
        border-title-color: $text-muted;
        scrollbar-size-vertical: 1;
        scrollbar-background: $surface;
        background: $surface;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = _("Log")
        self.lines_written: list[str] = []

    def add(self, line: Text | str, tag: object = None) -> None:
        """Append one line; ``tag`` marks what the line belongs to (e.g. a round), for
        ``keep``."""
        text = line if isinstance(line, Text) else Text(line)
        self.lines_written.append(text.plain)
        super().add(text, tag)

    def keep(self, wanted: Callable[[object], bool]) -> None:
        """Forget every line whose tag is not ``wanted`` (a table that plays from memory)."""
        kept = [(tag, text) for tag, text in self.entries if wanted(tag)]
        if len(kept) == len(self.entries):
            return
        self.entries = kept
        self.lines_written = [text.plain for _tag, text in kept]
        self.rewrite()
