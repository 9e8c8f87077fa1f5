"""SwaPo's table options: the schema the engine checks, and the variant list parser."""

from __future__ import annotations

from typing import Any

from ..base import BadSetup, Option, boolean, choice, integer

VARIANTS: tuple[str, ...] = ("dagger", "asterisk", "ace")
TIEBREAKS: tuple[str, ...] = ("first_point_earliest", "last_point_latest", "first_point_latest")


def variant_list(value: Any) -> list[str]:
    """``["ace", "dagger"]``, ``"ace,dagger"``, ``""`` or ``[]`` -> names in canonical order.

    The command line delivers a comma string; the wire a list. Order and repeats do not matter.
    """
    if value is None:
        return []
    if isinstance(value, str):
        names = [part.strip().lower() for part in value.split(",")]
    elif isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        names = [v.strip().lower() for v in value]
    else:
        raise BadSetup("setup.variant_shape")
    names = [n for n in names if n and n != "normal"]
    unknown = [n for n in names if n not in VARIANTS]
    if unknown:
        raise BadSetup("setup.unknown_variant", given=unknown[0], known=list(VARIANTS))
    return [v for v in VARIANTS if v in names]


OPTIONS: dict[str, Option] = {
    "variant": Option((), variant_list, "any of dagger, asterisk, ace; empty = normal rules"),
    "decks": Option(1, integer(1, 4), "53-card decks mixed together"),
    "dealer_method": Option(
        "joker_draw", choice("joker_draw", "high_card"), "how the first dealer is drawn"
    ),
    "first_dealer": Option(None, integer(0, 9, allow_none=True), "agreed first dealer"),
    "dealer_rotation": Option("rotate", choice("rotate", "fixed"), "the deal in later rounds"),
    "deal_method": Option(
        "one_at_a_time", choice("one_at_a_time", "five_at_once"), "one card or five at a time"
    ),
    "rounds": Option(None, integer(1, None, allow_none=True), "fixed number of rounds"),
    "tiebreak": Option("first_point_earliest", choice(*TIEBREAKS), "who wins a tie on points"),
    "memory_only": Option(True, boolean, "views keep only the latest round's reveal"),
    "adult_talk": Option(True, boolean, "free chat, lying and whispers are allowed"),
}
