"""The screen words the host's codes: one rejection, two players, two languages."""

from __future__ import annotations

import gettext
from typing import ClassVar

import pytest

import lang
from engine.base import IllegalAction
from net.wire.messages import rejected_message
from tui import words

pytestmark = pytest.mark.unit

JA = {
    "{seat} holds no counting {card}": "{seat}は点札{card}を持っていません",
    "give exactly {n} card": "ちょうど{n}枚渡してください",
    "{name} is back": "{name}が戻りました",
}


class Japanese(gettext.NullTranslations):
    """A stand-in catalogue (the real ja catalogue is written later): words for a few msgids,
    and a record of every msgid asked for."""

    asked: ClassVar[list[str]] = []

    def gettext(self, message: str) -> str:
        self.asked.append(message)
        return JA.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.append(singular)
        return JA.get(singular, singular if n == 1 else plural)


@pytest.fixture
def japanese(monkeypatch: pytest.MonkeyPatch) -> type[Japanese]:
    real = lang.translation
    monkeypatch.setattr(
        lang, "translation", lambda code: Japanese() if code == "ja" else real(code)
    )
    Japanese.asked = []
    return Japanese


def test_one_rejection_is_worded_in_each_players_language(japanese: type[Japanese]) -> None:
    refused = IllegalAction("swapo.no_counting_card", kind="stab", seat=2, card="KH")
    message = rejected_message(4, refused.code, refused.params)
    assert message == {
        "t": "rejected",
        "version": 4,
        "code": "swapo.no_counting_card",
        "params": {"kind": "stab", "seat": 2, "card": "KH"},
    }
    names = ["Ann", "Bob", "Chie"]
    shown = {"seat_name": names.__getitem__, "card_text": lambda c: f"[{c}]"}
    with lang.scope("en"):
        english = words.of_message(message, **shown)
    with lang.scope("ja"):
        japanese_words = words.of_message(message, **shown)
    assert english == "Chie holds no counting [KH]"
    assert japanese_words == "Chieは点札[KH]を持っていません"
    assert japanese.asked == ["{seat} holds no counting {card}"]
    assert str(refused) == "stab: seat 3 holds no counting KH"  # the log's English


def test_counts_and_notices_go_through_the_catalogue_too(japanese: type[Japanese]) -> None:
    with lang.scope("ja"):
        assert (
            words.reason("swapo.give_count", {"kind": "give", "n": 2})
            == "ちょうど2枚渡してください"
        )
        assert words.notice("back", {"seat": 0, "name": "Ann"}) == "Annが戻りました"
    with lang.scope("en"):
        assert words.reason("swapo.give_count", {"kind": "give", "n": 1}) == "give exactly 1 card"
        assert words.notice("back", {"seat": 0, "name": "Ann"}) == "Ann is back"


def test_unknown_codes_and_unfillable_params_never_raise() -> None:
    assert words.reason("from.a.newer.host", {}) == "from.a.newer.host"
    assert words.reason("swapo.no_counting_card", {"seat": 1}) == "swapo.no_counting_card"
    assert words.reason("swapo.give_count", {"n": "two"}) == "swapo.give_count"
    cards = words.reason("mishi.not_held", {"cards": ["10H", "10H"]}, card_text=str.lower)
    assert cards == "you do not hold 10h 10h"
