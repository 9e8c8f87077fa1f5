"""A Swoop bot that decides from its view and legal actions only.

It sheds high-penalty cards early, swoops when it can, keeps its 10s and jokers for a big pile
(or for the end of the hand, when holding them would cost 50 each), and takes the pile on
purpose only when the pile is cheaper than what it would otherwise give up.
"""

from __future__ import annotations

from ..base import View
from ..bots import Bot, Reason
from ..cards import rank
from .rules import MAX_GROUP, ORDER, SPECIAL, outcome, penalty

#: A pile worth at least this many penalty points is worth a 10 or a joker.
BIG_PILE = 18
#: An opponent with this few cards left may end the hand soon: dump 10s and jokers.
NEAR_OUT = 4


def low_pressure(r: str) -> float:
    """How much a card of rank ``r`` on top presses the next player (lower: more)."""
    return (13 - ORDER[r]) * 0.4


class SwoopBot(Bot):
    """Greedy one-step player: scores every legal action and picks the best (ties at random)."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        super().__init__(seat, seed)
        self._seen: tuple[View, dict] | None = None  #: the last view and its facts

    def act(self, view: View, legal: list[dict]) -> dict:
        phase = view["phase"]
        if phase == "chain":
            chains = [a for a in legal if a["type"] == "chain"]
            return chains[0] if chains else {"type": "stop"}
        scored = [(self.score(view, a), self.rng.random(), i) for i, a in enumerate(legal)]
        return legal[max(scored)[2]]

    def why(self, view: View, legal: list[dict], action: dict) -> Reason:
        """Why ``action`` scored best, in the terms of ``score``."""
        if view["phase"] == "chain":
            return ("swoop.chain", {}) if action["type"] == "chain" else ("swoop.no_chain", {})
        if action["type"] == "flip":
            return ("swoop.flip", {})
        facts = self._facts(view)
        cards = self._group(view, action)
        r = rank(cards[0])
        result = outcome(r, len(cards), view["pile"])
        going_out = len(cards) - (view["phase"] == "add") >= facts["left"]
        if result == "pickup":
            kept = any(self._group_rank(view, a) in SPECIAL for a in legal if a["type"] != "flip")
            code = "swoop.take_pile_keep_special" if kept else "swoop.take_pile"
            return code, {"n": len(view["pile"])}
        if going_out:
            return "swoop.go_out", {}
        if r in SPECIAL:
            if facts["pile_cost"] >= BIG_PILE:
                return "swoop.special_big_pile", {"n": len(view["pile"])}
            return "swoop.special_danger", {"card": cards[0]}
        if result == "swoop":
            return "swoop.swoop", {"rank": r}
        # the reason that fits this card: the only play, a low card on top, or its penalty
        # (the terms of ``score``: what it sheds, and the pressure of a low top card)
        playable = {
            self._group_rank(view, a)
            for a in legal
            if a["type"] != "flip"
            and outcome(self._group_rank(view, a), len(self._group(view, a)), view["pile"])
            != "pickup"
        }
        if playable == {r}:
            return "swoop.only_play", {"rank": r}
        if low_pressure(r) > sum(penalty(c) for c in cards):
            return "swoop.low_on_top", {"rank": r}
        return "swoop.shed", {"rank": r, "n": penalty(cards[0])}

    def _group(self, view: View, action: dict) -> list[str]:
        """The cards of the group a play or add makes: from the hand, from the table, and in
        ``add`` the card just turned up."""
        face_up = view["players"][self.seat]["face_up"]
        cards = list(action["cards"]) + [face_up[s] for s in action["table"]]
        if view["phase"] == "add":
            cards.append(view["flipped"]["card"])
        return cards

    def _group_rank(self, view: View, action: dict) -> str:
        """The rank of the group a play or add makes."""
        return rank(self._group(view, action)[0])

    # Scoring -------------------------------------------------------------------------------
    def _facts(self, view: View) -> dict:
        """What every action's score reads from ``view``, worked out once per view."""
        if self._seen is not None and self._seen[0] is view:
            return self._seen[1]
        me = view["players"][self.seat]
        facts = {
            "pile_cost": self._pile_cost(view["pile"]),
            "left": me["hand"] + sum(c is not None for c in me["face_up"]) + sum(me["mystery"]),
            "outcomes": {},
        }
        self._seen = (view, facts)
        return facts

    def score(self, view: View, action: dict) -> float:
        """How much the bot likes ``action`` (in ``play`` and ``add``)."""
        if action["type"] == "flip":
            return self._flip_score(view)
        facts = self._facts(view)
        cards = self._group(view, action)
        r = rank(cards[0])
        outcomes = facts["outcomes"]
        result = outcomes.get((r, len(cards)))
        if result is None:
            result = outcomes[r, len(cards)] = outcome(r, len(cards), view["pile"])
        shed = sum(penalty(c) for c in cards)
        going_out = len(cards) - (view["phase"] == "add") >= facts["left"]
        if result == "pickup":
            return -100 - facts["pile_cost"] - 0.1 * len(action["table"])
        if r in SPECIAL:
            if going_out:
                return 1000
            pile_cost = facts["pile_cost"]
            if pile_cost >= BIG_PILE or self._danger(view):
                return 40 + shed + pile_cost
            return -150 + shed / 10
        if going_out:
            return 1000
        base = shed + 5 * len(cards)
        if result == "swoop":
            return 80 + base
        # Low play: a low card on top makes the next player pick up more often.
        next_pressure = low_pressure(r)
        top = view["top"]
        run = len(cards) + (top["count"] if top and top["rank"] == r else 0)
        gift = 6 if run == MAX_GROUP - 1 else 0  # the next player needs one card to swoop
        return base + next_pressure - gift

    def _flip_score(self, view: View) -> float:
        """Expected value of turning a mystery card over (its rank is unknown to everyone)."""
        pile = view["pile"]
        if not pile:
            return 12.0
        top = ORDER[rank(pile[-1])]
        low = top / 13 * 48 / 54
        special = 6 / 54
        high = 1 - low - special
        return low * 12 + special * 40 - high * (100 + self._pile_cost(pile))

    @staticmethod
    def _pile_cost(pile: list[str]) -> float:
        return sum(penalty(c) for c in pile) + 2 * len(pile)

    def _danger(self, view: View) -> bool:
        for s, p in enumerate(view["players"]):
            if s == self.seat:
                continue
            left = p["hand"] + sum(c is not None for c in p["face_up"]) + sum(p["mystery"])
            if left <= NEAR_OUT:
                return True
        return False
