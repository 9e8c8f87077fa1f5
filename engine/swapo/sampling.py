"""What one SwaPo seat knows, and deals that fit it (for engine/swapo/determinize.py).

``observe`` and ``remember`` keep what the view forgets (Dagger: the row the seat laid, followed
through the public swaps by ``tracked``); ``sample`` deals every card the seat cannot see so
that the state's view for the seat is its view: the locked cards where they are, the cards it
sent still with an opponent that cannot have passed them on, Dagger's kept groups in place
(``kept_groups``), the last round's cards in the discards (``discarded``), the jokers'
declarations sampled (``sample_declarations``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import View
from ..cards import rank, removed
from ..search import split, unknown_pool
from .bot import (
    SwapoBot,
)
from .game import SwapoGame
from .powers import undeclared
from .rounds import copy_record
from .scoring import JOKER
from .swaps import (
    GiveRequest,
)
from .types import SwapLog

TRIES = 50


def observe(memory: dict, view: View) -> None:
    """Dagger: forget the row of an earlier round (see ``remember``)."""
    if memory.get("round") != view["round"]:
        memory.clear()
        memory["round"] = view["round"]


def remember(memory: dict, view: View, action: dict) -> None:
    """Dagger: the row the seat laid down. The view soon shows ``?`` where a card left, but
    the seat still knows which card that was, and the public swaps say where it went."""
    if action.get("type") == "arrange":
        memory.update(round=view["round"], row=list(action["order"]))


def tracked(view: View, memory: dict | None) -> dict[int, dict[int, str]]:
    """Dagger: per seat, the positions holding a card of the row the seat laid (followed
    through every swap since: the i-th smallest position taken pairs with the i-th given)."""
    memory = memory or {}
    row = memory.get("row")
    if "dagger" not in view["variant"] or row is None or memory.get("round") != view["round"]:
        return {}
    where: dict[tuple[int, int], str] = {(view["seat"], i): c for i, c in enumerate(row)}
    for e in view["swaps"]:
        for take, give in zip(sorted(e["take"]), sorted(e["give"]), strict=True):
            a, b = (e["target"], take), (e["seat"], give)
            ca, cb = where.pop(a, None), where.pop(b, None)
            if ca is not None:
                where[b] = ca
            if cb is not None:
                where[a] = cb
    out: dict[int, dict[int, str]] = {}
    for (seat, pos), card in where.items():
        out.setdefault(seat, {})[pos] = card
    return out


def _pinned(view: View) -> dict[int, list[str]]:
    """Per opponent, the cards the seat gave it that must still be in its hand."""
    me, asterisk = view["seat"], "asterisk" in view["variant"]
    out: dict[int, list[str]] = {}
    if "dagger" in view["variant"]:
        return out
    log = view["swaps"]
    for i, entry in enumerate(log):
        if entry["sent"] is None:
            continue
        other, cards = (
            (entry["target"], entry["sent"])
            if entry["seat"] == me
            else (entry["seat"], entry["received"])
        )
        later = any(other in (e["seat"], e["target"]) for e in log[i + 1 :])
        if asterisk or not later:
            out.setdefault(other, []).extend(cards)
    return out


def kept_groups(view: View) -> dict[int, list[int]]:
    """Dagger: per other seat, the positions that hold the group it kept in its first swap of
    the round (two cards or more), as far as no swap has touched them since. The heuristic
    gives every known card outside its best group (jokers it keeps), so the positions it kept
    and had not seen move hold one rank (and jokers). Seats whose swap the target's room cut
    short are left out."""
    me, log = view["seat"], view["swaps"]
    out: dict[int, list[int]] = {}
    for i, e in enumerate(log):
        s = e["seat"]
        if s == me or s in out or any(x["seat"] == s for x in log[:i]):
            continue
        before = [x for x in log[:i] if s in (x["seat"], x["target"])]
        seen_moved = {p for x in before for p in (x["take"] if x["target"] == s else x["give"])}
        room = 5 - len({p for x in log[:i] for p in _touched(x, e["target"])})
        if "asterisk" in view["variant"] and e["k"] == room and room < 5:
            continue
        kept = {p for p in range(5) if p not in e["give"] and p not in seen_moved}
        for x in log[i + 1 :]:
            kept -= set(_touched(x, s))
        if len(kept) >= 2 and e["k"] <= 3:
            out[s] = sorted(kept)
    return out


def _touched(entry: dict, seat: int) -> list[int]:
    """The positions of ``seat``'s row that a Dagger swap moved."""
    if entry["seat"] == seat:
        return list(entry["give"])
    if entry["target"] == seat:
        return list(entry["take"])
    return []


