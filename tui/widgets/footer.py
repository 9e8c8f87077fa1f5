"""The footer every screen shows: one line of keys (key and word, as Textual's compact
``Footer`` shows them), each word in the player's language.

``BINDINGS`` are class attributes, made at import time, so their descriptions are English
msgids marked with ``N_``; this footer words them with ``_()`` each time it reads the keys (so
a language chosen in the lobby shows at the next ``refresh_bindings``), in the table's game's
sense where its catalogue has one (``lang.in_context``: SwaPo's "declare" is not 秘十's).

Textual's ``Footer`` is one widget per key, laid out side by side: at a table, where the keys
change in about half the states (a key comes, another goes, "p pass" becomes "p done"), every
change laid the whole screen out and re-rendered every key, the slowest part of following the
game. ``WordedFooter`` is one widget, one line high and as wide as the screen whatever its
keys, that draws the line itself: a change of keys is a repaint of that line, never a layout.
It reads the screen's ``active_bindings`` when the screen says its bindings changed
(``bindings_updated_signal``), and keeps the line it drew until the keys, its width or its
styles change.

A footer never cuts a word at its right edge: when the keys do not fit its width, whole keys
are left out: those whose actions the screen names as ``expendable`` first, in that order,
then the last keys first (see ``left_out``), never a ``kept`` one. A key left out still works,
and never silently: a footer given a ``fallback`` (the action of a key that lists every key,
and the word it then says) shows that key with that word ("? keys") whenever a key is left
out.

Clicking a key presses it (a greyed key rings the bell); the key under the mouse is
highlighted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, NamedTuple, Protocol

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.screen import Screen
from textual.strip import Strip

import lang
from lang import _

from ..tcss import compact
from .prepaint import Prepainted

__all__ = ["KeyEntry", "WordedFooter", "left_out"]


class KeyEntry(NamedTuple):
    """One key as the footer shows it."""

    key: str  # the key it presses ("escape")
    key_display: str  # how it is shown ("esc")
    description: str  # its word, in the player's language
    action: str
    enabled: bool  # False: shown greyed (the screen refuses its action now)
    tooltip: str = ""


class Shown(Protocol):
    """What ``left_out`` needs of a key."""

    @property
    def key_display(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def action(self) -> str: ...


def cells_of(key: Shown) -> int:
    """The cells a key takes in the footer: its key, a space and its word, and the space
    after it."""
    description = cell_len(key.description)
    return cell_len(key.key_display) + (1 + description if description else 0) + 1


def name_of(action: str) -> str:
    """An action's name without its arguments: ``confirm('play')`` → ``confirm``."""
    return action.partition("(")[0]


def left_out(
    keys: Sequence[Shown], width: int, expendable: Sequence[str] = (), kept: Sequence[str] = ()
) -> set[int]:
    """Which of ``keys`` (by index) to leave out so that the others fit in ``width`` cells:
    none if all fit; else the keys whose actions are in ``expendable`` (in that order), then
    the last keys first; never those whose actions are ``kept``."""
    total = sum(cells_of(key) for key in keys) - 1  # no space after the last key
    order = [i for name in expendable for i, key in enumerate(keys) if name_of(key.action) == name]
    order += [i for i in range(len(keys) - 1, -1, -1) if i not in order]
    order = [i for i in order if name_of(keys[i].action) not in kept]
    out: set[int] = set()
    for i in order:
        if total <= width:
            break
        out.add(i)
        total -= cells_of(keys[i])
    return out


