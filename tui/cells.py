"""Layout by terminal cells, not characters: CJK glyphs take two cells, Devanagari vowel
signs none. Every column, padding and cut of text a player reads goes through here, so a
translated word never pushes a column out of line or gets cut in half.

Also ``fill``: a translated sentence whose fields are styled pieces (a name in its look).
"""

from __future__ import annotations

from rich.cells import cell_len


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
