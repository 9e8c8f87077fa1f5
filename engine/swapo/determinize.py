"""Full SwaPo states consistent with one seat's view (for engine.search).

Known to the seat: its hand (Dagger: its row, ``?`` where a card it never saw lies), its locked
cards, every public count and position, the swaps (and, for the swaps it took part in, the
cards it sent and received), its own joker declarations, and after the reveal every hand. The
cards it sent to an opponent are still in that opponent's hand when the opponent cannot have
passed them on (Asterisk locks them; otherwise when it made no later exchange). Everything else
(other hands, the pile's order, the discards) is dealt from the cards the seat cannot see.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import removed
from ..search import pick_candidates, split, unknown_pool
from .bot import SwapoBot
from .game import SwapoGame
from .powers import undeclared
from .swaps import GiveRequest

SEARCHED = ("swap", "give", "declare", "power")
_TRIES = 50


def observe(memory: dict, view: dict) -> None:
    """SwaPo's view already holds everything the search uses."""


def searchable(view: dict) -> bool:
    return not view["over"] and view["phase"] in SEARCHED


def candidates(view: dict, legal: list[dict], base: dict, rng: random.Random, width: int) -> list:
    return pick_candidates(legal, base, rng, width)


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


def determinize(view: dict, rng: random.Random, memory: dict | None = None) -> SwapoGame:
    for _ in range(_TRIES):
        game = _sample(view, rng)
        if game is not None:
            return game
    raise ValueError("no deal found that fits the view")


def _sample(view: dict, rng: random.Random) -> SwapoGame | None:
    me, n = view["seat"], view["seats"]
    game = SwapoGame(n, options=dict(view["options"]), seed=rng.randrange(2**31))
    dagger = game.dagger
    players = list(view["players"])
    revealed = view["revealed"]
    hand = list(view["hand"] or [])
    counts = view["hand_counts"]
    pinned = {} if revealed else _pinned(view)
    stabbed = [list(c) for c in view["stabbed"]]
    known = [c for c in hand if c != "?"] + [c for cs in stabbed for c in cs]
    if revealed:
        known += [c for s in players if s != me for c in revealed[s]]
    known += [c for cs in pinned.values() for c in cs]
    pool = unknown_pool(game.all_cards, known)
    # places for the unknown cards: free slots of each hand, my '?', the pile, the discards
    free = [0] * n
    if not revealed:
        for s in players:
            if s != me:
                free[s] = counts[s] - len(pinned.get(s, []))
                if free[s] < 0:
                    raise ValueError("more cards pinned than held")
    holes = hand.count("?")
    parts = split(pool, [*free, holes, view["pile"], view["discards"]], rng)
    hands: list[list[str]] = [[] for _ in range(n)]
    for s in players:
        if s == me:
            fill = iter(parts[n])
            hands[s] = [next(fill) if c == "?" else c for c in hand]
        elif revealed:
            hands[s] = list(revealed[s])
        else:
            hands[s] = pinned.get(s, []) + parts[s]
            rng.shuffle(hands[s])
    game.hands = hands
    game.pile = parts[n + 1]
    game.discards = parts[n + 2]
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
    """My total minus the best other total (after the round: it is what decides the game)."""
    others = [t for s, t in enumerate(game.scores) if s != seat]
    return game.scores[seat] - max(others)
