"""Why 大富豪's rules refuse an action: its codes and their English sentences.

They join the engine's one table (``engine.reasons.REASONS``) when this package is imported,
so ``IllegalAction`` words them like every other code. They are plain strings, not yet marked
for the catalogues: the game is not registered and no screen shows them. The session that
registers the game moves this table into engine/reasons.py with its ``N_`` / ``ngettext``
marks and translates it (docs/daifugo.md lists what remains).
"""

from __future__ import annotations

from ..reasons import REASONS, Template

DAIFUGO_REASONS: dict[str, Template] = {
    "daifugo.not_held": "you do not hold {cards}",
    "daifugo.no_cards": "name at least one card (or pass)",
    "daifugo.as_for_wild": "the Joker and the joker pair stand for no card: leave 'as' empty",
    "daifugo.as_not_card": "'as' must name cards of the pack, not jokers",
    "daifugo.as_count": (
        "name one card in 'as' for the joker",
        "name one card in 'as' for each of the {n} jokers",
        "n",
    ),
    "daifugo.as_in_play": "{card} is in the play twice (a joker stands for another card)",
    "daifugo.not_a_play": "those cards are no single, set or sequence",
    "daifugo.no_sequences": "sequences are not played at this table",
    "daifugo.shape": "play the same kind and number of cards as the top ({n})",
    "daifugo.not_stronger": "that does not beat the top",
    "daifugo.locked": "the trick is locked to {suits}",
    "daifugo.lead_no_pass": "you lead: play something (there is no pass)",
    "daifugo.give_count": ("give exactly {n} card", "give exactly {n} cards", "n"),
    "daifugo.tribute_strongest": "a tribute is your strongest cards: {cards} is not",
}

for _code, _template in DAIFUGO_REASONS.items():
    REASONS.setdefault(_code, _template)
