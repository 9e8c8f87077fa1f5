"""Full 大富豪 states consistent with one seat's view (for engine.search, the hard bot).

Known to the seat: its hand, every card played in this deal (``played``), the counts of every
hand, the trick, and its own exchange: cards it gave are in the receiver's hand unless played
since, and a tribute it got tells that its giver kept nothing stronger (``barred``). Unknown:
the other hands and the fallen hand; they are dealt from the cards the seat cannot see, within
what it knows. A playout runs to the end of the deal, each turn the heuristic's (rollout.py).
"""

from __future__ import annotations

import random

from ..base import View
from ..search import Search, SearchDefaults, pick_candidates, split, unknown_pool
from .bot import DaifugoBot
from .game import DaifugoGame
from .plays import rank_of, read_play
from .rollout import rollout


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
    parts = constrained_split(pool, sizes, barred(view), rng)
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


def barred(view: View) -> dict[int, int]:
    """What the seat knows a hand cannot hold: by seat, the rank (``plays.rank_of``) no unseen
    card of that hand is above. A tribute is its giver's strongest cards (rules §4), so the
    giver of one this seat received kept nothing stronger than the weakest card it gave (the
    cards this seat gave back are placed apart, and whatever it held was played in view)."""
    own = view["exchange"]
    if own is None or not own["got"]:
        return {}
    half = len(view["exchanges"]) // 2
    tribute = next(
        (e for e in view["exchanges"][:half] if e["to"] == view["seat"] and e["done"]), None
    )
    if tribute is None:
        return {}
    got = own["got"][: tribute["count"]]  # the tribute arrives before any return
    return {tribute["from"]: min(rank_of(c) for c in got)}


def constrained_split(
    pool: list[str], sizes: list[int], ceiling: dict[int, int], rng: random.Random
) -> list[list[str]]:
    """``pool`` dealt into parts of ``sizes`` at random, but no card ranked above
    ``ceiling[part]`` goes to that part: those cards are placed first, each in a free place of
    the other parts (all such places equally likely), then the rest fill what is left.
    ValueError if the barred cards do not fit elsewhere."""
    if not ceiling:
        return split(pool, sizes, rng)
    if sum(sizes) != len(pool):
        raise ValueError(f"{len(pool)} unknown cards for {sum(sizes)} places")
    top = {s: c for s, c in ceiling.items() if s < len(sizes)}
    parts: list[list[str]] = [[] for _ in sizes]
    free = list(sizes)
    rest: list[str] = []
    cards = list(pool)
    rng.shuffle(cards)
    for card in cards:
        banned = [s for s, c in top.items() if rank_of(card) > c]
        if not banned:
            rest.append(card)
            continue
        places = [(s, k) for s, k in enumerate(free) if k > 0 and s not in banned]
        total = sum(k for _, k in places)
        if not total:
            raise ValueError("no hand may hold " + card)
        pick = rng.randrange(total)
        for s, k in places:
            if pick < k:
                parts[s].append(card)
                free[s] -= 1
                break
            pick -= k
    at = 0
    for s, k in enumerate(free):
        parts[s].extend(rest[at : at + k])
        at += k
    return parts


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
    BUDGET = 400
    #: A deal rarely takes more actions than this; the cards left then count.
    DEPTH = 120
    searchable = staticmethod(searchable)
    candidates = staticmethod(candidates)
    determinize = staticmethod(determinize)
    horizon = staticmethod(horizon)
    value = staticmethod(value)
    rollout = staticmethod(rollout)


#: What engine.daifugo exports as SEARCH.
SEARCH: Search[DaifugoGame] = DaifugoSearch()
