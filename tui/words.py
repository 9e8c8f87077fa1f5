"""The screen words what the host sends as data: a refusal (``rejected``, ``error``) or a
``notice`` is a code and parameters (engine/reasons.py, net/wire/reasons.py); here they become a
sentence in this app's language, with cards drawn as this screen draws them and seats named.

    reason(code, params, seat_name=..., card_text=...)   # a rejection or an error
    notice(code, params, seat_name=..., card_text=...)    # the table's own news

``seat_name(index)`` gives a seat's name as the screen shows it; ``card_text(code)`` a card's
face (``10♥``, ``★``). Unknown codes and unfillable translations never raise (net.wire.reasons.say).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.reasons import Param, plain
from net.wire.reasons import say

SeatName = Callable[[int], str]
CardText = Callable[[str], str]


def _shower(seat_name: SeatName | None, card_text: CardText | None) -> Callable[[str, Param], str]:
    def show(name: str, value: Param) -> str:
        if name == "seat" and isinstance(value, int) and seat_name is not None:
            return seat_name(value)
        if name == "card" and isinstance(value, str) and card_text is not None:
            return card_text(value)
        if name == "cards" and isinstance(value, list) and card_text is not None:
            return " ".join(card_text(card) for card in value)
        return plain(name, value)

    return show


def reason(
    code: str,
    params: Mapping[str, Param],
    *,
    seat_name: SeatName | None = None,
    card_text: CardText | None = None,
) -> str:
    """A rejection or an error (engine or net code) in this app's language."""
    return say(code, params, show=_shower(seat_name, card_text))


def notice(
    code: str,
    params: Mapping[str, Param],
    *,
    seat_name: SeatName | None = None,
    card_text: CardText | None = None,
) -> str:
    """A ``notice`` (the table's own news) in this app's language (cards drawn by
    ``card_text``: a take-back names the cards of a played action)."""
    return say(code, params, notice=True, show=_shower(seat_name, card_text))


def of_message(
    message: Mapping[str, object],
    *,
    seat_name: SeatName | None = None,
    card_text: CardText | None = None,
) -> str:
    """The words of a ``rejected``, ``error`` or ``notice`` message (a checked one)."""
    code = message.get("code")
    params = message.get("params")
    if not isinstance(code, str):
        return ""
    params = params if isinstance(params, dict) else {}
    if message.get("t") == "notice":
        return notice(code, params, seat_name=seat_name, card_text=card_text)
    return reason(code, params, seat_name=seat_name, card_text=card_text)
