"""What one seat may know (``seat=None``: a spectator). Keys are documented in docs/mishi.md.

Secrets: the other hands, the kitty (the declarer sees it only while burying), the buried
cards (the declarer's own view only), other seats' pending picks, who the partner is (only the
holder of the other trump-suit ten knows, until that ten is played), and who is asked during
the deal (it tells who holds a ten): only the asked seat's own view shows it pending and its
cards drawn so far; every other view shows the deal as of the last draw the table knows of
(``game.public_drawn``: the last declaration's, or the whole deal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .bidding import DEALT, Bid, options_against
from .types import Case, HandSummary, LastTrick, Lead, Options, Side, View

if TYPE_CHECKING:
    from .game import MishiGame


def _sides(game: MishiGame, seat: int | None) -> tuple[list[Side | None], Case | None]:
    """Each seat's side and the case, as far as ``seat`` knows."""
    sides: list[Side | None] = [None] * game.seats
    if game.declarer is None or game.phase in ("deal", "bao"):
        return sides, None
    declarer, partner, case = game.declarer, game.partner, game.case
    sides[declarer] = "declarer"
    knows_all = (
        case == "bao"
        or game.revealed
        or (seat is not None and seat == partner)
        or (seat == declarer and case == "paqi")
    )
    if knows_all:
        for s in range(game.seats):
            if s == partner:
                sides[s] = "partner"
            elif s != declarer:
                sides[s] = "defender"
        return sides, case
    if seat == declarer:
        return sides, case
    if seat is not None:
        sides[seat] = "defender"
    return sides, None


def _lead(game: MishiGame) -> Lead | None:
    shape, suit = game.lead_shape, game.lead_suit
    if shape is None or suit is None or not game.trick:
        return None
    return {
        "suit": "trump" if suit == "T" else suit,
        "tractors": list(shape.tractors),
        "pairs": shape.pairs,
        "singles": shape.singles,
    }


def _drawn(game: MishiGame, seat: int | None) -> int:
    """How many draws of the deal ``seat`` may know of."""
    if game.phase == "deal" and (seat is None or seat != game.asked):
        return game.public_drawn
    return game.drawn


def _dealt_to(game: MishiGame, seat: int, drawn: int) -> int:
    """How many of the first ``drawn`` draws went to ``seat``."""
    return max(0, drawn - (seat - game.first) % game.seats + game.seats - 1) // game.seats


def view(game: MishiGame, seat: int | None) -> View:
    """What ``seat`` (None: a spectator) may know of ``game``."""
    if seat is not None:
        game.check_seat(seat)
    order = game.order
    is_declarer = seat is not None and seat == game.declarer and game.phase not in ("deal", "bao")
    sides, case = _sides(game, seat)
    declaration = game.declaration.as_dict() if game.declaration else None
    bao = game.bao_bid.as_dict() if game.bao_bid else None
    standing = game.bao_bid or game.declaration
    in_play = game.phase == "play"
    drawn = _drawn(game, seat)
    if drawn == game.drawn:
        hand, counts = game.hands[seat] if seat is not None else [], [len(h) for h in game.hands]
    else:
        counts = [_dealt_to(game, s, drawn) for s in range(game.seats)]
        hand = [] if seat is None else game.hands[seat][: counts[seat]]
    pending = game.pending()
    if game.phase == "deal":
        pending = [s for s in pending if s == seat]
    return {
        "game": "mishi",
        "seat": seat,
        "seats": game.seats,
        "phase": game.phase,
        "pending": pending,
        "scores": list(game.totals),
        "over": game.over,
        "options": _options(game),
        "result": game.result() if game.over else None,
        "hand_number": min(game.hand_index + 1, game.options["hands"]),
        "hands": game.options["hands"],
        "first_player": game.first,
        "hand": None if seat is None else order.sorted(hand),
        "counts": counts,
        "to_deal": max(0, DEALT - drawn),
        "declaration": declaration,
        "bao": bao,
        "trump": game.trump if game.trump else (standing.suit if standing else None),
        "declarer": game.declarer
        if game.declarer is not None
        else (standing.seat if standing else None),
        "kitty": list(game.kitty) if is_declarer and game.phase == "bury" else None,
        "buried": order.sorted(game.buried) if is_declarer else None,
        "picked": [] if seat is None else list(game.picked[seat]),
        "sides": sides,
        "case": case,
        "partner_revealed": bool(game.revealed) and game.case != "bao",
        "captured": list(game.captured),
        "failed_throws": list(game.failed_throws),
        "leader": game.leader if in_play else None,
        "trick": [{"seat": s, "cards": list(c)} for s, c in game.trick] if in_play else [],
        "lead": _lead(game) if in_play else None,
        "last_trick": None if game.last_trick is None else copy_trick(game.last_trick),
        "trick_number": game.trick_number if in_play else 0,
        "history": [copy_summary(h) for h in game.history],
    }


def _options(game: MishiGame) -> Options:
    o = game.options
    return {
        "hands": o["hands"],
        "stake": o["stake"],
        "throw_penalty": o["throw_penalty"],
        "kitty_multiplier": o["kitty_multiplier"],
        "declare_window": o["declare_window"],
    }


def copy_summary(summary: HandSummary) -> HandSummary:
    """A copy of a hand's summary that shares no list with the game."""
    return {**summary, "deltas": list(summary["deltas"]), "scores": list(summary["scores"])}


def copy_trick(trick: LastTrick) -> LastTrick:
    """A copy of the last trick that shares no list with the game."""
    return {
        "plays": [{"seat": p["seat"], "cards": list(p["cards"])} for p in trick["plays"]],
        "winner": trick["winner"],
        "points": trick["points"],
    }


# The deal as a paced table shows it (net/table/pacing.py) -----------------------------------------
def deal_view(game: MishiGame, seat: int | None, k: int, standing: Bid | None) -> View:
    """``seat``'s view of the deal as of ``k`` draws with ``standing`` the declaration shown.

    Pure: who gets which card is fixed by the deck, so this needs no engine position; it shows
    ``seat`` its own first cards and everyone's counts, and nothing that depends on who was
    asked. ``pending`` is ``[]`` (the pacer adds the seat itself when it offers it a ten)."""
    k = max(0, min(k, DEALT))
    counts = [_dealt_to(game, s, k) for s in range(game.seats)]
    return {
        **view(game, None),
        "seat": seat,
        "phase": "deal",
        "pending": [],
        "hand": None if seat is None else game.order.sorted(own_cards(game, seat, k)),
        "counts": counts,
        "to_deal": DEALT - k,
        "declaration": standing.as_dict() if standing else None,
        "bao": None,
        "trump": standing.suit if standing else None,
        "declarer": standing.seat if standing else None,
        "kitty": None,
        "buried": None,
        "sides": [None] * game.seats,
        "case": None,
    }


def own_cards(game: MishiGame, seat: int, k: int) -> list[str]:
    """The cards ``seat`` gets among the first ``k`` draws, in the order drawn."""
    return game.deck[(seat - game.first) % game.seats : min(k, DEALT) : game.seats]


def deal_offer(game: MishiGame, seat: int, k: int, standing: Bid | None) -> list[dict[str, Any]]:
    """The declarations ``seat`` could make with its cards of the first ``k`` draws while
    ``standing`` stands (the engine has the last word when it asks)."""
    hand = own_cards(game, seat, k)
    return [
        {"type": "declare", "cards": ["10" + s] * n}
        for s, n in options_against(hand, seat, standing)
    ]
