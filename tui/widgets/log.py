"""The event log: one short line per thing that happened at the table."""

from __future__ import annotations

from collections.abc import Callable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.strip import Strip

from lang import _

from ..tcss import compact
from .prepaint import Prepainted


class WrappingLog(Prepainted):
    """The newest lines that fit, wrapped to the widget's width; the mouse wheel scrolls back.

    Its size never depends on its lines, so a new line only repaints it: Textual's ``RichLog``
    grew its virtual size at every line, which laid the whole screen out again at every event
    (the slowest part of following a game). It paints line by line (Textual's line API): each
    wrapped line is turned into a ``Strip`` once and kept, so a new line costs converting
    that line only, not the whole pane. Lines are kept whole and wrapped again when the width
    changes, so a line written while the pane was narrow (or hidden) is not left cut after
    widening. The wrapped lines of each entry are kept too (at the width they were wrapped
    at), so that ``restore`` — a replay going back and forth — wraps no line twice.
    """

    DEFAULT_CSS = compact("""
    WrappingLog { height: 1fr; }
    """)
    WHEEL_STEP = 3  # lines per notch of the mouse wheel
    KEPT_STRIPS = 200  # painted lines kept before those above the view are forgotten
    KEPT_WRAPS = 4096  # entries whose wrapped lines are kept (all of them, past a long game)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[tuple[object, Text]] = []
        self._lines: list[Text] = []  # every entry wrapped at _width
        self._ends: list[int] = []  # for each entry: where its wrapped lines end in _lines
        self._strips: dict[int, Strip] = {}  # index in _lines -> that line painted
        self._strip_style = Style()  # the widget's own style the strips were painted in
        self._width = 0
        self._wraps: dict[int, tuple[Text, list[Text]]] = {}  # id(entry) -> it, wrapped
        self._wraps_width = 0  # the width _wraps were wrapped at
        self.back = 0  # how many lines the view is scrolled back from the newest
        self._view: tuple[tuple[object, ...], int, int] | None = None  # render_line's window

    @property
    def lines(self) -> list[Text]:
        """Every line as wrapped at the current width."""
        self._wrap_to(self.content_size.width)
        return self._lines

    @property
    def shown(self) -> list[Text]:
        """The lines in view, oldest first."""
        start, end = self._window()
        return self._lines[start:end]

    def add(self, line: Text | str, tag: object = None) -> None:
        """Append one line (a Text keeps its styling; a str is shown literally)."""
        text = line if isinstance(line, Text) else Text(line)
        if self._append((tag, text)):
            self.repaint_lines()

    def repaint_lines(self) -> None:
        """Paint the lines in view again, not the border round them (its title stays as it
        was painted): the screen's update is the lines alone."""
        size = self.size
        if size.area:
            self.refresh(size.region)
        else:
            self.refresh()

    def _append(self, entry: tuple[object, Text]) -> bool:
        """Append one entry, ``(tag, text)``, wrapped (False: scrolled back, what is shown
        stays put). The entry itself is kept (not a copy): ``restore`` finds the entries a
        memory has in common with the log by identity."""
        self.entries.append(entry)
        text = entry[1]
        if self._width:
            wrapped = self._wrap(text, self._width)
            self._lines.extend(wrapped)
            self._ends.append(len(self._lines))
            if self.back:
                self.back += len(wrapped)
                return False
        return True

    def add_earlier(self, lines: list[tuple[Text, object]]) -> None:
        """Put ``(line, tag)`` entries before every line shown so far (what came earlier)."""
        self.entries[:0] = [(tag, text) for text, tag in lines]
        self.rewrite()

    def rewrite(self) -> None:
        """Wrap every kept line again (at the next paint)."""
        self._width = 0
        self.back = 0
        self.refresh()

    def clear(self) -> None:
        self.entries.clear()
        self.rewrite()

    def kept(self) -> tuple[tuple[object, Text], ...]:
        """The lines written so far (with their tags): ``restore`` goes back to them."""
        return tuple(self.entries)

    def restore(self, entries: tuple[tuple[object, Text], ...]) -> None:
        """Show ``entries`` (what ``kept`` gave, earlier or later): the lines both have in
        common stay wrapped and painted, the others go or are added (a replay stepping)."""
        same = 0
        for mine, theirs in zip(self.entries, entries, strict=False):
            if mine is not theirs:
                break
            same += 1
        if same == len(self.entries) == len(entries):
            return
        del self.entries[same:]
        if self._width:
            end = self._ends[same - 1] if same else 0
            del self._lines[end:], self._ends[same:]
            self._strips = {n: strip for n, strip in self._strips.items() if n < end}
        self.back = 0
        for entry in entries[same:]:
            self._append(entry)
        self.repaint_lines()

    def _wrap(self, text: Text, width: int) -> list[Text]:
        kept = self._wraps.get(id(text))
        if kept is not None and kept[0] is text:
            return kept[1]
        wrapped = list(text.wrap(self.app.console, width)) or [Text("")]
        if len(self._wraps) >= self.KEPT_WRAPS:
            self._wraps.clear()
        self._wraps[id(text)] = (text, wrapped)
        return wrapped

    def _wrap_to(self, width: int) -> None:
        if width <= 0 or width == self._width:
            return
        self._width = width
        if width != self._wraps_width:  # wrapped at another width (not just written anew)
            self._wraps.clear()
            self._wraps_width = width
        self._lines, self._ends = [], []
        for _tag, text in self.entries:
            self._lines.extend(self._wrap(text, width))
            self._ends.append(len(self._lines))
        self._strips.clear()

    def _window(self) -> tuple[int, int]:
        """``(start, end)``: the slice of the wrapped lines in view."""
        width, height = self.content_size
        self._wrap_to(width)
        self.back = min(self.back, max(0, len(self._lines) - height))
        end = len(self._lines) - self.back
        return max(0, end - height), end

    def _segments(self, line: Text) -> list[Segment]:
        console = self.app.console
        if not line.spans:  # Rich's Text.render leaves the Text's own style out then
            return [Segment(line.plain, console.get_style(line.style, default=None))]
        return list(line.render(console))

    def render_line(self, y: int) -> Strip:
        # the lines in view, worked out once for all the lines a paint asks for
        key = (self.outer_size, len(self._lines), self.back, self._width)
        if self._view is None or self._view[0] != key:
            start, end = self._window()
            self._view = ((self.outer_size, len(self._lines), self.back, self._width), start, end)
        _key, start, end = self._view
        style = self.visual_style.rich_style
        if style != self._strip_style:  # a theme, a class, an inline style: paint anew
            self._strips.clear()
            self._strip_style = style
        index = start + y
        if index >= end:
            return Strip.blank(self._width, style)
        strip = self._strips.get(index)
        if strip is None:
            strip = Strip(self._segments(self._lines[index])).apply_style(style)
            if len(self._strips) > self.KEPT_STRIPS:  # forget lines long out of view
                self._strips = {n: kept for n, kept in self._strips.items() if n >= start}
            self._strips[index] = strip
        return strip

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.scroll_back(self.WHEEL_STEP)
        event.stop()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.scroll_back(-self.WHEEL_STEP)
        event.stop()

    def scroll_back(self, lines: int) -> None:
        """Scroll ``lines`` towards older lines (negative: towards the newest)."""
        most = max(0, len(self.lines) - self.content_size.height)
        back = min(max(0, self.back + lines), most)
        if back != self.back:
            self.back = back
            self.repaint_lines()


class EventLog(WrappingLog):
    """Lines like "Bo swapped 2 cards with Chen"; peer text arrives already cleaned."""

    DEFAULT_CSS = compact("""
    EventLog {
        height: 1fr;
        min-height: 3;
        border-top: solid $primary 40%;
        border-title-color: $text-muted;
        background: $surface;
    }
    """)

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

    def add_earlier(self, lines: list[tuple[Text, object]]) -> None:
        self.lines_written[:0] = [text.plain for text, _tag in lines]
        super().add_earlier(lines)

    def keep(self, wanted: Callable[[object], bool]) -> None:
        """Forget every line whose tag is not ``wanted`` (a table that plays from memory)."""
        # the entries themselves, not copies: a restore (a replay going back) keeps the lines
        # both have in common by identity, and their wrapping with them
        kept = [entry for entry in self.entries if wanted(entry[0])]
        if len(kept) == len(self.entries):
            return
        self.entries = kept
        self.lines_written = [text.plain for _tag, text in kept]
        self.rewrite()

    def restore(self, entries: tuple[tuple[object, Text], ...]) -> None:
        super().restore(entries)
        self.lines_written = [text.plain for _tag, text in self.entries]
