"""The results panels of a replay: one kept per table screen and shown again with each
round's content, rather than a new screen built at every round/hand a step lands on.

A live table shows a results panel a few times a game; a replay shows one whenever the
reader steps or jumps onto the end of a round/hand, back and forth. Building and laying out
a new panel took most of such a step (several frames). ``Panels`` is the table screen's
``over_table``: the first panel is installed in the app and kept; each later one only hands
its content to the kept one (``ResultsPanel.take``), which is shown again, the same as a new
one would have been.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen

from ..table.panel import ResultsPanel


class Panels:
    """One table screen's results panel in a replay; see the module docstring.
    ``install(screen)`` installs a screen in the app (uninstalled when the replay closes)
    and gives its name."""

    def __init__(self, app: Callable[[], App], install: Callable[[Screen[Any]], str]) -> None:
        self.app = app
        self.install = install
        self.kept: ResultsPanel | None = None
        self.name = ""

    def show(self, screen: Screen[Any], answered: Callable[[Any], None]) -> None:
        """Show ``screen`` over the table, calling back ``answered`` when it is closed."""
        app = self.app()
        if not isinstance(screen, ResultsPanel):
            app.push_screen(screen, answered)
            return
        screen.passes_all = True  # the replay's keys go on working over it
        if self.kept is None or self.kept in app.screen_stack:
            self.kept = screen
            self.name = self.install(screen)
        else:
            self.kept.take(screen)
        app.push_screen(self.name, answered)
