"""Full 大富豪 states consistent with one seat's view (for engine.search, the hard bot).

Known to the seat: its hand, every card played in this deal (``played``), the counts of every
hand, the trick, and its own exchange: cards it gave are in the receiver's hand unless played
since. Unknown: the other hands and the fallen hand; they are dealt from the cards the seat
cannot see. A playout runs to the end of the deal.
"""

from __future__ import annotations

import random

from ..base import View
from ..search import Search, SearchDefaults, pick_candidates, split, unknown_pool
from .bot import DaifugoBot
from .game import DaifugoGame
from .plays import read_play


def searchable(view: View) -> bool:
    return not view["over"] and view["phase"] == "play" and view["turn"] == view["seat"]


def candidates(
    view: View,
    legal: list[dict],
    base: dict,
    rng: random.Random,
    width: int,
    memory: dict | None = None,
) -> list:
    """The heuristic's choice, then the plays it liked next best, and passing."""
    bot = DaifugoBot(view["seat"])
    plays = sorted((a for a in legal if a["type"] == "play"), key=lambda a: bot.cost(view, a))
    first = [a for a in legal if a["type"] == "pass"] + plays
    return pick_candidates(legal, base, rng, width, first=first)


def determinize(view: View, rng: random.Random, memory: dict | None = None) -> DaifugoGame:
    seat, n = view["seat"], view["seats"]
    game = DaifugoGame(n, options=dict(view["options"]), seed=rng.randrange(2**31))
    hand, played, counts = list(view["hand"]), list(view["played"]), view["counts"]
    pool = unknown_pool(game.all_cards, hand + played)
    fixed: list[list[str]] = [[] for _ in range(n)]
    own = view["exchange"]
    if own is not None:
        gone = hand + played  # given cards seen again: back in my hand, or played
        to = next(e["to"] for e in view["exchanges"] if e["from"] == seat)
        for card in own["gave"]:
            if card in gone:
                gone.remove(card)
            elif counts[to] > len(fixed[to]):
                fixed[to].append(card)
                pool.remove(card)
    sizes = [0 if s == seat else counts[s] - len(fixed[s]) for s in range(n)]
    sizes.append(len(pool) - sum(sizes))  # the fallen hand
    parts = split(pool, sizes, rng)
    game.hands = [hand if s == seat else fixed[s] + parts[s] for s in range(n)]
    game.fallen_cards = parts[n]
    game.played = played
    game.scores = list(view["scores"])
    game.titles = list(view["titles"])
    game.deal_no, game.dealer = view["deal"], view["dealer"]
    game.trick = [(t["seat"], read_play(t["cards"], t["as"], True)) for t in view["trick"]]
    game.passed = list(view["passed"])
    game.revolution, game.back = view["revolution"], view["back"]
    game.lock = None if view["lock"] is None else frozenset(view["lock"])
    game.finished, game.fouls = list(view["finished"]), list(view["fouls"])
    game.fallen = view["fallen"]
    game.exchanges = [dict(e) for e in view["exchanges"]]  # type: ignore[misc]
    game.swapped = {}
    game.phase, game.turn = "play", view["turn"]
    return game


def horizon(game: DaifugoGame) -> int:
    return game.deal_no


def value(game: DaifugoGame, seat: int, start: int) -> float:
    """My total against the others' mean; while the deal goes on, fewer cards is better."""
    totals = [float(t) for t in game.scores]
    if not game.over and game.deal_no == start:
        totals = [t - 0.3 * len(h) for t, h in zip(totals, game.hands, strict=True)]
    others = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - sum(others) / len(others)


class DaifugoSearch(SearchDefaults):
    """大富豪's side of :class:`engine.search.Search` (the view holds all it uses)."""

    WIDTH = 4
    BUDGET = 160
    #: A deal rarely takes more actions than this; the cards left then count.
    DEPTH = 120
    searchable = staticmethod(searchable)
    candidates = staticmethod(candidates)
    determinize = staticmethod(determinize)
    horizon = staticmethod(horizon)
    value = staticmethod(value)


#: What engine.daifugo exports as SEARCH.
SEARCH: Search[DaifugoGame] = DaifugoSearch()
