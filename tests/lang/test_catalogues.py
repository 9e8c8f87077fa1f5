"""The catalogues match the code: every message the code uses is translated in every language,
none is left over, every field a template fills survives translation, and what ships compiled
is what the .po files say."""

from __future__ import annotations

import gettext
import io

import pytest
from read_once import shipped_problems

import lang
from lang import catalog

pytestmark = pytest.mark.unit

pytest.importorskip("babel")


# One worker for the four: the code's messages (half a second) are read once (read_once).
@pytest.mark.xdist_group("catalogues")
@pytest.mark.parametrize("code", catalog.TRANSLATED)
def test_catalogue_is_complete_and_true(code: str) -> None:
    assert list(shipped_problems(code)) == []


def without_compiler(messages: dict) -> dict:
    """A compiled catalogue's messages, its header without the line naming the Babel that
    compiled it: a new Babel (2.19 came out during one CI run) changes nothing shipped."""
    header = str(messages.get("", ""))
    kept = [line for line in header.splitlines() if not line.startswith("Generated-By:")]
    return {**messages, "": "\n".join(kept)}


@pytest.mark.parametrize("code", catalog.TRANSLATED)
def test_shipped_mo_is_the_compiled_po(code: str) -> None:
    shipped = gettext.GNUTranslations(io.BytesIO(catalog.mo_path(code).read_bytes()))
    fresh = gettext.GNUTranslations(io.BytesIO(catalog.compile_mo(code)))
    assert without_compiler(shipped._catalog) == without_compiler(fresh._catalog)
    plural = [shipped.ngettext("{n} card", "{n} cards", n) for n in range(4)]
    assert plural == [fresh.ngettext("{n} card", "{n} cards", n) for n in range(4)]


@pytest.mark.parametrize(("code", "forms"), [("ja", 1), ("zh", 1), ("ko", 1), ("hi", 2)])
def test_plural_forms(code: str, forms: int) -> None:
    assert catalog.read_po(code).num_plurals == forms


def test_every_language_has_a_catalogue() -> None:
    assert set(catalog.TRANSLATED) == set(lang.LANGUAGES) - {"en"}
    for code in catalog.TRANSLATED:
        assert lang.translation(code) is not lang.translation("en")
