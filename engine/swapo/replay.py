"""SwaPo deals that replay the others' swaps as the heuristic would have made them.

A seat's swaps tell how its hand is made: a swap of 2 spare cards means a three of a kind
kept, a pass a hand it liked. ``replayed`` samples deals, replays the round's public swaps and
gives from them with the heuristic's own choices, and keeps a deal whose replay repeats what
the table saw (for engine/swapo/determinize.py).
"""

from __future__ import annotations

import random
from collections import Counter

from ..base import View
from ..cards import rank, removed
from .bot import (
    least_wanted,
    normal_swap,
    spare_in,
)
from .game import SwapoGame
from .powers import undeclared
from .sampling import discarded, sample, sample_declarations
from .scoring import JOKER
from .swaps import (
    NormalSwap,
    commit_give,
    commit_pass,
    commit_swap,
)

#: Deals tried for one sample that replays the others' swaps before settling for any deal.
REPLAY_TRIES = 40


def replayable(view: View) -> bool:
    others = [s for s in view["rights_done"] if s != view["seat"]]
    if view["give"] is not None and view["give"]["from"] != view["seat"]:
        others.append(view["give"]["from"])
    return (
        "dagger" not in view["variant"]
        and view["revealed"] is None
        and view["phase"] in ("swap", "give", "declare")
        and bool(others)
    )


def replayed(view: View, rng: random.Random, tries: int = REPLAY_TRIES) -> SwapoGame | None:
    """A state whose round, replayed from a sampled deal, repeats every public swap: each other
    seat offers what the heuristic would (the same number of cards to the target it chose, or
    passes when the heuristic would), a give to another seat is the heuristic's, and my own
    exchanges move the cards I saw. The cards another seat gave me were in its deal or in the
    deal of a seat it had exchanged with before (``_sources``). None when ``tries`` deals do
    not replay so."""
    game = sample(view, rng, {})
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
                fill = _shaped(left, size, pins.get(s, []), shapes[s], rng)
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
            if (
                not sample_declarations(game, view, rng)
                or undeclared(game, me) != view["to_declare"]
            ):
                continue
        return game
    return None


def _sources(view: View) -> list[tuple[str, list[int]]]:
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


def _deal_shapes(view: View) -> dict[int, tuple[int, bool]]:
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


def _acting(view: View, seat: int) -> bool:
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
    rng: random.Random,
) -> list[str] | None:
    """``size`` cards drawn from ``left`` (which loses them) so that, with ``pins``, the hand
    has the spare cards ``shape`` asks for; None if a few draws find none."""
    k, exact = shape
    ranks = _RANKS
    pinned = [ranks[c] for c in pins if c != JOKER]
    for _ in range(_SHAPE_TRIES):
        picks = rng.sample(range(len(left)), size)
        spare = spare_in(pinned + [ranks[left[i]] for i in picks if left[i] != JOKER])
        if spare == k or (not exact and spare > k):
            cards = [left[i] for i in picks]
            for i in sorted(picks, reverse=True):
                del left[i]
            return cards
    return None


#: Draws of one seat's deal before a replay try gives up.
_SHAPE_TRIES = 60


class _Ranks(dict[str, str]):
    """The rank of a code (``rank``), looked up: a deal's draws ask it thousands of times."""

    def __missing__(self, card: str) -> str:
        self[card] = found = rank(card)
        return found


_RANKS = _Ranks()


def _replay(game: SwapoGame, view: View) -> bool:
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
            choice = _offer(game, seat, target, k)
            if choice is None:
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
        asked = list(give["offered"]) if holder == me else _offer(game, holder, target, k)
        if asked is None or not _holds(game, holder, asked):
            return False
        commit_swap(game, holder, NormalSwap(target, asked))
    return game.phase == view["phase"]


def _offer(game: SwapoGame, seat: int, target: int, k: int) -> list[str] | None:
    """The ``k`` cards the heuristic at ``seat`` offers ``target`` (None: it would pass, or
    offer another number)."""
    hand, locked = game.hands[seat], game.locked_cards[seat]
    choice = normal_swap(hand, locked, _rooms(game), game.ace, lambda: target)
    if choice is None or len(choice["cards"]) != k:
        return None
    return list(choice["cards"])


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
