"""A 大富豪 bot that decides from its view and legal actions only.

It sheds its weakest cards first and as many at a time as it can, keeps jokers and 2s (the
strongest in the order in force) to win a lead late, never breaks a set it could play whole,
goes out whenever it can without a forbidden finish, plays a revolution when its hand is weak,
and in the exchange gives back its weakest loose cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import View
from ..bots import Bot
from .options import effective_forbidden
from .plays import (
    BOTTOM,
    EIGHT,
    JOKER,
    JOKER_STRENGTH,
    TOP,
    Play,
    flips_order,
    of_rank,
    rank_of,
    read_play,
)
from .trick import forbidden_in

#: An opponent with this few cards may go out soon: spend strong cards to stop it.
NEAR_OUT = 3


def strength(card: str, reversed_order: bool) -> int:
    """A card's strength in the order in force (jokers above all)."""
    if card == JOKER:
        return JOKER_STRENGTH + 1
    r = rank_of(card)
    return TOP - r if reversed_order else r


class DaifugoBot(Bot):
    """Greedy: scores every legal action by what it costs and picks the cheapest. Why it
    chose (a learner's hint, ``why``) is read off the choice afterwards: explaining costs a
    playing bot nothing."""

    def act(self, view: View, legal: list[dict]) -> dict:
        if view["phase"] == "exchange":
            return self._give(view, legal)
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return legal[0]
        read = [read_play(a["cards"], a.get("as", []), True) for a in plays]
        costs = Costs(view["hand"], view["options"], view["revolution"] != view["back"])
        cost, best = choose(costs, read, self.rng)
        if view["trick"] and cost > pass_cost(view["counts"], self.seat, costs.size):
            return {"type": "pass"}
        return plays[best]

    def why(self, view: View, legal: list[dict], action: dict) -> tuple[str, dict]:
        """The reason for ``action`` (a code of engine/daifugo/reasons.py ``HINTS``)."""
        if view["phase"] == "exchange":
            return ("daifugo.tribute", {}) if tributes(view, legal) else ("daifugo.give_back", {})
        if action["type"] == "pass":
            if not any(a["type"] == "play" for a in legal):
                return "daifugo.cannot_beat", {}
            return "daifugo.keep_strong", {}
        options = view["options"]
        play = read_play(action["cards"], action.get("as", []), True)
        if play.size == len(view["hand"]):
            return "daifugo.go_out", {}
        if options["eight_cut"] and of_rank(play, EIGHT):
            return "daifugo.eight_cut", {}
        if flips_order(play, options["revolution"], options["sequence_revolution"]):
            return "daifugo.revolution", {}
        others = [(n, s) for s, n in enumerate(view["counts"]) if s != self.seat and n > 0]
        if view["trick"] and others and min(others)[0] <= NEAR_OUT:
            return "daifugo.stop_them", {"seat": min(others)[1]}
        if not view["trick"]:
            return "daifugo.lead_low", {}
        return "daifugo.follow_low", {}

    # The exchange ---------------------------------------------------------------------------
    def _give(self, view: View, legal: list[dict]) -> dict:
        """A tribute is forced but for ties (any will do); a return gives the weakest cards,
        loose ones before those of a set."""
        hand = Counter(c[:-1] for c in view["hand"] if c != JOKER)

        def value(action: dict) -> float:
            total = 0.0
            for card in action["cards"]:
                total += strength(card, False)
                if card != JOKER and hand[card[:-1]] > 1:
                    total += 4
            return total

        return min(legal, key=lambda a: (value(a), self.rng.random()))

    # Plays ------------------------------------------------------------------------------------
    def cost(self, view: View, action: dict) -> float:
        """What a play costs the hand (lower is better)."""
        play = read_play(action["cards"], action.get("as", []), True)
        return Costs(view["hand"], view["options"], view["revolution"] != view["back"]).of(play)


def choose(costs: Costs, plays: list[Play], rng: random.Random) -> tuple[float, int]:
    """The cheapest play's cost and index, ties broken by ``rng`` (one draw a play, in
    order)."""
    cost, _, best = min((costs.of(p), rng.random(), i) for i, p in enumerate(plays))
    return cost, best


def pass_cost(counts: list[int], seat: int, held: int) -> float:
    """Following costs up to this much before passing is better: more when an opponent is
    about to go out or the hand (``held`` cards) is short."""
    others = [n for s, n in enumerate(counts) if s != seat and n > 0]
    if others and min(others) <= NEAR_OUT:
        return 100.0
    if held <= 4:
        return 40.0
    return 11.5


class Costs:
    """What each play costs one hand (lower is better), with what the hand's plays share
    computed once: the bot scores every legal play, the search's playouts every play of
    every turn (engine/daifugo/rollout.py)."""

    __slots__ = ("eight_cut", "flips", "hand", "held", "names", "reversed", "risky", "size")

    def __init__(self, hand: list[str], options: Mapping[str, Any], reversed_order: bool) -> None:
        self.hand = hand
        self.size = len(hand)
        self.reversed = reversed_order
        self.names = effective_forbidden(options)
        self.held = Counter(c[:-1] for c in hand if c != JOKER)
        self.risky = sum(risky(c, self.names, reversed_order) for c in hand)
        self.eight_cut: bool = options["eight_cut"]
        self.flips = (bool(options["revolution"]), bool(options["sequence_revolution"]))

    def of(self, play: Play) -> float:
        reversed_order, names = self.reversed, self.names
        cards = play.cards
        size = len(cards)
        rest = self.size - size
        if rest == 0:
            return 200.0 if forbidden_in(play, names, reversed_order) else -100.0
        cost = play_strength(play, reversed_order) - 1.5 * (size - 1)
        real = [c for c in cards if c != JOKER]
        if real and play.shape != "sequence" and self.held[real[0][:-1]] > len(real):
            cost += 3  # breaks a set
        cost += 6 * (size - len(real))
        spent = sum(risky(c, names, reversed_order) for c in cards) if self.risky else 0
        if self.risky - spent == rest and rest <= 3:
            cost += 15  # left with only cards that cannot end the hand
        if rest <= 6:
            cost -= 4 * spent
        if self.eight_cut and of_rank(play, EIGHT):
            cost = min(cost, 2.0)  # wins the lead at once
        if flips_order(play, *self.flips):
            cost += -12 if weak(self.hand, play, reversed_order) else 12
        return cost


def risky(card: str, names: frozenset[str], reversed_order: bool) -> bool:
    """A card that would foul as the last one (a joker, the strongest rank, an 8)."""
    if card == JOKER:
        return "joker" in names
    r = rank_of(card)
    return ("top" in names and r == (BOTTOM if reversed_order else TOP)) or (
        "eight" in names and r == EIGHT
    )


def play_strength(play: Play, reversed_order: bool) -> float:
    if play.wild:
        return float(JOKER_STRENGTH + 1)
    rank = play.high if reversed_order else play.low
    return float(TOP - rank if reversed_order else rank)


def weak(hand: list[str], play: Play, reversed_order: bool) -> bool:
    """Whether the cards kept after ``play`` are weak in the order in force (a revolution
    would make them strong)."""
    kept = [c for c in hand if c != JOKER and c not in play.cards]
    if not kept:
        return False
    mean = sum(strength(c, reversed_order) for c in kept) / len(kept)
    return mean < TOP / 2


def tributes(view: View, legal: list[dict]) -> bool:
    """Whether the seat gives a tribute (its strongest cards), not a return: it gives before
    it has got anything."""
    own = view.get("exchange") or {}
    return not own.get("got")
