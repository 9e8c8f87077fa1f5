"""Information-set search: decide from ``(view, legal)`` by trying candidate actions on many
full states sampled from what the seat knows (determinizations), with the game's heuristic bot
playing every seat out to a horizon (the end of the round or hand).

The model is OpenSpiel's IS-MCTS, flattened to one level of paired comparisons, which suits
budgets of a few hundred playouts: each iteration samples one state and one playout seed and
plays *every* candidate on it, so candidates are compared on the same deal (common random
numbers). The heuristic's own choice is kept unless another candidate beats it by more than
its noise — the search can only move away from ``normal`` on evidence.

No clocks here: a budget of playouts, and optionally a ``deadline()`` the caller injects.
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from .base import Game, IllegalAction
from .bots import Bot


def determinizer(name: str) -> ModuleType:
    """``engine.<name>.determinize``: ``determinize``, ``observe``, ``searchable``,
    ``candidates``, ``horizon``, ``value`` and optionally ``DEPTH`` (playout length)."""
    return import_module(f".{name}.determinize", __package__)


def key(action: dict) -> tuple:
    """A hashable form of an action (lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in action.items()))


@dataclass
class Candidate:
    action: dict
    total: float = 0.0  #: sum of (value - the heuristic's value) over shared samples
    squares: float = 0.0
    n: int = 0

    def add(self, diff: float) -> None:
        self.total += diff
        self.squares += diff * diff
        self.n += 1

    def lower_bound(self, z: float) -> float:
        """Mean advantage over the heuristic minus ``z`` standard errors."""
        if self.n < 2:
            return -math.inf
        mean = self.total / self.n
        var = max(self.squares / self.n - mean * mean, 0.0)
        return mean - z * math.sqrt(var / (self.n - 1))


def playout(
    game: Game, bots: list[Bot], start: Any, horizon: Callable[[Game], Any], depth: int
) -> None:
    """Let the bots play ``game`` for at most ``depth`` actions, until it is over or
    ``horizon(game)`` leaves ``start``."""
    steps = 0
    while not game.over and horizon(game) == start and steps < depth:
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        action = bots[seat].act(game.view(seat), legal)
        try:
            game.apply(seat, action)
        except IllegalAction:
            game.apply(seat, legal[0])
        steps += 1


class SearchBot(Bot):
    """The ``hard`` level: determinized playouts over a handful of candidate actions.

    ``iterations`` bounds the playouts per decision; ``deadline`` (if given) is asked between
    samples and stops the search when it returns True. The heuristic is overruled only by a
    candidate tried on at least ``least`` samples whose advantage is ``z`` standard errors
    above zero.
    """

    def __init__(
        self,
        seat: int,
        seed: int | None = None,
        *,
        game: str,
        policy: type[Bot],
        iterations: int = 240,
        deadline: Callable[[], bool] | None = None,
        width: int = 6,
        z: float = 1.5,
        least: int = 6,
    ) -> None:
        super().__init__(seat, seed)
        self.game = game
        self.policy_class = policy
        self.policy = policy(seat, self.rng.randrange(2**31))
        self.iterations = iterations
        self.deadline = deadline
        self.width = width
        self.z = z
        self.least = least
        self.memory: dict = {}  #: what the seat has seen so far (see each game's ``observe``)
        self.samples = 0  #: determinizations used in the last decision (for tests and stats)

    @property
    def module(self) -> ModuleType:
        return determinizer(self.game)

    def act(self, view: dict, legal: list[dict]) -> dict:
        mod = self.module
        mod.observe(self.memory, view)
        base = self.policy.act(view, legal)
        self.samples = 0
        if len(legal) < 2 or not mod.searchable(view):
            return base
        options = mod.candidates(view, legal, base, self.rng, getattr(mod, "WIDTH", self.width))
        if len(options) < 2:
            return base
        cands = [Candidate(a) for a in options]
        per_sample = len(cands)
        budget = max(self.iterations // per_sample, 2)
        for _ in range(budget):
            if self.deadline is not None and self.samples >= 2 and self.deadline():
                break
            self._iterate(view, cands)
        best = max(cands[1:], key=lambda c: c.lower_bound(self.z))
        if best.n >= self.least and best.lower_bound(self.z) > 0:
            return best.action
        return base

    def _iterate(self, view: dict, cands: list[Candidate]) -> None:
        mod = self.module
        rng = self.rng
        try:
            state = mod.determinize(view, rng, self.memory)
        except (ValueError, IllegalAction):
            return
        self.samples += 1
        seed = rng.randrange(2**31)
        values = []
        for cand in cands:
            values.append(self._value(state, cand.action, seed))
        if values[0] is None:
            return
        for cand, v in zip(cands[1:], values[1:], strict=True):
            if v is not None:
                cand.add(v - values[0])

    def _value(self, state: Game, action: dict, seed: int) -> float | None:
        mod = self.module
        game = copy.deepcopy(state)
        start = mod.horizon(game)
        try:
            game.apply(self.seat, action)
        except IllegalAction:
            return None
        rng = random.Random(seed)
        bots = [self.policy_class(s, rng.randrange(2**31)) for s in range(game.seats)]
        playout(game, bots, start, mod.horizon, getattr(mod, "DEPTH", 5000))
        return float(mod.value(game, self.seat, start))


# Helpers the games' determinizers share ----------------------------------------------------
def unknown_pool(all_cards: list[str], known: list[str]) -> list[str]:
    """``all_cards`` minus the multiset ``known``; ValueError if ``known`` is not inside it."""
    left = Counter(all_cards)
    left.subtract(known)
    if any(v < 0 for v in left.values()):
        raise ValueError("the view shows cards the game does not hold")
    return sorted(left.elements())


def split(pool: list[str], sizes: list[int], rng: random.Random) -> list[list[str]]:
    """``pool`` shuffled and cut into parts of ``sizes`` (which must add up to its length)."""
    if sum(sizes) != len(pool):
        raise ValueError(f"{len(pool)} unknown cards for {sum(sizes)} places")
    cards = list(pool)
    rng.shuffle(cards)
    out, at = [], 0
    for size in sizes:
        out.append(cards[at : at + size])
        at += size
    return out


def pick_candidates(legal: list[dict], base: dict, rng: random.Random, width: int) -> list[dict]:
    """The heuristic's action first, then up to ``width - 1`` other legal actions at random."""
    seen = {key(base)}
    others = [a for a in legal if key(a) not in seen]
    rng.shuffle(others)
    out = [base]
    for a in others:
        k = key(a)
        if k not in seen:
            seen.add(k)
            out.append(a)
        if len(out) >= width:
            break
    return out
