"""A SwaPo bot that plays from its own view: keep the best group, trade the rest away.

- swaps: offers the cards outside its best group (Dagger: the known positions outside it);
- gives: the cards it values least;
- Ace: declares each joker for the best expected value (chance to win × points), and uses an
  Ace power when the round, as it now stands, looks better for it afterwards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..base import View
from ..bots import Bot
from ..cards import rank, removed
from .scoring import JOKER, RANK_VALUES, ace_score, strength

# Rough chance that one opponent's finished hand is no stronger than a given strength.
_NOT_STRONGER = {0: 0.0, 1: 0.35, 2: 0.8, 3: 0.97, 4: 0.999}


def win_chance(size: int, players: int) -> float:
    """Chance a hand of strength ``size`` ties or beats every other of ``players`` hands."""
    return _NOT_STRONGER.get(size, 1.0) ** max(players - 1, 0)


def keep_priority(cards: list[str], ace: bool) -> dict[str, tuple]:
    """Per code, how much the bot wants to keep it: jokers, then big and valuable groups."""
    counts = Counter(rank(c) for c in cards if c != JOKER)
    out: dict[str, tuple] = {}
    for c in cards:
        if c == JOKER:
            out[c] = (99, 0)
        else:
            r = rank(c)
            out[c] = (counts[r], RANK_VALUES[r] if ace else 0, RANK_VALUES[r])
    return out


def spare_cards(cards: list[str], ace: bool) -> list[str]:
    """The cards outside the best group (jokers are always kept): the group of the top
    ``keep_priority`` — the most cards of a rank, then the highest rank (the ranks' values all
    differ, so one rank is best, with the Ace variant or without)."""
    ranks = [rank(c) for c in cards if c != JOKER]
    if not ranks:
        return []
    top = max(set(ranks), key=lambda r: (ranks.count(r), RANK_VALUES[r]))
    return [c for c in cards if c != JOKER and rank(c) != top]


def spare_count(cards: list[str]) -> int:
    """``len(spare_cards(cards, ace))``: the cards but jokers and the largest group."""
    return spare_in([rank(c) for c in cards if c != JOKER])


def spare_in(ranks: list[str]) -> int:
    """``spare_count`` of cards of these ranks (no joker among them)."""
    return len(ranks) - max(map(ranks.count, set(ranks))) if ranks else 0


# The heuristic's choices as plain functions of what the seat knows: the bot calls them with
# its view, and the search's fast playouts (``determinize.rollout``) with a sampled state.
def normal_swap(
    hand: list[str],
    locked: list[str],
    rooms: list[int],
    ace: bool,
    pick: Callable[[], int | None],
) -> dict | None:
    """Normal rules: my unlocked spare cards, least wanted first, as many as the target
    (``pick()``, asked only if there is something to offer) takes; None: no swap."""
    unlocked = Counter(removed(hand, locked))
    spare = list((Counter(spare_cards(hand, ace)) & unlocked).elements())
    target = pick() if spare else None
    if target is None:
        return None
    priority = keep_priority(hand, ace)
    spare.sort(key=priority.__getitem__)
    k = min(len(spare), rooms[target])
    return {"type": "swap", "target": target, "cards": sorted(spare[:k])}


def dagger_swap(
    seat: int,
    row: list[str],
    locked_positions: list[list[int]],
    ace: bool,
    pick: Callable[[], int | None],
    rng: random.Random,
) -> dict | None:
    """Dagger: my known spare positions, for as many of the target's (``pick()``) free ones,
    chosen at random."""
    spare = spare_cards([c for c in row if c != "?"], ace)
    locked = set(locked_positions[seat])
    give: list[int] = []
    for i, c in enumerate(row):
        if c in spare and i not in locked:
            give.append(i)
            spare.remove(c)
    target = pick() if give else None
    if target is None:
        return None
    free = [i for i in range(5) if i not in locked_positions[target]]
    k = min(len(give), len(free))
    take = sorted(rng.sample(free, k))
    return {"type": "swap", "target": target, "take": take, "give": give[:k]}


def declare_rank(hand: list[str], done: list[str], players: int) -> str:
    """Ace: the rank for the next joker that gives the best chance to win × points."""
    left = hand.count(JOKER) - len(done)
    best_rank, best_value = "K", -1.0
    for r in RANK_VALUES:
        size, points = ace_score(hand, done + [r] * left)
        value = win_chance(size, players) * points
        if value > best_value:
            best_rank, best_value = r, value
    return best_rank


def least_wanted(hand: list[str], locked: list[str], k: int, ace: bool) -> list[str]:
    """The k unlocked cards wanted least (of equally wanted ones, the first codes in order):
    the same set as the first of the legal gives whose most wanted card is least wanted."""
    priority = keep_priority(hand, ace)
    free = sorted(removed(hand, locked), key=lambda c: (priority[c], c))
    return sorted(free[:k])


def _key(action: dict) -> tuple:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in action.items()))


class SwapoBot(Bot):
    """Greedy, honest about what it knows: decides from ``(view, legal)`` only."""

    def act(self, view: View, legal: list[dict]) -> dict:
        kinds = {a["type"] for a in legal}
        ace = "ace" in view["variant"]
        if "arrange" in kinds:
            self.because("swapo.arrange")
            return legal[0]
        if "give" in kinds:
            return self._give(view, legal, ace)
        if "swap" in kinds:
            swap = self._dagger_swap if "dagger" in view["variant"] else self._swap
            chosen = self._checked(swap(view, ace), legal)
            if chosen["type"] == "pass":
                self.because("swapo.keep_hand")
            elif "cards" in chosen:
                self.because("swapo.swap")
            else:
                self.because("swapo.swap_positions", n=len(chosen["give"]))
            return chosen
        if "declare" in kinds:
            return self._declare(view)
        if kinds & {"stab", "honey_trap", "draw", "steal"}:
            return self._power(view, legal)
        self.because("swapo.only_choice")
        return legal[0]

    def _checked(self, choice: dict | None, legal: list[dict]) -> dict:
        """The chosen action if the engine lists it, else ``pass``."""
        if choice is not None and choice in legal:  # dict equality: the same action
            return choice
        return {"type": "pass"}

    # Swaps -------------------------------------------------------------------------------
    def _rooms(self, view: View) -> list[int]:
        """How many cards each seat can still exchange (Asterisk locks lower it)."""
        if "dagger" in view["variant"]:
            return [5 - len(p) for p in view["locked_positions"]]
        return [view["hand_counts"][s] - view["locked_counts"][s] for s in range(view["seats"])]

    def _pick_target(self, view: View) -> int | None:
        """Any opponent with something left to exchange (their hands are hidden alike)."""
        rooms = self._rooms(view)
        targets = [t for t in view["players"] if t != self.seat and rooms[t] > 0]
        return self.rng.choice(targets) if targets else None

    def _swap(self, view: View, ace: bool) -> dict | None:
        rooms = self._rooms(view)
        return normal_swap(
            view["hand"], view["locked_cards"], rooms, ace, lambda: self._pick_target(view)
        )

    def _dagger_swap(self, view: View, ace: bool) -> dict | None:
        pick = lambda: self._pick_target(view)  # noqa: E731
        return dagger_swap(self.seat, view["hand"], view["locked_positions"], ace, pick, self.rng)

    def _give(self, view: View, legal: list[dict], ace: bool) -> dict:
        """The k cards it wants least: the most wanted card given is as unwanted as can be."""
        k = len(legal[0]["cards"])
        cards = least_wanted(view["hand"], view["locked_cards"], k, ace)
        self.because("swapo.give")
        return {"type": "give", "cards": cards}

    # Ace ---------------------------------------------------------------------------------
    def _declare(self, view: View) -> dict:
        done = list(view["declared"][self.seat] or [])
        rank_ = declare_rank(view["hand"], done, len(view["players"]))
        self.because("swapo.declare", rank=rank_)
        return {"type": "declare", "rank": rank_}

    def _power(self, view: View, legal: list[dict]) -> dict:
        hands = [list(h) if h is not None else None for h in view["revealed"]]
        declared = [list(d) if d is not None else None for d in view["declared"]]
        players = view["players"]
        best, best_value = {"type": "pass"}, self._utility(hands, declared, players)
        for action in legal:
            if action["type"] == "pass":
                continue
            value = self._utility(*self._after(action, hands, declared), players)
            if action["type"] == "draw":
                value = 0.0
            if value > best_value:
                best, best_value = action, value
        if best["type"] == "pass":
            self.because("swapo.no_power")
        elif best["type"] == "draw":
            self.because("swapo.draw")
        else:
            self.because("swapo.power")
        return best

    def _after(self, action: dict, hands: list, declared: list) -> tuple[list, list]:
        hands = [list(h) if h is not None else None for h in hands]
        declared = [list(d) if d is not None else None for d in declared]
        kind, me = action["type"], self.seat
        if kind == "draw":
            return hands, declared
        target = action["target"]
        card = action.get("card", JOKER)
        hands[target].remove(card)
        if card == JOKER:
            declared[target].remove(max(declared[target], key=lambda r: RANK_VALUES[r]))
        if kind == "steal":
            hands[me].append(card)
        elif kind == "honey_trap":
            hands[me].append(JOKER)
            declared[me].append(action["rank"])
        return hands, declared

    def _utility(self, hands: list, declared: list, players: list[int]) -> float:
        """My points this round minus the best opponent's, on the hands as they stand."""
        scored = {s: ace_score(hands[s], declared[s]) for s in players}
        top = max(size for size, _ in scored.values())
        points = {s: (p if size == top else 0) for s, (size, p) in scored.items()}
        others = [points[s] for s in players if s != self.seat]
        return points[self.seat] - (max(others) if others else 0)


__all__ = ["SwapoBot", "spare_cards", "strength", "win_chance"]
