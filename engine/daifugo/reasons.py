"""大富豪's words for the shared table: why its rules refuse an action (``REASONS``, worded
like every refusal: engine/reasons.py) and why its bot chooses what a hint shows (``HINTS``,
engine/hints.py). The game's class declares them
(``REASONS``, ``HINTS``) and the registry (engine/__init__.py) joins them to the shared tables;
every code starts with the game's name."""

from __future__ import annotations

from lang import N_

from ..reasons import Template, counted

ngettext = counted  # the extraction keyword (see engine/reasons.py)

REASONS: dict[str, Template] = {
    "daifugo.not_held": N_("you do not hold {cards}"),
    "daifugo.no_cards": N_("name at least one card (or pass)"),
    # TRANSLATORS: a joker played alone (or two jokers together) names no card (game: daifugo)
    "daifugo.as_for_wild": N_(
        "a Joker alone or two jokers together stand for no card: leave 'as' empty"
    ),
    # TRANSLATORS: 大富豪: 'as' is the card a joker stands for in a play
    "daifugo.as_not_card": N_("'as' must name cards of the pack, not jokers"),
    "daifugo.as_count": ngettext(
        "name one card in 'as' for the joker",
        "name one card in 'as' for each of the {n} jokers",
        "n",
    ),
    "daifugo.as_in_play": N_("{card} is in the play twice (a joker stands for another card)"),
    "daifugo.not_a_play": N_("those cards are no single, set or sequence"),
    "daifugo.no_sequences": N_("sequences are not played at this table"),
    "daifugo.shape": N_("play the same kind and number of cards as the top ({n})"),
    "daifugo.not_stronger": N_("that does not beat the top"),
    # TRANSLATORS: 大富豪: the lock (縛り): {suits} the suits every play must keep
    "daifugo.locked": N_("the trick is locked to {suits}"),
    "daifugo.lead_no_pass": N_("you lead: play something (there is no pass)"),
    "daifugo.give_count": ngettext("give exactly {n} card", "give exactly {n} cards", "n"),
    # TRANSLATORS: 大富豪's exchange: a poorer player gives their strongest cards
    "daifugo.tribute_strongest": N_("a tribute is your strongest cards: {cards} is not"),
}
"""Every refusal of the game's rules: its English template, by code."""

HINTS: dict[str, Template] = {
    "daifugo.tribute": N_("a tribute is always your strongest cards: only ties leave a choice"),
    "daifugo.give_back": N_("give back your weakest loose cards and keep your sets"),
    "daifugo.cannot_beat": N_("nothing you hold beats the top"),
    "daifugo.keep_strong": N_("following would cost a strong card: pass and keep it for later"),
    "daifugo.go_out": N_("these are your last cards: go out"),
    "daifugo.eight_cut": N_("an 8 ends the trick at once and you lead the next"),
    # TRANSLATORS: 大富豪: a revolution (革命) reverses the order for the rest of the deal
    "daifugo.revolution": N_("your other cards are weak: a revolution makes them strong"),
    "daifugo.stop_them": N_("{seat} is nearly out: take the trick before they go out"),
    "daifugo.lead_low": N_("lead your weakest cards while the lead is yours"),
    "daifugo.follow_low": N_("the cheapest play that beats the top: keep the strong ones"),
}
"""Every reason the game's bot gives for a hint (``DaifugoBot.why``)."""
