"""Words: every sentence a player reads goes through here (gettext, catalogues in ``locale/``).

The wire carries data (event dicts, codes and parameters), never sentences, so each player's
screen words the table in that player's own language. This module is a leaf: it imports only
the standard library, so engine/, net/ and tui/ may all use it.

- ``_(msgid)``, ``ngettext(singular, plural, n)``, ``pgettext(context, msgid)``: the current
  language's words. ``N_(msgid)`` only marks a string for extraction (tables of templates);
  ``NP_(context, msgid)`` marks it in a context, for ``in_context``.
- A message context that is a game's name (``"swapo"``) gives the words of a message whose
  English one game says in its own sense (SwaPo's "declare" a joker's rank, 秘十's "declare"
  a trump): ``in_context(game, msgid)`` reads the game's entry where the catalogue has one,
  else the general one; the catalogue check holds the entry to that game's glossary words.
- The current language is the process's (``use(lang)``), unless a context chose its own with
  ``scope(lang)``: an app sets it in its own task, so two apps in one process (tests, the SSH
  server) each read their own language.
- ``pick(flag, saved, environ)`` decides a player's language: ``--lang``, then the one saved in
  the config file, then the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.

Catalogues: ``lang/locale/<code>/LC_MESSAGES/kotatsu.po`` (written by us) and the compiled
``.mo`` beside it, shipped in the package. ``python -m lang.catalog`` extracts, updates and
compiles them (Babel).
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

DOMAIN = "kotatsu"
LOCALE_DIR = Path(__file__).with_name("locale")

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ja": "日本語",
    "zh": "中文",
    "ko": "한국어",
    "hi": "हिन्दी",
}
"""Every language we ship, by code, each named in itself (the lobby's choice shows these)."""

DEFAULT = "en"


class Voice:
    """The language one app reads, changeable while it runs: the context holds this box, so a
    change reaches every task the app started (each copied the context when it began)."""

    def __init__(self, code: str = DEFAULT) -> None:
        self.code = normalize(code) or DEFAULT

    def __repr__(self) -> str:
        return f"Voice({self.code!r})"


_current: ContextVar[Voice | None] = ContextVar("kotatsu_language", default=None)


def normalize(code: object) -> str | None:
    """``"ja_JP.UTF-8"`` -> ``"ja"``, ``"zh-Hans"`` -> ``"zh"``; None for a language we lack
    (``"C"``, ``"POSIX"``, ``"fr_FR"``, anything not a string)."""
    if not isinstance(code, str):
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


_PROCESS = Voice()
"""The process's language: what a context that chose none reads (``use`` changes it)."""


def from_locale(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the locale asks for, the way gettext reads it: the first of LANGUAGE
    (a ``:`` list), LC_ALL, LC_MESSAGES, LANG that is set decides; None if it is not ours."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if not value:
            continue
        if key == "LANGUAGE":
            for part in value.split(":"):
                if found := normalize(part):
                    return found
            continue
        return normalize(value)
    return None


def pick(
    flag: str | None = None, saved: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """A player's language: ``--lang`` first, then the saved choice, then the locale."""
    for choice in (normalize(flag), normalize(saved), from_locale(environ)):
        if choice:
            return choice
    return DEFAULT


@cache
def translation(code: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English and missing catalogues: the msgids)."""
    if code == DEFAULT:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


def use(code: str) -> str:
    """Make ``code`` this process's language (contexts that chose their own keep it)."""
    _PROCESS.code = normalize(code) or DEFAULT
    return _PROCESS.code


def current() -> str:
    """The language of the running context (an app's own, else the process's)."""
    voice = _current.get()
    return (voice or _PROCESS).code


def set_scope(code: str) -> Voice:
    """Give the running context (and the tasks it starts from now on) its own language; set
    ``.code`` on the returned Voice to change it later for all of them at once."""
    voice = Voice(code)
    _current.set(voice)
    return voice


@contextmanager
def scope(code: str) -> Iterator[Voice]:
    """Within the block, the running context reads ``code``."""
    voice = Voice(code)
    token = _current.set(voice)
    try:
        yield voice
    finally:
        _current.reset(token)


def _(msgid: str) -> str:
    """``msgid`` in the current language."""
    return translation(current()).gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language ("1 card" / "2 cards"; one form in ja, zh)."""
    return translation(current()).ngettext(singular, plural, n)


def pgettext(context: str, msgid: str) -> str:
    """``msgid`` in the current language, told apart from the same English in another place."""
    return translation(current()).pgettext(context, msgid)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction without translating it now (templates in tables)."""
    return msgid


def NP_(context: str, msgid: str) -> str:
    """Mark ``msgid`` in ``context`` for extraction (``in_context`` translates it later)."""
    return msgid


def in_context(context: str, msgid: str) -> str:
    """``msgid`` as ``context`` words it where the catalogue has an entry in that context (a
    game's sense of a shared word), else as ``_`` does."""
    found = translation(current())
    worded = found.pgettext(context, msgid)
    return worded if worded != msgid else found.gettext(msgid)


__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "NP_",
    "N_",
    "Voice",
    "_",
    "current",
    "from_locale",
    "in_context",
    "ngettext",
    "normalize",
    "pgettext",
    "pick",
    "scope",
    "set_scope",
    "translation",
    "use",
]
