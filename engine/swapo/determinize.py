"""Full SwaPo states consistent with one seat's view (for engine.search).

Known to the seat: its hand (Dagger: its row, ``?`` where a card it never saw lies), its locked
cards, every public count and position, the swaps (and, for the swaps it took part in, the
cards it sent and received), its own joker declarations, and after the reveal every hand. The
cards it sent to an opponent are still in that opponent's hand when the opponent cannot have
passed them on (Asterisk locks them; otherwise when it made no later exchange). In Dagger the
seat remembers the row it laid (``remember``) and follows each of those cards through the
public swaps to the position where it now lies (``tracked``). Everything else (other hands,
the pile's order, the discards) is dealt from the cards the seat cannot see.

The others are assumed to play the heuristic: a sample replays their swaps from a sampled deal
(``replayed``), and in Dagger the positions a seat kept in its swap hold one rank
(``kept_groups``). The cards of the last round (shown at its reveal) are in the discards.

The search tries, besides the heuristic's swap, its spare cards (or fewer of them) with every
opponent, and ``pass`` (``candidates``); gives are searched among the least wanted sets.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..base import IllegalAction
from ..bots import Bot
from ..cards import rank, removed
from ..search import pick_candidates, split, unknown_pool
from .bot import (
    SwapoBot,
    dagger_swap,
    declare_rank,
    keep_priority,
    least_wanted,
    normal_swap,
    spare_cards,
)
from .game import SwapoGame
from .powers import commit_declare, undeclared
from .scoring import ACE_POWERS, JOKER
from .swaps import (
    DaggerSwap,
    GiveRequest,
    NormalSwap,
    commit_arrange,
    commit_give,
    commit_pass,
    commit_swap,
)

#: The phases searched: every decision of a SwaPo seat but Dagger's arrangement.
SEARCHED = ("swap", "give", "declare", "power")
_TRIES = 50


def observe(memory: dict, view: dict) -> None:
    """Dagger: forget the row of an earlier round (see ``remember``)."""
    if memory.get("round") != view["round"]:
        memory.clear()
        memory["round"] = view["round"]


def remember(memory: dict, view: dict, action: dict) -> None:
    """Dagger: the row the seat laid down. The view soon shows ``?`` where a card left, but
    the seat still knows which card that was, and the public swaps say where it went."""
    if action.get("type") == "arrange":
        memory.update(round=view["round"], row=list(action["order"]))


def tracked(view: dict, memory: dict | None) -> dict[int, dict[int, str]]:
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


def searchable(view: dict) -> bool:
    return not view["over"] and view["phase"] in SEARCHED


#: Candidates per decision: a swap right has every target times every sensible size.
WIDTH = 10

#: Playouts per decision (a round plays out in about a millisecond; the caller's deadline
#: cuts it short on a busy machine).
BUDGET = 800


def candidates(
    view: dict,
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


def _targets(view: dict, base: dict, rooms: list[int]) -> list[int]:
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


def _free_spares(view: dict) -> list[str]:
    """Normal rules: my spare cards that are not locked, least wanted first."""
    unlocked = Counter(removed(view["hand"], view["locked_cards"]))
    out = []
    for c in _spares(view["hand"], "ace" in view["variant"]):
        if unlocked[c] > 0:
            unlocked[c] -= 1
            out.append(c)
    return out


def _swap_options(view: dict, base: dict) -> list[dict]:
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


def _dagger_options(view: dict, base: dict, places: dict[int, dict[int, str]]) -> list[dict]:
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


def _pinned(view: dict) -> dict[int, list[str]]:
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


def kept_groups(view: dict) -> dict[int, list[int]]:
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
    view: dict, places: dict[int, dict[int, str]], pool: list[str], rng: random.Random
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


def discarded(view: dict) -> list[str]:
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


def determinize(view: dict, rng: random.Random, memory: dict | None = None) -> SwapoGame:
    """A full state that fits the view. Normal rules before the reveal: preferably one where
    the other seats' swaps (how many cards, or a pass) are those the heuristic would have made
    from the deal (``replayed``); the others play so in the sim, and their choices tell how
    their hands are made (a swap of 2 spare cards means a three of a kind kept)."""
    if _replayable(view):
        game = replayed(view, rng)
        if game is not None:
            return game
    places = (
        {} if view["revealed"] or view["phase"] not in ("swap", "give") else tracked(view, memory)
    )
    for _ in range(_TRIES):
        game = _sample(view, rng, places)
        if game is not None:
            return game
    raise ValueError("no deal found that fits the view")


def _sample(view: dict, rng: random.Random, places: dict[int, dict[int, str]]) -> SwapoGame | None:
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
    game.rounds = [dict(r) for r in view["history"]]
    game.round_no = view["round"]
    game.sudden_seats = players if view["sudden_death"] else None
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
    if not _declare(game, view, rng) or undeclared(game, me) != view["to_declare"]:
        return None  # the others' jokers cannot match, or mine are not those I must declare
    return game


def _entry(entry: dict, dagger: bool) -> dict:
    out = {"seat": entry["seat"], "target": entry["target"], "k": entry["k"]}
    if dagger:
        out["take"], out["give"] = list(entry["take"]), list(entry["give"])
    else:  # an exchange the seat did not see: its cards are unknown and no longer matter
        out["sent"] = list(entry["sent"] or [])
        out["received"] = list(entry["received"] or [])
    return out


def _locks(game: SwapoGame, view: dict, pinned: dict[int, list[str]], rng: random.Random) -> None:
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


def _declare(game: SwapoGame, view: dict, rng: random.Random) -> bool:
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
    game.declare_steps[me] = len(game.declared[me]) if me in view["pending"] else decks
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


def rollout(
    game: SwapoGame, bots: list[Bot], start: Any, horizon: Callable[[SwapoGame], Any], depth: int
) -> None:
    """:func:`engine.search.playout` for SwaPo: the swap phase is played by the heuristic's own
    functions (``bot.normal_swap`` …) on the sampled state, without building views or legal
    lists (most of a playout's time); the bots' generators pick the targets. Ace declarations go
    the same way; the powers go through views and ``apply``."""
    steps = 0
    while not game.over and horizon(game) == start and steps < depth:
        if not _fast_step(game, bots):
            seat = game.pending()[0]
            legal = game.legal_actions(seat)
            action = bots[seat].act(game.view(seat), legal)
            try:
                game.apply(seat, action)
            except IllegalAction:
                game.apply(seat, legal[0])
        steps += 1


def _fast_step(game: SwapoGame, bots: list[Bot]) -> bool:
    """One heuristic step of the swap phase committed directly; False in any other phase."""
    phase, ace = game.phase, game.ace
    if phase == "arrange":  # the heuristic lays its hand as dealt (the first legal order)
        for s in game.pending():
            commit_arrange(game, s, list(game.hands[s]))
        return True
    if phase == "give":
        request = game.give_request
        assert request is not None
        seat = request.seat
        locked = game.locked_cards[seat] if game.asterisk else []
        given = least_wanted(game.hands[seat], locked, request.k, ace)
        commit_give(game, seat, (request, given))
        return True
    if phase == "declare":  # one sealed step of the first seat still owing one
        seat = game.pending()[0]
        rank_ = None
        if undeclared(game, seat):
            rank_ = declare_rank(game.hands[seat], game.declared[seat], len(game.players))
        commit_declare(game, seat, rank_)
        return True
    if phase != "swap":
        return False
    seat = game.players[game.right_index]
    rng = bots[seat].rng
    if game.dagger:
        rooms = [5 - len(p) for p in game.locked_positions]
    else:
        rooms = [len(h) - len(lk) for h, lk in zip(game.hands, game.locked_cards, strict=True)]
    targets = [t for t in game.players if t != seat and rooms[t] > 0]

    def pick() -> int | None:
        return rng.choice(targets) if targets else None

    if game.dagger:
        row = [c if c is not None else "?" for c in game.known[seat][:5]]
        choice = dagger_swap(seat, row, game.locked_positions, ace, pick, rng)
        if choice is not None:
            plan: NormalSwap | DaggerSwap = DaggerSwap(
                choice["target"], sorted(choice["take"]), sorted(choice["give"])
            )
            commit_swap(game, seat, plan)
            return True
    else:
        choice = normal_swap(game.hands[seat], game.locked_cards[seat], rooms, ace, pick)
        if choice is not None:
            commit_swap(game, seat, NormalSwap(choice["target"], list(choice["cards"])))
            return True
    commit_pass(game, seat, None)
    return True


#: Deals tried for one sample that replays the others' swaps before settling for any deal.
REPLAY_TRIES = 40


def _replayable(view: dict) -> bool:
    others = [s for s in view["rights_done"] if s != view["seat"]]
    if view["give"] is not None and view["give"]["from"] != view["seat"]:
        others.append(view["give"]["from"])
    return (
        "dagger" not in view["variant"]
        and view["revealed"] is None
        and view["phase"] in ("swap", "give", "declare")
        and bool(others)
    )


def replayed(view: dict, rng: random.Random, tries: int = REPLAY_TRIES) -> SwapoGame | None:
    """A state whose round, replayed from a sampled deal, repeats every public swap: each other
    seat offers what the heuristic would (the same number of cards to the target it chose, or
    passes when the heuristic would), a give to another seat is the heuristic's, and my own
    exchanges move the cards I saw. The cards another seat gave me were in its deal or in the
    deal of a seat it had exchanged with before (``_sources``). None when ``tries`` deals do
    not replay so."""
    game = _sample(view, rng, {})
    if game is None:
        return None
    me, log, n = view["seat"], view["swaps"], game.seats
    hand = list(view["hand"])  # back to my deal: undo my exchanges, latest first
    for e in reversed(log):
        if e["seat"] == me:
            hand = removed(hand, e["received"]) + list(e["sent"])
        elif e["target"] == me:
            hand = removed(hand, e["sent"]) + list(e["received"])
    sources = _sources(view)
    others = [s for s in game.players if s != me]
    full = {s: len(game.hands[s]) for s in others}
    gone = discarded(view)
    unseen = [c for s in others for c in game.hands[s]] + game.pile
    unseen += removed(game.discards, gone)
    try:  # the cards I sent are in the others' hands now, those I received in my deal
        unseen = removed(unseen + list(view["hand"]), hand)
        unseen = removed(unseen, [c for c, _ in sources])
    except ValueError:
        return None
    declared_mine = list(game.declared[me]) if game.ace else []
    shapes = _deal_shapes(view)
    for _ in range(tries):
        pins: dict[int, list[str]] = {}
        for card, owners in sources:
            pins.setdefault(rng.choice(owners), []).append(card)
        sizes = [full[s] - len(pins.get(s, [])) for s in others]
        if min(sizes, default=0) < 0:
            continue
        left = list(unseen)
        rng.shuffle(left)
        hands: list[list[str]] = [[] for _ in range(n)]
        hands[me] = list(hand)
        fits = True
        for s, size in zip(others, sizes, strict=True):  # first the deals the swaps showed
            if s in shapes:
                fill = _shaped(left, size, pins.get(s, []), shapes[s], game.ace, rng)
                fits = fits and fill is not None
                hands[s] = pins.get(s, []) + (fill or [])
        if not fits:
            continue
        for s, size in zip(others, sizes, strict=True):
            if s not in shapes:
                hands[s], left = pins.get(s, []) + left[:size], left[size:]
        game.hands = hands
        game.pile = left[: view["pile"]]
        game.discards = gone + left[view["pile"] :]
        game.phase, game.right_index, game.give_request = "swap", 0, None
        game.swap_log, game.locked_cards = [], [[] for _ in range(n)]
        if not _replay(game, view) or Counter(game.hands[me]) != Counter(view["hand"]):
            continue
        game.hands[me] = list(view["hand"])
        if game.ace:
            game.declared = [[] for _ in range(n)]
            game.declared[me] = list(declared_mine)
            if not _declare(game, view, rng) or undeclared(game, me) != view["to_declare"]:
                continue
        return game
    return None


def _sources(view: dict) -> list[tuple[str, list[int]]]:
    """Each card another seat gave me this round, with the seats whose deal it may come from:
    that seat's own, or of a seat it exchanged with before (not me: I know my deal; not in
    Asterisk, where a card received is locked)."""
    me, log = view["seat"], view["swaps"]
    out: list[tuple[str, list[int]]] = []
    for i, e in enumerate(log):
        if me not in (e["seat"], e["target"]):
            continue
        other = e["target"] if e["seat"] == me else e["seat"]
        cards = e["received"] if e["seat"] == me else e["sent"]
        owners = [other]
        for x in [] if "asterisk" in view["variant"] else log[:i]:  # Asterisk locks them
            if other in (x["seat"], x["target"]):
                partner = x["target"] if x["seat"] == other else x["seat"]
                if partner != me and partner not in owners:
                    owners.append(partner)
        out += [(c, owners) for c in cards]
    return out


def _deal_shapes(view: dict) -> dict[int, tuple[int, bool]]:
    """Per other seat whose hand nobody touched before its right: how many spare cards its
    deal had, as its first swap (or its pass) shows — ``(k, True)`` exactly k, ``(k, False)``
    at least k (the target had room for no more)."""
    me, log, players = view["seat"], view["swaps"], view["players"]
    asterisk = "asterisk" in view["variant"]
    out: dict[int, tuple[int, bool]] = {}
    for i, s in enumerate(players):
        if s == me or (s not in view["rights_done"] and not _acting(view, s)):
            continue
        earlier = set(players[:i])
        prior = [e for e in log if e["seat"] in earlier]
        if any(e["target"] == s for e in prior):
            continue
        own = [e for e in log if e["seat"] == s]
        give = view["give"]
        if own:
            target, k = own[0]["target"], own[0]["k"]
        elif give is not None and give["from"] == s:
            target, k = give["seat"], give["k"]
        elif asterisk:
            continue  # a pass may mean that nobody had room left
        else:
            out[s] = (0, True)
            continue
        locked = sum(e["k"] for e in prior if target in (e["seat"], e["target"]))
        room = 5 - locked if asterisk else 5
        out[s] = (k, k < room)
    return out


def _acting(view: dict, seat: int) -> bool:
    """``seat`` holds the swap right now (and has made a swap or asked for one)."""
    give = view["give"]
    return any(e["seat"] == seat for e in view["swaps"]) or (
        give is not None and give["from"] == seat
    )


def _shaped(
    left: list[str],
    size: int,
    pins: list[str],
    shape: tuple[int, bool],
    ace: bool,
    rng: random.Random,
) -> list[str] | None:
    """``size`` cards drawn from ``left`` (which loses them) so that, with ``pins``, the hand
    has the spare cards ``shape`` asks for; None if a few draws find none."""
    k, exact = shape
    for _ in range(_SHAPE_TRIES):
        picks = rng.sample(range(len(left)), size)
        spare = len(spare_cards(pins + [left[i] for i in picks], ace))
        if spare == k or (not exact and spare > k):
            cards = [left[i] for i in picks]
            for i in sorted(picks, reverse=True):
                del left[i]
            return cards
    return None


#: Draws of one seat's deal before a replay try gives up.
_SHAPE_TRIES = 60


def _replay(game: SwapoGame, view: dict) -> bool:
    """Play the round's swaps again on ``game`` (dealt, at its first right) up to where the view
    stands; False as soon as another seat would have acted otherwise."""
    me, ace, log = view["seat"], game.ace, view["swaps"]
    at = 0
    done = len(view["rights_done"])
    while game.phase in ("swap", "give") and game.right_index <= done:
        if game.right_index == done and at == len(log):
            break  # the right under way, as far as the log goes
        seat = game.players[game.right_index]
        entry = log[at] if at < len(log) and log[at]["seat"] == seat else None
        if entry is None:  # the right ends with a pass here
            if game.right_index == done:
                return False
            if seat != me and _would_swap(game, seat, ace):
                return False
            commit_pass(game, seat, None)
            continue
        target, k = entry["target"], entry["k"]
        if seat == me:
            offered = list(entry["sent"])
        else:
            choice = _offer(game, seat, target)
            if choice is None or len(choice) != k:
                return False
            offered = list(entry["sent"]) if target == me else choice
        if target == me or seat == me:
            given = list(entry["received"])
        else:
            given = least_wanted(game.hands[target], game.locked_cards[target], k, ace)
        if not _holds(game, seat, offered) or not _holds(game, target, given):
            return False
        commit_swap(game, seat, NormalSwap(target, offered))
        assert game.give_request is not None
        commit_give(game, target, (game.give_request, given))
        at += 1
    if at != len(log) or game.right_index != done:
        return False
    give = view["give"]
    if give is not None:  # the swap asked and not yet answered
        holder, target, k = give["from"], give["seat"], give["k"]
        if holder == me:
            offered = list(give["offered"])
        else:
            choice = _offer(game, holder, target)
            if choice is None or len(choice) != k:
                return False
            offered = choice
        if not _holds(game, holder, offered):
            return False
        commit_swap(game, holder, NormalSwap(target, offered))
    return game.phase == view["phase"]


def _offer(game: SwapoGame, seat: int, target: int) -> list[str] | None:
    """The cards the heuristic at ``seat`` offers ``target`` (None: it would pass)."""
    hand, locked = game.hands[seat], game.locked_cards[seat]
    choice = normal_swap(hand, locked, _rooms(game), game.ace, lambda: target)
    return None if choice is None else list(choice["cards"])


def _rooms(game: SwapoGame) -> list[int]:
    return [len(h) - len(lk) for h, lk in zip(game.hands, game.locked_cards, strict=True)]


def _would_swap(game: SwapoGame, seat: int, ace: bool) -> bool:
    rooms = _rooms(game)
    targets = [t for t in game.players if t != seat and rooms[t] > 0]
    pick = lambda: targets[0] if targets else None  # noqa: E731
    return normal_swap(game.hands[seat], game.locked_cards[seat], rooms, ace, pick) is not None


def _holds(game: SwapoGame, seat: int, cards: list[str]) -> bool:
    unlocked = removed(game.hands[seat], game.locked_cards[seat]) if game.asterisk else None
    have = Counter(unlocked if unlocked is not None else game.hands[seat])
    return not Counter(cards) - have
