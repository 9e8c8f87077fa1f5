"""The end of each round/hand and of the game at a table: the results panel (it stays until
enter), the score table with one row per round/hand, the scores screen (s) and "play again".
Closing a round/hand's panel tells the host (``results_seen``): its bots wait for it before
the next round's moves (net/resultswait.py); the game's final panel tells nobody.
``ResultsMixin`` is mixed into ``TableScreen`` (tui/table/screen.py); a game overrides
``results_rows`` (and ``round_history``) with its own content.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import work

from lang import _
from tui.dialogs import ScoresScreen

from .results import (
    END_EVENTS,
    ResultsPanel,
    RoundRow,
    length_words,
    row_of_event,
    score_table,
)


class ResultsMixin:
    """Results panels, the score table and the scores screen; see the module docstring."""

    if TYPE_CHECKING:
        from textual.app import App
        from textual.message import Message

        from tui.connect import Seat, TableClient

        app: App
        GAME: ClassVar[str]
        LOW_SCORE_WINS: ClassVar[bool]
        RESULTS_EACH_ROUND: ClassVar[bool]
        PlayAgain: type[Message]
        seat_link: Seat
        client: TableClient
        view: dict
        round_rows: dict[str, RoundRow]
        results_waiting: list[tuple[dict, int]]
        version: int
        me: int | None
        score_history: list[list[int]]
        is_current: bool

        def seat_name(self, seat: object, *, you: bool = True) -> str: ...
        def seat_text(self, seat: int, style: str | Style | None = None) -> Text: ...
        def look(self, name: str) -> Style: ...
        def notify(self, message: str, *args: Any, **kwargs: Any) -> None: ...
        def post_message(self, message: Any) -> bool: ...
        def stop_listening(self) -> None: ...
        def can_review(self) -> bool: ...
        def ask_review(self) -> Any: ...
        def round_history(self) -> list[Text]: ...
        @property
        def seat_count(self) -> int: ...
        @property
        def prompt(self) -> Any: ...

    def rows(self) -> list[RoundRow]:
        """Every finished round/hand seen at this table, in order."""
        return sorted(self.round_rows.values(), key=lambda r: (r.number, r.label))

    def note_round_end(self, event: dict) -> None:
        """Keep the row a round/hand-end event gives; queue its results panel."""
        if event.get("type") not in END_EVENTS:
            return
        row = row_of_event(event)
        if row is not None:
            self.round_rows[row.label] = row
        if self.RESULTS_EACH_ROUND:
            self.results_waiting.append((event, self.version))
        elif not self.view.get("over"):
            self.results_seen(self.version)  # no panel here: the bots need not wait for one

    def results_seen(self, version: int) -> None:
        """Tell the host that the panel of the round/hand that ended in the state ``version``
        is closed (a seated player's only; a spectator's panel holds up nobody)."""
        if self.me is not None:
            self._send_results_seen(version)

    @work(group="results")
    async def _send_results_seen(self, version: int) -> None:
        with contextlib.suppress(Exception):  # link down: the host counts us as seen anyway
            await self.client.results_seen(version)

    def results_rows(self, event: dict | None) -> list[Text]:
        """The results panel's lines for a round/hand-end ``event`` (None: the game is over).
        Override with the game's content (hands, penalties, kitty…); by default the points
        each seat took in the round."""
        row = row_of_event(event) if event is not None else None
        if row is None:
            return []
        line = Text()
        for seat, points in enumerate(row.points):
            if seat:
                line.append(" · ", self.look("muted"))
            line.append_text(self.seat_text(seat))
            line.append(f" {points:+d}" if points else " 0")
        return [line]

    def results_title(self, event: dict | None) -> str:
        """The results panel's title: the round/hand's label, or the final result."""
        row = row_of_event(event) if event is not None else None
        return row.label if row is not None else self.scores_title()

    def results_table(self) -> Text:
        """The score table under the panel's lines: every round/hand, the running totals."""
        names = [self.seat_name(s) for s in range(self.seat_count)]
        totals = list(self.view.get("scores") or [0] * self.seat_count)
        return score_table(names, self.rows(), totals, self.look, low_wins=self.LOW_SCORE_WINS)

    def show_due_results(self) -> None:
        """Show the next waiting results panel (one at a time, each until enter)."""
        if not self.results_waiting or not self.is_current:
            return
        event, version = self.results_waiting.pop(0)
        title, rows = self.results_title(event), self.results_rows(event)
        row = row_of_event(event)
        hand = row.hand if row is not None else False
        panel = ResultsPanel(title, rows, self.results_table(), hand=hand)

        def closed(_answer: str | None) -> None:
            self.results_seen(version)
            self.show_due_results()

        self.open_panel(panel, closed)

    def open_panel(self, panel: ResultsPanel, closed: Callable[[str | None], Any]) -> None:
        """Show a round/hand's results panel; ``closed`` is called when the player closes it
        (a replay taking in earlier states closes it at once: tui/replay/screen.py)."""
        self.app.push_screen(panel, closed)

    def can_play_again(self) -> bool:
        """Whether this table can be dealt again from here (a table we run ourselves)."""
        return bool(self.seat_link.closers)

    def game_over(self) -> None:
        """Show the final results once (the panel stays until enter)."""
        names = self.winner_names()
        if names:
            self.prompt.ask(_("Game over — {names} won · s scores · q leave").format(names=names))
            self.notify(_("Game over — {names} won").format(names=names), timeout=6, markup=False)
        else:
            self.prompt.ask(_("Game over — nobody won · s scores · q leave"))
            self.notify(_("Game over — nobody won"), timeout=6, markup=False)
        self.results_waiting.clear()
        again = self.can_play_again()
        panel = ResultsPanel(
            self.results_title(None),
            self.results_rows(None),
            self.results_table(),
            final=True,
            again=again,
            review=self.can_review(),
        )

        def answered(answer: str | None) -> None:
            if answer == "again":
                self.stop_listening()
                self.post_message(self.PlayAgain())
            elif answer == "review":
                self.ask_review()

        self.app.push_screen(panel, answered)

    def action_scores(self) -> None:
        names = [self.seat_name(s) for s in range(self.seat_count)]
        history = self.score_history or [[0] * self.seat_count]
        self.app.push_screen(
            ScoresScreen(
                names,
                history,
                self.round_history(),
                title=self.scores_title(),
                low_wins=self.LOW_SCORE_WINS,
                rows=self.rows(),
                length=length_words(self.GAME, self.view),
            )
        )

    def scores_title(self) -> str:
        """The scores screen's title: the final result once the game is over."""
        if not self.view.get("over"):
            return _("Scores")
        names = self.winner_names()
        if not names:
            return _("Final scores — nobody won")
        return _("Final scores — {names} won").format(names=names)

    def winner_names(self) -> str:
        """The winners' names, listed ("" if nobody won)."""
        result = self.view.get("result") or {}
        # TRANSLATORS: between the names of several winners: "Ann, Bo"
        return _(", ").join(self.seat_name(s) for s in result.get("winners") or [])
