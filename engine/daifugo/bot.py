"""A 大富豪 bot that decides from its view and legal actions only.

It sheds its weakest cards first and as many at a time as it can, keeps jokers and 2s (the
strongest in the order in force) to win a lead late, never breaks a set it could play whole,
goes out whenever it can without a forbidden finish, plays a revolution when its hand is weak,
and in the exchange gives back its weakest loose cards.
"""

from __future__ import annotations

from collections import Counter

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
        scored = [(self.cost(view, a), self.rng.random(), i) for i, a in enumerate(plays)]
        best_cost, _, best = min(scored)
        if view["trick"] and best_cost > self._pass_cost(view):
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
        options = view["options"]
        reversed_order = view["revolution"] != view["back"]
        play = read_play(action["cards"], action.get("as", []), True)
        hand: list[str] = view["hand"]
        rest = len(hand) - play.size
        if rest == 0:
            fouls = forbidden_in(play, effective_forbidden(options), reversed_order)
            return 200.0 if fouls else -100.0
        cost = self._play_strength(play, reversed_order) - 1.5 * (play.size - 1)
        held = Counter(c[:-1] for c in hand if c != JOKER)
        real = [c for c in play.cards if c != JOKER]
        if real and play.shape != "sequence" and held[real[0][:-1]] > len(real):
            cost += 3  # breaks a set
        cost += 6 * sum(c == JOKER for c in play.cards)
        names = effective_forbidden(options)
        kept = list(hand)
        for card in play.cards:
            kept.remove(card)
        risky = [c for c in kept if self._risky(c, names, reversed_order)]
        if len(risky) == len(kept) and rest <= 3:
            cost += 15  # left with only cards that cannot end the hand
        if rest <= 6:
            cost -= 4 * sum(self._risky(c, names, reversed_order) for c in play.cards)
        if options["eight_cut"] and of_rank(play, EIGHT):
            cost = min(cost, 2.0)  # wins the lead at once
        if flips_order(play, options["revolution"], options["sequence_revolution"]):
            cost += -12 if self._weak(hand, play, reversed_order) else 12
        return cost

    @staticmethod
    def _risky(card: str, names: frozenset[str], reversed_order: bool) -> bool:
        """A card that would foul as the last one (a joker, the strongest rank, an 8)."""
        if card == JOKER:
            return "joker" in names
        r = rank_of(card)
        return ("top" in names and r == (BOTTOM if reversed_order else TOP)) or (
            "eight" in names and r == EIGHT
        )

    @staticmethod
    def _play_strength(play: Play, reversed_order: bool) -> float:
        if play.wild:
            return float(JOKER_STRENGTH + 1)
        rank = play.high if reversed_order else play.low
        return float(TOP - rank if reversed_order else rank)

    @staticmethod
    def _weak(hand: list[str], play: Play, reversed_order: bool) -> bool:
        """Whether the cards kept after ``play`` are weak in the order in force (a
        revolution would make them strong)."""
        kept = [c for c in hand if c != JOKER and c not in play.cards]
        if not kept:
            return False
        mean = sum(strength(c, reversed_order) for c in kept) / len(kept)
        return mean < TOP / 2

    def _pass_cost(self, view: View) -> float:
        """Following costs up to this much before passing is better: more when an opponent is
        about to go out or the hand is short."""
        others = [n for s, n in enumerate(view["counts"]) if s != self.seat and n > 0]
        if others and min(others) <= NEAR_OUT:
            return 100.0
        if len(view["hand"]) <= 4:
            return 40.0
        return 11.5


def tributes(view: View, legal: list[dict]) -> bool:
    """Whether the seat gives a tribute (its strongest cards), not a return: it gives before
    it has got anything."""
    own = view.get("exchange") or {}
    return not own.get("got")
