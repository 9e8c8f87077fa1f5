"""The glossaries as a check: where the English uses a term, the translation uses its word.

``lang/glossary/terms.toml`` names the English terms: an id, a pattern that finds the term in
English text (a regular expression, case-insensitive unless ``case = true``) and, for a term
one game uses in its own sense, the ``game`` (``swapo``, ``swoop``, ``mishi``).
``lang/glossary/<code>.toml`` gives each term id the one word of that language (``word``) and
the other forms a sentence may need (``forms``: inflections, the short form of a key label);
``seed`` says which seed document the word comes from.

A catalogue entry whose msgid uses a term must use the word (or one of its forms) in every
msgstr, as a word (``occurs``), and no other game's word nor a word the glossary's ``avoid``
rules out, unless it is an exception with a reason that names the term: a translator comment
``# glossary: <term id>: <reason>`` on the entry in the .po file, or an ``[[exception]]`` in
the language's glossary file (``msgid``, ``term``, ``reason``). The rules help
(``tui/help/<code>/<game>.md``) is held to the same words, paragraph by paragraph, list item by
list item and table row by table row against the English help; its exceptions are
``[[exception]]`` entries with ``help = "<game>"`` and ``text`` (the start of the English unit).

A term with a ``game`` applies to the entries of that game (``entry_games``: a message context
naming it, ``game: <name>`` in the entry's comments, the code of a reason, the game's own
folders holding it), and always in that game's help; an entry whose game cannot be told and
whose term has no general sense fails until it says its game. docs/i18n/check.md tells
translators all this.
This module is a developer's tool (``python -m lang.catalog check`` runs it).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

GLOSSARY_DIR = Path(__file__).with_name("glossary")
HELP_DIR = Path(__file__).resolve().parent.parent / "tui" / "help"
GAMES = ("swapo", "swoop", "mishi", "daifugo")
"""The games whose entries the check can tell (daifugo has no glossary senses yet: a term of
another game's sense is not its own)."""
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
    avoid: tuple[str, ...] = ()
    """Words a translation of this term must not use (another sense's, a calque, a homonym)."""

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
    conventions: dict[str, Any] = field(default_factory=dict)
    """The writing conventions the language keeps (lang/conventions.py)."""
    not_words: tuple[str, ...] = ()
    """Words of the language that hold a glossary word without being it (zh 主机 holds 主):
    a glossary word found only inside one of these, or inside another term's word, is absent."""

    def others(self) -> tuple[str, ...]:
        """Every longer word a glossary word may sit inside without being it."""
        found = {form for word in self.words.values() for form in word.accepted}
        return tuple(sorted(found | set(self.not_words), key=len, reverse=True))


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
            term_id,
            spec["word"],
            tuple(spec.get("forms", ())),
            spec.get("seed", ""),
            tuple(spec.get("avoid", ())),
        )
    found = Glossary(
        code,
        words,
        conventions=dict(data.get("conventions", {})),
        not_words=tuple(data.get("not_words", ())),
    )
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


GAME_COMMENT = re.compile(r"\bgame:\s*(\w+)")
GAME_FOLDER = re.compile(r"(?:engine|tui/games)/(\w+)/")
"""A game's own folders: the engine's rules and the table's words of that game alone."""


def games_of(
    locations: Iterable[str], context: str | None = None, comments: Iterable[str] = ()
) -> set[str]:
    """The games an entry belongs to: its message context when that is a game's name, else
    the ``game: <name>`` its comments say, else the games whose own folders hold it
    (``engine/<game>/``, ``tui/games/<game>/``): a file elsewhere says no game, whatever its
    name (a shared file's message says its game in a context or a comment)."""
    if context in GAMES:
        return {context}
    said = {m.group(1) for c in comments for m in GAME_COMMENT.finditer(c)}
    if said & set(GAMES):
        return said & set(GAMES)
    found: set[str] = set()
    for path in locations:
        own = GAME_FOLDER.match(path)
        if own and own.group(1) in GAMES:
            found.add(own.group(1))
    return found


BOUNDARY = {"hi": "word", "ko": "start"}
"""How a word is told from a longer one: Hindi writes words apart (a word ends where the
letters do), Korean too but a particle follows the word; Japanese and Chinese write no spaces,
so there a word found only inside a longer word the glossary knows (``Glossary.others``) is
not there."""


def _letter(char: str) -> bool:
    return unicodedata.category(char)[0] in "LM"


def occurs(text: str, word: str, code: str, longer: Sequence[str] = ()) -> bool:
    """Whether ``word`` is in ``text`` as a word of its own (not inside another word)."""
    mode = BOUNDARY.get(code, "inside")
    start = 0
    while (i := text.find(word, start)) >= 0:
        start, end = i + 1, i + len(word)
        before = i > 0 and _letter(text[i - 1])
        after = end < len(text) and _letter(text[end])
        if mode == "word" and not before and not after:
            return True
        if mode == "start" and not before:
            return True
        if mode == "inside" and not any(
            len(o) > len(word) and _inside(text, o, i, end) for o in longer
        ):
            return True
    return False


def _inside(text: str, other: str, i: int, end: int) -> bool:
    """Whether text[i:end] lies inside an occurrence of ``other``."""
    lo = max(0, end - len(other))
    return any(
        j <= i and j + len(other) >= end for j in _finds(text[lo : i + len(other)], other, lo)
    )


def _finds(text: str, word: str, offset: int) -> Iterable[int]:
    start = 0
    while (j := text.find(word, start)) >= 0:
        yield offset + j
        start = j + 1


