"""Translated sentences with styled parts: ``fill(_("{name} played {cards}"), cards=Text)``.

A template is a whole sentence from the catalogue, so translators may reorder its fields;
a field may be a Rich ``Text`` (a card in its colour), which keeps its own style.
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

_FIELD = re.compile(r"\{\{|\}\}|\{(\w+)\}")


def fill(template: str, style: str | Style = "", **fields: object) -> Text:
    """``template`` with each ``{field}`` replaced by its value (a ``Text`` keeps its styles);
    the template's own words are in ``style``; ``{{`` and ``}}`` stand for braces."""
    out = Text()
    pos = 0
    for match in _FIELD.finditer(template):
        out.append(template[pos : match.start()], style=style)
        pos = match.end()
        name = match.group(1)
        if name is None:
            out.append(match.group(0)[0], style=style)
            continue
        value = fields[name]
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(str(value))
    out.append(template[pos:], style=style)
    return out


def mine_or(seat: object, me: object, mine: str, theirs: str) -> str:
    """The "You …" sentence for the local seat, else the "{name} …" one (two msgids, as
    many languages conjugate differently)."""
    return mine if me is not None and seat == me else theirs
