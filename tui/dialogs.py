"""Small screens over the table: leave confirmation, the rules, scores and history; and the
lobby's choice of language."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from lang import LANGUAGES, N_, _
from tui.table.results import RoundRow, bar, bar_scale, leader_of, round_table
from tui.widgets.footer import WordedFooter

from .cells import ljust

#: The dialogs' styles, shared with the host's menu (tui/table/host_menu.py).
DIALOGS_CSS = Path(__file__).with_name("dialogs.tcss")
#: The rules help's text (tui/widgets/rules_text.py), read when the rules are first shown.
RULES_TEXT_CSS = Path(__file__).parent / "widgets" / "rules_text.tcss"


class ConfirmLeave(ModalScreen[bool]):
    """Asks before leaving the table: y/enter leaves, n/esc stays. (``Confirm``: the same
    question box for any other yes-or-no, its footer saying yes and no.)"""

    CSS_PATH = DIALOGS_CSS
    BINDINGS: ClassVar[list] = [
        # TRANSLATORS: footer key description (leave the table); keep very short
        Binding("y,enter", "answer(True)", N_("leave"), show=True),
        # TRANSLATORS: footer key description (stay at the table); keep very short
        Binding("n,escape,q", "answer(False)", N_("stay"), show=True),
    ]

    def __init__(
        self,
        question: str | None = None,
        detail: str | None = None,
        *,
        yes: str | None = None,
        no: str | None = None,
    ) -> None:
        """Each text defaults to leaving the table's words (in the player's language)."""
        super().__init__()
        self.question = question or _("Leave the table?")
        self.detail = detail or _("Your seat stays yours: join again to play on.")
        self.yes = yes or _("Leave (y)")
        self.no = no or _("Stay (n)")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.question, id="question")
            yield Label(self.detail, classes="muted")
            with Horizontal(id="buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(self.no, id="no", variant="primary")
        yield WordedFooter()  # its own keys, not the table's (which do nothing under it)

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class Confirm(ConfirmLeave, inherit_bindings=False):
    """A yes-or-no that is not about leaving (the host's menu): the footer says yes and no."""

    BINDINGS: ClassVar[list] = [
        # TRANSLATORS: footer key description (confirm a choice); keep very short
        Binding("y,enter", "answer(True)", N_("yes"), show=True),
        # TRANSLATORS: footer key description (do not do it); keep very short
        Binding("n,escape,q", "answer(False)", N_("no"), show=True),
    ]

    def __init__(self, question: str, detail: str) -> None:
        super().__init__(question, detail, yes=_("Yes (y)"), no=_("No (n)"))


class TakebackVote(Confirm, inherit_bindings=False):
    """Another player asks to take back their last action: yes lets them, no refuses it."""

    BINDINGS: ClassVar[list] = [
        # TRANSLATORS: footer key description (agree to a take-back); keep very short
        Binding("y", "answer(True)", N_("yes"), show=True),
        # TRANSLATORS: footer key description (refuse a take-back); keep very short
        Binding("n,escape", "answer(False)", N_("no"), show=True),
    ]

    def __init__(self, request: int, name: str, seconds: float) -> None:
        question = _("{name} asks to take back their last action. Let them?").format(name=name)
        detail = _("Everyone at the table must say yes; no answer within {seconds} s is a no.")
        super().__init__(question, detail.format(seconds=round(seconds)))
        self.request = request


class RulesScreen(ModalScreen[None]):
    """The game's rules for players (tui/help/GAME.md)."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [DIALOGS_CSS, RULES_TEXT_CSS]
    # TRANSLATORS: footer key description; keep very short
    BINDINGS: ClassVar[list] = [
        Binding("escape,q,question_mark", "dismiss", N_("close"), show=True)
    ]

    def __init__(
        self,
        game: str,
        title: str,
        *,
        ascii_only: bool = False,
        text: str | None = None,
        keys: str = "",
    ) -> None:
        """``keys``: Markdown put before the rules (a table's keys, tui/table/keys.py)."""
        super().__init__()
        self.game = game
        self.text = text
        self.keys = keys
        self.title_text = title
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        # the help's widget (and its Markdown parser) only when the rules are opened
        from .widgets.rules_text import RulesText

        try:
            from .rules import rules_text  # the help's files: when it is first opened

            text = self.text if self.text is not None else rules_text(self.game)
        except (FileNotFoundError, OSError):
            missing = _("The rules of this game have not been written yet.")
            text = f"# {self.title_text}\n\n{missing}"
        text = self.keys + text
        if self.ascii_only:
            for glyph, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
                text = text.replace(glyph, letter)
        with VerticalScroll(id="rules"):
            yield RulesText(text, ascii_only=self.ascii_only)
        yield WordedFooter()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


class ScoresScreen(ModalScreen[None]):
    """One labelled row per round/hand, each seat's total with a bar on one shared scale (the
    leader marked), the game's length and the game's own round details."""

    CSS_PATH = DIALOGS_CSS
    # TRANSLATORS: footer key description; keep very short
    BINDINGS: ClassVar[list] = [Binding("escape,s,q", "dismiss", N_("close"), show=True)]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "scores--name",  # a seat's name and total
        "scores--leader",  # the leading total
        "scores--muted",  # the closing hint, the round labels
        "scores--bar",  # a total's bar
    }

    def __init__(
        self,
        names: list[str],
        history: list[list[int]],
        rounds: list[Text] | None = None,
        title: str | None = None,
        *,
        low_wins: bool = False,
        rows: list[RoundRow] | None = None,
        length: str = "",
    ) -> None:
        super().__init__()
        self.names = names
        self.history = history
        self.rounds = rounds or []
        self.rows = rows or []
        self.title_text = title or _("Scores")
        self.length = length
        self.low_wins = low_wins

    def compose(self) -> ComposeResult:
        with Vertical(id="scores"):
            title = self.title_text + (f" · {self.length}" if self.length else "")
            yield Label(title, id="scores-title", markup=False)
            if self.rows:
                yield Static("", id="score-table", markup=False)
            for _name in self.names:
                with Horizontal(classes="score-row"):
                    yield Static("", classes="score-name")
                    yield Static("", classes="score-bar")
            if self.rounds:
                yield Label(_("Details"), classes="muted")
                with VerticalScroll(id="history"):
                    for line in self.rounds:
                        yield Static(line)
            yield Static("", id="scores-hint")
        yield WordedFooter()

    def on_mount(self) -> None:
        # the component classes are styled once the screen's CSS applies: write then
        self.call_after_refresh(self.write_totals)

    def write_totals(self) -> None:
        """The round table; each seat's name, total and bar, the leader marked; the hint."""
        if self.rows:
            table = round_table(self.names, self.rows, self.look)
            self.query_one("#score-table", Static).update(table)
        last = self.history[-1] if self.history else [0] * len(self.names)
        best = leader_of(last, low_wins=self.low_wins)
        top, low = bar_scale(last)
        cells = self.query(".score-name").results(Static)
        bars = self.query(".score-bar").results(Static)
        for seat, (name, cell, bar_cell) in enumerate(zip(self.names, cells, bars, strict=False)):
            total = last[seat] if seat < len(last) else 0
            look = "leader" if total == best else "name"
            label = Text(ljust(name, 14), self.look("name"))
            label.append(f"{total:>5}", self.look(look))
            cell.update(label)
            bar_cell.update(Text(bar(total, top, low), self.look("bar")))
        self.query_one("#scores-hint", Static).update(Text(_("esc close"), self.look("muted")))

    def look(self, name: str) -> Style:
        """The Rich style of the component class ``scores--NAME`` (dialogs.tcss)."""
        return self.get_component_rich_style(f"scores--{name}", partial=True)

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


class LanguageMenu(ModalScreen[str | None]):
    """The lobby's choice of language: every language we ship, each in its own name; enter
    answers its code, esc nothing."""

    CSS_PATH = DIALOGS_CSS
    # TRANSLATORS: footer key description; keep very short
    BINDINGS: ClassVar[list] = [Binding("escape,l,q", "dismiss_menu", N_("back"))]

    def __init__(self, current: str = "") -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Language"), id="question")
            yield OptionList(
                *(Option(name, id=code) for code, name in LANGUAGES.items()), id="languages"
            )
        yield WordedFooter()

    def on_mount(self) -> None:
        menu = self.query_one("#languages", OptionList)
        codes = list(LANGUAGES)
        menu.highlighted = codes.index(self.current) if self.current in codes else 0
        menu.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_menu(self) -> None:
        self.dismiss(None)