@dataclass(frozen=True)
class Violation:
    """One term an entry's translations get wrong: ``kind`` is ``missing`` (its word is not
    there), ``other`` (another game's word for it is), ``avoid`` (a word the glossary rules
    out is) or ``game`` (the term has a sense per game and the entry names no game)."""

    term: str
    kind: str
    word: str = ""


def violations(
    english: str, translations: Sequence[str], games: set[str], gloss: Glossary
) -> list[Violation]:
    """What the translations get wrong about the terms their English uses (one per term)."""
    text = english_text(english)
    hits: dict[str, list[Term]] = {}
    for term in terms():
        if term.id in gloss.words and term.pattern.search(text):
            hits.setdefault(term.base, []).append(term)
    found = []
    every = {t.id: t for t in terms()}
    named = {f for ts in hits.values() for t in ts for f in gloss.words[t.id].accepted}
    longer = [o for o in gloss.others() if o not in named]
    for base, senses in hits.items():
        own = [t for t in senses if t.game is not None and t.game in games]
        general = [t for t in senses if t.game is None]
        applies = own or general
        if not applies:
            if not games:
                found.append(Violation(base, "game"))
            continue  # only another game's sense of the term: not this entry's
        options = [gloss.words[t.id] for t in applies]
        accepted = {form for w in options for form in w.accepted}
        term_id = applies[0].id if len(applies) == 1 else base
        rivals = [
            w
            for t_id, w in gloss.words.items()
            if every[t_id].base == base and every[t_id] not in applies
        ]
        for translated in translations:
            if not any(occurs(translated, form, gloss.code, longer) for form in accepted):
                found.append(Violation(term_id, "missing"))
                break
            bad = [
                form
                for w in rivals
                for form in w.accepted
                if form not in accepted
                and occurs(translated, form, gloss.code, [*longer, *accepted])
            ]
            if bad:
                found.append(Violation(term_id, "other", bad[0]))
                break
            avoided = [
                a for w in options for a in w.avoid if occurs(translated, a, gloss.code, longer)
            ]
            if avoided:
                found.append(Violation(term_id, "avoid", avoided[0]))
                break
    return found


def comment_exceptions(comments: Iterable[str]) -> dict[str, str]:
    """The term ids a .po entry's translator comments excuse (``glossary: id: reason``), each
    with its reason."""
    out = {}
    for comment in comments:
        match = COMMENT.match(comment.strip())
        if match:
            out[match.group(1)] = match.group(2)
    return out


def names_sense(term_id: str, reason: str) -> bool:
    """Whether an exception's reason names the sense it departs from: the English term (its
    id without the game) is in it."""
    base = term_id.split("@")[0]
    return re.search(rf"\b{re.escape(base)}", reason, re.IGNORECASE) is not None


def _excused(term_id: str, excused: dict[str, str] | set[str]) -> bool:
    return term_id in excused or term_id.split("@")[0] in excused


def reason_games() -> dict[str, set[str]]:
    """The games of the refusal and hint reasons (engine/reasons.py, engine/hints.py), by
    msgid: their codes say it (``swoop.chain``), though their file names no game."""
    from engine import hints, reasons

    found: dict[str, set[str]] = {}
    for table in (reasons.REASONS, hints.HINTS):
        for key, template in table.items():
            game = key.split(".")[0]
            for msgid in reasons.msgids(template):
                found.setdefault(msgid, set())
                if game in GAMES:
                    found[msgid].add(game)
    return found


def entry_games(message: Any, known: dict[str, set[str]] | None = None) -> set[str]:
    """The games a catalogue entry belongs to (``games_of``; a reason's code before that)."""
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    if message.context not in GAMES and known and known.get(msgid):
        return known[msgid]
    comments = [*message.auto_comments, *message.user_comments]
    return games_of((path for path, _ in message.locations), message.context, comments)


def catalogue_problems(
    code: str,
    catalog: Any,
    used: set[tuple[str, str | None]],
    gloss: Glossary | None = None,
    known: dict[str, set[str]] | None = None,
) -> list[str]:
    """Every entry of a Babel catalogue that gets a glossary word wrong, one line each
    (``known``: the games of entries whose code says them, ``reason_games``)."""
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
        for term_id, reason in excused.items():
            if not names_sense(term_id, reason):
                out.append(
                    f"{code}: {ids[0]!r}: the exception for {term_id!r} does not name "
                    f"the sense it departs from ({reason!r})"
                )
        excused |= {term: "" for msgid, term in gloss.exceptions if msgid == ids[0]}
        games = entry_games(message, known)
        for found in violations(ids[0], strings, games, gloss):
            if found.kind == "game" and any(t.split("@")[0] == found.term for t in excused):
                continue  # an exception from every game's sense of the term
            if not _excused(found.term, excused):
                out.append(f"{code}: {ids[0]!r} " + _says(found, gloss))
    return out


def _says(found: Violation, gloss: Glossary) -> str:
    if found.kind == "game":
        return (
            f"uses {found.term!r}, which each game words its own way: "
            "say the game (a message context, or 'game: <name>' in its comment)"
        )
    if found.kind == "other":
        return f"uses another game's word {found.word!r} for {found.term!r}"
    if found.kind == "avoid":
        return f"uses {found.word!r} for {found.term!r}, which the glossary rules out"
    return f"uses {found.term!r} without {_want(found.term, gloss)}"


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
            for found in violations(eng, [tra], {game}, gloss):
                if any(
                    g == game and eng.startswith(start) and _excused(found.term, {t})
                    for g, start, t in gloss.help_exceptions
                ):
                    continue
                first = eng.splitlines()[0][:60]
                out.append(f"{code}: help/{game}.md {first!r} " + _says(found, gloss))
    return out
