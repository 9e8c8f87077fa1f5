"""The glossaries as a check: where the English uses a term, the translation uses its word.

``lang/glossary/terms.toml`` names the English terms: an id, a pattern that finds the term in
English text (a regular expression, case-insensitive unless ``case = true``) and, for a term
one game uses in its own sense, the ``game`` (``swapo``, ``swoop``, ``mishi``).
``lang/glossary/<code>.toml`` gives each term id the one word of that language (``word``) and
the other forms a sentence may need (``forms``: inflections, the short form of a key label);
``seed`` says which seed document the word comes from.

A catalogue entry whose msgid uses a term must use the word (or one of its forms) in every
msgstr, unless it is an exception with a reason: a translator comment
``# glossary: <term id>: <reason>`` on the entry in the .po file, or an ``[[exception]]`` in
the language's glossary file (``msgid``, ``term``, ``reason``). The rules help
(``tui/help/<code>/<game>.md``) is held to the same words, paragraph by paragraph, list item by
list item and table row by table row against the English help; its exceptions are
``[[exception]]`` entries with ``help = "<game>"`` and ``text`` (the start of the English unit).

A term with a ``game`` applies to entries used in that game's files (its name in the entry's
``#:`` location), and always in that game's help; an entry whose game cannot be told accepts
the word of any game's sense of the term. This module is a developer's tool (``python -m
lang.catalog check`` runs it); it reads only the standard library and the catalogues.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

GLOSSARY_DIR = Path(__file__).with_name("glossary")
HELP_DIR = Path(__file__).resolve().parent.parent / "tui" / "help"
GAMES = ("swapo", "swoop", "mishi")
COMMENT = re.compile(r"^glossary:\s*([\w.@-]+)\s*:\s*(\S.*)$")
_FIELD = re.compile(r"\{(\w*)[^{}]*\}|%\((\w+)\)[sd]")
_MARKUP = re.compile(r"</?[a-z]+>|\[/?[a-z ]*\]", re.IGNORECASE)


@dataclass(frozen=True)
class Term:
    """One English term: where it shows and which game's sense it is."""

    id: str
    pattern: re.Pattern[str]
    game: str | None = None
    base: str = ""
    """The id without its game (``pair@swapo`` -> ``pair``): the senses of one term."""


@dataclass(frozen=True)
class Word:
    """One language's word for a term, and the forms a sentence may use instead."""

    term: str
    word: str
    forms: tuple[str, ...] = ()
    seed: str = ""

    @property
    def accepted(self) -> tuple[str, ...]:
        return (self.word, *self.forms)


@dataclass
class Glossary:
    code: str
    words: dict[str, Word]
    exceptions: set[tuple[str, str]] = field(default_factory=set)
    """(msgid, term id) the glossary file excuses."""
    help_exceptions: set[tuple[str, str, str]] = field(default_factory=set)
    """(game, start of the English unit, term id)."""


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


@cache
def terms() -> tuple[Term, ...]:
    """Every English term of ``terms.toml``, in its order."""
    out = []
    for term_id, spec in _load(GLOSSARY_DIR / "terms.toml").items():
        flags = 0 if spec.get("case") else re.IGNORECASE
        game = spec.get("game")
        if game is not None and game not in GAMES:
            raise ValueError(f"terms.toml: {term_id} names no game we have ({game})")
        out.append(Term(term_id, re.compile(spec["match"], flags), game, term_id.split("@")[0]))
    return tuple(out)


def glossary(code: str, path: Path | None = None) -> Glossary:
    """The glossary of ``code`` (``lang/glossary/<code>.toml`` unless ``path`` says)."""
    data = _load(path or GLOSSARY_DIR / f"{code}.toml")
    known = {term.id for term in terms()}
    words: dict[str, Word] = {}
    for term_id, spec in data.get("words", {}).items():
        if term_id not in known:
            raise ValueError(f"{code}.toml: {term_id} is not a term of terms.toml")
        if isinstance(spec, str):
            spec = {"word": spec}
        words[term_id] = Word(
            term_id, spec["word"], tuple(spec.get("forms", ())), spec.get("seed", "")
        )
    found = Glossary(code, words)
    for item in data.get("exception", []):
        if not str(item.get("reason", "")).strip():
            raise ValueError(f"{code}.toml: an exception for {item.get('term')} gives no reason")
        if "help" in item:
            found.help_exceptions.add((item["help"], item["text"], item["term"]))
        else:
            found.exceptions.add((item["msgid"], item["term"]))
    return found


def english_text(text: str) -> str:
    """An English text ready for the terms' patterns: its markup gone, each field written
    ``_F_name_`` (so ``{rank}`` is no rank, and ``three {rank}s`` is ``three _F_rank_s``)."""
    text = re.sub(r"\s+", " ", _MARKUP.sub(" ", text))
    return _FIELD.sub(lambda m: f"_F_{m.group(1) or m.group(2)}_", text)


