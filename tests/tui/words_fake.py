"""A fake language for the words tests: every message comes back wrapped in ⟦…⟧, so a test
can tell a translated string from English that never went through gettext."""

from __future__ import annotations

import gettext
import re

import pytest

import lang

WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")


class Brackets(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"


def use_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lang, "translation", lambda code: Brackets())


def english_left(text: str, names: list[str]) -> list[str]:
    """Words of three letters or more outside ⟦…⟧ (and not a player's name)."""
    rest = WRAPPED.sub(" ", text)
    for name in names:
        rest = rest.replace(name, " ")
    return re.findall(r"[A-Za-z]{3,}", rest)
