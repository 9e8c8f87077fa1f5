"""SwaPo's words and shapes for the shared table (tui/table/game_words.py): its options'
labels and choices, its hints' actions, its rounds' rows and the game's length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from lang import N_, ngettext
from tui.table.game_words import GameWords, RoundRow, numbered_row, record_rows


class SwapoWords(GameWords):
    GAME: ClassVar[str] = "swapo"
    # TRANSLATORS: the name of a table option in the table forms (a short label, ≤ 12 cells)
    OPTION_NAMES: ClassVar[Mapping[str, str]] = {
        "variant": N_("Variants"),
        "decks": N_("Decks"),
        "dealer_method": N_("First dealer"),
        "first_dealer": N_("Dealer seat"),
        "dealer_rotation": N_("Later deals"),
        "deal_method": N_("Deal"),
        # TRANSLATORS: game: swapo
        "rounds": N_("Rounds"),
        "tiebreak": N_("Tie-break"),
        "memory_only": N_("Memory only"),
        "adult_talk": N_("Free talk"),
    }
    # TRANSLATORS: a value of a table option, as the table forms offer it
    OPTION_VALUES: ClassVar[Mapping[str, str]] = {
        "dagger": N_("Dagger †"),
        "asterisk": N_("Asterisk *"),
        "ace": N_("Ace"),
        # TRANSLATORS: SwaPo's way to choose the first dealer (game: swapo)
        "joker_draw": N_("a joker draw"),
        "high_card": N_("the highest card"),
        "rotate": N_("the deal passes on"),
        "fixed": N_("the same dealer"),
        "one_at_a_time": N_("one card at a time"),
        "five_at_once": N_("five at once"),
        "first_point_earliest": N_("first point earliest"),
        "last_point_latest": N_("last point latest"),
        "first_point_latest": N_("first point latest"),
    }
    HINT_ACTIONS: ClassVar[Mapping[str, str]] = {
        # TRANSLATORS: a hint (SwaPo): swap these cards with that player
        "swap": N_("swap {cards} with {name}"),
        # TRANSLATORS: a hint (SwaPo Dagger): swap this many positions with that player
        "swap_positions": N_("swap {n} positions with {name}"),
        # TRANSLATORS: a hint (SwaPo): give these cards to the player who asked
        "give": N_("give {cards}"),
        # TRANSLATORS: a hint (SwaPo Dagger): keep the hand's order as it is
        "arrange": N_("keep this order"),
        # TRANSLATORS: a hint (game: swapo, Ace): declare the joker as this rank
        "declare_rank": N_("declare the joker as {rank}"),
        # TRANSLATORS: a hint (SwaPo Ace of spades): strike out another player's card
        "stab": N_("stab {name}'s {cards}"),
        # TRANSLATORS: a hint (SwaPo Ace of diamonds): take another player's card
        "steal": N_("steal {name}'s {cards}"),
        # TRANSLATORS: a hint (SwaPo Ace of hearts): take another player's joker as this rank
        "honey_trap": N_("honey trap {name}'s joker as {rank}"),
        # TRANSLATORS: a hint (SwaPo Ace of clubs): use the Draw
        "draw": N_("use the Draw"),
    }

    def hint_action(self, action: Mapping[str, object]) -> str:
        kind = str(action.get("type", ""))
        if kind == "declare":
            return "declare_rank"
        if kind == "swap" and "give" in action:
            return "swap_positions"
        return kind

    def row_of_event(self, event: Mapping[str, object]) -> RoundRow | None:
        """A ``round_over`` event or a ``history`` record: ``round``, ``points``."""
        if event.get("sudden_death"):
            # TRANSLATORS: a result's title; a round is SwaPo's (game: swapo)
            label = N_("Round {n} (sudden death)")
        elif event.get("no_game"):
            # TRANSLATORS: a result's title; a round is SwaPo's (game: swapo)
            label = N_("Round {n} (no game)")
        else:
            label = N_("Round {n}")
        return numbered_row(event, "round", "points", label, hand=False)

    def rows_of_view(self, view: Mapping[str, object]) -> list[RoundRow]:
        return record_rows(view.get("history"), self)

    def length(self, view: Mapping[str, object]) -> tuple[str, int] | None:
        """The ``rounds`` option; unset, rounds are dealt while the pile holds five cards a
        seat."""
        length = super().length(view)
        if length is not None:
            return length
        pile, number, seats = view.get("pile"), view.get("round"), view.get("seats")
        if isinstance(pile, int) and isinstance(number, int) and isinstance(seats, int) and seats:
            return "rounds", number + pile // (5 * seats)
        return None

    def length_words(self, view: Mapping[str, object]) -> str:
        length = self.length(view)
        if length is None:
            return ""
        # TRANSLATORS: SwaPo's game length (game: swapo)
        return ngettext("{n} round", "{n} rounds", length[1]).format(n=length[1])


WORDS = SwapoWords()
