"""SwaPo's table options: the schema the engine checks, and the variant list parser."""

from __future__ import annotations

from typing import Any

from lang import N_

from ..base import BadSetup, Many, Option, boolean, choice, integer

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


# TRANSLATORS: SwaPo's table options, shown in the table forms, `kotatsu rules swapo` and --help
OPTIONS: dict[str, Option] = {
    "variant": Option(
        (), Many(VARIANTS, variant_list), N_("the variants played (none: the normal rules)")
    ),
    "decks": Option(1, integer(1, 4), N_("53-card decks mixed together")),
    "dealer_method": Option(
        "joker_draw", choice("joker_draw", "high_card"), N_("how the first dealer is drawn")
    ),
    "first_dealer": Option(
        None, integer(0, 9, allow_none=True), N_("the first dealer's seat, from 0 (agreed)")
    ),
    "dealer_rotation": Option(
        "rotate", choice("rotate", "fixed"), N_("who deals the later rounds")
    ),
    "deal_method": Option(
        "one_at_a_time",
        choice("one_at_a_time", "five_at_once"),
        N_("the deal: one card at a time or five at once"),
    ),
    "rounds": Option(
        None,
        integer(1, None, allow_none=True),
        N_("rounds, each from a fresh shuffle (unset: until the pile runs short)"),
    ),
    "tiebreak": Option(
        "first_point_earliest", choice(*TIEBREAKS), N_("who wins when the totals are level")
    ),
    "memory_only": Option(True, boolean, N_("only the latest round's cards can be looked back at")),
    "adult_talk": Option(True, boolean, N_("free chat, bluffing and whispers are allowed")),
}