def _place_groups(
    view: View, places: dict[int, dict[int, str]], pool: list[str], rng: random.Random
) -> dict[int, dict[int, str]]:
    """``places`` plus, for each seat of :func:`kept_groups`, one rank's cards (or jokers)
    drawn from ``pool`` (which loses them) at its kept positions (if any rank still can)."""
    out = {s: dict(at) for s, at in places.items()}
    for s, positions in kept_groups(view).items():
        spots = [p for p in positions if p not in out.get(s, {})]
        if not spots:
            continue
        by_rank: dict[str, list[str]] = {}
        for c in pool:
            if c != JOKER:
                by_rank.setdefault(rank(c), []).append(c)
        jokers = pool.count(JOKER)
        fits = [r for r, cs in by_rank.items() if len(cs) + jokers >= len(spots)]
        if not fits:
            continue
        weights = [math.comb(len(by_rank[r]) + jokers, len(spots)) for r in fits]
        r = rng.choices(fits, weights)[0]
        cards = rng.sample(by_rank[r] + [JOKER] * jokers, len(spots))
        for p, c in zip(spots, cards, strict=True):
            out.setdefault(s, {})[p] = c
            pool.remove(c)
    return out


def discarded(view: View) -> list[str]:
    """The cards of the rounds the view remembers that lie in the discards now: the latest
    rounds whose cards add up to no more than the discard pile (a reshuffle empties it)."""
    out: list[str] = []
    for record in reversed(view["history"]):
        cards = [c for h in record["hands"] if h for c in h]
        cards += [c for cs in record["stabbed"] if cs for c in cs]
        if len(out) + len(cards) > view["discards"]:
            break
        out += cards
    return out


def sample(view: View, rng: random.Random, places: dict[int, dict[int, str]]) -> SwapoGame | None:
    me, n = view["seat"], view["seats"]
    game = SwapoGame(n, options=dict(view["options"]), seed=rng.randrange(2**31))
    dagger = game.dagger
    players = list(view["players"])
    revealed = view["revealed"]
    hand = list(view["hand"] or [])
    counts = view["hand_counts"]
    pinned = {} if revealed else _pinned(view)
    stabbed = [list(c) for c in view["stabbed"]]
    mine = places.get(me, {})
    hand = [mine.get(i, "?") if c == "?" else c for i, c in enumerate(hand)]
    known = [c for c in hand if c != "?"] + [c for cs in stabbed for c in cs]
    known += [c for s, at in places.items() if s != me for c in at.values()]
    if revealed:
        known += [c for s in players if s != me for c in revealed[s]]
    known += [c for cs in pinned.values() for c in cs]
    gone = discarded(view)
    pool = unknown_pool(game.all_cards, known + gone)
    if dagger and not revealed and view["phase"] == "swap":
        places = _place_groups(view, places, pool, rng)
    # places for the unknown cards: free slots of each hand, my '?', the pile, the discards
    free = [0] * n
    if not revealed:
        for s in players:
            if s != me:
                free[s] = counts[s] - len(pinned.get(s, [])) - len(places.get(s, {}))
                if free[s] < 0:
                    raise ValueError("more cards pinned than held")
    holes = hand.count("?")
    parts = split(pool, [*free, holes, view["pile"], view["discards"] - len(gone)], rng)
    hands: list[list[str]] = [[] for _ in range(n)]
    for s in players:
        if s == me:
            fill = iter(parts[n])
            hands[s] = [next(fill) if c == "?" else c for c in hand]
        elif revealed:
            hands[s] = list(revealed[s])
        elif dagger:  # a row: the cards followed from mine where they lie, the rest dealt
            fill, at = iter(parts[s]), places.get(s, {})
            hands[s] = [at[i] if i in at else next(fill) for i in range(counts[s])]
        else:
            hands[s] = pinned.get(s, []) + parts[s]
            rng.shuffle(hands[s])
    game.hands = hands
    game.pile = parts[n + 1]
    game.discards = gone + parts[n + 2]
    game.scores = list(view["scores"])
    game.rounds = [copy_record(r) for r in view["history"]]
    game.round_no = view["round"]
    game.sudden_seats = players if view["sudden_death"] else None
    game.sudden_entrants = game.sudden_seats
    game.dealer = view["dealer"]
    game.dealer_draw = {
        "method": view["dealer_draw"]["method"],
        "draws": [list(d) for d in view["dealer_draw"]["draws"]],
        "seats": [list(s) for s in view["dealer_draw"]["seats"]],
        "dealer": view["dealer_draw"]["dealer"],
    }
    game.players = players
    game.phase = view["phase"]
    game.right_index = len(view["rights_done"])
    game.is_revealed = revealed is not None
    game.stabbed = stabbed
    game.used = [list(u) for u in view["used_aces"]]
    power = view["power"]
    game.power_index = players.index(power["seat"]) if power else 0
    game.laid = list(view["laid"]) if dagger else [False] * n
    game.known = [[] for _ in range(n)]
    if dagger:
        for s in players:
            if game.laid[s]:
                moved = set(view["moved"][s])
                game.known[s] = [None if i in moved else c for i, c in enumerate(hands[s])]
    game.swap_log = [_entry(e, dagger) for e in view["swaps"]]
    _locks(game, view, pinned, rng)
    give = view["give"]
    game.give_request = None
    if give is not None:
        offered = give["offered"]
        if offered is None:
            free_cards = removed(hands[give["from"]], game.locked_cards[give["from"]])
            offered = rng.sample(free_cards, give["k"])
        game.give_request = GiveRequest(give["seat"], give["from"], give["k"], list(offered))
    if not sample_declarations(game, view, rng) or undeclared(game, me) != view["to_declare"]:
        return None  # the others' jokers cannot match, or mine are not those I must declare
    return game


