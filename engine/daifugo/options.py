"""大富豪's table options (rules §10) and what each one switches on in play.

The help texts are marked for the catalogues (the forms, ``kotatsu rules daifugo``, --help);
their labels and the forbidden finishes' words are the table's (tui/games/daifugo/declared.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lang import N_

from ..base import BadSetup, Many, Option, boolean, integer

FORBIDDEN: tuple[str, ...] = ("joker", "top", "eight", "spade3")
DEFAULT_FORBIDDEN: tuple[str, ...] = ("joker", "top", "eight")


def parse_forbidden(value: Any) -> list[str]:
    """A list of FORBIDDEN names, or a comma-separated text ("" or []: none), in rule order."""
    if isinstance(value, str):
        names = [v.strip() for v in value.split(",") if v.strip()]
    elif isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        names = list(value)
    else:
        raise BadSetup("setup.one_of", values=list(FORBIDDEN))
    if any(n not in FORBIDDEN for n in names):
        raise BadSetup("setup.one_of", values=list(FORBIDDEN))
    return [n for n in FORBIDDEN if n in names]


# TRANSLATORS: 大富豪's table options (forms, `kotatsu rules daifugo`, --help)
OPTIONS: dict[str, Option] = {
    "jokers": Option(2, integer(0, 2), N_("jokers added to the 52 cards")),
    "deals": Option(5, integer(1, 20), N_("deals in a game")),
    "sequences": Option(True, boolean, N_("sequences of one suit may be played")),
    "revolution": Option(True, boolean, N_("four of a rank reverse the order (revolution)")),
    "sequence_revolution": Option(True, boolean, N_("a sequence of four or more reverses it too")),
    "eight_cut": Option(True, boolean, N_("an 8 ends the trick (eight-cut)")),
    "spade3": Option(True, boolean, N_("the 3 of spades beats the Joker")),
    "lock": Option(True, boolean, N_("the same suits twice lock the trick to them")),
    "eleven_back": Option(False, boolean, N_("a J reverses the order until the trick ends")),
    "capital_fall": Option(True, boolean, N_("the 大富豪 falls when another goes out first")),
    "forbidden": Option(
        list(DEFAULT_FORBIDDEN),
        Many(FORBIDDEN, parse_forbidden),
        N_("cards a player may not go out with"),
    ),
}


def effective_forbidden(options: Mapping[str, Any]) -> frozenset[str]:
    """The forbidden finishes that apply: ``eight`` only with ``eight_cut``, ``spade3`` only
    with the 3♠ return (which needs a joker to return)."""
    names = set(options["forbidden"])
    if not options["eight_cut"]:
        names.discard("eight")
    if not (options["spade3"] and options["jokers"]):
        names.discard("spade3")
    return frozenset(names)
