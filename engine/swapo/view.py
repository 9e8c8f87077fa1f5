"""What a seat (or a spectator) may know of a SwaPo game, and nothing more.

``view(game, seat)`` is a plain function of the state. Every list is a fresh copy, so a view
can be sent or changed freely. Keys and examples: docs/swapo.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dealing import HAND_SIZE
from .powers import declare_steps_left, undeclared
from .rounds import copy_record, public_declared
from .types import DaggerSwapEntry, Give, Options, SwapEntry, SwapLog, View

if TYPE_CHECKING:
    from .game import SwapoGame


def view(game: SwapoGame, seat: int | None) -> View:
    """Own hand (Dagger: the remembered row with ``?``), the public facts, the reveals."""
    if seat is not None:
        game.check_seat(seat)
    n = game.seats
    phase = game.phase
    memory = game.rounds[-1:] if game.options["memory_only"] else game.rounds
    locked = game.locked_positions if game.dagger else game.locked_cards
    return {
        "game": "swapo",
        "seat": seat,
        "seats": n,
        "phase": phase,
        "pending": _pending(game, seat),
        "scores": list(game.scores),
        "over": game.over,
        "options": _options(game),
        "result": game.result() if game.over else None,
        "variant": list(game.options["variant"]),
        "round": game.round_no,
        "sudden_death": game.in_sudden_death,
        "players": list(game.players),
        "dealer": game.dealer,
        "dealer_draw": {
            "method": game.dealer_draw["method"],
            "draws": [list(d) for d in game.dealer_draw["draws"]],
            "seats": [list(s) for s in game.dealer_draw["seats"]],
            "dealer": game.dealer_draw["dealer"],
        },
        "pile": len(game.pile),
        "discards": len(game.discards),
        "turn": _turn(game),
        "rights_done": game.players[: game.right_index],
        "hand": _own_hand(game, seat),
        "hand_counts": [len(h) for h in game.hands],
        "laid": list(game.laid) if game.dagger else [False] * n,
        "moved": [[i for i, c in enumerate(row) if c is None] for row in game.known],
        "locked_cards": _own_locked(game, seat),
        "locked_counts": [len(lk) for lk in locked],
        "locked_positions": (
            [sorted(lk) for lk in game.locked_positions] if game.dagger else [[] for _ in range(n)]
        ),
        "give": _give(game, seat),
        "swaps": [_swap_entry(game, e, seat) for e in game.swap_log],
        "declared": _declared(game, seat),
        "to_declare": undeclared(game, seat) if seat is not None else 0,
        "declare_steps": declare_steps_left(game, seat) if seat is not None else 0,
        "revealed": (
            [list(h) if s in game.players else None for s, h in enumerate(game.hands)]
            if game.is_revealed and phase != "over"
            else None
        ),
        "stabbed": [list(c) for c in game.stabbed],
        "used_aces": [list(u) for u in game.used],
        "power": (
            {"seat": game.players[game.power_index], "done": game.players[: game.power_index]}
            if phase == "power"
            else None
        ),
        "history": [copy_record(r) for r in memory],
    }


def _pending(game: SwapoGame, seat: int | None) -> list[int]:
    """The seats this viewer may know are awaited: the sealed declarations show only itself."""
    pending = game.pending()
    if game.phase == "declare":
        return [seat] if seat in pending else []
    return pending


def _turn(game: SwapoGame) -> int | None:
    if game.phase in ("swap", "give"):
        return game.players[game.right_index]
    if game.phase == "power":
        return game.players[game.power_index]
    return None


def _own_hand(game: SwapoGame, seat: int | None) -> list[str] | None:
    if seat is None or seat not in game.players or game.over:
        return None if seat is None else []
    if game.dagger and game.laid[seat] and game.phase in ("arrange", "swap"):
        return [c if c is not None else "?" for c in game.known[seat][:HAND_SIZE]]
    return list(game.hands[seat])


def _own_locked(game: SwapoGame, seat: int | None) -> list[str]:
    if seat is None or game.dagger or not game.asterisk:
        return []
    return list(game.locked_cards[seat])


def _options(game: SwapoGame) -> Options:
    o = game.options
    return {
        "variant": list(o["variant"]),
        "decks": o["decks"],
        "dealer_method": o["dealer_method"],
        "first_dealer": o["first_dealer"],
        "dealer_rotation": o["dealer_rotation"],
        "deal_method": o["deal_method"],
        "rounds": o["rounds"],
        "tiebreak": o["tiebreak"],
        "memory_only": o["memory_only"],
        "adult_talk": o["adult_talk"],
    }


def _give(game: SwapoGame, seat: int | None) -> Give | None:
    request = game.give_request
    if game.phase != "give" or request is None:
        return None
    return {
        "seat": request.seat,
        "from": request.holder,
        "k": request.k,
        "offered": list(request.offered) if seat == request.holder else None,
    }


def _swap_entry(game: SwapoGame, entry: SwapLog, seat: int | None) -> SwapEntry:
    if "take" in entry:
        dagger: DaggerSwapEntry = {
            "seat": entry["seat"],
            "target": entry["target"],
            "k": entry["k"],
            "take": list(entry["take"]),
            "give": list(entry["give"]),
        }
        return dagger
    involved = seat is not None and seat in (entry["seat"], entry["target"])
    return {
        "seat": entry["seat"],
        "target": entry["target"],
        "k": entry["k"],
        "sent": list(entry["sent"]) if involved else None,
        "received": list(entry["received"]) if involved else None,
    }


def _declared(game: SwapoGame, seat: int | None) -> list[list[str] | None]:
    if not game.ace:
        return [None] * game.seats
    if game.is_revealed:
        return public_declared(game)
    return [
        list(d) if s == seat and s in game.players else None for s, d in enumerate(game.declared)
    ]
