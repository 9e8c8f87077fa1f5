"""MishiBot: a rule-of-thumb Shengji player that decides from its own view and legal actions.

It bids on trump strength, buries to void short side suits without giving away points, leads
its sure winners (high pairs, tractors, aces), follows cheaply, feeds points to a partner it
knows is winning, and wins point-rich tricks (trumping in when void). It answers with whole
actions (``declare``/``bao``/``pass``, ``bury``, ``play``), which the engine accepts beside the
step form it lists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..base import View
from ..bots import Bot
from .cards import ORDERS, TRUMP, Order, is_permanent_trump, points
from .tricks import Shape, beat_key, completer, decompose


class MishiBot(Bot):
    """Heuristic bot; see the module docstring."""

    def act(self, view: View, legal: list[dict]) -> dict:
        phase = view["phase"]
        if phase == "deal":
            return self._declare(view, legal)
        if phase == "bao":
            return self._bao(view, legal)
        if phase == "bury":
            return self._bury(view)
        if phase == "play":
            return self._play(view)
        return legal[0]

    # Bidding ----------------------------------------------------------------------------
    @staticmethod
    def _strength(hand: Sequence[str], suit: str) -> int:
        """Trumps the hand would hold with ``suit`` as trump (high ones count double)."""
        trumps = [c for c in hand if is_permanent_trump(c) or c[-1] == suit]
        high = sum(1 for c in trumps if c in ("BJ", "SJ") or c.startswith("10"))
        return len(trumps) + high

    def _best_bid(self, hand: list[str], legal: list[dict], kind: str) -> dict | None:
        bids = [a for a in legal if a["type"] == kind]
        if not bids:
            return None
        # one ten where one is enough: showing both means playing alone (扒起)
        return max(bids, key=lambda a: (self._strength(hand, a["cards"][0][-1]), -len(a["cards"])))

    def _declare(self, view: View, legal: list[dict]) -> dict:
        hand = view["hand"]
        bid = self._best_bid(hand, legal, "declare")
        self.because("mishi.weak_trumps")
        if bid is None:
            return {"type": "pass"}
        suit = bid["cards"][0][-1]
        share = self._strength(hand, suit) / max(len(hand), 1)
        if len(bid["cards"]) == 2:  # both tens: the bot will play alone (扒起)
            trumps = sum(1 for c in hand if is_permanent_trump(c) or c[-1] == suit)
            if len(hand) >= 14 and trumps >= 0.55 * len(hand):
                self.because("mishi.alone", suit=suit)
                return bid
            return {"type": "pass"}
        if share >= 0.55 or (len(hand) >= 12 and share >= 0.45):
            self.because("mishi.strong_trumps", suit=suit)
            return bid
        if view["declaration"] is None and len(hand) >= 19:
            self.because("mishi.last_chance", suit=suit)
            return bid
        return {"type": "pass"}

    def _bao(self, view: View, legal: list[dict]) -> dict:
        hand = view["hand"]
        bid = self._best_bid(hand, legal, "bao")
        self.because("mishi.no_bao")
        if bid is None:
            return {"type": "pass"}
        suit = bid["cards"][0][-1]
        trumps = [c for c in hand if is_permanent_trump(c) or c[-1] == suit]
        jokers = sum(1 for c in hand if c in ("BJ", "SJ"))
        if len(trumps) >= 14 and jokers >= 3:
            self.because("mishi.alone", suit=suit)
            return bid
        return {"type": "pass"}

    # Burying ----------------------------------------------------------------------------
    def _bury(self, view: View) -> dict:
        order = ORDERS[view["trump"]]
        hand = list(view["hand"])
        need = 8 - len(view["buried"] or [])
        lengths = Counter(order.suit(c) for c in hand)

        def cost(card: str) -> tuple:
            suit = order.suit(card)
            return (
                suit == TRUMP,
                points(card) > 0,
                order.level(card) >= 7,  # keep aces and kings
                lengths[suit],
                order.level(card),
            )

        self.because("mishi.bury")
        return {"type": "bury", "cards": sorted(hand, key=cost)[:need]}

    # Playing ----------------------------------------------------------------------------
    def _play(self, view: View) -> dict:
        order = ORDERS[view["trump"]]
        hand = list(view["hand"])
        self._watch(view, order)
        if not view["trick"]:
            return {"type": "play", "cards": self._lead(view, hand, order)}
        return {"type": "play", "cards": self._follow(view, hand, order)}

    def _watch(self, view: View, order: Order) -> None:
        """Remember who showed out of which suit (from the last and the current trick)."""
        if getattr(self, "_hand_number", None) != view["hand_number"]:
            self._hand_number = view["hand_number"]
            self._voids: dict[int, set[str]] = {s: set() for s in range(view["seats"])}
        tricks = [view["trick"]]
        if view["last_trick"]:
            tricks.append(view["last_trick"]["plays"])
        for plays in tricks:
            if not plays:
                continue
            led = order.suit(plays[0]["cards"][0])
            for play in plays[1:]:
                if any(order.suit(c) != led for c in play["cards"]):
                    self._voids[play["seat"]].add(led)

    def _opponents_void(self, view: View, suit: str) -> bool:
        sides = view["sides"]
        mine = sides[self.seat]
        team = {"declarer", "partner"} if mine in ("declarer", "partner") else {"defender"}
        return any(
            suit in self._voids[s]
            for s in range(view["seats"])
            if s != self.seat and not (mine is not None and sides[s] in team)
        )

    def _lead(self, view: View, hand: list[str], order: Order) -> list[str]:
        by_suit: dict[str, list[str]] = {}
        for c in hand:
            by_suit.setdefault(order.suit(c), []).append(c)
        sides = [s for s in by_suit if s != TRUMP]
        safe = [s for s in sides if not self._opponents_void(view, s)]
        for suit in safe:
            for unit in decompose(by_suit[suit], order):
                if unit.pairs >= 1 and unit.high >= 7:
                    self.because("mishi.lead_high_pair")
                    return list(unit.cards)
        for suit in safe:
            aces = [c for c in by_suit[suit] if order.level(c) == 8]
            if aces:
                self.because("mishi.lead_ace")
                return aces[:1]
        trumps = by_suit.get(TRUMP, [])
        if len(trumps) * 2 >= len(hand) or (trumps and not safe):
            self.because("mishi.lead_trumps")
            units = decompose(trumps, order)
            pairs = [u for u in units if u.pairs >= 1]
            if pairs:
                return list(min(pairs, key=lambda u: (points(u.cards[0]) > 0, u.high)).cards)
            return [min(trumps, key=lambda c: (points(c) > 0, order.level(c)))]
        if sides:
            self.because("mishi.lead_short")
            suit = min(safe or sides, key=lambda s: len(by_suit[s]))
            return [min(by_suit[suit], key=lambda c: (points(c) > 0, order.level(c)))]
        self.because("mishi.lead_low")
        return [min(hand, key=order.level)]

    def _follow(self, view: View, hand: list[str], order: Order) -> list[str]:
        lead = view["lead"]
        shape = Shape(tuple(lead["tractors"]), lead["pairs"], lead["singles"])
        lead_suit = TRUMP if lead["suit"] == "trump" else lead["suit"]
        plays = view["trick"]
        keys = [beat_key(p["cards"], lead_suit, shape, order) for p in plays]
        best = max(range(len(plays)), key=lambda i: (keys[i] or (-1, -1), -i))
        winner, best_key = plays[best]["seat"], keys[best] or (-1, -1)
        at_stake = sum(points(c) for p in plays for c in p["cards"])
        last = len(plays) == view["seats"] - 1
        sides = view["sides"]
        mine = sides[self.seat]
        friend = mine is not None and (
            sides[winner] == mine
            or (mine in ("declarer", "partner") and sides[winner] in ("declarer", "partner"))
        )

        follows = completer(hand, lead_suit, shape, order)  # completable in this hand

        def build(prefer: Callable[[str], tuple]) -> list[str]:
            chosen: list[str] = []
            for _ in range(shape.size):
                rest = Counter(hand) - Counter(chosen)
                for card in sorted(rest, key=prefer):
                    if follows([*chosen, card]):
                        chosen.append(card)
                        break
            return chosen

        def cheap(c: str) -> tuple:
            return (order.suit(c) == TRUMP, points(c), order.level(c))

        if friend and (last or best_key[0] == 1 or best_key[1] >= 7):
            self.because("mishi.feed", seat=winner)
            # feed points, but never a top trump (10s, 2s, jokers): they win tricks later
            return build(
                lambda c: (
                    order.level(c) >= 9 and order.suit(c) == TRUMP,
                    -points(c),
                    order.suit(c) == TRUMP,
                    order.level(c),
                )
            )
        strong = build(lambda c: (order.suit(c) not in (lead_suit, TRUMP), -order.level(c)))
        key = beat_key(strong, lead_suit, shape, order)
        wins = key is not None and key > best_key
        trumping = key is not None and key[0] == 1 and lead_suit != TRUMP
        worth = at_stake >= 10 or (last and (at_stake > 0 or not trumping))
        if wins and not friend and worth:
            self.because("mishi.win_trick", n=at_stake)
            if shape.size == 1:
                winners = [c for c in sorted(set(hand)) if follows([c])]
                winners = [
                    c
                    for c in winners
                    if (beat_key([c], lead_suit, shape, order) or (-1, -1)) > best_key
                ]
                return [min(winners, key=lambda c: (order.suit(c) == TRUMP, order.level(c)))]
            return strong
        self.because("mishi.cheap")
        return build(cheap)
