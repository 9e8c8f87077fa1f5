"""The end of each round/hand and of the game at a table, as state: every finished round/hand
seen (the score table's rows), the results panels still to show, the totals after each state
(the scores screen's history) and whether the final panel was shown.

``RoundEnd`` is a small controller the table screen owns, given the screen as ``Ended``. It
shows the panels (tui/table/results.py ``ResultsPanel``, filled by the game's face) one at a
time, each until enter; closing a round/hand's panel tells the host (``results_seen``): its
bots wait for it before the next round's moves (net/table/resultswait.py). The game's final panel
tells nobody; it offers to deal again or to review the game. The scores screen (``s``) is
built here too.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Protocol

from rich.style import Style
from rich.text import Text
from textual.message import Message

from engine.base import SeatView
from lang import _
from tui.dialogs import ScoresScreen
from tui.fill import and_list
from tui.seat import Seat
from tui.widgets.prompt import PromptBar

from . import parse, review
from .decisions import game_over_prompt
from .link import TableLink
from .messages import PlayAgain, TableState, Wired
from .news import NoticeLine
from .results import (
    END_EVENTS,
    ResultsPanel,
    RoundRow,
    length_words,
    row_of_event,
    rows_of_view,
    score_table,
)
from .seats import Seats


class PanelContent(Protocol):
    """What a game puts in its results panels and scores screen (its face, tui/table/face.py)."""

    def results_title(self, event: Wired | None) -> str: ...
    def results_rows(self, event: Wired | None) -> list[Text]: ...
    def round_history(self) -> list[Text]: ...
    def scores_title(self) -> str: ...


class Ended(Protocol):
    """What of the table screen the rounds' ends read and reach (tui/table/screen.py)."""

    me: int | None
    seat_link: Seat
    client: Any
    #: Taken in without drawing (a replay catching up): a panel closes at once.
    quiet: bool
    #: How a panel goes over the table (None: pushed, a new screen each time).
    over_table: Callable[[Any, Callable[[Any], None]], None] | None

    @property
    def face(self) -> PanelContent: ...

    @property
    def state(self) -> TableState: ...

    @property
    def seats(self) -> Seats: ...

    @property
    def is_current(self) -> bool: ...

    @property
    def connection(self) -> str: ...

    @property
    def app(self) -> Any: ...

    @property
    def link(self) -> TableLink: ...

    @property
    def prompt(self) -> PromptBar: ...

    @property
    def notice_line(self) -> NoticeLine: ...

    def look(self, name: str) -> Style: ...
    def notify(self, message: str, *args: Any, **kwargs: Any) -> None: ...
    def call_after_refresh(self, callback: Any, *args: Any, **kwargs: Any) -> bool: ...
    def show_due_results(self) -> None: ...
    def wants_panel(self, event: Wired) -> bool: ...
    def stop_listening(self) -> None: ...
    def post_message(self, message: Message) -> bool: ...


