"""The player's own choices, from the lobby's ``p``: the nudge when it is your turn, the
four-colour deck and suit letters. Each is a yes/no kept in the config (tui/settings.py
``CHOICES``) and read by every table opened afterwards; ``--four-colour``, ``--suit-letters``
and ``--no-nudge`` choose them for one run only.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, SelectionList

from lang import N_, _
from tui.settings import CHOICES, Settings
from tui.widgets.footer import WordedFooter


def choice_words() -> dict[str, str]:
    """Each choice as the menu says it, in the player's language."""
    return {
        # TRANSLATORS: the lobby's choices menu: a bell and a desktop notification
        "nudge": _("Ring when the table waits for me"),
        # TRANSLATORS: the lobby's choices menu: ♠ ♥ ♦ ♣ each drawn in its own colour
        "four_colour": _("Four-colour deck (♠ ♥ ♦ ♣)"),
        # TRANSLATORS: the lobby's choices menu: cards named 10H, QS… (for colour-blind players)
        "suit_letters": _("Suit letters on every card (10H, QS)"),
    }


class ChoicesMenu(ModalScreen[dict[str, bool] | None]):
    """space turns a choice on or off; enter (or esc) keeps them and closes."""

    CSS_PATH = Path(__file__).with_name("choices.tcss")
    BINDINGS: ClassVar[list] = [
        # TRANSLATORS: footer key description (close the menu, keeping the choices)
        Binding("escape,p,q", "done", N_("done")),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.chosen = {key: bool(getattr(settings, key)) for key in CHOICES}

    def compose(self) -> ComposeResult:
        words = choice_words()
        with Vertical(id="choices-dialog"):
            # TRANSLATORS: the lobby's choices menu title
            yield Label(_("Your choices"), id="choices-title")
            yield SelectionList[str](
                *((words[key], key, self.chosen[key]) for key in CHOICES), id="choices"
            )
            yield Label(_("space turns on or off · enter keeps"), id="choices-hint")
        yield WordedFooter()

    def on_mount(self) -> None:
        self.query_one(SelectionList).focus()

    @on(SelectionList.SelectedChanged)
    def _changed(self, event: SelectionList.SelectedChanged) -> None:
        selected = set(event.selection_list.selected)
        self.chosen = {key: key in selected for key in CHOICES}

    def key_enter(self) -> None:
        self.action_done()

    def action_done(self) -> None:
        self.dismiss(dict(self.chosen))