class WordedFooter(Prepainted, can_focus=False):
    """The screen's keys on one line, drawn by this one widget (see the module docstring)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "footer--key",  # the key ("esc")
        "footer--description",  # its word ("back")
        "footer--disabled",  # over both, for a key the screen refuses now
        "footer--hover",  # under both, for the key under the mouse
    }
    DEFAULT_CSS = compact("""
    WordedFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .footer--disabled { text-style: dim; }
        & > .footer--hover { background: $block-hover-background; }
    }
    """)

    def __init__(
        self,
        *,
        expendable: Iterable[str] = (),
        fallback: tuple[str, str] | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """``expendable``: the actions whose keys are left out first when the keys do not
        fit (the least useful first); ``fallback``: (action, English word) of the key that
        lists every key, never left out, which says that word while a key is left out."""
        super().__init__(name=name, id=id, classes=classes)
        self.expendable = tuple(expendable)
        self.fallback = fallback
        self.hovered: int | None = None  # the shown key under the mouse, by place
        self._keys: tuple[KeyEntry, ...] | None = None  # None: to be read again
        self._line: tuple[tuple, Strip, list[tuple[int, int, KeyEntry]]] | None = None
        self._styles: tuple[Style, Style, Style, Style, Style] | None = None

    # -- the keys ---------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed, immediate=True)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's keys may have changed: the line is painted again if they did. A
        screen says so often when nothing changed (after each focus change, each time it is
        shown), and a needless repaint costs a frame of its own."""
        before = self._keys
        self._keys = None
        if before is None or self.wanted_keys() != before:
            self.refresh()

    def wanted_keys(self) -> tuple[KeyEntry, ...]:
        """The keys the screen shows now, in Textual's order (one per action, the first
        bound), before any is left out for the width."""
        if self._keys is None:
            # drawn by whichever task refreshes the screen first (Textual's update timer may
            # have begun outside the app's context): word the keys in the app's own language
            voice = getattr(self.app, "voice", None)
            with lang.scope(voice.code if isinstance(voice, lang.Voice) else lang.current()):
                self._keys = self._read_keys()
        return self._keys

    def _read_keys(self) -> tuple[KeyEntry, ...]:
        keys: dict[str, KeyEntry] = {}
        game = getattr(self.screen, "GAME", "")  # a table's: its own sense of a shared word
        for binding, enabled, tooltip in (
            (active.binding, active.enabled, active.tooltip)
            for active in self.screen.active_bindings.values()
        ):
            if binding.show and binding.action not in keys:
                description = binding.description and (
                    lang.in_context(game, binding.description) if game else _(binding.description)
                )
                keys[binding.action] = KeyEntry(
                    binding.key,
                    self.app.get_key_display(binding),
                    description,
                    binding.action,
                    enabled,
                    tooltip,
                )
        return tuple(keys.values())

    def shown_keys(self) -> list[KeyEntry]:
        """The keys the footer shows now, left to right (those that fit its width)."""
        return [key for _, _, key in self.laid_out()[1]]

    # -- the line ---------------------------------------------------------------------------
    def laid_out(self) -> tuple[Strip, list[tuple[int, int, KeyEntry]]]:
        """The line, and where each shown key is on it (first cell, cell after the last),
        made again only when the keys, the width, the hovered key or the styles changed."""
        width = self.size.width or self.app.size.width
        keys = self.wanted_keys()
        styles = self.line_styles()
        if self._line is not None and self._line[0][:2] != (width, keys):
            self.hovered = None  # another key may be there now: until the mouse moves
        signature = (width, keys, self.hovered, styles)
        if self._line is None or self._line[0] != signature:
            self._line = (signature, *self.draw(keys, width, *styles))
        return self._line[1], self._line[2]

    def line_styles(self) -> tuple[Style, Style, Style, Style, Style]:
        """The line's styles: its own, the key's, the word's, the hovered key's background
        and a greyed key's look; kept until the footer's styles change (Textual forgets its
        own at every repaint)."""
        if self._styles is None:
            self._styles = (
                self.rich_style,
                self.get_component_rich_style("footer--key"),
                self.get_component_rich_style("footer--description"),
                self.get_component_rich_style("footer--hover"),
                self.get_component_rich_style("footer--disabled", partial=True),
            )
        return self._styles

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None

    def draw(
        self,
        keys: tuple[KeyEntry, ...],
        width: int,
        base: Style,
        key_style: Style,
        description_style: Style,
        hover: Style,
        disabled: Style,
    ) -> tuple[Strip, list[tuple[int, int, KeyEntry]]]:
        """The footer's line: the keys that fit, each ``key word``, one space between."""
        shown = self.fitted(keys, width)
        segments: list[Segment] = []
        places: list[tuple[int, int, KeyEntry]] = []
        x = 0
        for place, key in enumerate(shown):
            over = Style() if key.enabled else disabled
            if place == self.hovered:
                over += Style(bgcolor=hover.bgcolor)
            if place:
                segments.append(Segment(" ", base))
                x += 1
            segments.append(Segment(key.key_display, key_style + over))
            if key.description:
                segments.append(Segment(" " + key.description, description_style + over))
            places.append((x, x + cells_of(key) - 1, key))
            x += cells_of(key) - 1
        return Strip(segments).adjust_cell_length(width, base), places

    def fitted(self, keys: Sequence[KeyEntry], width: int) -> list[KeyEntry]:
        """The keys that fit ``width``, in order: all of them, or, with a key left out, the
        fallback key saying its word (see the module docstring)."""
        kept = (self.fallback[0],) if self.fallback else ()
        out = left_out(keys, width, self.expendable, kept)
        if out and self.fallback is not None:
            action, word = self.fallback
            keys = [
                key._replace(description=_(word)) if name_of(key.action) == action else key
                for key in keys
            ]
            out = left_out(keys, width, self.expendable, kept)
        return [key for i, key in enumerate(keys) if i not in out]

    def render_line(self, y: int) -> Strip:
        if y:
            return Strip.blank(self.size.width, self.line_styles()[0])
        return self.laid_out()[0]

    # -- the mouse --------------------------------------------------------------------------
    def place_at(self, x: int) -> int | None:
        """The shown key at cell ``x`` (by place), or None."""
        for place, (start, end, _key) in enumerate(self.laid_out()[1]):
            if start <= x < end:
                return place
        return None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        place = self.place_at(event.x)
        if place is None:
            return
        key = self.laid_out()[1][place][2]
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hover(self.place_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self.hover(None)

    def hover(self, place: int | None) -> None:
        """Highlight the shown key at ``place`` (None: none), with its tooltip and the
        pointer of a thing to click."""
        if place == self.hovered:
            return
        self.hovered = place
        places = self.laid_out()[1]
        self.tooltip = places[place][2].tooltip or None if place is not None else None
        self.styles.pointer = "default" if place is None else "pointer"
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.hovered = None
        self.refresh()
