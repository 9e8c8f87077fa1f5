"""Rounds and results every game shares: the score table's rows, the game's length, and the
results panel shown after a round/hand and at game over.

Each game's views and events carry its history in its own shape (docs/<game>.md); the game
declares how they read as ``RoundRow`` (tui/games/<game>/declared.py, tui/table/game_words.py),
and ``rows_of_view`` and ``row_of_event`` ask it; ``TableScreen`` keeps every row it has seen
(a SwaPo view played from memory carries only the latest round).

``ResultsPanel`` API: ``ResultsPanel(title, rows, table, final=..., again=..., hand=...)``;
``rows`` are the game's lines (its face's ``results_rows``, tui/table/face.py), ``table`` the
score table (``score_table``). It is dismissed by enter (``"next"``, or ``"close"`` at game
over); at game over ``a`` answers ``"again"`` when the table can be dealt again
(``again=True``) and ``r`` ``"review"`` when the game can be reviewed. What it says is a
``PanelWords``, shown in a ``ResultsCard``; a replay keeps one panel and hands it each
round's words (``take``, tui/replay/panels.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine import ROUND_END_EVENTS
from engine.base import SeatView
from lang import N_, _, ngettext
from tui.cells import cut, ljust, rjust
from tui.widgets.footer import WordedFooter

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


class PanelWords(NamedTuple):
    """What a results panel says: its title, the game's lines, the score table, and what it
    offers (``final``: the game's last panel; ``again``: deal again; ``review``: review the
    game; ``hand``: the next deal is a hand, not a round)."""

    title: str
    rows: list[Text]
    table: Text
    final: bool = False
    again: bool = False
    hand: bool = False
    review: bool = False

    def lines(self) -> Text:
        """The game's lines, one under another (one widget: a panel shown again with another
        round's lines is only repainted, none mounted or removed)."""
        return Text("\n").join(self.rows)

    def hint(self) -> str:
        if not self.final:
            # TRANSLATORS: a round is SwaPo's (game: swapo), a hand Swoop's and Mi Shi's
            return _("enter next round") if not self.hand else _("enter next hand")
        hint = _("enter close")
        if self.again:
            hint = _("enter close · a play again (same seats, new deal)")
        if self.review:
            # TRANSLATORS: a key hint on the results, after "enter close"; r is the key
            hint += " · " + _("r review the game, every hand open")
        return hint

    def offers(self, answer: str) -> bool:
        """Whether a key answers ``answer`` here: enter goes on ("next") or closes the game's
        final panel ("close"); ``a`` ("again") and ``r`` ("review") only where the final panel
        offers them."""
        if answer in ("next", "close"):
            return (answer == "close") == self.final
        if answer == "again":
            return self.final and self.again
        if answer == "review":
            return self.final and self.review
        return False

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A panel's ``check_action``: its keys as ``offers`` says; any other key as usual."""
        if action == "answer":
            return bool(parameters) and self.offers(str(parameters[0]))
        return True


PANEL_BINDINGS: list[Binding] = [
    # TRANSLATORS: footer key description; keep very short (≤ 8 cells)
    Binding("enter", "answer('next')", N_("continue"), show=True),
    # TRANSLATORS: footer key description (close the game's final results); keep very short
    Binding("enter", "answer('close')", N_("close"), show=True),
    # TRANSLATORS: footer key description; keep very short
    Binding("a", "answer('again')", N_("play again"), show=True),
    # TRANSLATORS: footer key description (replay the whole game, every hand open); short
    Binding("r", "answer('review')", N_("review"), show=True),
]
"""A results panel's keys, wherever it shows (``PanelWords.allows`` says which work)."""
PANEL_KEYS = frozenset(binding.key for binding in PANEL_BINDINGS)


class ResultsCard(Vertical):
    """The panel itself: the title, the game's lines, the score table and the hint, in a
    frame (``ResultsPanel`` shows it over the table)."""

    def __init__(self, words: PanelWords) -> None:
        super().__init__(id="results-frame")
        self.words = words

    def compose(self) -> ComposeResult:
        # the frame is opaque, a cell wider than the panel each side: nothing of the table
        # under it shows next to the panel's border
        words = self.words
        with Vertical(id="results"):
            yield Label(words.title, id="results-title", markup=False)
            with VerticalScroll(id="results-body"):
                rows = Static(words.lines(), id="results-rows", markup=False)
                rows.display = bool(words.rows)
                yield rows
                yield Static(words.table, id="results-table", markup=False)
            yield Static(words.hint(), id="results-hint", markup=False)

    def say(self, words: PanelWords) -> None:
        """Say ``words`` in place (whoever shows many panels in a row keeps one card)."""
        self.words = words
        if not self.is_mounted:
            return  # composed with them
        self.query_one("#results-title", Label).update(words.title)
        rows = self.query_one("#results-rows", Static)
        rows.update(words.lines())
        rows.display = bool(words.rows)
        self.query_one("#results-table", Static).update(words.table)
        self.query_one("#results-hint", Static).update(words.hint())
        self.query_one("#results-body", VerticalScroll).scroll_home(animate=False, immediate=True)


class ResultsPanel(ModalScreen[str]):
    """What a round/hand (or the whole game) came to; stays until enter."""

    CSS_PATH = "results.tcss"
    BINDINGS: ClassVar[list] = PANEL_BINDINGS
    #: Every key the panel does not take closes it and goes to the screen under it (a
    #: replay's panel, tui/replay/panels.py); else only ``q``, to leave as the prompt says.
    passes_all = False

    def __init__(
        self,
        title: str,
        rows: list[Text],
        table: Text,
        *,
        final: bool = False,
        again: bool = False,
        hand: bool = False,
        review: bool = False,
    ) -> None:
        super().__init__()
        self.words = PanelWords(title, rows, table, final, again, hand, review)

    # what the panel says, by name (tests and callers read them)
    title_text = property(lambda self: self.words.title)
    rows = property(lambda self: self.words.rows)
    table = property(lambda self: self.words.table)
    final = property(lambda self: self.words.final)
    again = property(lambda self: self.words.again)
    hand = property(lambda self: self.words.hand)
    review = property(lambda self: self.words.review)

    def compose(self) -> ComposeResult:
        yield ResultsCard(self.words)
        yield WordedFooter()  # its own keys: the table's do nothing under the panel

    def hint(self) -> str:
        return self.words.hint()

    def take(self, other: ResultsPanel) -> None:
        """Say what ``other`` (a panel never shown) says, in place: whoever shows many
        panels in a row (a replay, tui/replay/panels.py) keeps one rather than building
        each."""
        self.words = other.words
        if self.is_mounted:
            self.query_one(ResultsCard).say(self.words)
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.words.allows(action, parameters)

    def action_answer(self, answer: str) -> None:
        if self.words.offers(answer):
            self.dismiss(answer)

    def on_key(self, event: events.Key) -> None:
        """``q`` (or in a replay any key but the panel's own) closes the panel, as enter
        would, and then does at the screen under it what it does there."""
        if event.key in PANEL_KEYS or not (self.passes_all or event.key == "q"):
            return
        event.stop()
        event.prevent_default()
        self.dismiss("passed")
        self.app.call_after_refresh(self.app.simulate_key, event.key)


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
