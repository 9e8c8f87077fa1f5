"""Peer text made safe: names and chat lines as the host keeps and shows them (a leaf: the
wire's checks (net/wire/messages.py) and the table's settings (net/table/settings.py) both read
it)."""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 24
CHAT_LIMIT = 500

_KEEP_FORMAT = {"\u200d"}  # the zero-width joiner builds emoji; other format chars go


def clean_text(text: str, limit: int) -> str:
    """Peer text made safe to store and show: control and format characters (terminal escapes,
    bidi overrides, newlines) removed, whitespace runs collapsed, at most ``limit`` characters."""
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch.isspace():
            kept.append(" ")
            continue
        if category in ("Cc", "Cs", "Co", "Cn"):
            continue
        if category == "Cf" and ch not in _KEEP_FORMAT:
            continue
        kept.append(ch)
    return " ".join("".join(kept).split())[:limit]


def clean_name(name: str, fallback: str) -> str:
    """A seat name: clean text of at most NAME_LIMIT characters, ``fallback`` if nothing is left."""
    return clean_text(name, NAME_LIMIT) or fallback


def clean_chat(text: str) -> str:
    """A chat line: clean text of at most CHAT_LIMIT characters (may be empty)."""
    return clean_text(text, CHAT_LIMIT)
