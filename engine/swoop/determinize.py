"""Full Swoop states consistent with one seat's view (for engine.search).

Known to the seat: its hand, every face-up card, the pile, the turned-up card, the counts of
every hand, mystery slot, unused and swooped-away card. Unknown: the other hands, every mystery
card (its own too), the unused cards and which cards were swooped away; they are dealt from the
cards the seat cannot see.
"""

from __future__ import annotations

import random

from ..base import View
from ..search import Search, SearchDefaults, pick_candidates, split, unknown_pool
from .bot import SwoopBot
from .game import SwoopGame


def searchable(view: View) -> bool:
    return not view["over"] and view["phase"] in ("play", "add", "chain")


def candidates(
    view: View,
    legal: list[dict],
    base: dict,
    rng: random.Random,
    width: int,
    memory: dict | None = None,
) -> list:
    """The heuristic's action, then the ones it liked next best (a chain step: every choice)."""
    if view["phase"] == "chain":
        return pick_candidates(legal, base, rng, width)
    bot = SwoopBot(view["seat"])
    ranked = sorted(legal, key=lambda a: -bot.score(view, a))
    return pick_candidates(legal, base, rng, width, first=ranked)


def determinize(view: View, rng: random.Random, memory: dict | None = None) -> SwoopGame:
    seat, n = view["seat"], view["seats"]
    game = SwoopGame(n, options=dict(view["options"]), seed=rng.randrange(2**31))
    players = view["players"]
    flipped = view["flipped"]
    known = list(view["hand"]) + list(view["pile"])
    known += [c for p in players for c in p["face_up"] if c is not None]
    if flipped is not None:
        known.append(flipped["card"])
    sizes = [0 if s == seat else players[s]["hand"] for s in range(n)]
    sizes += [sum(p["mystery"]) for p in players]
    sizes += [view["unused"], view["cleared"]]
    parts = split(unknown_pool(game.all_cards, known), sizes, rng)
    game.hands = [list(view["hand"]) if s == seat else parts[s] for s in range(n)]
    game.face_up = [list(p["face_up"]) for p in players]
    game.mystery = []
    for s, p in enumerate(players):
        cards = iter(parts[n + s])
        game.mystery.append([next(cards) if m else None for m in p["mystery"]])
    game.unused = parts[2 * n]
    game.pile = list(view["pile"])
    game.cleared = view["cleared"]
    game.scores = list(view["scores"])
    game.history = [list(h) for h in view["hands"]]
    game.draws = None if view["draws"] is None else [[list(d) for d in r] for r in view["draws"]]
    game.hand_no = view["hand_no"]
    game.first = view["first"]
    game.turn = view["turn"]
    game.phase = view["phase"] if view["turn"] == seat else "play"
    game.flipped = None if flipped is None else (flipped["slot"], flipped["card"])
    chain = view["chain"]
    game.chain = None if chain is None else (chain["rank"], chain["need"])
    return game


def horizon(game: SwoopGame) -> int:
    return game.hand_no


def value(game: SwoopGame, seat: int, start: int) -> float:
    """Penalties are bad: the others' mean total minus mine, counting the cards still in front
    of each seat while the hand goes on."""
    totals = list(game.scores)
    if not game.over and game.hand_no == start:
        totals = [t + game.penalties(s) for s, t in enumerate(totals)]
    others = [t for s, t in enumerate(totals) if s != seat]
    return sum(others) / len(others) - totals[seat]


class SwoopSearch(SearchDefaults):
    """Swoop's side of :class:`engine.search.Search` (the view holds all it uses)."""

    #: Candidates tried per decision (the heuristic's and three others): playouts are long.
    WIDTH = 4
    #: Playouts per decision (the caller's deadline cuts it short on a busy machine).
    BUDGET = 240
    #: Playouts stop after this many actions; the cards still in front count as penalties.
    DEPTH = 32
    searchable = staticmethod(searchable)
    candidates = staticmethod(candidates)
    determinize = staticmethod(determinize)
    horizon = staticmethod(horizon)
    value = staticmethod(value)


#: What engine.swoop exports as SEARCH.
SEARCH: Search[SwoopGame] = SwoopSearch()
