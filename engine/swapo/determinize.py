"""Full SwaPo states consistent with one seat's view (for engine.search).

Known to the seat: its hand (Dagger: its row, ``?`` where a card it never saw lies), its locked
cards, every public count and position, the swaps (and, for the swaps it took part in, the
cards it sent and received), its own joker declarations, and after the reveal every hand. The
cards it sent to an opponent are still in that opponent's hand when the opponent cannot have
passed them on (Asterisk locks them; otherwise when it made no later exchange). In Dagger the
seat remembers the row it laid (``remember``) and follows each of those cards through the
public swaps to the position where it now lies (``tracked``). Everything else (other hands,
the pile's order, the discards) is dealt from the cards the seat cannot see
(engine/swapo/sampling.py).

The others are assumed to play the heuristic: a sample replays their swaps from a sampled deal
(``replayed``, engine/swapo/replay.py), and in Dagger the positions a seat kept in its swap
hold one rank (``kept_groups``). The cards of the last round (shown at its reveal) are in the
discards.

The search tries, besides the heuristic's swap, its spare cards (or fewer of them) with every
opponent, and ``pass`` (``candidates``); gives are searched among the least wanted sets.
Playouts run the heuristic's swaps directly on the state (``rollout``, engine/swapo/rollout.py).
"""

from __future__ import annotations

import random
from collections import Counter

from ..base import View
from ..cards import rank, removed
from ..search import Search, SearchDefaults, pick_candidates
from .bot import (
    keep_priority,
    spare_cards,
)
from .game import SwapoGame
from .replay import replayable, replayed
from .rollout import rollout
from .sampling import TRIES, kept_groups, observe, remember, sample, tracked
from .scoring import ACE_POWERS, JOKER

__all__ = [
    "SEARCH",
    "SwapoSearch",
    "candidates",
    "determinize",
    "horizon",
    "observe",
    "remember",
    "rollout",
    "searchable",
    "value",
]


#: The phases searched: every decision of a SwaPo seat but Dagger's arrangement.
SEARCHED = ("swap", "give", "declare", "power")


def searchable(view: View) -> bool:
    return not view["over"] and view["phase"] in SEARCHED


def candidates(
    view: View,
    legal: list[dict],
    base: dict,
    rng: random.Random,
    width: int,
    memory: dict | None = None,
) -> list:
    """The heuristic's action first. For a normal-rules swap, then: its cards to every other
    target, fewer of its least wanted cards, and ``pass`` — the choices the heuristic makes by
    a coin or a rule of thumb; the rest of the width goes to other legal actions at random.
    In Ace, swaps and gives that keep my power Aces (the heuristic counts an Ace at 1) too."""
    if view["phase"] == "swap":
        if "dagger" in view["variant"]:
            first = _dagger_options(view, base, tracked(view, memory))
        else:
            first = _swap_options(view, base)
        return pick_candidates(legal, base, rng, width, first=first)
    if view["phase"] == "give":  # the least wanted sets first (the heuristic's order)
        keep = keep_priority(view["hand"], "ace" in view["variant"])
        gives = sorted(legal, key=lambda a: sorted((keep[c] for c in a["cards"]), reverse=True))
        first = gives[:width]
        if "ace" in view["variant"]:  # the least wanted set that keeps my Aces' powers
            first[1:1] = [a for a in gives if not set(a["cards"]) & set(ACE_POWERS)][:1]
        return pick_candidates(first, base, rng, width, first=first)
    if view["phase"] == "declare":
        ranks = dict.fromkeys(rank(c) for c in view["hand"] if c != JOKER)
        ranks.update(K=None)
        wanted = [{"type": "declare", "rank": r} for r in ranks]
        return pick_candidates(legal, base, rng, width, first=wanted)
    return pick_candidates(legal, base, rng, width)


def _spares(cards: list[str], ace: bool) -> list[str]:
    """The cards outside the best group (no jokers), least wanted first."""
    priority = keep_priority(cards, ace)
    spare = [c for c in cards if c in set(spare_cards(cards, ace))]
    return sorted(spare, key=priority.__getitem__)


def _targets(view: View, base: dict, rooms: list[int]) -> list[int]:
    """The opponents with room to exchange, the heuristic's own pick first."""
    targets = [t for t in view["players"] if t != view["seat"] and rooms[t] > 0]
    if base.get("type") == "swap":
        targets.sort(key=lambda t: t != base["target"])
    return targets


def _by_size(targets: list[int], rooms: list[int], most: int, make) -> list[dict]:
    """``make(target, size)`` for every target, the biggest sizes first, ``pass`` after the
    biggest."""
    out: list[dict] = []
    for size in range(most, 0, -1):
        out += [make(t, size) for t in targets if size <= rooms[t]]
    out.insert(min(len(out), len(targets)), {"type": "pass"})
    return out


