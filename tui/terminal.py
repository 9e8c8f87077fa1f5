"""The app's own words to the terminal, beside Textual's drawing: the bell and a desktop
notification (OSC 9 / OSC 777), e.g. when the table starts waiting for the player.

Textual writes to the terminal through its driver, which the app does not hold publicly;
``KotatsuApp.get_driver_class`` (a public hook) hands Textual a subclass of the platform's
driver that attaches its ``write`` to the app's ``TerminalOut`` when it starts. Under
``run_test`` (headless) nothing is attached and nothing is written, unless a test attaches its
own ``write`` to capture what would be.

A terminal that draws ASCII only (``--ascii``, the Linux console, a locale without UTF-8)
gets every line the app writes in ASCII (``to_ascii``): the driver's ``write`` turns what is
left of other characters (the separators "·" and "—" in the words, arrows, box corners,
marks such as ♛) into ASCII ones of the same width, after Textual has drawn the lines. The
cards, borders and scroll bars are drawn in ASCII by the app itself; this catches the rest.
The letters of other scripts (Hindi's Devanagari; Chinese, Japanese and Korean, two cells
wide, which no ASCII could take) are left as they are: a player who chose such a language
reads them.

Which notification a terminal understands cannot be asked, so it is read from the environment
(``notification_kind``); where nothing tells, OSC 9 is sent, which the terminals that do not
know it ignore. Inside tmux (``$TMUX``) the notification is wrapped in tmux's passthrough
(``ESC P tmux; … ESC \\``, inner ESCs doubled): tmux passes it to the outer terminal when its
``allow-passthrough`` option is on, and drops it silently when not. The bell needs no wrapping.
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from textual.driver import Driver
from textual.scrollbar import ScrollBarRender

BELL = "\a"
ESC = "\x1b"
ST = ESC + "\\"  # string terminator
TITLE = "kotatsu"
BODY_LIMIT = 120


def notification_kind(environ: Mapping[str, str] | None = None) -> str:
    """``"osc777"`` for the terminals known to take ``OSC 777;notify`` and not ``OSC 9``
    (VTE terminals such as GNOME Terminal, foot, urxvt), else ``"osc9"`` (iTerm2, WezTerm,
    kitty, Ghostty, Windows Terminal, ConEmu…)."""
    env = os.environ if environ is None else environ
    term = env.get("TERM", "")
    if env.get("VTE_VERSION") or term.startswith(("foot", "rxvt")):
        return "osc777"
    return "osc9"


def safe_text(text: str, limit: int = BODY_LIMIT) -> str:
    """``text`` with nothing that could end or bend an escape sequence: control characters
    (ESC, BEL, newlines…) become spaces, and ``;`` (OSC 777's separator) a comma."""
    out = "".join(" " if ord(c) < 32 or 0x7F <= ord(c) < 0xA0 else c for c in text)
    return out.replace(";", ",")[:limit].strip()


def notification(body: str, environ: Mapping[str, str] | None = None) -> str:
    """The escape sequence of a desktop notification saying ``body`` (titled "kotatsu"), for
    this terminal (and through tmux when inside it)."""
    env = os.environ if environ is None else environ
    body = safe_text(body)
    if notification_kind(env) == "osc777":
        sequence = f"{ESC}]777;notify;{TITLE};{body}{ST}"
    else:
        sequence = f"{ESC}]9;{TITLE}: {body}{ST}"
    if env.get("TMUX"):
        sequence = f"{ESC}Ptmux;" + sequence.replace(ESC, ESC + ESC) + ST
    return sequence


ASCII_LIKE = {
    "·": ".", "•": "*", "…": ".", "—": "-", "–": "-", "−": "-", "‐": "-", "‘": "'", "’": "'",
    "‚": ",", "“": '"', "”": '"', "„": '"', "«": "<", "»": ">", "‹": "<", "›": ">",
    "×": "x", "÷": "/", "±": "+", "°": "o", "←": "<", "→": ">", "↑": "^", "↓": "v",
    "↔": "-", "⇄": "-", "▶": ">", "►": ">", "▸": ">", "◀": "<", "◂": "<", "▲": "^",
    "▼": "v", "★": "*", "☆": "*", "♛": "*", "♚": "*", "✓": "v", "✔": "v", "✗": "x",
    "✘": "x", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "⏎": ">", "।": ".",
    "†": "+", "‡": "+", "μ": "u", "σ": "s", "\u00a0": " ", "\u202f": " ",
}  # fmt: skip
"""One-cell characters the app's words and marks use, and the ASCII each is drawn as."""

_NOT_ASCII = re.compile(r"[^\x00-\x7f]")


@functools.cache
def ascii_of(char: str) -> str:
    """The ASCII character that stands for ``char`` (one that is not ASCII), as wide as it:
    the table's, a box-drawing line's direction, a block's "#", a letter without its accent,
    else "?"; a wide or zero-width character, and a letter of another script, is kept (see
    the module docstring)."""
    if char in ASCII_LIKE:
        return ASCII_LIKE[char]
    if unicodedata.east_asian_width(char) in "WF" or unicodedata.combining(char):
        return char
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):  # lines one way; corners, joins and ends "+"
        if " AND " in name or "ARC" in name or "DIAGONAL" in name:
            return "+"
        return "-" if "HORIZONTAL" in name else "|" if "VERTICAL" in name else "+"
    if 0x2580 <= ord(char) <= 0x259F:  # block elements: bars, shades
        return "#"
    base = unicodedata.normalize("NFKD", char)[:1]
    if base.isascii() and base.isprintable() and base != " ":
        return base  # a Latin letter without its accent
    if unicodedata.category(char)[0] in "LMN":
        return char  # a letter of the player's language (Hindi's Devanagari): kept
    return "?"


