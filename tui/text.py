"""Peer text made safe to show: names and chat arrive from other machines.

Anything a peer typed is shown literally — never parsed as Rich/Textual markup — and with
escape sequences and control characters removed, so nobody can restyle, fake or break
another player's screen.
"""

from __future__ import annotations

import re
import unicodedata

from rich.style import Style
from rich.text import Text

_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: titles, hyperlinks
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"  # DCS, SOS, PM, APC strings
    r"|\x9b[0-?]*[ -/]*[@-~]"  # 8-bit CSI
    r"|\x1b.?"  # any other escape
)
_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F)}


def clean(text: object, *, limit: int = 500) -> str:
    """``text`` without escape sequences, control, formatting or unassigned characters.

    Newlines, tabs and other spaces become plain spaces (a chat line stays one line); the
    result is capped at ``limit`` characters.
    """
    value = text if isinstance(text, str) else str(text)
    if value.isascii() and value.isprintable():  # most names and words: nothing to take out
        return value[:limit]
    value = _ESCAPES.sub("", value)
    out = []
    for ch in value:
        category = unicodedata.category(ch)
        if ch in "\n\t\r" or category in ("Zs", "Zl", "Zp"):
            out.append(" ")
        elif ch in _BIDI or category in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue  # controls, invisible formatting, unassigned code points
        else:
            out.append(ch)
    return "".join(out)[:limit]


def literal(text: object, style: str | Style = "", *, limit: int = 500) -> Text:
    """A Rich ``Text`` showing peer ``text`` exactly as typed (cleaned; no markup parsed)."""
    return Text(clean(text, limit=limit), style=style)


_ASCII = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "★": "*", "♛": "*", "🔒": "*", "✗": "x", "✓": "v"}


def to_ascii(text: str) -> str:
    """``text`` for a terminal without the glyphs: suits as letters, ★ 🔒 as ``*``, wide
    characters left out; the game 秘十 keeps its name as "Mi Shi"."""
    text = text.replace("秘十 Mi Shi", "秘十").replace("秘十", "Mi Shi") if "秘十" in text else text
    out = "".join(
        _ASCII.get(ch, "" if unicodedata.east_asian_width(ch) in "WF" else ch) for ch in text
    )
    return re.sub(r"  +", " ", out).strip() if out != text else out
