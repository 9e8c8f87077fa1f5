"""The plain table's words (tui/plain): what it says a card is, a player can type back; the
commands' words; the prompt's question without the screens' keys. Pure: no socket, no app."""

from __future__ import annotations

import re

import pytest

import lang
from tui.plain.cards import RANKS, SpokenCards, spoken, typed_cards
from tui.plain.prompt import plain_question, rewrites

FIELD = re.compile(r"\{(\w+)\}")

pytestmark = pytest.mark.unit

CODES = [r + s for r in RANKS for s in "SHDC"] + ["JK", "BJ", "SJ"]


@pytest.mark.parametrize("code", CODES)
def test_every_card_said_in_words_can_be_typed_back(code: str) -> None:
    wanted = typed_cards(spoken(code))
    assert wanted is not None and len(wanted) == 1 and wanted[0].fits(code)


def test_a_hint_naming_several_cards_is_typed_back_as_they_are() -> None:
    said = " ".join(SpokenCards().label(c) for c in ("6H", "BJ", "SJ", "10S", "JK"))
    wanted = typed_cards(said)
    assert wanted is not None
    assert [w.rank + (w.suit or "") for w in wanted] == ["6H", "BJ", "SJ", "10S", "JK"]


@pytest.mark.parametrize("code", ["ja", "zh", "ko", "hi"])
def test_cards_said_in_another_language_can_be_typed_back(code: str) -> None:
    with lang.scope(code):
        for card in CODES:
            wanted = typed_cards(spoken(card))
            assert wanted is not None and len(wanted) == 1 and wanted[0].fits(card), card


KEYS = re.compile(
    r"\b(space|enter|esc)\b|←"
    r"|(^| · | — )[a-z] (pass|done|declare|scores|leave|stop|review|go|turns)\b"
)


@pytest.mark.parametrize("code", ["en", "ja", "zh", "ko", "hi"])
def test_the_screens_key_hints_become_commands(code: str) -> None:
    with lang.scope(code):
        for rewrite in rewrites():
            for said in rewrite.said():
                filled = said.format(**{f: "Bo" for f in FIELD.findall(said)})
                question = plain_question("Your turn · " + filled)
                assert not KEYS.search(question), (rewrite.keys, question)
            assert question.startswith(lang._("Your turn")[:2]) or code != "en"


def test_a_question_keeps_its_words_and_loses_its_keys() -> None:
    asked = "Your turn: play K or lower (10 or JK swoops) · higher takes the pile"
    assert plain_question(asked + " — space pick, enter play") == asked
    assert plain_question("Bury 8 cards face down: space pick 3/8 · enter when 8 are picked") == (
        "Bury 8 cards face down: type them (3/8 picked)"
    )
    assert plain_question("Game over · s scores · q leave") == (
        "Game over · score reads the scores · quit leaves"
    )
