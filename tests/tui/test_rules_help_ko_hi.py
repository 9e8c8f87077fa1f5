"""The rules help in Korean and Hindi (``tui/help/ko``, ``tui/help/hi``) and their glossaries
(``docs/i18n/glossary-ko.md``, ``docs/i18n/glossary-hi.md``).

Each translation keeps the English help's shape (the same ``## `` sections, the same tables), is
shipped where ``tui.rules.rules_text`` finds it, and uses the glossary's words: every term the
glossary marks in **bold** for a game must appear in that game's help, and the glossary must
cover every on-screen game term the other translators will need.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from tui.rules import rules_text

ROOT = Path(__file__).resolve().parents[2]
HELP = ROOT / "tui" / "help"
GAMES = tuple(engine.GAMES)  # every registered game
LANGUAGES = ("ko", "hi")

SECTION_OF = {game: cls.TITLE for game, cls in engine.GAMES.items()}  # glossary sections
"""The glossary's ``## `` heading (its start) for each game."""

ENGLISH_TERMS = {
    "swapo": (
        "swap",
        "give",
        "reveal",
        "pair",
        "three of a kind",
        "Dagger",
        "Asterisk",
        "Ace",
        "Stab",
        "Honey trap",
        "Draw",
        "Steal",
        "joker",
        "declare",
        "round",
        "locked",
        "position",
        "sudden death",
    ),
    "swoop": (
        "pile",
        "pick up",
        "swoop",
        "mystery cards",
        "face-up cards",
        "hand (cards held)",
        "hand (one deal",
        "penalty",
        "clear",
        "chain",
        "turn up",
    ),
    "mishi": (
        "declare (亮主)",
        "go alone (包牌)",
        "扒起",
        "bury (扣底)",
        "kitty",
        "trump",
        "trick",
        "throw",
        "declarer",
        "partner",
        "defenders",
        "points",
        "pair",
        "tractor",
        "hand (one deal)",
    ),
    "general": (
        "seat",
        "table",
        "host",
        "spectator",
        "bot",
        "lobby",
        "turn",
        "player",
        "card",
        "suit",
    ),
}
"""English terms (as on screen) the brief asks every glossary to translate, by section."""


def glossary_rows(code: str) -> dict[str, list[tuple[str, str]]]:
    """The glossary's table rows by ``## `` section: (English cell, translated cell)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    rows: list[tuple[str, str]] = []
    text = (ROOT / "docs" / "i18n" / f"glossary-{code}.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("## "):
            rows = sections.setdefault(line[3:].strip(), [])
        elif line.startswith("|") and not line.startswith("|---"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if len(cells) >= 2 and not cells[0].startswith("English"):
                rows.append((cells[0], cells[1]))
    return sections


def section(code: str, name: str) -> list[tuple[str, str]]:
    found = [rows for title, rows in glossary_rows(code).items() if title.startswith(name)]
    assert len(found) == 1, f"glossary-{code}.md has no single section {name!r}"
    return found[0]


def bold_terms(code: str, game: str) -> list[str]:
    cells = [cell for _, cell in section(code, SECTION_OF[game])]
    return [term for cell in cells for term in re.findall(r"\*\*(.+?)\*\*", cell)]


def headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


def table_rows(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.lstrip().startswith("|"))


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_help_is_shipped_with_the_english_shape(game: str, code: str) -> None:
    path = HELP / code / f"{game}.md"
    assert path.is_file()
    text = path.read_text(encoding="utf-8")
    english = (HELP / f"{game}.md").read_text(encoding="utf-8")
    assert rules_text(game, code) == text  # the lookup finds the translation
    assert text.startswith("# ")
    assert len(text) > len(english) // 2  # a summary like the English one, not a stub
    assert len(headings(text)) == len(headings(english))
    assert table_rows(text) == table_rows(english)  # Swoop's penalties, Mi Shi's scores
    for glyph in "♠♥♦♣":
        assert text.count(glyph) == english.count(glyph), glyph


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_help_uses_the_glossary_terms(game: str, code: str) -> None:
    text = (HELP / code / f"{game}.md").read_text(encoding="utf-8")
    terms = bold_terms(code, game)
    assert len(terms) >= 10
    missing = [term for term in terms if term not in text]
    assert not missing, f"{code}/{game}.md lacks glossary terms {missing}"


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("part", [*GAMES, "general"])
def test_glossary_covers_the_screen_terms(part: str, code: str) -> None:
    name = "General" if part == "general" else SECTION_OF[part]
    rows = section(code, name)
    english = " ; ".join(cell for cell, _ in rows).lower()
    missing = [term for term in ENGLISH_TERMS.get(part, ()) if term.lower() not in english]
    assert not missing, f"glossary-{code}.md [{name}] lacks {missing}"
    assert all(translated for _, translated in rows)


def test_seed_terms_for_swapo() -> None:
    """The SwaPo Ace document's own Korean and Hindi words (seed 000), and the Hindi SwaPo
    document's (seed 001), are the ones the help uses."""
    ko = rules_text("swapo", "ko")
    hi = rules_text("swapo", "hi")
    ko_words = ("스와포 에이스", "스탭", "허니 트랩", "드로우", "스틸", "원페어", "쓰리카드")
    hi_words = ("स्वापो एस", "स्टैब", "हनी ट्रैप", "ड्रॉ", "स्टील", "एक्सचेंज", "स्वापो डैगर")
    for word in (*ko_words, "와일드카드"):
        assert word in ko, word
    for word in (*hi_words, "स्वापो स्टार"):
        assert word in hi, word