class RoundEnd:
    """The rounds/hands seen and the panels due; see the module docstring."""

    def __init__(self, table: Ended, *, each_round: bool = False, low_wins: bool = False) -> None:
        self.table = table
        #: Show a panel after every round/hand (else only at game over).
        self.each_round = each_round
        self.low_wins = low_wins  # penalty games (Swoop): the lowest total leads
        self.round_rows: dict[str, RoundRow] = {}  # every finished round/hand seen, by label
        #: round/hand-end events whose panel is due, each with the version of its state
        self.waiting: list[tuple[Wired, int]] = []
        self.score_history: list[list[int]] = []
        self.final_shown = False
        self.last_event: Wired | None = None  # the round/hand that ended the game
        #: A panel opens once the table has painted (``push``): a replay holds still till then.
        self.opening = False

    def snapshot(self) -> dict[str, Any]:
        """What the rounds remember after a state, copied (a replay's memory of the table).
        A copy has no panel on its way: only this object's own callback opens that one, and
        a copy restored with ``opening`` set held the replay still for good (a memory taken
        ahead while a panel was opening)."""
        kept = {name: value for name, value in vars(self).items() if name != "table"}
        kept["opening"] = False
        return copy.deepcopy(kept)

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Put back what ``snapshot`` took."""
        for name, value in copy.deepcopy(snapshot).items():
            setattr(self, name, value)

    def rows(self) -> list[RoundRow]:
        """Every finished round/hand seen at this table, in order."""
        return sorted(self.round_rows.values(), key=lambda r: (r.number, r.label))

    def note_view(self, view: SeatView, game: str) -> None:
        """Keep the rows a view carries, and its totals when they moved."""
        for row in rows_of_view(view, game):
            self.round_rows[row.label] = row
        scores = view["scores"]
        if not self.score_history or self.score_history[-1] != scores:
            self.score_history.append(list(scores))

    def note_event(self, event: Wired, version: int, over: bool) -> bool:
        """Keep the row a round/hand-end event gives and queue its panel. True when no
        panel will be shown for it here and the game goes on: the host is told at once that
        it was seen, so that its bots need not wait for it."""
        if parse.Event.of(event).kind not in END_EVENTS:
            return False
        row = row_of_event(event, self.table.state.game)
        if row is not None:
            self.round_rows[row.label] = row
        if self.each_round and (over or self.table.wants_panel(event)):
            self.waiting.append((event, version))
            return False
        return not over

    def next_panel(self) -> tuple[Wired, int] | None:
        """The next round/hand-end event whose panel is due, with its state's version."""
        return self.waiting.pop(0) if self.waiting else None

    def push(self, panel: ResultsPanel, answered: Callable[[Any], None]) -> None:
        """Show a panel over the table once the table has painted the state that ended the
        round; ``answered`` is called with its answer.

        Pushed at once, in the turn that drew the state, the panel was painted first: the
        table's widgets tell their own screen what changed at their own turn, which came
        after the panel's screen had painted, so the panel first showed over the table as it
        was before the round's end, and the screen was painted again as the table caught
        up. After the table's own frame, the panel's first frame is over the table as it is.
        """
        table = self.table
        if table.quiet:  # taken in without drawing: closed at once, as the player closed it
            answered(None)
            return

        def over() -> None:
            self.opening = False
            if table.over_table is not None:
                table.over_table(panel, answered)
            else:
                table.app.push_screen(panel, answered)

        self.opening = True
        table.call_after_refresh(over)

    def seen(self, version: int) -> None:
        """Tell the host that the panel of the round/hand that ended in the state ``version``
        is closed (a seated player's only; a spectator's panel holds up nobody)."""
        if self.table.me is not None:
            self.table.link.results_seen(version)

    def show_due(self) -> None:
        """Show the next waiting results panel (one at a time, each until enter)."""
        if self.table.is_current:
            self.show_next(self.closed)

    def closed(self, version: int) -> None:
        """A round/hand's panel was closed: the host is told, the next one shows."""
        self.table.notice_line.moved_on()  # the panel told the round's news in full
        self.seen(version)
        self.table.show_due_results()

    def game_over(self) -> None:
        """Show the final results once (the panel stays until enter)."""
        table = self.table
        names = winner_names(table.state, table.seats.name)
        prompt, notice = game_over_words(names, review.answerable(table))
        table.prompt.ask(prompt)
        table.notify(notice, timeout=6, markup=False)

        def answered(answer: str | None) -> None:
            if answer == "again":
                table.stop_listening()
                table.post_message(PlayAgain())
            elif answer == "review":
                review.ask(table)

        again = table.seat_link.deals_again()  # a table this process deals for
        self.show_final(again, answered, review.answerable(table))

    def review_offered(self) -> bool:
        """Whether ``r`` asks the host for the whole game now: the game is over (the host
        serves it only then) and this table's connection can ask. The final panel offers it
        first; once that is closed, the table's own key does (while the host is there)."""
        table = self.table
        return table.state.over and review.answerable(table)

    def review(self) -> None:
        if self.review_offered():
            review.ask(self.table)

    def show_next(self, closed: Callable[[int], None]) -> bool:
        """Show the next due round/hand panel; ``closed(version)`` once it is closed."""
        due = self.next_panel()
        if due is None:
            return False
        event, version = due
        row = row_of_event(event, self.table.state.game)
        content = self.table.face
        panel = ResultsPanel(
            content.results_title(event),
            content.results_rows(event),
            self.score_table(),
            hand=row.hand if row is not None else False,
        )
        self.push(panel, lambda _answer: closed(version))
        return True

    def show_final(
        self, again: bool, answered: Callable[[str | None], None], review: bool = False
    ) -> None:
        """Show the game's final panel (``again``: it offers to deal again; ``review``: to
        review the whole game, tui/table/review.py)."""
        content = self.table.face
        title, rows = content.results_title(None), content.results_rows(None)
        if self.last_event is not None:  # the last round/hand's own results come first
            rows = [*content.results_rows(self.last_event), *rows]
        table = self.score_table()
        panel = ResultsPanel(title, rows, table, final=True, again=again, review=review)
        self.push(panel, answered)

    def score_table(self) -> Text:
        """The score table under a panel's lines: every round/hand, the running totals."""
        table = self.table
        names = [table.seats.name(s) for s in range(table.seats.count)]
        view = table.state.view
        totals = list(view["scores"] if view is not None else [0] * table.seats.count)
        return score_table(names, self.rows(), totals, table.look, low_wins=self.low_wins)

    def scores_screen(self, game: str) -> ScoresScreen:
        """The scores screen (s): the totals after each state, the game's own history."""
        table, content = self.table, self.table.face
        names = [table.seats.name(s) for s in range(table.seats.count)]
        return ScoresScreen(
            names,
            self.score_history or [[0] * table.seats.count],
            content.round_history(),
            title=content.scores_title(),
            low_wins=self.low_wins,
            rows=self.rows(),
            length=length_words(game, table.state.view),
        )

    def final(self) -> bool:
        """True once, when the game's final panel is due: the round panels still waiting
        give way to it."""
        if self.final_shown:
            return False
        self.final_shown = True
        self.last_event = self.waiting[-1][0] if self.waiting else None
        self.waiting.clear()
        return True


def points_line(row: RoundRow | None, seat_text: Callable[[int], Text], muted: Style) -> list[Text]:
    """The results panel's default content: the points each seat took in the round."""
    if row is None:
        return []
    line = Text()
    for seat, points in enumerate(row.points):
        if seat:
            line.append(" · ", muted)
        line.append_text(seat_text(seat))
        line.append(f" {points:+d}" if points else " 0")
    return [line]


def winner_names(state: TableState, seat_name: Callable[[object], str]) -> str:
    """The winners' names, listed ("" if nobody won)."""
    return and_list(seat_name(s) for s in state.winners)


def scores_title(over: bool, winners: str) -> str:
    """The scores screen's title: the final result once the game is over."""
    if not over:
        return _("Scores")
    if not winners:
        return _("Final scores — nobody won")
    return _("Final scores — {names} won").format(names=winners)


def game_over_words(winners: str, review: bool = False) -> tuple[str, str]:
    """The prompt and the notice at game over: the notice line above the prompt says who won,
    and the prompt what is left to do (the same words the decision model asks with from then
    on, so the prompt does not change at the next key)."""
    prompt = game_over_prompt(review)
    if winners:
        return prompt, _("Game over — {names} won").format(names=winners)
    return prompt, _("Game over — nobody won")
