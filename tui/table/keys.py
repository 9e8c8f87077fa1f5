"""The table's keys: which game keys work now (and the word the footer shows for each), and
the actions they run, forwarded to the game's decision model (tui/table/decisions.py) or
to the screen's own hooks. ``KeysMixin`` is mixed into ``TableScreen``
(tui/table/screen.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .bindings import FOOTER_WORDS, word_of
from .decisions import GAME_KEYS, Decisions, Outcome


class KeysMixin:
    """The game keys' state and actions; see the module docstring."""

    if TYPE_CHECKING:
        from tui.connect import Seat

        DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]]
        decisions: Decisions | None
        seat_link: Seat
        _key_signature: tuple

        def has_class(self, *class_names: str) -> bool: ...
        def query(self, selector: Any = None) -> Any: ...
        def refresh_bindings(self) -> None: ...
        def key_state(self, key: str) -> bool | None: ...
        def key_label(self, key: str) -> str | None: ...
        def handle(self, outcome: Outcome) -> None: ...
        def on_move(self, step: int) -> None: ...
        def on_pick(self) -> None: ...
        def on_confirm(self) -> None: ...
        def on_back(self) -> None: ...
        def on_digit(self, digit: int) -> None: ...

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in GAME_KEYS:
            if self.has_class("-chatting") and self.query("ChatPane"):
                return False
            if word_of(parameters) != self.footer_word(action):
                return False  # another binding of this key says what it does now
            return self.key_state(action)
        if action == "host_menu":
            return self.seat_link.host is not None
        return True

    def word_args(self, action: str) -> tuple[str, ...]:
        """The arguments of the binding that shows ``action`` now: its footer word, if any."""
        word = self.footer_word(action) if action in GAME_KEYS else None
        return (word,) if word else ()

    def footer_word(self, key: str) -> str | None:
        """Which of the key's FOOTER_WORDS the footer shows now (None: its usual word)."""
        label = self.key_label(key)
        return label if label in FOOTER_WORDS.get(key, ()) else None

    def update_keys(self) -> None:
        """Refresh the footer only when the keys that work (or their labels) changed: the
        footer reads every binding's state (``check_action``) at each refresh."""
        signature = tuple(
            (action, self.check_action(action, self.word_args(action)), self.key_label(action))
            for action in (*GAME_KEYS, *self.DYNAMIC_ACTIONS)
        )
        if signature != self._key_signature:
            self._key_signature = signature
            self.refresh_bindings()

    def forward_key(self, key: str, *args: int) -> None:
        """A game key goes to the decision model, or else to the screen's ``on_<key>``."""
        if self.decisions is not None:
            self.handle(getattr(self.decisions, key)(*args))
        else:
            getattr(self, f"on_{key}")(*args)

    def action_move(self, step: int, word: str | None = None) -> None:
        self.forward_key("move", step)

    def action_pick(self, word: str | None = None) -> None:
        self.forward_key("pick")

    def action_confirm(self, word: str | None = None) -> None:
        self.forward_key("confirm")

    def action_back(self, word: str | None = None) -> None:
        self.forward_key("back")

    def action_digit(self, digit: int, word: str | None = None) -> None:
        self.forward_key("digit", digit)
