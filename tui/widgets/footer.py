"""The footer every screen shows: Textual's, with each key's description in the player's
language.

``BINDINGS`` are class attributes, made at import time, so their descriptions are English
msgids marked with ``N_``; this footer words them with ``_()`` each time it lays itself out
(so a language chosen in the lobby shows at the next ``refresh_bindings``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

from lang import _


class WordedFooter(Footer):
    """``Footer`` whose key descriptions are translated when they are shown."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            description = getattr(widget, "description", None)
            if isinstance(description, str) and description:
                widget.description = _(description)  # type: ignore[attr-defined]
            yield widget
