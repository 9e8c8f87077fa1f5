"""Our stylesheets as Textual's parser reads them fastest (issue 37: start to first card).

Textual parses every stylesheet a screen needs at every start, in Python, one token at a time:
each run of blanks between two tokens, and each comment, is a token of its own. ``compact``
drops the comments and the blanks beside ``{ } ; ,`` and after a declaration's ``:``, and makes
every other run of blanks one space (the combinator between two selectors, the parts of a
value): the same rules from some 30% fewer tokens (a table and its game's stylesheets: some
6 M instructions of a start). tests/tui/test_stylesheets.py parses each of our stylesheets and
widgets' DEFAULT_CSS both ways and compares the rules.

The widgets' DEFAULT_CSS is written ``compact(...)``; the screens' own stylesheets are read
through it when a screen first shows (``KotatsuApp._load_screen_css``). What is written stays
readable, with its comments: only the parser is given the compact text.
"""

from __future__ import annotations

__all__ = ["compact"]

_TIGHT = "{};,"
"""The marks that need no blank on either side."""


def compact(css: str) -> str:
    """``css`` without its comments and the blanks no rule needs (see the module's text)."""
    parts: list[str] = []
    rest = css
    while (start := rest.find("/*")) >= 0:
        end = rest.find("*/", start + 2)
        if end < 0:
            break  # an unclosed comment: left for the parser to refuse
        parts.append(rest[:start])
        parts.append(" ")
        rest = rest[end + 2 :]
    parts.append(rest)
    text = " ".join("".join(parts).split())
    for mark in _TIGHT:
        text = text.replace(f" {mark}", mark).replace(f"{mark} ", mark)
    return text.replace(": ", ":")
