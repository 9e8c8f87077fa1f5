"""Paint a widget's lines when it changes, between frames, rather than in the frame.

Textual paints lazily: a widget that changed is only marked dirty, and its lines are made —
its content turned into strips, then its padding, borders and background put round them —
when the screen's update timer next fires, together with every other dirty widget, inside
that frame. At a table a state changes the hand, the seats, the log, the prompt and the
footer at once, so all of that work landed in the one frame that showed the state: 3–8 ms
of it, more after a round, and a frame that ran past the timer's next tick was shown a
whole frame later (Textual's timer then skips a tick).

A ``Prepainted`` widget makes its lines as soon as it has changed: at its own next turn of
the loop (``call_next``), which comes right after the code that changed it, while the
screen waits for its next tick. It asks Textual for them the way the compositor will
(``render_lines`` over the whole widget): Textual keeps the lines, and the frame only
gathers them. What is painted is Textual's own rendering, unchanged; only the moment moves.
A change that lays the screen out is left to the frame (the widget's size is not known
before), as is one the widget has not got a size for yet.
"""

from __future__ import annotations

from typing import Self

from textual.geometry import Region
from textual.widget import Widget

__all__ = ["Prepainted"]


class Prepainted(Widget):
    """A widget whose lines are made when it changes (see the module docstring). A widget
    extends it as it would ``Widget``; one built on another Textual widget lists it after
    that one (``Steady(Static, Prepainted)``), so that Textual still finds that widget's
    default styles (it follows only the first base for them)."""

    _prepaint_due = False

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        if repaint and not (layout or recompose) and not self._prepaint_due and self.is_mounted:
            self._prepaint_due = True
            self.call_next(self.prepaint)
        return self

    def prepaint(self) -> None:
        """Make the lines now (what the next frame shows of this widget)."""
        self._prepaint_due = False
        width, height = self.outer_size
        if width and height and self.display and self.is_attached:
            self.render_lines(Region(0, 0, width, height))
