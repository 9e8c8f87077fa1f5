"""Keep the catalogues true to the code (Babel; a developer's tool, in the test extras).

    python -m lang.catalog extract    # lang/kotatsu.pot from engine/ net/ tui/ lang/
    python -m lang.catalog update     # add new msgids to every .po, mark gone ones obsolete
    python -m lang.catalog compile    # every .po -> .mo (shipped in the package)
    python -m lang.catalog check      # what is missing, unused, untranslated or mismatched,
                                      # and where a glossary word is missing (lang/terms.py)

Translators edit ``lang/locale/<code>/LC_MESSAGES/kotatsu.po``; then ``compile``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import DOMAIN, LANGUAGES, LOCALE_DIR, conventions, terms

ROOT = LOCALE_DIR.parent.parent
SOURCES = ("engine", "net", "tui", "lang")
POT = LOCALE_DIR.parent / f"{DOMAIN}.pot"
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")

_FIELD = re.compile(r"(?<!\{)\{([a-zA-Z_][a-zA-Z0-9_]*)[^{}]*\}")


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def _key(message: Any) -> tuple[str, str | None]:
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return msgid, message.context


#: A call of a keyword (Babel's Python extractor yields a message only where a keyword's name is
#: followed by ``(`` or ``[``): a file without one has nothing to extract.
_CALLED = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, KEYWORDS))})[\s\\]*[(\[]".encode())


def _python(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """Babel's Python extractor, for a file that calls a keyword somewhere (about half of
    them): the others are not tokenized at all (most of an extraction's time)."""
    from babel.messages.extract import extract_python

    if not _CALLED.search(fileobj.read()):
        return []
    fileobj.seek(0)
    return extract_python(fileobj, keywords, comment_tags, options)


def extract() -> Any:
    """Every message the code marks, as a Babel Catalog (with where each is used)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="kotatsu", domain=DOMAIN, fuzzy=False)
    for source in SOURCES:
        found = extract_from_dir(
            str(ROOT / source),
            method_map=[("**/__snapshots__/**", "ignore"), ("**.py", f"{__name__}:_python")],
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            path = f"{source}/{filename}"
            catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def used_keys() -> set[tuple[str, str | None]]:
    """(msgid, context) of every message used in the code."""
    return {_key(m) for m in extract() if m.id}


def read_po(code: str) -> Any:
    from babel.messages.pofile import read_po as _read

    with po_path(code).open("rb") as f:
        return _read(f, locale=code, domain=DOMAIN)


def fields(text: str) -> set[str]:
    """The ``{name}`` fields a template fills (``{{`` escapes ignored)."""
    return set(_FIELD.findall(text))


def problems(code: str, used: set[tuple[str, str | None]] | None = None) -> list[str]:
    """Everything wrong with one catalogue, one line each (empty: it is complete and true):
    also every entry, and every unit of the language's rules help, that misses a word its
    glossary (``lang/glossary/<code>.toml``) calls for."""
    used = used_keys() if used is None else used
    catalog = read_po(code)
    out: list[str] = []
    have = {_key(m): m for m in catalog if m.id}
    for key in sorted(used - set(have), key=str):
        out.append(f"{code}: missing {key[0]!r}" + (f" (context {key[1]})" if key[1] else ""))
    for key in sorted(set(have) - used, key=str):
        out.append(f"{code}: unused {key[0]!r}")
    for key, message in have.items():
        if key not in used:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            out.append(f"{code}: fuzzy {ids[0]!r}")
        if not all(strings):
            out.append(f"{code}: untranslated {ids[0]!r}")
            continue
        want = set().union(*(fields(i) for i in ids))
        for s in strings:
            if fields(s) - want:
                out.append(f"{code}: {ids[0]!r} fills unknown fields {sorted(fields(s) - want)}")
            if isinstance(message.id, str) and fields(s) != want:
                out.append(f"{code}: {ids[0]!r} drops fields {sorted(want - fields(s))}")
    rules = terms.glossary(code).conventions
    for key, message in have.items():
        if key not in used or not all(message.string):
            continue
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found = conventions.kept(english, strings, message.auto_comments)
        found += conventions.style(strings, rules)
        out += [f"{code}: {english!r} {line}" for line in found]
    out += terms.catalogue_problems(code, catalog, used, known=terms.reason_games())
    out += terms.help_problems(code)
    return out


def compile_mo(code: str) -> bytes:
    """The .mo bytes of one catalogue."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, read_po(code))
    return buf.getvalue()


def write_pot() -> None:
    from babel.messages.pofile import write_po

    with POT.open("wb") as f:
        write_po(f, extract(), width=100, sort_output=True)


def update(codes: Iterable[str] = TRANSLATED) -> None:
    """New msgids into every .po (untranslated), gone ones dropped; nothing else changes."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = extract()
    for code in codes:
        path = po_path(code)
        if path.exists():
            catalog = read_po(code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(
                locale=code,
                domain=DOMAIN,
                project="kotatsu",
                copyright_holder="the kotatsu authors",
                fuzzy=False,
            )
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with path.open("wb") as f:
            write_po(f, catalog, width=100, sort_output=True, include_previous=False)


def compile_all(codes: Iterable[str] = TRANSLATED) -> None:
    for code in codes:
        mo_path(code).write_bytes(compile_mo(code))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    codes = args[1:] or list(TRANSLATED)
    if command == "extract":
        write_pot()
    elif command == "update":
        update(codes)
    elif command == "compile":
        compile_all(codes)
    elif command == "check":
        used = used_keys()
        found = [line for code in codes for line in problems(code, used)]
        print("\n".join(found) or f"{len(used)} messages, every catalogue complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
