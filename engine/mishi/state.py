"""The Mi Shi game object: options, hands, the phase machine and the contract methods.

Phases: ``deal`` → ``bao`` → ``bury`` → ``play`` → (next hand's ``deal`` …) → ``over``.
Multi-card decisions have a step form for search (see ``docs/mishi.md``): the bury is eight
``bury_card`` steps, a play is ``pick`` steps (every listed pick keeps the play completable),
ended by ``commit`` for a leader and by itself for a follower. ``apply`` also takes the whole
``bury`` and ``play`` actions of the rules.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import Game, IllegalAction, Option, action_type, choice, integer
from ..cards import validate_deck
from .bidding import Bid, BiddingMixin
from .cards import ORDERS, Order, full_deck
from .play import PlayMixin
from .view import build_view


class MiShi(BiddingMixin, PlayMixin, Game):
    """秘十: four players, a trump ten that hides the declarer's partner."""

    NAME: ClassVar[str] = "mishi"
    TITLE: ClassVar[str] = "秘十 Mi Shi"
    SHORT_TITLE: ClassVar[str] = "秘十"
    MIN_SEATS: ClassVar[int] = 4
    MAX_SEATS: ClassVar[int] = 4
    DEFAULT_SEATS: ClassVar[int] = 4
    LENGTH_OPTION: ClassVar[str] = "hands"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "hands": Option(4, integer(1, 100), "hands in a game"),
        "stake": Option(1, integer(1, 1000), "X in the score tables"),
        "throw_penalty": Option(0, lambda v: choice(0, 10)(integer(0, 10)(v)), "0 or 10"),
        "kitty_multiplier": Option("times", choice("times", "power"), "times or power"),
    }

    deck: list[str]
    hands: list[list[str]]
    kitty: list[str]
    declaration: Bid | None
    bao_bid: Bid | None
    order: Order

    def __init__(
        self,
        seats: int,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
    ) -> None:
        super().__init__(seats, options, seed, deck)
        stacked = None if deck is None else validate_deck(deck, full_deck())
        self.totals = [0] * seats
        self.history: list[dict] = []
        self.hand_index = 0
        self.start_events: list[dict] = []
        self._start_hand(self.start_events, stacked)

    def _start_hand(self, events: list[dict], deck: list[str] | None = None) -> None:
        self.first = self.hand_index % self.seats
        self.order = ORDERS[None]
        events.append(
            {"type": "hand_start", "hand": self.hand_index + 1, "first_player": self.first}
        )
        self._start_deal(events, deck)

    # The contract ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> list[int]:
        if self.phase == "deal":
            return [self.asked]
        if self.phase == "bao":
            return [self.bao_turn]
        if self.phase == "bury":
            return [self.declarer]
        if self.phase == "play":
            return [self.to_move()]
        return []

    def legal_actions(self, seat: int) -> list[dict]:
        if self.over or seat not in self.pending():
            return []
        if self.phase in ("deal", "bao"):
            kind = "declare" if self.phase == "deal" else "bao"
            options = self.declare_options(seat) if kind == "declare" else self.bao_options(seat)
            bids = [{"type": kind, "cards": ["10" + s] * n} for s, n in options]
            return [*bids, {"type": "pass"}]
        if self.phase == "bury":
            return [
                {"type": "bury_card", "card": c} for c in self.order.sorted(set(self.hands[seat]))
            ]
        return self.pick_actions(seat)

    def apply(self, seat: int, action: dict) -> list[dict]:
        self.check_turn(seat)
        action_type(action)
        events: list[dict] = []
        snapshot = self._snapshot()
        try:
            if self.phase == "deal":
                self._apply_declare(seat, action, events)
            elif self.phase == "bao":
                self._apply_bao(seat, action, events)
            elif self.phase == "bury":
                self._apply_bury(seat, action, events)
            else:
                self._apply_play(seat, action, events)
        except IllegalAction:
            self._restore(snapshot)
            raise
        return events

    def _snapshot(self) -> dict:
        """Checks run before changes, but a copy makes "illegal changes nothing" certain."""
        state = dict(self.__dict__)
        state["hands"] = [list(h) for h in self.hands]
        state["picked"] = [list(p) for p in self.picked]
        state["buried"] = list(self.buried)
        return state

    def _restore(self, state: dict) -> None:
        self.__dict__.clear()
        self.__dict__.update(state)

    def view(self, seat: int | None) -> dict:
        if seat is not None:
            self.check_seat(seat)
        return build_view(self, seat)

    def winners(self) -> list[int]:
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def result(self) -> dict:
        last = self.history[-1] if self.history else {}
        return {
            "scores": list(self.totals),
            "winners": self.winners() if self.over else [],
            "declarer": last.get("declarer"),
            "partner": last.get("partner"),
            "case": last.get("case"),
            "defender_points": last.get("defender_points"),
            "history": [dict(h) for h in self.history],
        }
