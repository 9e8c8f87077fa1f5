"""SwaPo's words and shapes for the shared table (tui/table/game_words.py): its options'
labels and choices, its hints' actions, its rounds' rows and the game's length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.base import SeatView
from engine.swapo.types import TYPED, RoundRecord
from lang import N_, ngettext
from tui.table.game_words import GameWords, RoundRow, numbered_row
from tui.table.parse import Wired


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

    def hint_action(self, action: Wired) -> str:
        typed = TYPED.action(action)
        if typed["type"] == "declare":
            return "declare_rank"
        if typed["type"] == "swap" and "give" in typed:
            return "swap_positions"
        return typed["type"]

    def row_of_event(self, event: Wired) -> RoundRow | None:
        """A ``round_over`` event: ``round``, ``points``."""
        ended = TYPED.event(event)
        return round_row(ended) if ended["type"] == "round_over" else None

    def rows_of_view(self, view: SeatView) -> list[RoundRow]:
        """The view's ``history``: every scored round."""
        return [round_row(record) for record in TYPED.view(view)["history"]]

    def length(self, view: SeatView | None) -> tuple[str, int] | None:
        """The ``rounds`` option; unset, rounds are dealt while the pile holds five cards a
        seat."""
        if view is None:
            return None
        typed = TYPED.view(view)
        rounds = typed["options"]["rounds"]
        if rounds is not None:
            return "rounds", rounds
        if typed["seats"]:
            return "rounds", typed["round"] + typed["pile"] // (5 * typed["seats"])
        return None

    def length_words(self, view: SeatView | None) -> str:
        length = self.length(view)
        if length is None:
            return ""
        # TRANSLATORS: SwaPo's game length (game: swapo)
        return ngettext("{n} round", "{n} rounds", length[1]).format(n=length[1])


def round_row(record: RoundRecord) -> RoundRow:
    """A scored round's row (a ``history`` record, or the ``round_over`` event)."""
    if record["sudden_death"]:
        # TRANSLATORS: a result's title; a round is SwaPo's (game: swapo)
        label = N_("Round {n} (sudden death)")
    elif record["no_game"]:
        # TRANSLATORS: a result's title; a round is SwaPo's (game: swapo)
        label = N_("Round {n} (no game)")
    else:
        label = N_("Round {n}")
    return numbered_row(record["round"], record["points"], label, hand=False)


WORDS = SwapoWords()