def _entry(entry: Mapping[str, Any], dagger: bool) -> SwapLog:
    if dagger:
        return {
            "seat": entry["seat"],
            "target": entry["target"],
            "k": entry["k"],
            "take": list(entry["take"]),
            "give": list(entry["give"]),
        }
    # an exchange the seat did not see: its cards are unknown and no longer matter
    return {
        "seat": entry["seat"],
        "target": entry["target"],
        "k": entry["k"],
        "sent": list(entry.get("sent") or []),
        "received": list(entry.get("received") or []),
    }


def _locks(game: SwapoGame, view: View, pinned: dict[int, list[str]], rng: random.Random) -> None:
    n, me = game.seats, view["seat"]
    game.locked_positions = [list(p) for p in view["locked_positions"]]
    game.locked_cards = [[] for _ in range(n)]
    if game.dagger or not game.asterisk:
        return
    for s in game.players:
        if s == me:
            game.locked_cards[s] = list(view["locked_cards"])
            continue
        count = view["locked_counts"][s]
        if view["revealed"] is not None:  # locks no longer matter; powers may have moved cards
            game.locked_cards[s] = ((game.hands[s] or ["JK"]) * count)[:count]
            continue
        have = list(pinned.get(s, []))
        rest = list((Counter(game.hands[s]) - Counter(have)).elements())
        extra = count - len(have)
        game.locked_cards[s] = have + rng.sample(rest, extra)


def sample_declarations(game: SwapoGame, view: View, rng: random.Random) -> bool:
    """Ace before the reveal: the sealed declare steps. The seat knows its own declarations
    and whether it still owes a step; the others' steps and ranks are hidden, so each has taken
    a random number of steps, declaring its jokers first as the heuristic would."""
    n, me, decks = game.seats, view["seat"], game.options["decks"]
    if view["revealed"] is not None:
        game.declared = [list(d) if d is not None else [] for d in view["declared"]]
        return True
    game.declared = [[] for _ in range(n)]
    game.declare_steps = [0] * n
    if not game.ace:
        return True
    game.declared[me] = list(view["declared"][me] or [])
    if view["phase"] != "declare":
        return True
    game.declare_steps[me] = decks - view["declare_steps"]
    for s in game.players:
        if s == me:
            continue
        steps = rng.randint(0, decks)
        game.declare_steps[s] = steps
        bot = SwapoBot(s, rng.randrange(2**31))
        for _ in range(min(steps, game.hands[s].count("JK"))):
            sub = game.view(s)
            game.declared[s].append(bot.act(sub, [{"type": "declare", "rank": "A"}])["rank"])
    return True
