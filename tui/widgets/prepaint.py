"""Paint a widget's lines when it changes, between frames, rather than in the frame.

Textual paints lazily: a widget that changed is only marked dirty, and its lines are made —
its content turned into strips, then its padding, borders and background put round them —
when the screen's update timer next fires, together with every other dirty widget, inside
that frame. At a table a state changes the hand, the seats, the log, the prompt and the
footer at once, so all of that work landed in the one frame that showed the state: 3–8 ms
of it, more after a round, and a frame that ran past the timer's next tick was shown a
whole frame later (Textual's timer then skips a tick).

A ``Prepainted`` widget makes its lines as soon as it has changed: at the app's next turn of
the loop (``call_next``), which comes right after the code that changed it, while the
screen waits for its next tick. One turn makes the lines of every widget changed before it
(a state changes five or so at once): one callback per turn, not one per widget. It asks
Textual for them the way the compositor will (``render_lines`` over the whole widget):
Textual keeps the lines, and the frame only gathers them. What is painted is Textual's own
rendering, unchanged; only the moment moves. A change that lays the screen out is left to
the frame (the widget's size is not known before), as is one the widget has not got a size
for yet.

A ``Prepainted`` widget whose ``render`` gives a Rich ``Text`` is painted line by line
(``TextLines``, tui/widgets/lines.py: the lines that did not change are kept), its ``render``
asked once a paint.
"""

from __future__ import annotations

from typing import Any, Self
from weakref import WeakKeyDictionary, WeakSet

from rich.text import Text
from textual.app import App
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import VisualType
from textual.widget import Widget

from .lines import TextLines

__all__ = ["Prepainted", "changed", "prepaint"]

#: For each app, the widgets whose lines are to be made at its next turn.
_DUE: WeakKeyDictionary[App[object], WeakSet[Widget]] = WeakKeyDictionary()


def changed(widget: Widget, *, repaint: bool, layout: bool, recompose: bool) -> None:
    """``widget`` was refreshed: its lines are made at the app's next turn, when only its
    paint changed (a widget's ``refresh`` calls this after Textual's own)."""
    if repaint and not (layout or recompose) and widget.is_mounted:
        app = widget.app
        due = _DUE.get(app)
        if due is None:
            due = _DUE[app] = WeakSet()
            app.call_next(_prepaint_due, app)
        due.add(widget)


def _prepaint_due(app: App[object]) -> None:
    """Make the lines of every widget of ``app`` changed since its last turn."""
    for widget in list(_DUE.pop(app, ())):
        prepaint(widget)


def prepaint(widget: Widget) -> None:
    """Make ``widget``'s lines now (what the next frame shows of it)."""
    width, height = widget.outer_size
    if width and height and widget.display and widget.is_attached:
        widget.render_lines(Region(0, 0, width, height))


class Prepainted(Widget):
    """A widget whose lines are made when it changes (see the module docstring). A widget
    built on another Textual widget (``Steady``, a ``Static``) extends that one alone and
    calls ``changed`` from its own ``refresh``, as this does: no mixin."""

    def __init__(self, **widget: Any) -> None:
        super().__init__(**widget)  # id, classes…
        self._text_lines = TextLines()
        self._rendered: tuple[Size, VisualType] | None = None  # render()'s, for one paint

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        self._rendered = None
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        changed(self, repaint=repaint, layout=layout, recompose=recompose)
        return self

    def repaint_text(self) -> None:
        """Paint again after a change that keeps the widget's size: when ``render`` gives a
        ``Text``, only the rows whose strips change (the screen's update is those rows)."""
        size = self.size
        content = self.render() if self.is_mounted and size.area else None
        if not isinstance(content, Text):
            self.refresh()
            return
        rows = self._text_lines.changed(self, content, size.width)
        if rows is None:
            self.refresh()
            return
        if rows:
            self.refresh(*(Region(0, y, size.width, 1) for y in rows))
        self._rendered = (size, content)  # painted from it

    def render_line(self, y: int) -> Strip:
        """A line of the ``Text`` ``render`` gives, painted and kept line by line
        (lines.py); anything else as Textual paints it."""
        size = self.size
        if self._rendered is None or self._rendered[0] != size:
            self._rendered = (size, self.render())
        content = self._rendered[1]
        strips = None
        if isinstance(content, Text):
            strips = self._text_lines.strips(self, content, size.width)
        if strips is None:
            return super().render_line(y)
        if y < len(strips):
            return strips[y]
        return Strip.blank(size.width, self.visual_style.rich_style)
