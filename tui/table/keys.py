"""The table's game keys: which work now, the word the footer shows for each, and when the
footer must be told. ``KeyLine`` is a small controller the table screen owns; it is given what
it reads (the screen's ``check_action``, the decision model's ``key_label``) and what it calls
(the screen's ``refresh_bindings``), and keeps one thing of its own: the keys' signature last
shown.

The actions themselves (``action_move`` …) stay on the screen, where Textual looks for them;
they forward to the game's decision model (tui/table/decisions.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lang import _
from tui.widgets.footer import KeyEntry

from .bindings import FOOTER_WORDS, word_of
from .decisions import GAME_KEYS

CheckAction = Callable[[str, tuple[object, ...]], bool | None]
KeyLabel = Callable[[str], str | None]


class KeyLine:
    """The footer's view of the game keys; see the module docstring."""

    def __init__(
        self,
        check: CheckAction,
        label: KeyLabel,
        refresh: Callable[[], None],
        actions: tuple[str, ...] = (),
    ) -> None:
        self.check = check
        self.label = label
        self.refresh = refresh
        self.actions = (*GAME_KEYS, *actions)  # the keys whose state or word can change
        self.signature: tuple = ()

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
            (action, self.check(action, self.word_args(action)), self.label(action))
            for action in self.actions
        )
        if signature != self.signature:
            self.signature = signature
            self.refresh()


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
