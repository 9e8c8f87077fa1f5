"""The event log: one short line per thing that happened at the table."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widgets import RichLog


class EventLog(RichLog):
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
        super().__init__(wrap=True, markup=False, highlight=False, min_width=10, id=id)
        self.border_title = "Log"
        self.lines_written: list[str] = []
        self.entries: list[tuple[object, Text]] = []

    def add(self, line: Text | str, tag: object = None) -> None:
        """Append one line (a Text keeps its styling; a str is shown literally).

        ``tag`` marks what the line belongs to (e.g. a round), for ``keep``.
        """
        text = line if isinstance(line, Text) else Text(line)
        self.lines_written.append(text.plain)
        self.entries.append((tag, text))
        self.write(text)

    def keep(self, wanted: Callable[[object], bool]) -> None:
        """Forget every line whose tag is not ``wanted`` (a table that plays from memory)."""
        kept = [(tag, text) for tag, text in self.entries if wanted(tag)]
        if len(kept) == len(self.entries):
            return
        self.entries = kept
        self.lines_written = [text.plain for _, text in kept]
        self.clear()
        for _, text in kept:
            self.write(text)
