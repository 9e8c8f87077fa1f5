"""Rounds and results every game shares: the score table's rows and the game's length (the
panel that shows them after a round/hand and at game over is tui/table/panel.py's
``ResultsPanel``, imported when a panel is first shown).

Each game's views and events carry its history in its own shape (docs/<game>.md); the game
declares how they read as ``RoundRow`` (tui/games/<game>/declared.py, tui/table/game_words.py),
and ``rows_of_view`` and ``row_of_event`` ask it; ``TableScreen`` keeps every row it has seen
(a SwaPo view played from memory carries only the latest round).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from engine import ROUND_END_EVENTS
from engine.base import SeatView
from lang import _, ngettext
from tui.cells import cut, ljust, rjust

from .game_words import RoundRow, words_for
from .parse import Wired

END_EVENTS = ROUND_END_EVENTS  # each gets a results panel (each game's ``ROUND_END``)
BAR = 30  # cells of the longest bar in the score table
Look = Callable[[str], Style | str]


def row_of_event(event: Wired, game: str) -> RoundRow | None:
    """The row a round-end event of ``game`` (or a history record shaped like one) gives, as
    the game declares it (tui/table/game_words.py)."""
    return words_for(game).row_of_event(event)


def rows_of_view(view: SeatView, game: str) -> list[RoundRow]:
    """Every finished round the view carries, oldest first (as its game declares it)."""
    return words_for(game).rows_of_view(view)


def length_words(game: str, view: SeatView | None) -> str:
    """How long the game is, in words: "2 rounds", "4 hands", "to 300 points"."""
    return words_for(game).length_words(view)


def column_width(names: list[str]) -> int:
    """Cells per seat's column, so the table fits 78 columns."""
    return max(5, min(10, 58 // max(1, len(names)) - 1))


def round_table(names: list[str], rows: list[RoundRow], look: Look) -> Text:
    """A header of names and one labelled line per round/hand (the points each seat took)."""
    width = column_width(names)
    out = Text(" " * 20)
    for name in names:
        out.append(rjust(cut(name, width), width + 1), look("name"))
    for row in rows:
        out.append("\n")
        out.append(ljust(row.label, 20), look("muted"))
        for seat in range(len(names)):
            value = row.points[seat] if seat < len(row.points) else 0
            out.append((f"{value:+d}" if value else "·").rjust(width + 1))
    return out


def bar(total: int, top: int, low: int = 0) -> str:
    """A total's bar on the shared scale, from zero: ``top`` is the largest total, ``low``
    the magnitude of the most negative one (0: none below zero). Without negatives the
    largest total fills ``BAR``; with them the bars share ``BAR`` cells from a zero column,
    the negative ones (``░``) to its left, the others (``█``) to its right, so that a
    negative total never looks like a lead."""
    low = max(0, low)
    top = max(0, top)
    span = top + low
    if not span:
        return ""
    left = round(BAR * low / span)  # the cells left of zero
    cells = round(BAR * abs(total) / span)
    if total < 0:
        return " " * (left - cells) + "░" * cells
    return " " * left + "█" * cells


def bar_scale(totals: list[int]) -> tuple[int, int]:
    """(top, low) for ``bar``: the largest total (0 if none is above zero) and the
    magnitude of the most negative one (0 if none is below zero)."""
    return max([0, *totals]), max([0, *(-t for t in totals)])


def leader_of(totals: list[int], *, low_wins: bool = False) -> int | None:
    """The leading total, or None when all are level."""
    if not totals or len(set(totals)) < 2:
        return None
    return (min if low_wins else max)(totals)


def score_table(
    names: list[str], rows: list[RoundRow], totals: list[int], look: Look, *, low_wins: bool = False
) -> Text:
    """The round table, then each seat's total and bar (one shared scale), the leader marked."""
    out = round_table(names, rows, look) if rows else Text()
    best = leader_of(totals, low_wins=low_wins)
    top, low = bar_scale(totals)
    for seat, name in enumerate(names):
        total = totals[seat] if seat < len(totals) else 0
        if out:
            out.append("\n")
        out.append(ljust(cut(name, 19), 20), look("name"))
        out.append(f"{total:>5} ", look("leader" if total == best else "name"))
        out.append(bar(total, top, low), look("bar"))
    return out


def game_over(winners: list, name_of: Callable[[object], str]) -> str:
    """ "Game over — Aki, Bo won" (Swoop's and Mi Shi's logs)."""
    names = ", ".join(name_of(s) for s in winners)
    if not names:
        # TRANSLATORS: the game ended and no player won
        return _("Game over — nobody won")
    # TRANSLATORS: the game ended; {names} is one name or several joined by ", "
    return ngettext("Game over — {names} won", "Game over — {names} won", len(winners)).format(
        names=names
    )