def to_ascii(data: str) -> str:
    """``data`` (lines and escape sequences, as the driver writes them) with every character
    that is not ASCII drawn as ``ascii_of`` says."""
    return _NOT_ASCII.sub(lambda m: ascii_of(m.group()), data)


class TerminalOut:
    """Where the app's own escape sequences go: the driver's ``write`` once it runs."""

    def __init__(self) -> None:
        self._write: Callable[[str], object] | None = None

    def attach(self, write: Callable[[str], object] | None) -> None:
        self._write = write

    def write(self, data: str) -> bool:
        """Write ``data`` to the terminal; False if there is none (headless, not started)."""
        if self._write is None:
            return False
        self._write(data)
        return True


def attaching_driver(base: type[Driver]) -> type[Driver]:
    """A subclass of ``base`` that attaches its ``write`` to its app's ``terminal_out`` (a
    ``TerminalOut``) when it is made, and writes ASCII only when the app's settings say so
    (``ascii_only``; a browser is never given ASCII only)."""

    class Attaching(base):  # type: ignore[valid-type, misc]
        def __init__(self, app: Any, **kwargs: Any) -> None:
            super().__init__(app, **kwargs)
            settings = getattr(app, "settings", None)
            self.ascii_only = bool(getattr(settings, "ascii_only", False)) and not self.is_web
            out = getattr(app, "terminal_out", None)
            if isinstance(out, TerminalOut) and not self.is_web:
                out.attach(self.write)

        def write(self, data: str) -> None:
            super().write(to_ascii(data) if self.ascii_only else data)

    Attaching.__name__ = Attaching.__qualname__ = f"Attaching{base.__name__}"
    return Attaching


class AsciiScrollBarRender(ScrollBarRender):
    """Scroll bars for a terminal that draws ASCII only (``--ascii``, TERM=linux, a locale
    without UTF-8): the thumb in whole cells of its colour. Textual draws the thumb's ends in
    eighth blocks (▁▂▃…, ▉▊▋…), which such a terminal shows as garbage. The app puts it in
    Textual's place (``ScrollBar.renderer``, a class-wide setting Textual documents) while it
    runs, and puts Textual's back when it ends."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8
