"""What every translation keeps from its English, and the writing conventions a glossary
states (``[conventions]`` in ``lang/glossary/<code>.toml``), as a check.

Kept from the English: the ``%(name)s`` and ``%s`` placeholders (argparse and the command line
fill them), the markup tags (``<b>…</b>``, ``<dim>``, ``[b]``) and, where the entry's comment
says ``≤ N cells`` (a footer key, a column head), a width of at most N terminal cells. The
``{field}`` templates are checked by ``lang/catalog.py``.

Conventions (each language's glossary says which it keeps):

- ``punctuation = "full-width"`` (ja): no ASCII ``:`` ``?`` ``!`` right after Japanese, and no
  ASCII brackets around or next to Japanese words (``（既定：3）``, not ``(既定: 3)``).
- ``number_fields = [...]`` (zh): no space between Chinese and a number, a number's field
  (``{count}``) or a card count (``还剩{count}秒``, ``{n}号座位``; not ``还剩 {count} 秒``).
- ``never = [...]``: words no entry uses, whatever its English (ko 당신 and 님, ja 手を打つ).

A developer's tool: it reads the catalogues, and measures widths as a terminal does.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

_PERCENT = re.compile(r"%(?:\(\w+\))?[sdr]")
_TAG = re.compile(r"</?[a-z]+>|\[/?[a-z][a-z ]*\]")
_CELLS = re.compile(r"≤\s*(\d+)\s*cells")
_JA = r"[\u3040-\u30ff\u3400-\u9fff「」、。・ー]"
_ZH = r"[\u3400-\u9fff]"


def cells(text: str) -> int:
    """How many cells a line takes in a terminal (tui/cells.py: a CJK glyph two, Devanagari's
    spacing vowel signs one, as glibc's wcwidth says)."""
    from tui.cells import terminal_width

    return terminal_width(text)


def cell_limit(comments: Iterable[str]) -> int | None:
    """The width an entry's comment allows (``≤ N cells``), when it gives one limit only."""
    found = [int(n) for comment in comments for n in _CELLS.findall(comment)]
    text = " ".join(comments)
    return found[0] if len(found) == 1 and text.count("≤") == 1 else None


def kept(english: str, translations: Sequence[str], comments: Sequence[str]) -> list[str]:
    """What the translations fail to keep of the English (one line each)."""
    out = []
    limit = cell_limit(comments)
    for translated in translations:
        if Counter(_PERCENT.findall(translated)) != Counter(_PERCENT.findall(english)):
            out.append(f"does not keep its placeholders {sorted(set(_PERCENT.findall(english)))}")
        if Counter(_TAG.findall(translated)) != Counter(_TAG.findall(english)):
            out.append(f"does not keep its tags {sorted(set(_TAG.findall(english)))}")
        if limit is not None and cells(_TAG.sub("", translated)) > limit:
            out.append(f"is {cells(_TAG.sub('', translated))} cells wide, over its {limit}")
    return list(dict.fromkeys(out))


def style(translations: Sequence[str], rules: dict) -> list[str]:
    """Where the translations break their language's conventions (``rules``: the glossary's
    ``[conventions]``)."""
    out = []
    numbers = rules.get("number_fields")
    never = rules.get("never", ())
    for translated in translations:
        text = _PERCENT.sub("", translated)
        if rules.get("punctuation") == "full-width":
            found = re.search(rf"{_JA}[:?!()]|\({_JA}", text)
            if found:
                out.append(f"has ASCII punctuation by Japanese ({found.group()!r}): full-width")
        if numbers:
            number = r"(?:\{(?:" + "|".join(map(re.escape, numbers)) + r")\}|\d+)"
            found = re.search(rf"{_ZH} {number}|(?<!\w ){number} {_ZH}", text)
            if found:
                out.append(f"spaces a number from the words ({found.group()!r})")
        out += [f"uses {word!r}, which its glossary rules out" for word in never if word in text]
    return list(dict.fromkeys(out))
