"""Swoop's words and shapes for the shared table (tui/table/game_words.py): its options'
labels, its hints' actions, its hands' rows and the game's length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from lang import N_, ngettext, pgettext
from tui.table.game_words import GameWords, RoundRow, numbered_row


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

    def row_of_event(self, event: Mapping[str, object]) -> RoundRow | None:
        """A ``hand_end`` event: ``hand_no``, ``penalties``."""
        return numbered_row(event, "hand_no", "penalties", N_("Hand {n}"), hand=True)

    def rows_of_view(self, view: Mapping[str, object]) -> list[RoundRow]:
        """The view's ``hands``: every finished hand's penalties, per seat."""
        hands = view.get("hands")
        rows = []
        for n, penalties in enumerate(hands if isinstance(hands, list) else [], 1):
            row = self.row_of_event({"hand_no": n, "penalties": penalties})
            if row is not None:
                rows.append(row)
        return rows

    def length(self, view: Mapping[str, object]) -> tuple[str, int] | None:
        """A number of ``hands`` overrides the ``target``."""
        options = view.get("options")
        hands = options.get("hands") if isinstance(options, dict) else None
        if isinstance(hands, int) and not isinstance(hands, bool):
            return "hands", hands
        return super().length(view)

    def length_words(self, view: Mapping[str, object]) -> str:
        length = self.length(view)
        if length is None:
            return ""
        unit, n = length
        if unit == "hands":
            return ngettext("{n} hand", "{n} hands", n).format(n=n)
        # TRANSLATORS: Swoop's game length: it ends when a total of penalties reaches n, and
        # the lowest total wins (game: swoop)
        return ngettext("to {n} point", "to {n} points", n).format(n=n)


WORDS = SwoopWords()
