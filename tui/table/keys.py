"""The table's game keys: which work now, the word the footer shows for each, and when the
footer must be told. ``KeyLine`` is a small controller the table screen owns, given the screen
as ``Keyed``: it answers the table's part of ``check_action`` (``allows``: read-only, the chat
open, the decision model's ``key_state``, the host's menu, hints, take-backs), reads the
decision model's ``key_label`` and the screen's whole ``check_action`` (a game's screen may
add to it), calls the screen's ``refresh_bindings``, and keeps one thing of its own: the keys'
signature last shown.

The actions themselves (``action_move`` …) stay on the screen, where Textual looks for them;
they forward to the game's decision model (tui/table/decisions.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from lang import _
from tui.seat import Seat
from tui.widgets.footer import KeyEntry

from .bindings import FOOTER_WORDS, word_of
from .decisions import GAME_KEYS, Decisions


class Offered(Protocol):
    """A desk whose key comes and goes (hints, take-backs)."""

    def offered(self) -> bool: ...


class Reviewed(Protocol):
    """The rounds' ends, which know when the finished game can be reviewed."""

    def review_offered(self) -> bool: ...


class Keyed(Protocol):
    """What of the table screen its keys read and call (tui/table/screen.py)."""

    #: Only watched (a replay): scores and rules are the only keys.
    read_only: bool
    seat_link: Seat

    @property
    def decisions(self) -> Decisions: ...

    hints: Offered
    takebacks: Offered

    @property
    def rounds(self) -> Reviewed: ...

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None: ...
    def refresh_bindings(self) -> None: ...
    def has_class(self, *class_names: str) -> bool: ...


class KeyLine:
    """The footer's view of the game keys; see the module docstring."""

    def __init__(self, table: Keyed, actions: tuple[str, ...] = ()) -> None:
        self.table = table
        self.actions = (*GAME_KEYS, *actions)  # the keys whose state or word can change
        self.signature: tuple = ()

    def label(self, key: str) -> str | None:
        """The decision model's word for a game key now (None: its usual word)."""
        return self.table.decisions.key_label(key)

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The table's ``check_action``: whether a key works now (None: shown greyed)."""
        table = self.table
        if table.read_only:
            return action in ("scores", "rules")
        chatting = table.has_class("-chatting")  # the keys type into the chat
        if action in GAME_KEYS:
            if chatting:
                return False
            if not self.shows(action, parameters):
                return False  # another binding of this key says what it does now
            return table.decisions.key_state(action)
        if action == "host_menu":
            return table.seat_link.host is not None
        if action == "hint":
            return table.hints.offered() and not chatting
        if action == "takeback":
            return table.takebacks.offered() and not chatting
        if action == "review":
            return table.rounds.review_offered() and not chatting
        return True

    def footer_word(self, key: str) -> str | None:
        """Which of the key's FOOTER_WORDS the footer shows now (None: its usual word)."""
        label = self.label(key)
        return label if label in FOOTER_WORDS.get(key, ()) else None

    def word_args(self, action: str) -> tuple[str, ...]:
        """The arguments of the binding that shows ``action`` now: its footer word, if any."""
        word = self.footer_word(action) if action in GAME_KEYS else None
        return (word,) if word else ()

    def shows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether this binding of a game key is the one that says what it does now (each
        word a key may say is a binding of its own; only the current one is shown)."""
        return word_of(parameters) == self.footer_word(action)

    def update(self) -> None:
        """Refresh the footer only when the keys that work (or their words) changed: the
        footer reads every binding's state (``check_action``) at each refresh."""
        signature = tuple(
            (action, self.table.check_action(action, self.word_args(action)), self.label(action))
            for action in self.actions
        )
        if signature != self.signature:
            self.signature = signature
            self.table.refresh_bindings()


def keys_section(keys: Sequence[KeyEntry]) -> str:
    """Every key the table's footer would show now, as a Markdown section put before the
    rules (``?``): where a key the footer left out for the width is found."""
    # TRANSLATORS: the title of the list of keys, above a game's rules (a Markdown heading)
    heading = _("Keys at the table now")
    lines = [f"## {heading}", ""]
    for key in keys:
        shown = key.key_display.replace("`", "")
        lines.append(f"- `{shown}` {key.description}" if key.description else f"- `{shown}`")
    return "\n".join([*lines, "", ""])
