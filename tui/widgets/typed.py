"""A text field that takes a burst of keys in the order they were typed.

Textual's ``Input`` inserts a printable key as soon as the key reaches it, but runs an editing
key (backspace, delete, the arrows, home/end, enter) through its binding, which the app looks
up only once the key has bubbled from the field up to the app, a message queue at a time. Keys
that arrive together (typed fast, pasted as keystrokes, ``tmux send-keys BSpace Z e d Enter``)
then act out of order: the letters typed after a backspace are in before it runs, and it
deletes the last of them ("Zed" became "Ze"). ``TypedInput`` runs the field's own editing
bindings where the key arrives, before the next key, and keeps the key from bubbling on.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import Input


def _editing_keys() -> dict[str, str]:
    """Every key ``Input`` binds, and the action it runs."""
    keys: dict[str, str] = {}
    for binding in Input.BINDINGS:
        if isinstance(binding, Binding):
            for key in binding.key.split(","):
                keys[key.strip()] = binding.action
    return keys


EDITING_KEYS = _editing_keys()


class TypedInput(Input):
    """An ``Input`` whose editing keys act in the order they were typed (module docstring)."""

    async def on_key(self, event: events.Key) -> None:
        action = EDITING_KEYS.get(event.key)
        if action is None or event.is_printable:
            return
        event.stop()
        event.prevent_default()
        await self.run_action(action)
