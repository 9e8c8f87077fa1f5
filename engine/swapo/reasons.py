"""SwaPo's words for the shared table: why its rules refuse an action (``REASONS``,
worded like every refusal: engine/reasons.py) and why its bot chooses what a hint shows
(``HINTS``, engine/hints.py). The game's class declares them (``REASONS``, ``HINTS``) and the
registry (engine/__init__.py) joins them to the shared tables; every code starts with the
game's name."""

from __future__ import annotations

from lang import N_

from ..reasons import Template, counted

ngettext = counted  # the extraction keyword (see engine/reasons.py)

REASONS: dict[str, Template] = {
    "swapo.not_a_rank": N_("{rank} is not a rank (A 2 … 10 J Q K)"),
    "swapo.no_joker_to_declare": N_("you hold no joker to declare ('pass')"),
    "swapo.declare_first": N_("declare your joker first"),
    "swapo.no_unused_ace": N_("you hold no unused {card}"),
    "swapo.no_target": N_("no opponent offers a target for the {card}"),
    "swapo.bad_target": N_("the target must be another player of this round"),
    "swapo.no_counting_card": N_("{seat} holds no counting {card}"),
    "swapo.no_joker_held": N_("{seat} holds no joker"),
    "swapo.joker_not_stolen": N_("the joker cannot be stolen (that is the Honey Trap)"),
    "swapo.arrange_whole_hand": N_("the order must hold exactly the cards of your hand"),
    "swapo.swap_yourself": N_("you cannot swap with yourself"),
    "swapo.not_playing": N_("{seat} is not playing this round"),
    "swapo.not_held": N_("you do not hold those cards: {cards}"),
    "swapo.not_held_unlocked": N_("you do not hold those unlocked cards: {cards}"),
    "swapo.swap_no_card": N_("choose at least one card (no swap is 'pass')"),
    "swapo.no_room": ngettext(
        "{seat} has only {n} unlocked card to give",
        "{seat} has only {n} unlocked cards to give",
        "n",
    ),
    "swapo.swap_no_position": N_("choose at least one position (no swap is 'pass')"),
    "swapo.positions_uneven": N_("take and give must name as many positions"),
    "swapo.position_twice": N_("{key} names a position twice"),
    "swapo.bad_position": N_("{key} position {position} is not a position 0–4"),
    "swapo.locked_position": N_("{key} position {position} is locked or not a position 0–4"),
    "swapo.nobody_asked": N_("nobody asked you for cards"),
    "swapo.give_count": ngettext("give exactly {n} card", "give exactly {n} cards", "n"),
}
"""Every refusal of the game's rules: its English template, by code."""

HINTS: dict[str, Template] = {
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
}
"""Every reason the game's bot gives for a hint: its English template, by code."""
