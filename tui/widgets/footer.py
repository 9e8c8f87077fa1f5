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

A footer never cuts a word at its right edge: when the keys do not fit its width, whole keys
are left out (hidden like the spare ones): those whose actions the screen names as
``expendable`` first, in that order, then the last keys first (see ``left_out``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.cells import cell_len
from textual import events
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


def cells_of(key: Any) -> int:
    """The cells a key takes in the compact footer: its key, a space and its word, and the
    space after it."""
    description = cell_len(key.description)
    return cell_len(key.key_display) + (1 + description if description else 0) + 1


def name_of(action: str) -> str:
    """An action's name without its arguments: ``confirm('play')`` → ``confirm``."""
    return action.partition("(")[0]


def left_out(keys: Sequence[Any], width: int, expendable: Sequence[str] = ()) -> set[int]:
    """Which of ``keys`` (by index) to leave out so that the others fit in ``width`` cells:
    none if all fit; else the keys whose actions are in ``expendable`` (in that order), then
    the last keys first."""
    total = sum(cells_of(key) for key in keys) - 1  # no space after the last key
    order = [i for name in expendable for i, key in enumerate(keys) if name_of(key.action) == name]
    order += [i for i in range(len(keys) - 1, -1, -1) if i not in order]
    out: set[int] = set()
    for i in order:
        if total <= width:
            break
        out.add(i)
        total -= cells_of(keys[i])
    return out


class WordedFooter(Footer):
    """``Footer`` whose key descriptions are translated when they are shown, and whose keys
    change in place and never run past its right edge (see the module docstring)."""

    def __init__(self, *args: Any, expendable: Iterable[str] = (), **kwargs: Any) -> None:
        """``expendable``: the actions whose keys are left out first when the keys do not
        fit (the least useful first)."""
        super().__init__(*args, **kwargs)
        self.expendable = tuple(expendable)
        self.wanted = 0  # the first ``wanted`` children are the keys wanted now

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
            self.wanted = 0
            await super().recompose()
            return
        async with self.batch():
            for old, new in zip(have, fresh, strict=False):
                if key_of(old) != key_of(new):
                    cells_before = cells_of(old)
                    for part in KEY_PARTS:
                        setattr(old, part, getattr(new, part))
                    # greyed out is a look: a greyed key's action is refused by the
                    # screen's check_action whichever way the key is pressed
                    old.set_class(new.has_class("-disabled"), "-disabled")
                    # the key is as wide as its words: the same width is only a repaint
                    old.refresh(layout=cells_of(old) != cells_before)
            # keys no longer wanted are hidden, to be shown again with the next key wanted
            for spare in have[len(fresh) :]:
                spare.display = False
            if len(fresh) > len(have):
                await self.mount_all(fresh[len(have) :])
            self.wanted = len(fresh)
            self.fit()

    def on_resize(self, event: events.Resize) -> None:
        self.fit()

    def fit(self) -> None:
        """Show the wanted keys that fit the footer's width, leaving whole keys out (see
        ``left_out``) rather than letting the edge cut a word."""
        keys = list(self.children)[: self.wanted]
        if not keys or not all(is_key(key) for key in keys):
            return
        width = self.size.width or self.app.size.width
        out = left_out(keys, width, self.expendable)
        for i, key in enumerate(keys):
            key.display = i not in out
