"""大富豪's words and shapes for the shared table (tui/table/game_words.py): its options'
labels and choices, its hints' actions, its deals' rows and the game's length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.base import SeatView
from engine.daifugo.types import TYPED
from lang import N_, _, ngettext
from tui.table.game_words import GameWords, RoundRow, numbered_row
from tui.table.parse import Wired

from .words import FOULS


class DaifugoWords(GameWords):
    GAME: ClassVar[str] = "daifugo"
    # TRANSLATORS: the name of a table option in the table forms (a short label, ≤ 12 cells)
    OPTION_NAMES: ClassVar[Mapping[str, str]] = {
        # TRANSLATORS: 大富豪's option: jokers added to the pack (game: daifugo)
        "jokers": N_("Jokers"),
        # TRANSLATORS: 大富豪's option: how many deals a game has (game: daifugo)
        "deals": N_("Deals"),
        # TRANSLATORS: 大富豪's option: sequences (階段) may be played (game: daifugo)
        "sequences": N_("Sequences"),
        # TRANSLATORS: 大富豪's option: four of a rank reverse the order (革命)
        "revolution": N_("Revolution"),
        # TRANSLATORS: 大富豪's option: a sequence of four or more reverses it too (階段革命)
        "sequence_revolution": N_("Run revolt"),
        # TRANSLATORS: 大富豪's option: an 8 ends the trick (8切り)
        "eight_cut": N_("8-cut"),
        # TRANSLATORS: 大富豪's option: the 3 of spades beats the Joker (スペ3返し)
        "spade3": N_("3♠ return"),
        # TRANSLATORS: 大富豪's option: the same suits twice lock the trick (縛り)
        "lock": N_("Lock"),
        # TRANSLATORS: 大富豪's option: a J reverses the order until the trick ends
        "eleven_back": N_("11-back"),
        # TRANSLATORS: 大富豪's option: the last deal's first falls if another goes out first
        "capital_fall": N_("Capital fall"),
        # TRANSLATORS: 大富豪's option: cards a player may not go out with (反則上がり)
        "forbidden": N_("No finish on"),
    }
    OPTION_VALUES: ClassVar[Mapping[str, str]] = FOULS
    HINT_ACTIONS: ClassVar[Mapping[str, str]] = {
        # TRANSLATORS: a hint (大富豪's exchange): give these cards (game: daifugo)
        "give": N_("give {cards}"),
    }

    def hidden_word(self, kind: str) -> str:
        """The fallen 大富豪's hand, set aside unseen (都落ち)."""
        # TRANSLATORS: 大富豪 review: the hand of the player who fell (都落ち), never shown
        # during the game
        return _("fallen hand") if kind == "fallen" else kind

    def row_of_event(self, event: Wired) -> RoundRow | None:
        """A ``deal_end`` event: ``deal``, ``points``."""
        ended = TYPED.event(event)
        if ended["type"] != "deal_end":
            return None
        return numbered_row(ended["deal"], ended["points"], N_("Deal {n}"), hand=True)

    def length(self, view: SeatView | None) -> tuple[str, int] | None:
        return None if view is None else ("deals", TYPED.view(view)["options"]["deals"])

    def length_words(self, view: SeatView | None) -> str:
        length = self.length(view)
        if length is None:
            return ""
        # TRANSLATORS: 大富豪's game length (game: daifugo)
        return ngettext("{n} deal", "{n} deals", length[1]).format(n=length[1])


WORDS = DaifugoWords()
