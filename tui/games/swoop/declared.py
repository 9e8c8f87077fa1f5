"""Swoop's words and shapes for the shared table (tui/table/game_words.py): its options'
labels, its hints' actions, its hands' rows and the game's length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.base import SeatView
from engine.swoop.types import TYPED
from lang import N_, ngettext, pgettext
from tui.table.game_words import GameWords, RoundRow, numbered_row
from tui.table.parse import Wired


class SwoopWords(GameWords):
    GAME: ClassVar[str] = "swoop"
    # TRANSLATORS: the name of a table option in the table forms (a short label, ≤ 12 cells)
    OPTION_NAMES: ClassVar[Mapping[str, str]] = {
        "decks": N_("Decks"),
        "first_player": N_("First player"),
        "target": N_("Target"),
        "hands": N_("Hands"),
        "flat_numbers": N_("Flat numbers"),
    }
    HINT_ACTIONS: ClassVar[Mapping[str, str]] = {
        # TRANSLATORS: a hint (Swoop): add cards to the card just turned up
        "add": N_("add {cards}"),
        # TRANSLATORS: a hint (game: swoop): add cards to make four of a kind
        "chain": N_("chain {cards}"),
        # TRANSLATORS: a hint (game: swoop): do not chain
        "stop": N_("do not chain"),
        # TRANSLATORS: a hint (Swoop): turn up a face-down (mystery) card
        "flip": N_("turn a mystery card"),
    }

    def hidden_word(self, kind: str) -> str:
        """A seat's face-down (mystery) cards."""
        return pgettext("mystery cards", "down") if kind == "down" else kind

    def row_of_event(self, event: Wired) -> RoundRow | None:
        """A ``hand_end`` event: ``hand_no``, ``penalties``."""
        ended = TYPED.event(event)
        if ended["type"] != "hand_end":
            return None
        return hand_row(ended["hand_no"], ended["penalties"])

    def rows_of_view(self, view: SeatView) -> list[RoundRow]:
        """The view's ``hands``: every finished hand's penalties, per seat."""
        return [hand_row(n, penalties) for n, penalties in enumerate(TYPED.view(view)["hands"], 1)]

    def length(self, view: SeatView | None) -> tuple[str, int] | None:
        """A number of ``hands`` overrides the ``target``."""
        if view is None:
            return None
        options = TYPED.view(view)["options"]
        hands = options["hands"]
        return ("hands", hands) if hands is not None else ("target", options["target"])

    def length_words(self, view: SeatView | None) -> str:
        length = self.length(view)
        if length is None:
            return ""
        unit, n = length
        if unit == "hands":
            return ngettext("{n} hand", "{n} hands", n).format(n=n)
        # TRANSLATORS: Swoop's game length: it ends when a total of penalties reaches n, and
        # the lowest total wins (game: swoop)
        return ngettext("to {n} point", "to {n} points", n).format(n=n)


def hand_row(number: int, penalties: list[int]) -> RoundRow:
    return numbered_row(number, penalties, N_("Hand {n}"), hand=True)


WORDS = SwoopWords()
