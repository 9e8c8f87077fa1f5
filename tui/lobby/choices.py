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
from textual.widgets import Checkbox, Label

from lang import N_, _
from tui.settings import CHOICES, Settings
from tui.widgets.footer import WordedFooter
from tui.widgets.tick import Tick


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


class ChoiceTick(Tick, inherit_bindings=False):
    """One choice's line: space turns it on or off (enter is the menu's: keep and close)."""

    BINDINGS: ClassVar[list] = [Binding("space", "toggle_button", show=False)]


class ChoicesMenu(ModalScreen[dict[str, bool] | None]):
    """↑↓ go from choice to choice, space turns one on or off (``[X]`` on, ``[ ]`` off: in the
    text, not by colour alone); enter (or esc) keeps them and closes."""

    CSS_PATH = Path(__file__).with_name("choices.tcss")
    BINDINGS: ClassVar[list] = [
        # TRANSLATORS: footer key description (close the menu, keeping the choices)
        Binding("escape,p,q", "done", N_("done")),
        Binding("down", "app.focus_next", show=False),
        Binding("up", "app.focus_previous", show=False),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.chosen = {key: bool(getattr(settings, key)) for key in CHOICES}

    def compose(self) -> ComposeResult:
        words = choice_words()
        with Vertical(id="choices-dialog"):
            # TRANSLATORS: the lobby's choices menu title
            yield Label(_("Your choices"), id="choices-title")
            with Vertical(id="choices"):
                for key in CHOICES:
                    yield ChoiceTick(words[key], self.chosen[key], id=f"choice-{key}")
            yield Label(_("space turns on or off · enter keeps"), id="choices-hint")
        yield WordedFooter()

    def on_mount(self) -> None:
        self.query(ChoiceTick).first().focus()

    @on(Checkbox.Changed)
    def _changed(self, event: Checkbox.Changed) -> None:
        key = (event.checkbox.id or "").removeprefix("choice-")
        if key in self.chosen:
            self.chosen[key] = event.value

    def key_enter(self) -> None:
        self.action_done()

    def action_done(self) -> None:
        self.dismiss(dict(self.chosen))
