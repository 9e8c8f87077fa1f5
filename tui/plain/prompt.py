"""The screens' questions said for typed commands: the key hints of a game's prompt (``space
pick, enter play``, ``p pass``, ``←→ 3 choices``, ``s scores · q leave``) are taken out, or
said again with the commands' words; the rest is the screen's own sentence, in the player's
language (each hint is found by its translation, its ``{fields}`` as they were filled).

``plain_question`` is the question a plain player hears; ``fitting`` (tui/plain/table.py)
names the commands that fit now.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType

from lang import N_, _, ngettext

from .words import command_words


@dataclass(frozen=True)
class Rewrite:
    """A key hint of the screens (``keys``: their msgid, a template, or its singular and
    plural) and what the plain table says instead (``plain``: a msgid, its fields the hint's
    and the commands' words; None: nothing, the separator before the hint goes too)."""

    keys: str | tuple[str, str]
    plain: str | None = None

    def said(self) -> set[str]:
        """The hint in the player's language (each plural form)."""
        if isinstance(self.keys, str):
            return {_(self.keys)}
        return {ngettext(*self.keys, n) for n in (1, 2, 5)}

    def patterns(self) -> list[re.Pattern[str]]:
        lead = "(?: — | · |\\s)?" if self.plain is None else ""
        return [
            re.compile(lead + template_pattern(said) + END)
            for said in sorted(self.said(), key=len, reverse=True)
        ]

    def apply(self, question: str, words: Mapping[str, str]) -> str:
        def said(match: re.Match[str]) -> str:
            if self.plain is None:
                return ""
            return _(self.plain).format(**match.groupdict(), **words)

        for pattern in self.patterns():
            question = pattern.sub(said, question)
        return question


def template_pattern(template: str) -> str:
    """A filled ``template`` found again: each ``{field}`` a group (a repeated one the same)."""
    out, seen = [], set()
    for n, part in enumerate(re.split(r"\{(\w+)\}", template)):
        if n % 2 == 0:
            out.append(re.escape(part))
        else:
            out.append(f"(?P={part})" if part in seen else f"(?P<{part}>.+?)")
            seen.add(part)
    return "".join(out)


END = r"(?= · | — |$)"  # a hint ends the question, or the part of it before a separator


#: The key hints every game's screen shows (each game's own: ``REWRITES`` in its
#: tui/games/<game>/plain.py, found by ``rewrites``).
SHARED = (
    Rewrite(
        "Game over · r review the game · s scores · q leave",
        # TRANSLATORS: plain table: the game is over; {score} and {quit} are commands
        N_("Game over · {score} reads the scores · {quit} leaves"),
    ),
    Rewrite(
        "Game over · s scores · q leave",
        # TRANSLATORS: plain table: the game is over; {score} and {quit} are commands
        N_("Game over · {score} reads the scores · {quit} leaves"),
    ),
)


@functools.cache
def rewrites() -> tuple[Rewrite, ...]:
    """The shared key hints and every registered game's own (a game without a plain table of
    its own has none). The msgids of the screens' hints are theirs (tui/games/*/ask.py,
    tui/table/decisions.py): plain strings in the games' lists, not marked again."""
    import engine

    found = list(SHARED)
    for name in engine.GAMES:
        module = plain_module(name)
        found += getattr(module, "REWRITES", ()) if module is not None else ()
    return tuple(found)


def plain_module(name: str) -> ModuleType | None:
    """A game's ``tui/games/<game>/plain.py``, or None where it has none."""
    if not name.isidentifier():
        return None
    try:
        return importlib.import_module(f"tui.games.{name}.plain")
    except ModuleNotFoundError:
        return None


KEY_IN_BRACKETS = re.compile(r"\s*[(（](?:space|enter|esc)[)）]")


def plain_question(question: str, words: Mapping[str, str] | None = None) -> str:
    """The screen's question with its key hints said as commands (``words``: the commands'
    words at the game's table), or taken out (the longest first: a short hint's words may be
    inside a longer one's)."""
    said = command_words() if words is None else words
    for rewrite in sorted(rewrites(), key=lambda r: -max(len(said) for said in r.said())):
        question = rewrite.apply(question, said)
    return KEY_IN_BRACKETS.sub("", question).strip()


def plain_refusal(reason: str, words: Mapping[str, str] | None = None) -> str:
    """A refusal without the keys a screen would press ("… (space)", "or x to stop")."""
    return plain_question(reason, words)
