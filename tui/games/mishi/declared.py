"""秘十 Mi Shi's words and shapes for the shared table (tui/table/game_words.py): its options'
labels and choices, its hints' actions, its hands' rows and the game's length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.base import SeatView
from engine.mishi.types import TYPED, HandSummary
from lang import N_, ngettext, pgettext
from tui.table.game_words import GameWords, RoundRow, numbered_row
from tui.table.parse import Wired


class MishiWords(GameWords):
    GAME: ClassVar[str] = "mishi"
    # TRANSLATORS: the name of a table option in the table forms (a short label, ≤ 12 cells)
    OPTION_NAMES: ClassVar[Mapping[str, str]] = {
        "hands": N_("Hands"),
        "stake": N_("Stake"),
        # TRANSLATORS: game: mishi (甩牌)
        "throw_penalty": N_("Throw penalty"),
        "kitty_multiplier": N_("Kitty ×"),
        "declare_window": N_("Time to show"),
    }
    # TRANSLATORS: a value of a table option, as the table forms offer it
    OPTION_VALUES: ClassVar[Mapping[str, str]] = {
        "times": N_("times (×2, ×4, ×8…)"),
        "power": N_("exponential (×2, ×4, ×16…)"),
    }
    HINT_ACTIONS: ClassVar[Mapping[str, str]] = {
        # TRANSLATORS: a hint (Mi Shi): show these tens to declare the trump suit
        "declare": N_("show {cards}"),
        # TRANSLATORS: a hint (Mi Shi): show these tens to play alone
        "bao": N_("play alone with {cards}"),
        # TRANSLATORS: a hint (Mi Shi): bury these cards in the kitty
        "bury": N_("bury {cards}"),
        # TRANSLATORS: a hint (game: mishi): play the cards the leader has picked for a lead
        "commit": N_("play the cards you picked"),
    }
    #: Action kinds said with another kind's words: picking a card for a lead plays it, a
    #: card buried is a burial.
    SAID_AS: ClassVar[Mapping[str, str]] = {"pick": "play", "bury_card": "bury"}

    def hint_action(self, action: Wired) -> str:
        kind = TYPED.action(action)["type"]
        return self.SAID_AS.get(kind, kind)

    def hidden_word(self, kind: str) -> str:
        """The kitty before it is taken up, and the cards buried in it."""
        if kind == "kitty":
            # TRANSLATORS: 秘十's kitty, face down until the declarer takes it up
            return pgettext("replay", "kitty")
        return pgettext("kitty", "buried") if kind == "buried" else kind

    def row_of_event(self, event: Wired) -> RoundRow | None:
        """A ``hand_end`` event: ``hand``, ``deltas``."""
        ended = TYPED.event(event)
        return hand_row(ended) if ended["type"] == "hand_end" else None

    def rows_of_view(self, view: SeatView) -> list[RoundRow]:
        """The view's ``history``: every finished hand's summary."""
        return [hand_row(record) for record in TYPED.view(view)["history"]]

    def length(self, view: SeatView | None) -> tuple[str, int] | None:
        return None if view is None else ("hands", TYPED.view(view)["options"]["hands"])

    def length_words(self, view: SeatView | None) -> str:
        length = self.length(view)
        if length is None:
            return ""
        return ngettext("{n} hand", "{n} hands", length[1]).format(n=length[1])


def hand_row(record: HandSummary) -> RoundRow:
    return numbered_row(record["hand"], record["deltas"], N_("Hand {n}"), hand=True)


WORDS = MishiWords()
