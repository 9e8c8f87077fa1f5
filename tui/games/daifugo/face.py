"""大富豪's face at the shared table (tui/table/face.py): the log's words, the notice of a
revolution, a deal's results (each seat's place, title and points; a forbidden finish and the
capital fall said), hints that name cards with the card each joker stands for.
"""

from __future__ import annotations

from rich.text import Text

from engine.daifugo.types import TYPED
from lang import _
from tui.table.face import PlainFace, Table
from tui.table.parse import Event, Wired

from . import words
from .flow import DaifugoDecisions


class DaifugoFace:
    """What 大富豪 says at the table besides drawing; see the module docstring."""

    def __init__(self, table: Table, model: DaifugoDecisions) -> None:
        self.table = table
        self.model = model
        self.plain = PlainFace(table)

    def lines(self) -> words.Lines:
        table = self.table
        return words.Lines(table.seats.name, table.you, table.cards)

    def event_line(self, event: Wired) -> Text | str | None:
        return self.lines().line(Event.of(event))

    def toast(self, event: Wired) -> str | None:
        told = Event.of(event)
        if told.kind in ("revolution", "back", "fall") or (
            told.kind == "trick_end" and told.text("cut")
        ):
            line = self.lines().line(told)
            return line.plain if isinstance(line, Text) else line
        return None

    def log_tag(self, event: Wired) -> object:
        return None

    def whispers_allowed(self) -> bool:
        return False

    def large_cards(self, width: int, height: int) -> bool:
        # header, the seats, the trick as boxes, the hand as boxes, prompt and footer
        return width >= 100 and height >= 30 + self.table.seats.count

    def results_title(self, event: Wired | None) -> str:
        if event is None:
            return self.plain.results_title(None)
        # TRANSLATORS: 大富豪: the title of a deal's results panel, and its row in the scores
        return _("Deal {n}").format(n=Event.of(event).integer("deal"))

    def results_rows(self, event: Wired | None) -> list[Text]:
        """After a deal: each seat in its final place, its title and points."""
        ended = TYPED.event(event) if event is not None else None
        if ended is None or ended["type"] != "deal_end":
            return []
        table, points, titles = self.table, ended["points"], ended["titles"]
        fouls, fallen = set(ended["fouls"]), ended["fallen"]
        rows = []
        for place, seat in enumerate(ended["order"], 1):
            line = Text(f"{place}. ", style="dim")
            line.append_text(table.seats.text(seat))
            title = words.title(titles[seat]) if seat < len(titles) else ""
            if title:
                line.append(f" · {title}", style="bold")
            got = points[seat] if seat < len(points) else 0
            line.append(f" · {got:+d}" if got else " · 0")
            if seat in fouls:
                # TRANSLATORS: 大富豪 results: this seat went out on a forbidden card
                line.append(" · " + _("forbidden finish"), style="dim")
            if seat == fallen:
                # TRANSLATORS: 大富豪 results: this seat fell from the top (都落ち)
                line.append(" · " + _("fell (capital fall)"), style="dim")
            rows.append(line)
        return rows

    def round_history(self) -> list[Text]:
        return []

    def scores_title(self) -> str:
        return self.plain.scores_title()

    def hint_card(self, code: str) -> str:
        return self.table.cards.label(code)

    def hint_cards(self, action: Wired) -> list[str]:
        typed = TYPED.action(action)
        return [] if typed["type"] == "pass" else list(typed["cards"])