def _free_spares(view: View) -> list[str]:
    """Normal rules: my spare cards that are not locked, least wanted first."""
    unlocked = Counter(removed(view["hand"], view["locked_cards"]))
    out = []
    for c in _spares(view["hand"], "ace" in view["variant"]):
        if unlocked[c] > 0:
            unlocked[c] -= 1
            out.append(c)
    return out


def _swap_options(view: View, base: dict) -> list[dict]:
    offer = _free_spares(view)
    rooms = [view["hand_counts"][s] - view["locked_counts"][s] for s in range(view["seats"])]
    targets = _targets(view, base, rooms)
    out = _by_size(
        targets,
        rooms,
        len(offer),
        lambda t, k: {"type": "swap", "target": t, "cards": sorted(offer[:k])},
    )
    powers = [c for c in offer if c not in ACE_POWERS]
    if "ace" in view["variant"] and 0 < len(powers) < len(offer):  # keep my Aces' powers
        keep: list[dict] = [{"type": "swap", "target": t, "cards": sorted(powers)} for t in targets]
        out[len(targets) : len(targets)] = [a for a in keep if len(powers) <= rooms[a["target"]]]
    return out


def _dagger_options(view: View, base: dict, places: dict[int, dict[int, str]]) -> list[dict]:
    """Dagger: my known spare positions, least wanted first; the positions taken are the
    target's free ones holding cards of my best group or the group it kept (``kept_groups``)
    first, then unseen ones, then my spare cards (followed through the swaps: ``tracked``)."""
    ace = "ace" in view["variant"]
    row, locked = view["hand"], view["locked_positions"]
    known = [c for c in row if c != "?"]
    wanted = set(known) - set(spare_cards(known, ace))
    wanted_ranks = {rank(c) for c in wanted if c != JOKER} | {JOKER}

    groups = kept_groups(view)

    def appeal(seat: int, pos: int) -> int:
        card = places.get(seat, {}).get(pos)
        if card is None:
            return 0 if pos in groups.get(seat, ()) else 1
        return 0 if card == JOKER or rank(card) in wanted_ranks else 2

    give: list[int] = []
    for c in _spares(known, ace):
        give.append(next(i for i, x in enumerate(row) if x == c and i not in give))
    give = [i for i in give if i not in locked[view["seat"]]]

    def ranked(seat: int) -> list[int]:
        return sorted((i for i in range(5) if i not in locked[seat]), key=lambda i: appeal(seat, i))

    free = [ranked(s) for s in range(view["seats"])]
    rooms = [len(f) for f in free]
    targets = _targets(view, base, rooms)

    def make(t: int, k: int) -> dict:
        return {"type": "swap", "target": t, "take": sorted(free[t][:k]), "give": sorted(give[:k])}

    return _by_size(targets, rooms, len(give), make)


def determinize(view: View, rng: random.Random, memory: dict | None = None) -> SwapoGame:
    """A full state that fits the view. Normal rules before the reveal: preferably one where
    the other seats' swaps (how many cards, or a pass) are those the heuristic would have made
    from the deal (``replayed``); the others play so in the sim, and their choices tell how
    their hands are made (a swap of 2 spare cards means a three of a kind kept)."""
    if replayable(view):
        game = replayed(view, rng)
        if game is not None:
            return game
    places = (
        {} if view["revealed"] or view["phase"] not in ("swap", "give") else tracked(view, memory)
    )
    for _ in range(TRIES):
        game = sample(view, rng, places)
        if game is not None:
            return game
    raise ValueError("no deal found that fits the view")


def horizon(game: SwapoGame) -> int:
    return game.round_no


def value(game: SwapoGame, seat: int, start: int) -> float:
    """My total minus the best other total (after the round: it is what decides the game);
    once the game is over, winning it counts as much as a round (Ace: as a good hand)."""
    others = [t for s, t in enumerate(game.scores) if s != seat]
    lead = game.scores[seat] - max(others)
    if not game.over or seat not in game.final_winners:
        return lead
    return lead + (20.0 if game.ace else 1.0) / len(game.final_winners)


class SwapoSearch(SearchDefaults):
    """SwaPo's side of :class:`engine.search.Search`: every decision but Dagger's arrangement;
    playouts run to the end of the round."""

    #: Candidates per decision: a swap right has every target times every sensible size.
    WIDTH = 10
    #: Playouts per decision (a round plays out in about a millisecond; the caller's deadline
    #: cuts it short on a busy machine).
    BUDGET = 800
    observe = staticmethod(observe)
    remember = staticmethod(remember)
    searchable = staticmethod(searchable)
    candidates = staticmethod(candidates)
    determinize = staticmethod(determinize)
    horizon = staticmethod(horizon)
    value = staticmethod(value)
    rollout = staticmethod(rollout)


#: What engine.swapo exports as SEARCH.
SEARCH: Search[SwapoGame] = SwapoSearch()
