"""The end of each round/hand and of the game at a table, as state: every finished round/hand
seen (the score table's rows), the results panels still to show, the totals after each state
(the scores screen's history) and whether the final panel was shown.

``RoundEnd`` is a small part the table screen owns; it reads the seats (names, their count,
the looks). It makes the panels (tui/table/panel.py ``ResultsPanel``, filled by the game's
face) that the screen shows one at a time, each until enter, and says when a panel is about
to open (``opening``); closing a round/hand's panel tells the host (``results_seen``): its
bots wait for it before the next round's moves (net/table/resultswait.py). The game's final
panel tells nobody; it offers to deal again or to review the game. The scores screen (``s``)
is made here too.

A panel opens once the table has painted the state that ended the round. Pushed at once, in
the turn that drew the state, the panel was painted first: the table's widgets tell their own
screen what changed at their own turn, which came after the panel's screen had painted, so
the panel first showed over the table as it was before the round's end, and the screen was
painted again as the table caught up. After the table's own frame, the panel's first frame is
over the table as it is.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from rich.style import Style
from rich.text import Text

from engine.base import SeatView
from lang import _
from tui.fill import and_list

from . import parse
from .decisions import game_over_prompt
from .messages import TableState, Wired
from .news import Said
from .results import (
    END_EVENTS,
    RoundRow,
    length_words,
    row_of_event,
    rows_of_view,
    score_table,
)
from .seats import Seats

if TYPE_CHECKING:  # the dialogs and the results panel are imported when one is first shown
    from tui.dialogs import ScoresScreen

    from .panel import ResultsPanel


class PanelContent(Protocol):
    """What a game puts in its results panels and scores screen (its face, tui/table/face.py)."""

    def results_title(self, event: Wired | None) -> str: ...
    def results_rows(self, event: Wired | None) -> list[Text]: ...
    def round_history(self) -> list[Text]: ...
    def scores_title(self) -> str: ...


def every_round(event: Wired) -> bool:
    """Every round/hand end gets its panel."""
    return True


class RoundEnd:
    """The rounds/hands seen and the panels due; see the module docstring."""

    def __init__(
        self,
        seats: Seats,
        *,
        game: str = "",
        each_round: bool = False,
        low_wins: bool = False,
        wants_panel: Callable[[Wired], bool] = every_round,
    ) -> None:
        self.seats = seats
        self.game = game  # the table's game (its rows are read as the game writes them)
        #: Whether a round/hand end that does not end the game gets its panel here (the
        #: game's part says: a round the seat takes no part in).
        self.wants_panel = wants_panel
        #: Show a panel after every round/hand (else only at game over).
        self.each_round = each_round
        self.low_wins = low_wins  # penalty games (Swoop): the lowest total leads
        self.round_rows: dict[str, RoundRow] = {}  # every finished round/hand seen, by label
        #: round/hand-end events whose panel is due, each with the version of its state
        self.waiting: list[tuple[Wired, int]] = []
        self.score_history: list[list[int]] = []
        self.final_shown = False
        self.last_event: Wired | None = None  # the round/hand that ended the game
        #: A panel opens once the table has painted (the screen sets it meanwhile): no key
        #: acts, a replay holds still till then.
        self.opening = False

    def snapshot(self) -> bytes:
        """What the rounds remember after a state, copied (a replay's memory of the table):
        pickled, and read back as a new copy at each restore (plain data, written and read
        in C: ``copy.deepcopy`` copied it object by object, twice). A copy has no panel on
        its way: only the screen's own callback opens that one, and a copy restored with
        ``opening`` set held the replay still for good (a memory taken ahead while a panel
        was opening)."""
        given = ("seats", "game", "wants_panel")
        kept = {name: value for name, value in vars(self).items() if name not in given}
        kept["opening"] = False
        return pickle.dumps(kept, pickle.HIGHEST_PROTOCOL)

    def restore(self, snapshot: bytes) -> None:
        """Put back what ``snapshot`` took."""
        for name, value in pickle.loads(snapshot).items():
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
        row = row_of_event(event, self.game)
        if row is not None:
            self.round_rows[row.label] = row
        if self.each_round and (over or self.wants_panel(event)):
            self.waiting.append((event, version))
            return False
        return not over

    def next_panel(self) -> tuple[Wired, int] | None:
        """The next round/hand-end event whose panel is due, with its state's version."""
        return self.waiting.pop(0) if self.waiting else None

    def panel(self, event: Wired, content: PanelContent, state: TableState) -> ResultsPanel:
        """The panel of the round/hand that ``event`` ended."""
        from .panel import ResultsPanel  # (the panel: imported when the first is shown)

        row = row_of_event(event, self.game)
        return ResultsPanel(
            content.results_title(event),
            content.results_rows(event),
            self.score_table(state.view),
            hand=row.hand if row is not None else False,
        )

    def game_over(self, state: TableState, review: bool) -> Said:
        """What the table says at game over: who won (the notice line), what is left to do
        (the prompt; ``review``: the host can be asked for the whole game)."""
        prompt, notice = game_over_words(winner_names(state, self.seats.name), review)
        return Said(notice=notice, timeout=6, prompt=prompt)

    def final_panel(
        self, content: PanelContent, state: TableState, again: bool, review: bool = False
    ) -> ResultsPanel:
        """The game's final panel (``again``: it offers to deal again; ``review``: to
        review the whole game, tui/table/review.py)."""
        from .panel import ResultsPanel

        title, rows = content.results_title(None), content.results_rows(None)
        if self.last_event is not None:  # the last round/hand's own results come first
            rows = [*content.results_rows(self.last_event), *rows]
        table = self.score_table(state.view)
        return ResultsPanel(title, rows, table, final=True, again=again, review=review)

    def score_table(self, view: SeatView | None) -> Text:
        """The score table under a panel's lines: every round/hand, the running totals."""
        seats = self.seats
        names = [seats.name(s) for s in range(seats.count)]
        totals = list(view["scores"] if view is not None else [0] * seats.count)
        return score_table(names, self.rows(), totals, seats.look, low_wins=self.low_wins)

    def scores_screen(self, content: PanelContent, view: SeatView | None) -> ScoresScreen:
        """The scores screen (s): the totals after each state, the game's own history."""
        from tui.dialogs import ScoresScreen

        seats = self.seats
        names = [seats.name(s) for s in range(seats.count)]
        return ScoresScreen(
            names,
            self.score_history or [[0] * seats.count],
            content.round_history(),
            title=content.scores_title(),
            low_wins=self.low_wins,
            rows=self.rows(),
            length=length_words(self.game, view),
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
