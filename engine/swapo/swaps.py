"""The swap phase: normal swaps (ask, then the opponent gives), Dagger rows, Asterisk locks.

Plain functions of the typed ``SwapoGame``. Each move is a ``check`` that validates the whole
action and touches nothing, and a ``commit`` that cannot fail, so an illegal action leaves the
state untouched by construction.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, permutations
from typing import TYPE_CHECKING, NamedTuple

from ..base import IllegalAction, Move, check_action, check_codes, check_ints
from ..cards import contains, removed
from .dealing import HAND_SIZE
from .powers import check_bare, end_swaps
from .types import DaggerSwappedEvent, Event

if TYPE_CHECKING:
    from .game import SwapoGame

_POSITION_SETS: dict[tuple[int, ...], list[list[tuple[int, ...]]]] = {}


def distinct_subsets(cards: list[str], k: int) -> list[tuple[str, ...]]:
    """Every k-card sub-multiset of ``cards`` once, in a fixed order."""
    return list(dict.fromkeys(combinations(sorted(cards), k)))


def position_sets(free: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    """``[k] -> every k-subset of the free positions``, cached (rows have only 5 positions)."""
    found = _POSITION_SETS.get(free)
    if found is None:
        found = [list(combinations(free, k)) for k in range(len(free) + 1)]
        _POSITION_SETS[free] = found
    return found


@lru_cache(maxsize=2048)
def dagger_swaps(target: int, mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[dict, ...]:
    """Every Dagger swap with ``target`` for these free positions, built once and shared.

    Building hundreds of dicts per turn was most of a Dagger playout's time; the actions are
    read-only by contract (``apply`` copies what it keeps), so one set serves every call.
    """
    my_sets, their_sets = position_sets(mine), position_sets(theirs)
    return tuple(
        {"type": "swap", "target": target, "take": list(take), "give": list(give)}
        for k in range(1, min(len(my_sets), len(their_sets)))
        for take in their_sets[k]
        for give in my_sets[k]
    )


class GiveRequest(NamedTuple):
    """Normal rules: ``holder`` swapped ``offered`` (k cards) with ``seat``, who must give k."""

    seat: int
    holder: int
    k: int
    offered: list[str]


class NormalSwap(NamedTuple):
    target: int
    cards: list[str]


class DaggerSwap(NamedTuple):
    target: int
    take: list[int]
    give: list[int]


# What is free to move ---------------------------------------------------------------------
def unlocked_cards(game: SwapoGame, seat: int) -> list[str]:
    """Normal rules: the cards ``seat`` may offer (Asterisk: those not yet moved)."""
    if game.asterisk:
        return removed(game.hands[seat], game.locked_cards[seat])
    return game.hands[seat]


def free_positions(game: SwapoGame, seat: int) -> tuple[int, ...]:
    """Dagger: the positions that may be picked (Asterisk: those whose card never moved)."""
    if game.asterisk:
        return tuple(i for i in range(HAND_SIZE) if i not in game.locked_positions[seat])
    return tuple(range(HAND_SIZE))


def swap_targets(game: SwapoGame, seat: int) -> list[tuple[int, int]]:
    """(opponent, most cards it can exchange) for every opponent a swap may choose."""
    out = []
    for t in game.other_players(seat):
        room = len(free_positions(game, t) if game.dagger else unlocked_cards(game, t))
        if room:
            out.append((t, room))
    return out


# Legal actions ----------------------------------------------------------------------------
def legal_arrange(game: SwapoGame, seat: int) -> list[dict]:
    orders = dict.fromkeys(permutations(game.hands[seat]))
    return [{"type": "arrange", "order": list(o)} for o in orders]


def legal_swap(game: SwapoGame, seat: int) -> list[dict]:
    """Every swap and ``pass``. Within one returned list, actions may share their inner
    card or position lists (built fresh per call): treat legal actions as read-only."""
    out: list[dict] = []
    if game.dagger:
        mine = free_positions(game, seat)
        for t, _room in swap_targets(game, seat):
            out += dagger_swaps(t, mine, free_positions(game, t))
    else:
        own = unlocked_cards(game, seat)
        subsets = [[list(c) for c in distinct_subsets(own, k)] for k in range(len(own) + 1)]
        for t, room in swap_targets(game, seat):
            for k in range(1, min(len(own), room) + 1):
                out += [{"type": "swap", "target": t, "cards": c} for c in subsets[k]]
    out.append({"type": "pass"})
    return out


def legal_give(game: SwapoGame, seat: int) -> list[dict]:
    k = _request(game).k
    return [
        {"type": "give", "cards": list(c)} for c in distinct_subsets(unlocked_cards(game, seat), k)
    ]


# Arrange (Dagger) -------------------------------------------------------------------------
def check_arrange(game: SwapoGame, seat: int, action: dict) -> list[str]:
    check_action(action, {"type": str, "order": list})
    order = check_codes("arrange", "order", action["order"])
    if Counter(order) != Counter(game.hands[seat]):
        raise IllegalAction("swapo.arrange_whole_hand", kind="arrange")
    return list(order)


def commit_arrange(game: SwapoGame, seat: int, order: list[str]) -> list[Event]:
    game.hands[seat] = order
    game.known[seat] = list(order)
    game.laid[seat] = True
    if all(game.laid[s] for s in game.players):
        game.phase = "swap"
    return [{"type": "arranged", "seat": seat}]


# Swap -------------------------------------------------------------------------------------
def _check_target(game: SwapoGame, seat: int, target: int) -> int:
    if target == seat:
        raise IllegalAction("swapo.swap_yourself", kind="swap")
    if target not in game.players:
        raise IllegalAction("swapo.not_playing", kind="swap", seat=target)
    return target


def _check_held(game: SwapoGame, kind: str, seat: int, cards: list[str]) -> None:
    if not contains(unlocked_cards(game, seat), cards):
        why = "swapo.not_held_unlocked" if game.asterisk else "swapo.not_held"
        raise IllegalAction(why, kind=kind, cards=list(cards))


def check_swap(game: SwapoGame, seat: int, action: dict) -> NormalSwap | DaggerSwap:
    if game.dagger:
        return _check_dagger_swap(game, seat, action)
    check_action(action, {"type": str, "target": int, "cards": list})
    target = _check_target(game, seat, action["target"])
    cards = check_codes("swap", "cards", action["cards"])
    if not cards:
        raise IllegalAction("swapo.swap_no_card", kind="swap")
    _check_held(game, "swap", seat, cards)
    room = len(unlocked_cards(game, target))
    if len(cards) > room:
        raise IllegalAction("swapo.no_room", kind="swap", seat=target, n=room)
    return NormalSwap(target, list(cards))


def _check_dagger_swap(game: SwapoGame, seat: int, action: dict) -> DaggerSwap:
    check_action(action, {"type": str, "target": int, "take": list, "give": list})
    target = _check_target(game, seat, action["target"])
    take = sorted(check_ints("swap", "take", action["take"]))
    give = sorted(check_ints("swap", "give", action["give"]))
    if not take:
        raise IllegalAction("swapo.swap_no_position", kind="swap")
    if len(take) != len(give):
        raise IllegalAction("swapo.positions_uneven", kind="swap")
    for key, positions, free in (
        ("take", take, free_positions(game, target)),
        ("give", give, free_positions(game, seat)),
    ):
        if len(set(positions)) != len(positions):
            raise IllegalAction("swapo.position_twice", kind="swap", key=key)
        bad = [p for p in positions if p not in free]
        if bad:
            why = "swapo.locked_position" if game.asterisk else "swapo.bad_position"
            raise IllegalAction(why, kind="swap", key=key, position=bad[0])
    return DaggerSwap(target, take, give)


def commit_swap(game: SwapoGame, seat: int, plan: NormalSwap | DaggerSwap) -> list[Event]:
    if isinstance(plan, DaggerSwap):
        return _commit_dagger_swap(game, seat, plan)
    target, cards = plan
    k = len(cards)
    game.give_request = GiveRequest(seat=target, holder=seat, k=k, offered=cards)
    game.phase = "give"
    return [{"type": "swap_asked", "seat": seat, "target": target, "k": k}]


def _commit_dagger_swap(game: SwapoGame, seat: int, plan: DaggerSwap) -> list[Event]:
    target, take, give = plan
    mine, theirs = game.hands[seat], game.hands[target]
    for a, b in zip(take, give, strict=True):
        mine[b], theirs[a] = theirs[a], mine[b]
        game.known[seat][b] = None
        game.known[target][a] = None
    if game.asterisk:
        game.locked_positions[seat].extend(give)
        game.locked_positions[target].extend(take)
    k = len(take)
    game.swap_log.append({"seat": seat, "target": target, "k": k, "take": take, "give": give})
    swapped: DaggerSwappedEvent = {
        "type": "swapped",
        "seat": seat,
        "target": target,
        "k": k,
        "take": list(take),
        "give": list(give),
    }
    events: list[Event] = [swapped]
    if not game.asterisk:
        finish_right(game, events)
    return events


# Give (normal rules) ----------------------------------------------------------------------
def _request(game: SwapoGame) -> GiveRequest:
    if game.give_request is None:  # never in the give phase; a guard for the type checker
        raise IllegalAction("swapo.nobody_asked", kind="give")
    return game.give_request


def check_give(game: SwapoGame, seat: int, action: dict) -> tuple[GiveRequest, list[str]]:
    check_action(action, {"type": str, "cards": list})
    given = check_codes("give", "cards", action["cards"])
    request = _request(game)
    k = request.k
    if len(given) != k:
        raise IllegalAction("swapo.give_count", kind="give", n=k)
    _check_held(game, "give", seat, given)
    return request, list(given)


def commit_give(game: SwapoGame, seat: int, plan: tuple[GiveRequest, list[str]]) -> list[Event]:
    request, given = plan
    holder, offered, k = request.holder, request.offered, request.k
    game.hands[holder] = removed(game.hands[holder], offered) + given
    game.hands[seat] = removed(game.hands[seat], given) + list(offered)
    if game.asterisk:
        game.locked_cards[holder].extend(given)
        game.locked_cards[seat].extend(offered)
    game.swap_log.append(
        {"seat": holder, "target": seat, "k": k, "sent": list(offered), "received": list(given)}
    )
    game.give_request = None
    events: list[Event] = [{"type": "swapped", "seat": holder, "target": seat, "k": k}]
    game.phase = "swap"
    if not game.asterisk:
        finish_right(game, events)
    return events


# Pass, and the end of a swap right --------------------------------------------------------
def commit_pass(game: SwapoGame, seat: int, plan: None) -> list[Event]:
    """No (more) swaps: the right passes on."""
    events: list[Event] = [{"type": "pass", "seat": seat, "phase": "swap"}]
    finish_right(game, events)
    return events


def finish_right(game: SwapoGame, events: list[Event]) -> None:
    """The holder's right is used up: the next seat clockwise, or the end of the swaps."""
    game.right_index += 1
    if game.right_index >= len(game.players):
        end_swaps(game, events)


ARRANGE = {"arrange": Move(check_arrange, commit_arrange)}
SWAP = {"swap": Move(check_swap, commit_swap), "pass": Move(check_bare, commit_pass)}
GIVE = {"give": Move(check_give, commit_give)}
