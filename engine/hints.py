"""Hints for learners: what the game's normal bot would do now, and one line of why.

A hint is computed from what the seat itself is given, its ``view`` and ``legal`` actions, and
nothing else: the bot (engine/<game>/bot.py) never sees the game, and it is made fresh for
each hint with a fixed seed, so the same view and legal list always give the same hint. Its
reason is a code of ``HINTS`` with parameters, worded like a refusal (engine/reasons.py): the
screen words it in its player's language, with ``card``/``cards`` drawn as cards and ``seat``
as a name.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from lang import N_

from .bots import Reason
from .reasons import Template, counted

ngettext = counted  # the extraction keyword (see engine/reasons.py)

#: The seed of the bot that gives hints: fixed, so a hint depends on the view alone.
HINT_SEED = 0

HINTS: dict[str, Template] = {
    "best": N_("it is the best choice the bot sees"),
    # Swoop ------------------------------------------------------------------------------------
    "swoop.chain": N_("make four of a kind on top: the pile is cleared"),
    "swoop.no_chain": N_("you cannot make four of a kind on top"),
    "swoop.flip": N_("every card you could play would make you take the pile: try your luck"),
    "swoop.take_pile": ngettext(
        "nothing you hold goes on the pile: take its {n} card",
        "nothing you hold goes on the pile: take its {n} cards",
        "n",
    ),
    "swoop.take_pile_keep_special": N_(
        "the pile is cheap: keep your 10 or joker for a bigger one (a 10 or joker left in "
        "your hand costs 50)"
    ),
    "swoop.go_out": N_("these are your last cards: play them and go out"),
    "swoop.special_big_pile": ngettext(
        "a pile of {n} card is worth a 10 or joker: swoop it away",
        "a pile of {n} cards is worth a 10 or joker: swoop it away",
        "n",
    ),
    "swoop.special_danger": N_(
        "an opponent is nearly out: spend {card} before it costs you 50 at the end of the hand"
    ),
    "swoop.swoop": N_("four {rank}s on top clear the pile: Swoop!"),
    "swoop.shed": N_(
        "get rid of penalties early: each {rank} left at the end of the hand costs {n}"
    ),
    "swoop.low_on_top": N_(
        "a low card on top is hard to play on: the next player must go no higher than {rank}"
    ),
    "swoop.only_play": N_("{rank} is the only rank you can play without taking the pile"),
    # SwaPo ------------------------------------------------------------------------------------
    "swapo.arrange": N_("the order does not matter to the bot: keep it as it is"),
    "swapo.keep_hand": N_("nothing outside your best group can be traded now: keep your hand"),
    "swapo.swap": N_("keep your best group and trade away the rest"),
    "swapo.swap_positions": ngettext(
        "trade the {n} position you know is outside your best group",
        "trade the {n} positions you know are outside your best group",
        "n",
    ),
    "swapo.give": N_("these are the cards you need least"),
    "swapo.declare": N_("a joker as {rank} gives the best chance to win times the points"),
    "swapo.no_power": N_("no power leaves you better placed this round"),
    "swapo.draw": N_("as the hands stand you lose this round: the Draw is your best chance"),
    "swapo.power": N_("this leaves you best placed against the strongest other hand"),
    "swapo.only_choice": N_("it is the only choice"),
    # 秘十 Mi Shi --------------------------------------------------------------------------------
    "mishi.weak_trumps": N_("your hand is too short of trumps to declare"),
    "mishi.alone": N_("with this many trumps in {suit}, play alone"),
    "mishi.strong_trumps": N_("{suit} as trump gives you the most trumps"),
    "mishi.last_chance": N_("nobody has declared and the deal is almost over: declare {suit}"),
    "mishi.no_bao": N_("you need 14 trumps and three jokers to go alone"),
    "mishi.bury": N_("bury short side suits without points; keep trumps, points, aces and kings"),
    "mishi.lead_high_pair": N_("lead a high pair: it is hard to beat"),
    "mishi.lead_ace": N_("lead your ace while the others still follow the suit"),
    "mishi.lead_trumps": N_("lead trumps: you hold many, and they draw out the others'"),
    "mishi.lead_short": N_("lead low from your shortest suit, to be void in it sooner"),
    "mishi.lead_low": N_("lead your lowest card"),
    "mishi.feed": N_("{seat} on your side is winning this trick: give it points"),
    "mishi.win_trick": ngettext(
        "win this trick: it holds {n} point",
        "win this trick: it holds {n} points",
        "n",
    ),
    "mishi.cheap": N_("you cannot win this trick for good: play your cheapest cards"),
}
"""Every hint reason's English template, by code (extracted for the catalogues)."""


@dataclass(frozen=True)
class Hint:
    """What the normal bot would do (``action``), and why (``code`` of HINTS, ``params``)."""

    action: dict
    code: str
    params: dict = field(default_factory=dict)


def hint(game: str, seat: int, view: dict, legal: list[dict]) -> Hint | None:
    """The normal bot's choice for ``seat`` from its own ``view`` and ``legal`` actions (None
    when there is nothing to choose)."""
    if not legal:
        return None
    from . import make_bot  # engine/__init__ imports the games; this module is not among them

    bot = make_bot(game, seat, HINT_SEED)
    action, (code, params) = bot.explain(copy.deepcopy(view), copy.deepcopy(legal))
    if code not in HINTS:
        code, params = "best", {}
    return Hint(action, code, dict(params))


__all__ = ["HINTS", "Hint", "Reason", "hint"]
