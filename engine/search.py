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

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from .base import Game, IllegalAction, View
from .bots import Bot

G = TypeVar("G", bound=Game)


@runtime_checkable
class Search(Protocol[G]):
    """A game's side of the search: what its package exports as ``SEARCH``, beside ``GAME`` and
    ``BOT`` (an instance of a class in ``engine/<game>/determinize.py``; :class:`SearchDefaults`
    gives the members a game may leave alone). ``G`` is the game's class.

    ``memory`` is the seat's own notebook (a dict the bot keeps across decisions): what it has
    seen that its later views no longer show.
    """

    #: Candidates tried per decision (the heuristic's own among them).
    WIDTH: int
    #: Playouts per decision (a caller's ``iterations`` or deadline may cut it).
    BUDGET: int
    #: Actions per playout at most (the position is then valued as it stands).
    DEPTH: int

    def observe(self, memory: dict, view: View) -> None:
        """Told every view the seat decides on, before it decides."""
        ...

    def remember(self, memory: dict, view: View, action: dict) -> None:
        """Told each action the seat takes (searched or not)."""
        ...

    def searchable(self, view: View) -> bool:
        """Whether this decision is searched at all (else the heuristic's choice stands)."""
        ...

    def candidates(
        self,
        view: View,
        legal: list[dict],
        base: dict,
        rng: random.Random,
        width: int,
        memory: dict | None = None,
    ) -> list[dict]:
        """At most ``width`` distinct legal actions, the heuristic's ``base`` first."""
        ...

    def determinize(self, view: View, rng: random.Random, memory: dict | None = None) -> G:
        """A full game state the seat cannot tell from the real one; ValueError or
        IllegalAction when a sample fails (the search then tries another)."""
        ...

    def horizon(self, game: G) -> int:
        """Where a playout stops: it plays on while this stays the same (the round or hand)."""
        ...

    def value(self, game: G, seat: int, start: int) -> float:
        """How good the state at the end of a playout is for ``seat`` (higher is better)."""
        ...

    def rollout(
        self, game: G, bots: list[Bot], start: int, horizon: Callable[[G], int], depth: int
    ) -> None:
        """Play ``game`` out like :func:`playout` does (a game may do it faster, with the same
        bots' choices)."""
        ...


def key(action: dict) -> tuple:
    """A hashable form of an action (lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in action.items()))


def snapshot(game: Game) -> bytes:
    """``game`` frozen for :func:`restore`, without its random state (a deepcopy spends most of
    its time on the 625 words of ``rng``; a playout gets a fresh seeded one instead)."""
    import pickle  # loaded by the first search, not by every table that imports this module

    rng = game.rng
    game.rng = None  # type: ignore[assignment]
    try:
        return pickle.dumps(game, pickle.HIGHEST_PROTOCOL)
    finally:
        game.rng = rng


def restore(data: bytes, seed: int) -> Game:
    """A fresh copy of a :func:`snapshot`, its ``rng`` seeded with ``seed``."""
    import pickle

    game: Game = pickle.loads(data)
    game.rng = random.Random(seed)
    return game


@dataclass
class Candidate:
    action: dict
    total: float = 0.0  #: sum of (value - the heuristic's value) over shared samples
    squares: float = 0.0
    n: int = 0
    dropped: bool = False  #: clearly worse than the heuristic: no more playouts

    def add(self, diff: float) -> None:
        self.total += diff
        self.squares += diff * diff
        self.n += 1

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def error(self) -> float:
        """The standard error of the mean advantage (infinite below two samples)."""
        if self.n < 2:
            return math.inf
        mean = self.total / self.n
        var = max(self.squares / self.n - mean * mean, 0.0)
        return math.sqrt(var / (self.n - 1))

    def lower_bound(self, z: float) -> float:
        """Mean advantage over the heuristic minus ``z`` standard errors."""
        return -math.inf if self.n < 2 else self.mean - z * self.error()

    def upper_bound(self, z: float) -> float:
        return math.inf if self.n < 2 else self.mean + z * self.error()


def threshold(alpha: float, alternatives: int) -> float:
    """The z a candidate's advantage must clear so that, when no alternative is really better
    than the heuristic, one is still picked with chance about ``alpha`` (Bonferroni)."""
    from statistics import NormalDist  # as pickle above: for the first search only

    return NormalDist().inv_cdf(1 - alpha / max(alternatives, 1))


def bot_step(game: Game, bots: list[Bot]) -> None:
    """One action: the first pending seat's bot decides from its view (a refused choice
    falls back to the first legal action)."""
    seat = game.pending()[0]
    legal = game.legal_actions(seat)
    action = bots[seat].act(game.view(seat), legal)
    try:
        game.apply(seat, action)
    except IllegalAction:
        game.apply(seat, legal[0])


def playout(
    game: Any,
    bots: list[Bot],
    start: Any,
    horizon: Callable[[Any], Any],
    depth: int,
    step: Callable[[Any, list[Bot]], None] = bot_step,
) -> None:
    """Let the bots play ``game`` for at most ``depth`` actions (each one ``step``), until it
    is over or ``horizon(game)`` leaves ``start``."""
    steps = 0
    while not game.over and horizon(game) == start and steps < depth:
        step(game, bots)
        steps += 1


class SearchDefaults:
    """The members of :class:`Search` most games leave alone: a base for a game's own class."""

    WIDTH = 6
    BUDGET = 240
    DEPTH = 5000

    @staticmethod
    def observe(memory: dict, view: View) -> None:
        """The view holds everything the search uses."""

    @staticmethod
    def remember(memory: dict, view: View, action: dict) -> None:
        """Nothing to remember beyond the views."""

    @staticmethod
    def rollout(
        game: Any, bots: list[Bot], start: int, horizon: Callable[[Any], int], depth: int
    ) -> None:
        """:func:`playout`, each step through views and ``apply``."""
        playout(game, bots, start, horizon, depth)


