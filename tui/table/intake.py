"""A state taken in: what follows at the table when the host sends a new state, in the order
the table needs it.

``StateIntake`` is a small part the table screen owns, given the screen as ``Taking``; it
keeps nothing of its own. ``take`` is the base of the screen's ``receive_state`` hook (a game's
screen notes what it needs first, then calls it): the rounds note the view, the screen's
reactive ``state`` is set, the public events are told and their rounds' ends noted, whispers
are aimed, the garbage of drawing is collected once the state is painted, and the results
panel due (or the game's end) is shown. ``drawn`` is what follows a new state or view (the
screen's ``watch_state``): the decision model learns it, the nudge sees whether the table waits
for me, and the table (``drawn``: the game's part and the prompt), its header and its keys are
drawn — nothing is drawn while ``quiet``.
"""

from __future__ import annotations

from typing import Any, Protocol

from tui.collector import Collector
from tui.widgets.prompt import PromptBar

from .chat import TableChat
from .decisions import Decisions
from .messages import TableState
from .news import NoticeLine
from .nudge import TurnNudge
from .parse import Wired
from .round_end import RoundEnd
from .seats import Seats


class Taking(Protocol):
    """What of the table screen a state taken in reaches (tui/table/screen.py)."""

    #: Take states in without drawing them (a replay catching up).
    quiet: bool
    #: How many states were taken in (tests and the bench wait on it).
    states_seen: int
    state: TableState

    @property
    def decisions(self) -> Decisions: ...

    rounds: RoundEnd
    chat: TableChat
    seats: Seats

    def draw_header(self) -> None: ...

    turn_nudge: TurnNudge

    @property
    def app(self) -> Any: ...
    @property
    def prompt(self) -> PromptBar: ...
    @property
    def notice_line(self) -> NoticeLine: ...
    def tell(self, event: Wired) -> None: ...
    def asked_openly(self, state: TableState) -> bool: ...
    def drawn(self, state: TableState) -> None: ...
    def update_keys(self) -> None: ...
    def show_due_results(self) -> None: ...
    def game_over(self) -> None: ...
    def call_after_refresh(self, callback: Any, *args: Any, **kwargs: Any) -> bool: ...
    def call_later(self, callback: Any, *args: Any, **kwargs: Any) -> bool: ...


class StateIntake:
    """A new state's way through the table; see the module docstring."""

    def __init__(self, table: Taking) -> None:
        self.table = table

    def take(self, state: TableState, events: list[Wired]) -> None:
        """A new state and the public events that led to it."""
        table = self.table
        if state.view is not None:
            table.rounds.note_view(state.view, state.game)
        if table.states_seen == 0:  # the game starts: the waiting room's prompt height goes
            table.prompt.release_height()
        table.state = state  # drawn by watch_state (``drawn``)
        over = state.over
        if events:  # the table moved on: the notice line's news is old
            table.notice_line.moved_on()
        for event in events:
            table.tell(event)
            if table.rounds.note_event(event, state.version, over):
                table.rounds.seen(state.version)  # no panel here: the bots need not wait
        table.chat.aim(table.seats.whisper_aims())
        table.states_seen += 1
        # the garbage of drawing it is collected once the state is on the screen: asked
        # for from the app's turn, which comes after the widgets have told the screen what
        # to paint (asked from here, the screen would find nothing to paint yet and collect
        # before painting); nothing to collect for a state taken in quietly
        collector = getattr(table.app, "collector", None)
        if isinstance(collector, Collector) and not table.quiet:
            table.app.call_later(table.call_after_refresh, table.call_later, collector.collect_due)
        if over and table.rounds.final():
            table.game_over()
        else:
            table.show_due_results()

    def drawn(self, state: TableState) -> None:
        """A new state (or view): the decision model learns it, and the table is redrawn."""
        table = self.table
        table.decisions.update(state.view, state.legal)
        if table.quiet:
            return
        table.turn_nudge.see(table.asked_openly(state))
        table.drawn(state)
        table.draw_header()
        table.update_keys()
