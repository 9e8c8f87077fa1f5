"""Swoop's words for the shared table: why its rules refuse an action (``REASONS``,
worded like every refusal: engine/reasons.py) and why its bot chooses what a hint shows
(``HINTS``, engine/hints.py). The game's class declares them (``REASONS``, ``HINTS``) and the
registry (engine/__init__.py) joins them to the shared tables; every code starts with the
game's name."""

from __future__ import annotations

from lang import N_

from ..reasons import Template, counted

ngettext = counted  # the extraction keyword (see engine/reasons.py)

REASONS: dict[str, Template] = {
    "swoop.no_face_up_slot": N_("there is no face-up slot {slot} (slots are 0 to 3)"),
    "swoop.slot_twice": N_("a face-up slot is named twice"),
    "swoop.slot_empty": N_("you have no face-up card in slot {slot}"),
    "swoop.not_in_hand": N_("{card} is not in your hand"),
    "swoop.not_in_hand_often": N_("{card} is not in your hand that often"),
    "swoop.mixed_ranks": N_("all cards of a play must have one rank (got {ranks})"),
    "swoop.too_many": N_("a play has at most {most} cards, not {n}"),
    "swoop.five_of_a_kind": ngettext(
        "{n} more {rank} would make five or more {rank}s on top of the pile (at most {most} now)",
        "{n} more {rank}s would make five or more {rank}s on top of the pile (at most {most} now)",
        "n",
    ),
    "swoop.no_pass": N_("name at least one card (there is no pass)"),
    "swoop.no_slot": N_("there is no slot {slot} (slots are 0 to 3)"),
    "swoop.mystery_played": N_("your mystery card in slot {slot} is already played"),
    "swoop.slot_covered": N_("slot {slot} is still covered by a face-up card"),
    "swoop.nothing_turned_up": N_("no mystery card is turned up"),
    "swoop.nothing_to_chain": N_("there is nothing to chain"),
    "swoop.chain_rank": N_("the pile shows {rank}s, so chain with {rank}s"),
    "swoop.chain_count": ngettext(
        "exactly {n} {rank} makes four, not {got}",
        "exactly {n} {rank}s make four, not {got}",
        "n",
    ),
}
"""Every refusal of the game's rules: its English template, by code."""

HINTS: dict[str, Template] = {
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
}
"""Every reason the game's bot gives for a hint: its English template, by code."""
