"""The results panels of a replay, shown on the table screen itself rather than as a screen of
their own over it.

A live table shows a results panel a few times a game, as a screen pushed over the table
(tui/table/results.py ``ResultsPanel``). A replay shows one whenever the reader steps or jumps
onto the end of a round/hand, back and forth, in the same step that redraws the whole table.
As a screen of its own, the panel was painted before the table under it had taken the step
in (the table's widgets tell their own screen what changed after the panel's screen has
painted), so the panel first showed over the table as it was before the step, and the
screen was painted twice or three times.

Here the panel is the same card (``ResultsCard``, saying the same ``PanelWords``) on the
table screen's top layer, kept for the whole replay and shown again with each round's words:
the step, the table's new lines and the panel are one screen's change, painted in one frame.
While it shows, the table under it is dimmed as under a panel screen, the table's keys do
nothing (the screen's ``under_panel``) and the panel has the focus, so the footer shows the
panel's keys, as a panel screen's footer does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import App
from textual.color import Color
from textual.screen import Screen
from textual.widget import Widget

from ..table.results import PANEL_BINDINGS, PanelWords, ResultsCard, ResultsPanel
from ..widgets.footer import WordedFooter

if TYPE_CHECKING:
    from ..table.screen import TableScreen


class FooterRoom(Widget):
    """Keeps the footer's line out of the panel's layer (docked at the bottom, no width: it
    covers nothing), so that the panel is centred above the footer as a panel screen is."""


DIM = 0.6
"""How much of the theme's background dims the table under a panel (tui/table/results.tcss:
a panel screen's background is ``$background 60%``)."""


class PanelOver(ResultsCard, can_focus=True):
    """A results panel on the table screen's top layer (see the module docstring)."""

    BINDINGS: ClassVar[list] = PANEL_BINDINGS

    def __init__(self, table: TableScreen, room: FooterRoom) -> None:
        super().__init__(PanelWords("", [], Text()), id="results-frame", classes="results-over")
        self.table = table
        self.room = room
        self.answered: Callable[[str], None] | None = None
        self.dimmed: list[Widget] = []

    @property
    def showing(self) -> bool:
        return self.answered is not None

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._keep_focus)

    def _keep_focus(self, focused: Widget | None) -> None:
        """While it shows, its keys are the ones that work (a click on the table under it
        does not take them away)."""
        if self.showing and focused is not self:
            self.focus()

    def open(self, words: PanelWords, answered: Callable[[str], None]) -> None:
        """Show ``words`` over the table until a key answers; then ``answered(answer)``."""
        self.say(words)
        self.answered = answered
        self.table.under_panel = True
        self.dim(True)
        self.focus()

    def dim(self, on: bool) -> None:
        """Show the panel and dim the table under it, or hide it and undim the table.

        Set on each widget rather than by a class on the screen: a class there has Textual
        match the stylesheet against every widget of the screen again (15–20 ms a panel);
        a widget's own ``tint`` only repaints it, as the step repaints it anyway."""
        self.display = self.room.display = on
        if on:
            tint = Color.parse(self.app.get_css_variables()["background"]).with_alpha(DIM)
            self.dimmed = [w for w in self.table.query("*") if self.under(w)]
            for widget in self.dimmed:
                widget.styles.tint = tint
        else:
            for widget in self.dimmed:
                widget.styles.clear_rule("tint")
            self.dimmed = []

    def under(self, widget: Widget) -> bool:
        """Whether ``widget`` is part of the table under the panel (not the footer, whose
        keys are the panel's now, and not the panel)."""
        if isinstance(widget, WordedFooter | FooterRoom):
            return False
        return widget is not self and self not in widget.ancestors

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.words.allows(action, parameters)

    def action_answer(self, answer: str) -> None:
        answered = self.answered
        if answered is None or not self.words.offers(answer):
            return
        self.answered = None
        self.table.under_panel = False
        self.dim(False)
        answered(answer)


class Panels:
    """A replay table screen's ``over_table``: its results panels on the screen itself
    (``PanelOver``); any other screen is pushed over the table as usual."""

    def __init__(self, app: Callable[[], App], table: TableScreen) -> None:
        self.app = app
        self.room = FooterRoom()
        self.over = PanelOver(table, self.room)

    def widgets(self) -> list[Widget]:
        """What the table screen composes for its panels (its ``extras``)."""
        return [self.over, self.room]

    @property
    def showing(self) -> bool:
        """Whether a results panel shows now (the replay waits under it, as a table does)."""
        return self.over.showing

    def show(self, screen: Screen[Any], answered: Callable[[Any], None]) -> None:
        """Show ``screen`` over the table, calling back ``answered`` when it is closed."""
        if isinstance(screen, ResultsPanel):
            self.over.open(screen.words, answered)
        else:
            self.app().push_screen(screen, answered)
