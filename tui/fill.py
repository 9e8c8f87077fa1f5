"""Translated sentences with styled parts: ``fill(_("{name} played {cards}"), cards=Text)``.

A template is a whole sentence from the catalogue, so translators may reorder its fields;
a field may be a Rich ``Text`` (a card in its colour), which keeps its own style. Words of
the sentence that look different are wrapped in tags the caller names
(``fill(_("You turned up {card}<dim> (slot {number})</dim>"), tags={"dim": "dim"}, …)``), so
the sentence stays whole for translators; a translation that drops the tags only loses looks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from rich.style import Style
from rich.text import Text

from lang import _

_FIELD = re.compile(r"\{\{|\}\}|\{(\w+)\}|<(/?)(\w+)>")


def fill(
    template: str,
    style: str | Style = "",
    *,
    tags: Mapping[str, str | Style] | None = None,
    **fields: object,
) -> Text:
    """``template`` with each ``{field}`` replaced by its value (a ``Text`` keeps its styles);
    the template's own words are in ``style``, or in ``tags[name]`` between ``<name>`` and
    ``</name>`` (plain fields there too); ``{{`` and ``}}`` stand for braces."""
    tags = tags or {}
    out = Text()
    words: list[str] = []
    current: str | Style = style
    plain: str | Style = ""  # the look of a plain field: none, or the tag's around it

    def flush(look: str | Style) -> None:
        if words:
            out.append("".join(words), style=look)
            words.clear()

    pos = 0
    for match in _FIELD.finditer(template):
        field, closing, tag = match.group(1), match.group(2), match.group(3)
        if tag is not None and tag not in tags:
            continue  # not one of ours: plain words
        words.append(template[pos : match.start()])
        pos = match.end()
        if tag is not None:
            flush(current)
            current, plain = (style, "") if closing else (tags[tag], tags[tag])
        elif field is None:
            words.append(match.group(0)[0])
        else:
            value = fields[field]
            if isinstance(value, Text):
                flush(current)
                out.append_text(value)
            elif plain == current and words:
                words.append(str(value))
            else:
                flush(current)
                out.append(str(value), style=plain)
    words.append(template[pos:])
    flush(current)
    return out


def mine_or(seat: object, me: object, mine: str, theirs: str) -> str:
    """The "You …" sentence for the local seat, else the "{name} …" one (two msgids, as
    many languages conjugate differently)."""
    return mine if me is not None and seat == me else theirs


def and_list(items: Iterable[str]) -> str:
    """Names or words as one list in the reader's language: "Bo", "Bo and Chen", "Ann, Bo and
    Chen" (ja 「アン、ボーとチェン」): whole patterns each language words and punctuates, never
    a separator glued in code."""
    words = list(items)
    if len(words) < 2:
        return "".join(words)
    # TRANSLATORS: a list's last item joined to those before it: "Bo and Chen", "Ann, Bo and
    # Chen" ({first} may be several items already joined by "{first}, {next}")
    return _("{first} and {last}").format(first=comma_list(words[:-1]), last=words[-1])


def comma_list(items: Iterable[str]) -> str:
    """Words as a list without "and", in the reader's language: "Ace, Dagger" (ja
    「Ace、Dagger」), for a setting's several values."""
    words = list(items)
    head = words[0] if words else ""
    for word in words[1:]:
        # TRANSLATORS: a list's items joined: "Ann, Bo" (then "and Chen"); "Ace, Dagger"
        head = _("{first}, {next}").format(first=head, next=word)
    return head


def listed(items: list[str], pair: str) -> str:
    """Items as one list, each joined to the list so far by ``pair`` (a translated
    ``"{a} + {b}"``), so each language chooses its own separator."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = pair.format(a=out, b=item)
    return out
