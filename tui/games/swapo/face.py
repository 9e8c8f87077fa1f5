"""SwaPo's face at the shared table (tui/table/face.py): the log's words, in the third person
and by round; the results panel after every round (every hand shown, the round's result in
its title); the rounds in the scores screen; whispers under the adults' talk option; room for
the big cards.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from engine.base import SeatView
from lang import _
from tui.table.face import PlainFace, Table
from tui.table.parse import Event, Wired

from . import draw
from . import log as swapo_log
from .choices import round_words, rounds_after
from .declared import WORDS
from .flow import SwapoDecisions
from .model import RoundRecord, SwapoView


class SwapoFace:
    """What SwaPo says at the table besides drawing; see the module docstring."""

    def __init__(
        self, table: Table, flow: SwapoDecisions, log_name: Callable[[object], str]
    ) -> None:
        self.table = table
        self.flow = flow
        self.log_name = log_name  # names in the log read as third person, mine too
        self.plain = PlainFace(table)
        self.log_round: object = None  # the round the log is telling now
        #: how many rounds the game had, as known when each round (by number) ended
        self.round_totals: dict[object, int | None] = {}

    @property
    def game_view(self) -> SwapoView:
        """The view on show, parsed once (by the decision model, when it came)."""
        return self.flow.parsed.of(self.table.state.view)

    def round_ended(self, record: RoundRecord, view: SeatView | None) -> None:
        """A round ended in ``view``: how many rounds the game has, as known then."""
        self.round_totals[record.round] = rounds_after("swapo", view, record)

    # -- the log -----------------------------------------------------------------------------
    def event_line(self, event: Wired) -> Text | str | None:
        table = self.table
        return swapo_log.event_line(
            event, self.log_name, table.cards, self.flow.asterisk, table.look
        )

    def toast(self, event: Wired) -> str | None:
        if Event.of(event).kind == "round_over" and self.flow.reveal is not None:
            return None  # the prompt says the round's result, until enter
        return swapo_log.toast_line(event, self.log_name)

    def log_tag(self, event: Wired) -> object:
        told = Event.of(event)
        number = told.maybe_int("round")
        if told.kind == "deal" and number is not None:
            self.log_round = number
        return self.log_round

    def whispers_allowed(self) -> bool:
        options = self.table.table_info.get("options") or {}
        return bool(options.get("adult_talk", True))

    def large_cards(self, width: int, height: int) -> bool:
        # header, prompt and footer; the other seats; my label, big cards, menu, round line;
        # in Dagger also an opponent's row of big cards while taking positions
        variant = (self.table.table_info.get("options") or {}).get("variant") or []
        rows = 3 + self.table.seats.count + 10 + (8 if "dagger" in variant else 0)
        return width >= 80 and height >= rows

    # -- results and scores ---------------------------------------------------------------
    def results_title(self, event: Wired | None) -> str:
        row = WORDS.row_of_event(event) if event is not None else None
        title = row.label if row is not None else self.scores_title()
        record = RoundRecord.parse(event) if event is not None else None
        if row is not None and record is not None and record.no_game:
            # the result after the title says "no game" (and who played the Draw)
            title = _("Round {n}").format(n=record.round)
        total = self.round_totals.get(record.round) if record is not None else None
        if record is not None and total and not record.sudden_death:
            # TRANSLATORS: SwaPo results panel title: the round, of how many are played
            title = _("Round {n} of {total}").format(n=record.round, total=total)
        if event is not None:
            # the result as its own sentence, without the "Round N:" the title says
            result = round_words(event, self.table.seats.name, sudden_mark=False, numbered=False)
            # TRANSLATORS: SwaPo results panel title: "Round 3 of 10 — Bo (three 7s, +21) won"
            title = _("{title} — {result}").format(title=title, result=result)
        return title

    def results_rows(self, event: Wired | None) -> list[Text]:
        """Every hand of the round, the winning group marked, the points taken."""
        if event is None:  # game over: the score table says it
            return self.plain.results_rows(event)
        table = self.table
        return draw.results_lines(
            RoundRecord.parse(event), table.seats.name, table.cards, table.look
        )

    def round_history(self) -> list[Text]:
        return [Text(round_words(rec, self.table.seats.name)) for rec in self.game_view.history]

    def scores_title(self) -> str:
        return swapo_log.final_title(self.plain.scores_title(), self.game_view)

    def hint_card(self, code: str) -> str:
        return self.plain.hint_card(code)

    def hint_cards(self, action: Wired) -> list[str]:
        return self.plain.hint_cards(action)