def games_of(locations: Iterable[str]) -> set[str]:
    """The games whose files use an entry (their names in its locations' paths)."""
    found: set[str] = set()
    for path in locations:
        parts = re.split(r"[/_.]", path)
        found.update(game for game in GAMES if game in parts)
    return found


def _accepts(text: str, options: Sequence[Word]) -> bool:
    return any(form in text for word in options for form in word.accepted)


def violations(
    english: str, translations: Sequence[str], games: set[str], gloss: Glossary
) -> list[str]:
    """The term ids whose word the translations miss (one id per term)."""
    text = english_text(english)
    hits: dict[str, list[Term]] = {}
    for term in terms():
        if term.id in gloss.words and term.pattern.search(text):
            hits.setdefault(term.base, []).append(term)
    missing = []
    for base, senses in hits.items():
        own = [t for t in senses if t.game is not None and t.game in games]
        general = [t for t in senses if t.game is None]
        if own:
            applies = own
        elif games and general:
            applies = general
        elif not games:
            applies = senses  # the game cannot be told: any sense's word will do
        else:
            continue  # only another game's sense of the term: not this entry's
        options = [gloss.words[t.id] for t in applies]
        for translated in translations:
            if not _accepts(translated, options):
                missing.append(applies[0].id if len(applies) == 1 else base)
                break
    return missing


def comment_exceptions(comments: Iterable[str]) -> set[str]:
    """The term ids a .po entry's translator comments excuse (``glossary: id: reason``)."""
    out = set()
    for comment in comments:
        match = COMMENT.match(comment.strip())
        if match:
            out.add(match.group(1))
    return out


def _excused(term_id: str, excused: set[str]) -> bool:
    return term_id in excused or term_id.split("@")[0] in excused


def catalogue_problems(
    code: str, catalog: Any, used: set[tuple[str, str | None]], gloss: Glossary | None = None
) -> list[str]:
    """Every entry of a Babel catalogue that misses a glossary word, one line each."""
    gloss = gloss or glossary(code)
    out = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if (ids[0], message.context) not in used:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            continue
        excused = comment_exceptions(message.user_comments)
        excused |= {term for msgid, term in gloss.exceptions if msgid == ids[0]}
        games = games_of(path for path, _ in message.locations)
        for english in ids[:1]:
            for term_id in violations(english, strings, games, gloss):
                if not _excused(term_id, excused):
                    want = _want(term_id, gloss)
                    out.append(f"{code}: {ids[0]!r} uses {term_id!r} without {want}")
    return out


def _want(term_id: str, gloss: Glossary) -> str:
    if term_id in gloss.words:
        return repr(gloss.words[term_id].word)
    words = [w.word for t, w in gloss.words.items() if t.split("@")[0] == term_id]
    return " or ".join(repr(w) for w in words)


def units(text: str) -> list[str]:
    """A help text's units: headings, paragraphs, list items, table rows (in order)."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.splitlines()
        current: list[str] = []
        for line in lines:
            numbered = re.match(r"^\d+\. ", line) and (
                not current or re.match(r"^\d+\. ", current[0])
            )  # "50. But" inside a paragraph is no list item
            starts = line.startswith(("#", "- ", "|")) or numbered
            if starts and current:
                out.append("\n".join(current))
                current = []
            if re.match(r"^\|[-| :]+\|$", line.strip()):
                continue  # a table's rule line
            current.append(line)
        if current:
            out.append("\n".join(current))
    return out


def help_problems(code: str, help_dir: Path = HELP_DIR, gloss: Glossary | None = None) -> list[str]:
    """Every unit of a language's rules help that misses a word its English unit calls for."""
    gloss = gloss or glossary(code)
    out = []
    for game in GAMES:
        english_path = help_dir / f"{game}.md"
        path = help_dir / code / f"{game}.md"
        if not path.is_file() or not english_path.is_file():
            continue
        english = units(english_path.read_text(encoding="utf-8"))
        translated = units(path.read_text(encoding="utf-8"))
        if len(english) != len(translated):
            out.append(
                f"{code}: help/{game}.md has {len(translated)} paragraphs, items and rows; "
                f"the English has {len(english)}"
            )
            continue
        for eng, tra in zip(english, translated, strict=True):
            for term_id in violations(eng, [tra], {game}, gloss):
                if any(
                    g == game and eng.startswith(start) and _excused(term_id, {t})
                    for g, start, t in gloss.help_exceptions
                ):
                    continue
                first = eng.splitlines()[0][:60]
                out.append(
                    f"{code}: help/{game}.md {first!r} uses {term_id!r} "
                    f"without {_want(term_id, gloss)}"
                )
    return out
