"""A plain table for a game that has no part of its own yet: its legal actions as a list.

It keeps every game playable from the terminal while its real table is being built, and it
shows only what the view holds (the same rule as every other table).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from engine.base import SeatView
from engine.cards import is_card
from lang import N_, _
from tui.fill import and_list
from tui.text import clean
from tui.widgets.steady import Steady

from .decisions import Decisions, Outcome, Send
from .parse import Wired
from .part import Asked, Given, TablePart

SHOWN_KEYS = ("phase", "round", "hand", "pending", "scores")


def is_codes(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(is_card(v) for v in value)


def action_words(action: Mapping[str, object]) -> str:
    """An action as short readable text: ``play cards=QS QH``."""
    parts = [clean(action.get("type", "?"))]
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        parts.append(f"{key}={clean(value, limit=60)}")
    return " ".join(parts)


class ListDecisions(Decisions):
    """The plain table's decision model: a cursor over the legal actions (the first 30),
    enter sends the one under it."""

    SHOWN = 30  # the most actions listed

    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.choice = 0

    def update(self, view: SeatView | None, legal: list[Wired]) -> None:
        super().update(view, legal)
        self.choice = min(self.choice, max(0, len(legal) - 1))

    def key_state(self, key: str) -> bool | None:
        return key in ("move", "confirm") and bool(self.legal)

    def move(self, step: int) -> Outcome:
        if self.legal:
            self.choice = (self.choice + step) % min(len(self.legal), self.SHOWN)
        return None

    def confirm(self) -> Outcome:
        return Send(self.legal[self.choice]) if self.legal else None


class GenericTable(TablePart):
    """Any game: the view's main keys, and the legal actions to choose from with ←→ enter."""

    CSS_PATH: ClassVar[list[str]] = ["generic.tcss"]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "generic--key",  # a key of the view
        "generic--chosen",  # the action under the cursor
    }
    KEYS: ClassVar[list[Binding]] = [
        Binding("up,k", "move(-1)", N_("move"), show=False),
        Binding("down,j", "move(1)", N_("move"), show=False),
    ]

    def __init__(self, given: Given) -> None:
        super().__init__(given)
        self.model = ListDecisions(self.me)
        self.decisions = self.model

    def compose(self) -> ComposeResult:
        yield Steady("", id="generic-view", markup=False)
        yield Steady("", id="generic-actions", markup=False)

    def waiting_room(self, seated: Text) -> None:
        self.query_one("#generic-view", Steady).show(seated)

    def header_parts(self, tail: int) -> list[Text | str]:
        phase = _("phase {phase}").format(phase=clean(self.state.phase or "…"))
        return [str(self.table_info.get("game", "")) or _("table"), phase]

    def draw(self) -> None:
        lines = Text()
        bold = self.get_component_rich_style("generic--key", partial=True)
        shown: Mapping[str, object] = self.view or {}  # any game's: its keys as they are
        for key in SHOWN_KEYS:
            if key in shown:
                value = shown[key]
                lines.append(f"{key}: ", bold)
                if isinstance(value, list) and is_codes(value):
                    lines.append_text(self.cards.hand(value))
                    lines.append("\n")
                    continue
                if isinstance(value, list):
                    value = " ".join(str(v) for v in value)
                lines.append(clean(value, limit=200) + "\n")
        self.query_one("#generic-view", Steady).show(lines)
        actions = Text()
        chosen = self.get_component_rich_style("generic--chosen", partial=True)
        legal = self.state.legal
        for i, action in enumerate(legal[: self.model.SHOWN]):
            actions.append(action_words(action) + "\n", chosen if i == self.model.choice else "")
        self.query_one("#generic-actions", Steady).show(actions)

    def question(self) -> Asked:
        if self.state.legal:
            return Asked(_("Your turn: ↑↓ choose an action, enter to play"))
        pending = self.view["pending"] if self.view is not None else []
        waiting = and_list(self.seats.name(s) for s in pending)
        if waiting:
            return Asked(_("Waiting for {names}…").format(names=waiting), waiting=True)
        return Asked(_("Waiting for the table…"), waiting=True)
