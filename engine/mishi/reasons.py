"""秘十 Mi Shi's words for the shared table: why its rules refuse an action (``REASONS``,
worded like every refusal: engine/reasons.py) and why its bot chooses what a hint shows
(``HINTS``, engine/hints.py). The game's class declares them (``REASONS``, ``HINTS``) and the
registry (engine/__init__.py) joins them to the shared tables; every code starts with the
game's name."""

from __future__ import annotations

from lang import N_

from ..reasons import Template, counted

ngettext = counted  # the extraction keyword (see engine/reasons.py)

REASONS: dict[str, Template] = {
    "mishi.show_tens": N_("show one or two 10s"),
    "mishi.tens_one_suit": N_("two tens must be of the same suit"),
    "mishi.not_held": N_("you do not hold {cards}"),
    "mishi.strengthen_own": N_("you may only strengthen your own declaration with the second ten"),
    "mishi.not_outranking": N_("that does not outrank the standing bid"),
    "mishi.bury_count": ngettext(
        "bury exactly {n} card, not {got}",
        "bury exactly {n} cards, not {got}",
        "n",
    ),
    "mishi.not_held_those": N_("you do not hold those cards"),
    "mishi.no_other_copy": N_("you have no other {card} to pick"),
    "mishi.pick_illegal": N_("{card} cannot be part of a legal play now"),
    "mishi.commit_leader": N_("only a leader with picked cards commits"),
    "mishi.play_nothing": N_("choose at least one card"),
    "mishi.lead_one_suit": N_("a lead must be all of one suit (trumps count as one)"),
    "mishi.play_count": ngettext(
        "play {n} card, as many as were led",
        "play {n} cards, as many as were led",
        "n",
    ),
    "mishi.follow_trumps": ngettext(
        "you must follow with {n} trump",
        "you must follow with {n} trumps",
        "n",
    ),
    "mishi.follow_suit": N_("you must follow with {n} {suit}"),
    "mishi.match_shape": N_("you must match the led pairs and tractors as far as your cards allow"),
}
"""Every refusal of the game's rules: its English template, by code."""

HINTS: dict[str, Template] = {
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
"""Every reason the game's bot gives for a hint: its English template, by code."""