class SearchBot(Bot):
    """The ``hard`` level: determinized playouts over a handful of candidate actions.

    Each sample (a full state drawn from what the seat knows, and a playout seed) plays every
    live candidate, so candidates are compared with the heuristic's choice on the same deal.
    ``search`` is the game's :class:`Search` (``engine.SEARCHES[name]``).
    ``iterations`` bounds the playouts per decision (default: the game's ``BUDGET``);
    ``deadline`` (if given) is asked between samples and stops the search when it returns
    True. A candidate that is clearly worse than the heuristic (after ``least`` samples) gets
    no more playouts. The heuristic is overruled only by a candidate tried on at least
    ``least`` samples whose advantage clears :func:`threshold` (``alpha`` shared by all the
    alternatives, so more candidates do not mean more lucky picks).
    """

    alpha: float = 0.25
    """The chance shared by all the alternatives of overruling the heuristic by luck."""
    least: int = 8
    """The samples a candidate needs before it may overrule the heuristic or be pruned."""
    prune: float = 1.0
    """How sure (``upper_bound``'s z) a candidate must be worse before it gets no more."""

    def __init__(
        self,
        seat: int,
        seed: int | None = None,
        *,
        search: Search[Any],
        policy: type[Bot],
        iterations: int | None = None,
        deadline: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(seat, seed)
        self.search = search
        self.policy_class = policy
        self.policy = policy(seat, self.rng.randrange(2**31))
        self.iterations: int = iterations or search.BUDGET
        self.deadline = deadline
        self.memory: dict = {}  #: what the seat has seen so far (see each game's ``observe``)
        self.samples = 0  #: determinizations used in the last decision (for tests and stats)
        self.playouts = 0  #: playouts run in the last decision
        self.heuristic: dict | None = None  #: the heuristic's choice in the last decision

    def act(self, view: View, legal: list[dict]) -> dict:
        self.search.observe(self.memory, view)
        action = self._decide(view, legal)
        self.search.remember(self.memory, view, action)
        return action

    def follow(self, view: View, legal: list[dict], action: dict) -> None:
        """Take ``action`` as this decision's choice without searching (a table rebuilt from
        its journal replays what the bot chose): the seat's memory and the heuristic's own
        state move on as if it had been chosen here."""
        self.search.observe(self.memory, view)
        self.heuristic = self.policy.act(view, legal)
        self.search.remember(self.memory, view, action)

    def _decide(self, view: View, legal: list[dict]) -> dict:
        search = self.search
        base = self.heuristic = self.policy.act(view, legal)
        self.samples = self.playouts = 0
        if len(legal) < 2 or not search.searchable(view):
            return base
        options = search.candidates(view, legal, base, self.rng, search.WIDTH, self.memory)
        if len(options) < 2:
            return base
        cands = [Candidate(a) for a in options]
        failed = 0
        while self.playouts < self.iterations:
            if self.deadline is not None and self.samples + failed >= 2 and self.deadline():
                break
            live = [c for c in cands[1:] if not c.dropped]
            if not live:
                break
            failed += not self._iterate(view, [cands[0], *live])
        return self._choose(cands, base)

    def _choose(self, cands: list[Candidate], base: dict) -> dict:
        z = threshold(self.alpha, len(cands) - 1)
        fit = [c for c in cands[1:] if c.n >= self.least and c.lower_bound(z) > 0]
        if not fit:
            return base
        return max(fit, key=lambda c: (c.mean, c.lower_bound(z))).action

    def _iterate(self, view: View, cands: list[Candidate]) -> bool:
        """One sample played with every candidate; False if no state fitting the view was
        found (that still costs a playout of the budget, so the search always ends)."""
        rng = self.rng
        try:
            state = self.search.determinize(view, rng, self.memory)
        except (ValueError, IllegalAction):
            self.playouts += 1
            return False
        self.samples += 1
        frozen = snapshot(state)
        seed = rng.randrange(2**31)
        values = [self._value(frozen, cand.action, seed) for cand in cands]
        self.playouts += len(cands)
        if values[0] is None:
            return True
        for cand, v in zip(cands[1:], values[1:], strict=True):
            if v is None:
                cand.dropped = True  # not legal in this sample: the view allows it, so rare
                continue
            cand.add(v - values[0])
            if cand.n >= self.least and cand.upper_bound(self.prune) < 0:
                cand.dropped = True
        return True

    def _value(self, frozen: bytes, action: dict, seed: int) -> float | None:
        search = self.search
        game = restore(frozen, seed)
        start = search.horizon(game)
        try:
            game.apply(self.seat, action)
        except IllegalAction:
            return None
        rng = random.Random(seed)
        bots = [self.policy_class(s, rng.randrange(2**31)) for s in range(game.seats)]
        search.rollout(game, bots, start, search.horizon, search.DEPTH)
        return float(search.value(game, self.seat, start))


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


def pick_candidates(
    legal: list[dict], base: dict, rng: random.Random, width: int, first: Sequence[dict] = ()
) -> list[dict]:
    """The heuristic's action first, then those of ``first`` that are legal, then other legal
    actions at random: at most ``width`` distinct actions."""
    allowed = {key(a) for a in legal}
    seen = {key(base)}
    out = [base]
    others = list(legal)
    rng.shuffle(others)
    for a in [*first, *others]:
        if len(out) >= width:
            break
        k = key(a)
        if k not in seen and k in allowed:
            seen.add(k)
            out.append(a)
    return out
