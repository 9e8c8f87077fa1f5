"""The footer every screen shows: Textual's, with each key's description in the player's
language, and keys that change in place.

``BINDINGS`` are class attributes, made at import time, so their descriptions are English
msgids marked with ``N_``; this footer words them with ``_()`` each time it lays itself out
(so a language chosen in the lobby shows at the next ``refresh_bindings``).

Textual's ``Footer`` removes and mounts all its keys whenever the screen's bindings change,
which at a table is nearly every turn (a key comes, another goes, "p pass" becomes "p done"):
that was the slowest part of following the game. ``WordedFooter.recompose`` keeps the keys it
has, rewords the ones whose key or word changed, hides the ones no longer wanted (to show
them again for the next keys) and mounts only keys it never had as many of.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.compose import compose
from textual.widget import Widget
from textual.widgets import Footer

from lang import _

__all__ = ["WordedFooter"]

KEY_PARTS = ("key", "key_display", "description", "action", "tooltip")


def is_key(widget: Widget) -> bool:
    """A footer key of its own (not one of a group of keys)."""
    return not widget.has_class("-grouped") and all(hasattr(widget, p) for p in KEY_PARTS)


def key_of(widget: Any) -> tuple:
    """What a footer key shows and does, and whether it is greyed out."""
    return (*(getattr(widget, part) for part in KEY_PARTS), widget.has_class("-disabled"))


def width_of(key: Any) -> int:
    """The cells a footer key's words take (its padding is the same for every key)."""
    return cell_len(key.key_display) + cell_len(key.description)


class WordedFooter(Footer):
    """``Footer`` whose key descriptions are translated when they are shown, and whose keys
    change in place (see the module docstring)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            description = getattr(widget, "description", None)
            if isinstance(description, str) and description:
                widget.description = _(description)  # type: ignore[attr-defined]
            yield widget

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        fresh = compose(self)
        have = list(self.children)
        # groups of keys: Textual's own way
        if not all(is_key(widget) for widget in (*fresh, *have)):
            await super().recompose()
            return
        async with self.batch():
            for old, new in zip(have, fresh, strict=False):
                if key_of(old) != key_of(new):
                    width_before = width_of(old)
                    for part in KEY_PARTS:
                        setattr(old, part, getattr(new, part))
                    # greyed out is a look: a greyed key's action is refused by the
                    # screen's check_action whichever way the key is pressed
                    old.set_class(new.has_class("-disabled"), "-disabled")
                    # the key is as wide as its words: the same width is only a repaint
                    old.refresh(layout=width_of(old) != width_before)
                old.display = True
            # keys no longer wanted are hidden, to be shown again with the next key wanted
            for spare in have[len(fresh) :]:
                spare.display = False
            if len(fresh) > len(have):
                await self.mount_all(fresh[len(have) :])
