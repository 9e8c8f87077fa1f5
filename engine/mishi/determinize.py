"""Full Mi Shi states consistent with one seat's view during the play of a hand (for
engine.search).

Known to the seat: its hand, every card played this hand (the search bot remembers each trick
from the views it is shown: ``observe``), the suits a seat showed it lacks by not following, the
buried cards for the declarer, the captured points, and the sides as far as it knows them. The
other hands and (for a defender) the buried cards are dealt from the rest, respecting the voids;
who the hidden partner is follows from where the other trump ten lands.

Only the play phase is searched; the bidding and the bury are the heuristic's.
"""

from __future__ import annotations

import random
from collections import Counter

from ..base import View
from ..search import Search, SearchDefaults, pick_candidates, unknown_pool
from .bidding import DEALT, Bid
from .cards import ORDERS, Order, full_deck
from .game import MishiGame
from .play import BURY, defender_card_points
from .scoring import hand_deltas
from .tricks import Shape
from .types import Case
from .view import copy_summary, copy_trick

_TRIES = 60


def observe(memory: dict, view: View) -> None:
    """Remember the plays of the current hand from ``trick`` and ``last_trick``."""
    if view["phase"] != "play":
        return
    if memory.get("hand") != view["hand_number"]:
        memory.clear()
        memory.update(hand=view["hand_number"], tricks={})
    tricks: dict[int, list[dict]] = memory["tricks"]
    number = view["trick_number"]
    if view["last_trick"] is not None:
        tricks[number - 1] = [dict(p) for p in view["last_trick"]["plays"]]
    if view["trick"]:
        tricks[number] = [dict(p) for p in view["trick"]]


def _plays(memory: dict | None, view: View) -> list[list[dict]]:
    if not memory or memory.get("hand") != view["hand_number"]:
        raise ValueError("the search needs the tricks of this hand (observe every view)")
    return [memory["tricks"][k] for k in sorted(memory["tricks"])]


def searchable(view: View) -> bool:
    return not view["over"] and view["phase"] == "play" and not view["picked"]


def candidates(
    view: View,
    legal: list[dict],
    base: dict,
    rng: random.Random,
    width: int,
    memory: dict | None = None,
) -> list:
    """Whole plays: the heuristic's, and single cards (a lead may also be a pair)."""
    lead = view["lead"]
    if lead is not None and (lead["tractors"] or lead["pairs"] or lead["singles"] != 1):
        return [base]
    picks = [a["card"] for a in legal if a["type"] == "pick"]
    plays = [{"type": "play", "cards": [c]} for c in picks]
    if lead is None:
        counts: Counter[str] = Counter(view["hand"])
        plays += [{"type": "play", "cards": [c, c]} for c in picks if counts[c] >= 2]
    return pick_candidates(plays, base, rng, width)


def determinize(view: View, rng: random.Random, memory: dict | None = None) -> MishiGame:
    plays = _plays(memory, view)
    for _ in range(_TRIES):
        game = _sample(view, plays, rng)
        if game is not None:
            return game
    raise ValueError("no deal found that fits the view")


def _voids(view: View, plays: list[list[dict]]) -> dict[int, set[str]]:
    order = ORDERS[view["trump"]]
    out: dict[int, set[str]] = {}
    for trick in plays:
        suit = order.suit(trick[0]["cards"][0])
        for p in trick[1:]:
            if any(order.suit(c) != suit for c in p["cards"]):
                out.setdefault(p["seat"], set()).add(suit)
    return out


