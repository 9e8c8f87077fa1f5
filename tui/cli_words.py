"""The command line in the reader's language: ``--lang`` read before the parser is built (so
that its help is already in that language), the languages' own names in its help, and
argparse's own words ("usage:", "options", its errors) read from our catalogues while the
command line is parsed (tui/cli.py).
"""

from __future__ import annotations

import contextlib
import gettext
import os
from collections.abc import Iterator

import lang
from lang import N_, _

#: argparse's own words, which it asks of gettext's global domain: marked here so they are in
#: our catalogues, and read from them while the command line is parsed (``argparse_words``).
ARGPARSE_WORDS = (
    # TRANSLATORS: the start of the command's usage line; keep the trailing space
    N_("usage: "),
    # TRANSLATORS: a heading in `kotatsu --help`
    N_("positional arguments"),
    # TRANSLATORS: a heading in `kotatsu --help`
    N_("options"),
    N_("show this help message and exit"),
    # TRANSLATORS: keep %(prog)s and %(message)s exactly (Python's % placeholders)
    N_("%(prog)s: error: %(message)s\n"),
    # TRANSLATORS: keep %(value)r and %(choices)s exactly (Python's % placeholders)
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # TRANSLATORS: keep %(argument_name)s and %(message)s exactly (Python's % placeholders)
    N_("argument %(argument_name)s: %(message)s"),
    # TRANSLATORS: keep %s exactly (Python's % placeholder): the missing arguments
    N_("the following arguments are required: %s"),
    # TRANSLATORS: keep %s exactly (Python's % placeholder): the arguments not understood
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    # TRANSLATORS: keep %(type)s and %(value)r exactly (Python's % placeholders)
    N_("invalid %(type)s value: %(value)r"),
    # TRANSLATORS: an abbreviated flag that fits several (--b: --bots, --bot-delay); keep
    # %(option)s and %(matches)s exactly (Python's % placeholders)
    N_("ambiguous option: %(option)s could match %(matches)s"),
    # TRANSLATORS: a value given to a flag that takes none (--ascii=yes); keep %r exactly
    N_("ignored explicit argument %r"),
)


@contextlib.contextmanager
def argparse_words(code: str) -> Iterator[None]:
    """While parsing, argparse's own words ("usage:", "options", its errors) come from our
    catalogue of ``code``: argparse asks gettext's global domain, which reads LANGUAGE."""
    domain, language = gettext.textdomain(), os.environ.get("LANGUAGE")
    gettext.bindtextdomain(lang.DOMAIN, str(lang.LOCALE_DIR))
    gettext.textdomain(lang.DOMAIN)
    os.environ["LANGUAGE"] = code
    try:
        yield
    finally:
        gettext.textdomain(domain)
        if language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = language


def lang_help() -> str:
    """``--lang``'s help: every language, each in its own name."""
    names = ", ".join(f"{k} ({v})" for k, v in lang.LANGUAGES.items())
    return _("the language to read: {languages}").format(languages=names)


def language_asked(argv: list[str]) -> str | None:
    """``--lang X`` or ``--lang=X`` anywhere in ``argv`` (read before the parser is built, so
    its help is already in that language)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None
