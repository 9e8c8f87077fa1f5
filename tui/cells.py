"""Layout by terminal cells, not characters: CJK glyphs take two cells, Devanagari's vowel
signs above and below (ु े ं ्) none, its spacing vowel signs (ा ि ी ो ः) one. Every column,
padding and cut of text a player reads goes through here, so a translated word never pushes a
column out of line or gets cut in half.

Terminals give a spacing mark (Unicode category Mc) a cell of its own — glibc's ``wcwidth``,
which xterm, VTE, tmux and the Linux console follow, says 1 — but Rich (and so Textual) counts
it as 0: a Hindi line was drawn wider than it was laid out, and pushed the border of its box
out of line. ``count_spacing_marks()`` (called when ``tui.app`` loads) makes Rich count them as
the terminal does, for every widget at once.

Also ``fill``: a translated sentence whose fields are styled pieces (a name in its look); and
for Rich ``Text`` laid out in a painted area: ``fit`` (cut or padded to a width), ``centred``,
``right_aligned`` and ``wrapped_parts`` (broken only between parts).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

import rich.cells
from rich.cells import cell_len
from rich.text import Text

INDIC = (0x0900, 0x0DFF)
"""Devanagari to Sinhala: the scripts whose spacing vowel signs terminals give a cell."""


def terminal_width(text: str) -> int:
    """The cells ``text`` takes in a terminal that follows glibc's ``wcwidth``: 0 for a
    non-spacing mark or a format character, 2 for a wide (CJK) glyph, 1 for the rest."""
    width = 0
    for char in text:
        category = unicodedata.category(char)
        if category in ("Mn", "Me", "Cf") or char == "\u200b":
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _spacing_marks() -> list[int]:
    lo, hi = INDIC
    return [c for c in range(lo, hi + 1) if unicodedata.category(chr(c)) == "Mc"]


def _without(widths: Any, points: list[int]) -> list[tuple[int, int, int]]:
    """Rich's width ranges with ``points`` taken out (a code point in no range is 1 cell)."""
    out: list[tuple[int, int, int]] = []
    lo, hi = (min(points), max(points)) if points else (1, 0)
    for start, end, width in widths:
        near = width == 0 and start <= hi and lo <= end  # (most ranges are far from them all)
        inside = [p for p in points if start <= p <= end] if near else []
        for point in inside:
            if start < point:
                out.append((start, point - 1, width))
            start = point + 1
        if start <= end:
            out.append((start, end, width))
    return out


def count_spacing_marks() -> bool:
    """Make Rich count a spacing mark as one cell, as terminals do (see the module's text).
    Idempotent; False (nothing changed) if this Rich keeps its widths elsewhere."""
    loader = getattr(rich.cells, "load_cell_table", None)
    table_type = getattr(rich.cells, "CellTable", None)
    if loader is None or table_type is None or getattr(loader, "kotatsu", False):
        return bool(loader is not None and getattr(loader, "kotatsu", False))
    marks = _spacing_marks()

    @cache
    def load(unicode_version: str = "auto") -> Any:
        table = loader(unicode_version)
        widths = _without(table.widths, marks)
        return table_type(table.unicode_version, widths, table.narrow_to_wide)

    load.kotatsu = True  # type: ignore[attr-defined]
    rich.cells.load_cell_table = load
    for cached in ("get_character_cell_size", "cached_cell_len"):
        clear = getattr(getattr(rich.cells, cached, None), "cache_clear", None)
        if clear is not None:
            clear()
    return True


def cut(text: str, width: int) -> str:
    """The longest start of ``text`` that fits ``width`` cells (never half a glyph)."""
    if cell_len(text) <= width:
        return text
    out: list[str] = []
    used = 0
    for char in text:
        size = cell_len(char)
        if used + size > width:
            break
        out.append(char)
        used += size
    return "".join(out)


def ljust(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells and padded on the right to exactly ``width``."""
    kept = cut(text, width)
    return kept + " " * (width - cell_len(kept))


def rjust(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells and padded on the left to exactly ``width``."""
    kept = cut(text, width)
    return " " * (width - cell_len(kept)) + kept


def pad(text: str, width: int) -> str:
    """``text`` padded on the right to at least ``width`` cells (never cut)."""
    return text + " " * max(0, width - cell_len(text))


def fit(text: Text, width: int) -> Text:
    """``text`` cut (with an ellipsis) or padded to exactly ``width`` cells."""
    out = text.copy()
    out.no_wrap = True
    out.truncate(max(0, width), overflow="ellipsis", pad=True)
    return out


def wrapped_parts(text: Text, width: int, separator: str = " · ") -> list[Text]:
    """``text`` in lines of at most ``width`` cells, broken only between its
    ``separator``-joined parts (a seat's "21 cards · 0 pts · led"): never cut in a word
    while a part fits a line."""
    plain = text.plain
    lines: list[Text] = []
    start = 0
    line: Text | None = None
    while start <= len(plain):
        end = plain.find(separator, start)
        end = len(plain) if end < 0 else end
        part = text[start:end]
        if line is None:
            line = part
        elif line.cell_len + len(separator) + part.cell_len <= width:
            line = line + text[start - len(separator) : end]
        else:
            lines.append(line)
            line = part
        start = end + len(separator)
    if line is not None:
        lines.append(line)
    return lines


def right_aligned(lines: list[Text], width: int) -> list[Text]:
    """A block of lines at the right edge of ``width`` cells, each line starting in the
    same column (the right-hand seat around the trick)."""
    widest = min(width, max((line.cell_len for line in lines), default=0))
    return [fit(Text(" " * (width - widest)) + line, width) for line in lines]


def centred(text: Text, width: int) -> Text:
    """``text`` centred in ``width`` cells (cut when too long)."""
    used = min(cell_len(text.plain), width)
    left = max(0, (width - used) // 2)
    return fit(Text(" " * left) + text, width)