def _sample(view: View, plays: list[list[dict]], rng: random.Random) -> MishiGame | None:
    me, n = view["seat"], view["seats"]
    trump, declarer = view["trump"], view["declarer"]
    order = ORDERS[trump]
    played = [c for trick in plays for p in trick for c in p["cards"]]
    known = list(view["hand"]) + played + list(view["buried"] or [])
    pool = unknown_pool(full_deck(), known)
    kitty_slot = -1 if view["buried"] is not None else n  # the declarer knows the buried cards
    room = {s: view["counts"][s] for s in range(n) if s != me}
    if kitty_slot == n:
        room[n] = BURY
    voids = _voids(view, plays)
    deal = _deal(pool, room, voids, order, rng)
    if deal is None:
        return None
    hands = [list(view["hand"]) if s == me else deal[s] for s in range(n)]
    buried = list(view["buried"]) if view["buried"] is not None else deal[n]
    partner, case = _partner(view, hands, buried, plays)
    if partner is False:
        return None
    game = MishiGame(n, options=dict(view["options"]), seed=rng.randrange(2**31))
    game.phase = "play"
    game.order = order
    game.deck, game.drawn, game.public_drawn = [], DEALT, DEALT
    game.hands = hands
    game.kitty, game.buried = list(buried), list(buried)
    game.totals = list(view["scores"])
    game.history = [copy_summary(h) for h in view["history"]]
    game.hand_index = view["hand_number"] - 1
    game.first = view["first_player"]
    d, b = view["declaration"], view["bao"]
    game.declaration = None if d is None else Bid(d["seat"], d["suit"], len(d["cards"]))
    game.bao_bid = None if b is None else Bid(b["seat"], b["suit"], len(b["cards"]))
    game.declarer, game.trump, game.partner, game.case = declarer, trump, partner, case
    game.revealed = view["partner_revealed"]
    ten = "10" + trump
    mine = [c for t in plays for p in t if p["seat"] == declarer for c in p["cards"]]
    game.declarer_tens_played = mine.count(ten) if case == "paqi" else 0
    game.picked = [list(view["picked"]) if s == me else [] for s in range(n)]
    game.leader = view["leader"]
    game.trick = [(p["seat"], list(p["cards"])) for p in view["trick"]]
    lead = view["lead"]
    game.lead_suit = None if lead is None else ("T" if lead["suit"] == "trump" else lead["suit"])
    game.lead_shape = (
        None if lead is None else Shape(tuple(lead["tractors"]), lead["pairs"], lead["singles"])
    )
    game.trick_number = view["trick_number"]
    lt = view["last_trick"]
    game.last_trick = None if lt is None else copy_trick(lt)
    game.captured = list(view["captured"])
    game.failed_throws = list(view["failed_throws"])
    game.penalty_adjust = 0  # not shown in a view; only with throw_penalty, after a failed throw
    return game


def _deal(
    pool: list[str],
    room: dict[int, int],
    voids: dict[int, set[str]],
    order: Order,
    rng: random.Random,
) -> dict[int, list[str]] | None:
    """Deal ``pool`` into the places of ``room`` (seat → size, ``n`` the kitty), keeping every
    card out of a seat void in its suit; the most constrained cards first."""
    suit = order.suit
    if sum(room.values()) != len(pool):
        raise ValueError(f"{len(pool)} unknown cards for {sum(room.values())} places")
    cards = list(pool)
    rng.shuffle(cards)
    allowed = {c: [s for s in room if suit(c) not in voids.get(s, ())] for c in set(cards)}
    cards.sort(key=lambda c: len(allowed[c]))
    left = dict(room)
    out: dict[int, list[str]] = {s: [] for s in room}
    for c in cards:
        places = [s for s in allowed[c] if left[s] > 0]
        if not places:
            return None
        s = rng.choices(places, weights=[left[p] for p in places])[0]
        left[s] -= 1
        out[s].append(c)
    return out


def _partner(
    view: View, hands: list[list[str]], buried: list[str], plays: list[list[dict]]
) -> tuple[int | bool | None, Case | None]:
    """(partner, case) of the sample; partner False when the sample contradicts the view."""
    sides, case, declarer = view["sides"], view["case"], view["declarer"]
    if case == "bao" or view["bao"] is not None:
        return None, "bao"
    if "partner" in sides:
        return sides.index("partner"), "2v2"
    if case == "paqi":
        return None, "paqi"
    ten = "10" + view["trump"]
    holders = [s for s, h in enumerate(hands) if s != declarer and ten in h]
    if case == "2v2":  # the declarer, not knowing the partner
        return (holders[0], "2v2") if len(holders) == 1 else (False, None)
    if len(holders) > 1:
        return False, None
    return (holders[0], "2v2") if holders else (None, "paqi")


def horizon(game: MishiGame) -> int:
    return game.hand_index


def value(game: MishiGame, seat: int, start: int) -> float:
    """My total once the hand is scored, or as it would be scored on the points so far."""
    if game.over or game.hand_index != start or game.declarer is None or game.case is None:
        return float(game.totals[seat])
    defenders = defender_card_points(game) + game.penalty_adjust
    stake = game.options["stake"]
    delta = hand_deltas(game.case, game.declarer, game.partner, defenders, stake, game.seats)
    return float(game.totals[seat] + delta[seat])


class MishiSearch(SearchDefaults):
    """Mi Shi's side of :class:`engine.search.Search`: the play of a hand is searched."""

    #: Candidates tried per decision (the heuristic's and three others): playouts are long.
    WIDTH = 4
    #: Playouts per decision (the caller's deadline cuts it short on a busy machine).
    BUDGET = 120
    #: Playouts stop after this many actions (about eight tricks); the hand is then scored as
    #: if it ended with the points captured so far.
    DEPTH = 32
    observe = staticmethod(observe)
    searchable = staticmethod(searchable)
    candidates = staticmethod(candidates)
    determinize = staticmethod(determinize)
    horizon = staticmethod(horizon)
    value = staticmethod(value)


#: What engine.mishi exports as SEARCH.
SEARCH: Search[MishiGame] = MishiSearch()
