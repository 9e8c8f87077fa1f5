"""How a table with people shows a Mi Shi deal (``engine.base.DealPacing``; the table's side
is net/table/pacing.py).

The engine deals by itself and stops only when a drawer may show a ten — a secret (it tells who
holds a ten). So a paced table shows the deal one draw at a time from the deck (who gets which
card is fixed by it), offers each person the tens it could show when its card arrives, shows
every declaration a fixed lag after the draw it was made on, and plays ``pass`` for a person
asked to go alone who cannot outbid once the window is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..base import DealPacing, Event, View
from .bidding import DEALT, Bid
from .view import deal_offer, deal_view

if TYPE_CHECKING:
    from .game import MishiGame


def standing_of(declared: Sequence[Event]) -> Bid | None:
    """The declaration that stands after the ``declare`` events ``declared``."""
    if not declared:
        return None
    last = declared[-1]
    return Bid(last["seat"], last["cards"][0][-1], len(last["cards"]))


class MishiDealPacing(DealPacing):
    """The 84 draws before the kitty, and the declarations (亮主) made on them."""

    steps = DEALT
    DECISION_EVENTS: ClassVar[tuple[str, ...]] = ("declare",)
    END_EVENTS: ClassVar[tuple[str, ...]] = ("dealt",)

    def __init__(self, game: MishiGame) -> None:
        self.game = game

    @property
    def window(self) -> float | None:
        chosen = self.game.options.get("declare_window")
        return None if chosen is None else float(chosen)

    def deal(self) -> object | None:
        """A deal is shown from its first card while it runs, and also when it was over at
        once (nobody could declare): until the go-alone round has had a step."""
        game = self.game
        if game.phase == "deal" or (game.phase == "bao" and game.bao_steps == 0):
            return game.deck
        return None

    def dealing(self) -> bool:
        return self.game.phase == "deal"

    def drawn(self) -> int:
        return self.game.drawn

    def own_step(self, seat: int, shown: int) -> int:
        game = self.game
        offset = (seat - game.first) % game.seats  # its cards are draws offset+1, offset+1+n…
        if shown <= offset:
            return 0
        return offset + 1 + ((shown - offset - 1) // game.seats) * game.seats

    def view(self, seat: int | None, shown: int, declared: Sequence[Event]) -> View:
        return deal_view(self.game, seat, shown, standing_of(declared))

    def offer(self, seat: int, shown: int, declared: Sequence[Event]) -> list[dict[str, Any]]:
        return deal_offer(self.game, seat, shown, standing_of(declared))

    def waiting_out(self) -> int | None:
        game = self.game
        seat = game.bao_turn if game.phase == "bao" else None
        if seat is None or game.legal_actions(seat) != [self.decline]:
            return None
        return seat
