"""The results panel, shown after a round/hand and at game over (its words and score table are
tui/table/results.py's). Imported when a table first shows one.

``ResultsPanel`` API: ``ResultsPanel(title, rows, table, final=..., again=..., hand=...)``;
``rows`` are the game's lines (its face's ``results_rows``, tui/table/face.py), ``table`` the
score table (``results.score_table``). It is dismissed by enter (``"next"``, or ``"close"`` at
game over); at game over ``a`` answers ``"again"`` when the table can be dealt again
(``again=True``) and ``r`` ``"review"`` when the game can be reviewed. What it says is a
``PanelWords``, shown in a ``ResultsCard``; a replay keeps one panel and hands it each
round's words (``take``, tui/replay/panels.py).
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from lang import N_, _
from tui.widgets.footer import WordedFooter


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
