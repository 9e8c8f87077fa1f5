"""The deal with declaring (亮主), going alone (包牌), redeal, and taking the kitty.

Plain functions of the typed game. ``legal_*`` and ``check_*`` only read it (a check returns
the bid it found, or None for a pass); ``commit_*`` and the helpers they call change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import IllegalAction, check_action, check_codes
from .cards import ORDERS, bid_options, bid_rank, full_deck
from .types import Bid as BidDict
from .types import Event

if TYPE_CHECKING:
    from .game import MishiGame

DEALT = 84  # cards drawn before the kitty: 4 × 21


class Bid:
    """A declaration or a go-alone bid: who showed how many tens of which suit. Made and read,
    never changed or compared (a plain class: a frozen dataclass compiled its methods from
    text when a Mi Shi table started, issue 37)."""

    __slots__ = ("count", "seat", "suit")

    def __init__(self, seat: int, suit: str, count: int) -> None:
        self.seat, self.suit, self.count = seat, suit, count

    @property
    def rank(self) -> int:
        return bid_rank(self.suit, self.count)

    @property
    def cards(self) -> list[str]:
        return ["10" + self.suit] * self.count

    def as_dict(self) -> BidDict:
        return {"seat": self.seat, "suit": self.suit, "cards": self.cards}


# A new hand and the deal --------------------------------------------------------------------
def start_hand(game: MishiGame, events: list[Event], deck: list[str] | None = None) -> None:
    game.first = game.hand_index % game.seats
    events.append({"type": "hand_start", "hand": game.hand_index + 1, "first_player": game.first})
    start_deal(game, events, deck)


def start_deal(game: MishiGame, events: list[Event], deck: list[str] | None = None) -> None:
    if deck is None:
        deck = full_deck()
        game.rng.shuffle(deck)
    game.clear_hand(deck)
    advance_deal(game, events)


def declare_options(game: MishiGame, seat: int) -> list[tuple[str, int]]:
    """What ``seat`` may declare now (only the drawer is ever asked)."""
    return options_against(game.hands[seat], seat, game.declaration)


def options_against(hand: list[str], seat: int, standing: Bid | None) -> list[tuple[str, int]]:
    """What ``seat`` holding ``hand`` may declare while ``standing`` stands."""
    if standing is None:
        return bid_options(hand)
    if standing.seat == seat:
        strengthen = (standing.suit, 2)
        return [strengthen] if standing.count == 1 and strengthen in bid_options(hand) else []
    return [(s, n) for s, n in bid_options(hand) if bid_rank(s, n) > standing.rank]


def advance_deal(game: MishiGame, events: list[Event]) -> None:
    """Draw until the drawer may declare or the deal is complete.

    Being asked is a secret (it tells that the drawer holds a ten): only the asked seat's view
    shows it, and the other views show the deal as of ``game.public_drawn``, the last draw the
    table knows of (a declaration's, or the whole deal once it is complete)."""
    while game.drawn < DEALT:
        seat = (game.first + game.drawn) % game.seats
        game.hands[seat].append(game.deck[game.drawn])
        game.drawn += 1
        if declare_options(game, seat):
            game.asked = seat
            return
    game.asked = None
    game.public_drawn = DEALT
    game.kitty = list(game.deck[DEALT:])
    events.append({"type": "dealt"})
    start_bao(game, events)


# Bids: the moves of the deal and bao phases -------------------------------------------------
def _bid_actions(kind: str, options: list[tuple[str, int]]) -> list[dict]:
    bids = [{"type": kind, "cards": ["10" + s] * n} for s, n in options]
    return [*bids, {"type": "pass"}]


def legal_declares(game: MishiGame, seat: int) -> list[dict]:
    return _bid_actions("declare", declare_options(game, seat))


def legal_baos(game: MishiGame, seat: int) -> list[dict]:
    return _bid_actions("bao", bao_options(game, seat))


def check_pass(game: MishiGame, seat: int, action: dict) -> None:
    """A pass, in either bidding phase: no bid."""
    check_action(action, {"type": str})


def check_declare(game: MishiGame, seat: int, action: dict) -> Bid:
    return _check_bid(game, seat, action, "declare", declare_options(game, seat))


def check_bao(game: MishiGame, seat: int, action: dict) -> Bid:
    return _check_bid(game, seat, action, "bao", bao_options(game, seat))


def _check_bid(
    game: MishiGame, seat: int, action: dict, kind: str, options: list[tuple[str, int]]
) -> Bid:
    check_action(action, {"type": str, "cards": list})
    cards = check_codes(kind, "cards", action["cards"])
    if not 1 <= len(cards) <= 2 or any(not c.startswith("10") for c in cards):
        raise IllegalAction("mishi.show_tens", kind=kind)
    if len(set(cards)) != 1:
        raise IllegalAction("mishi.tens_one_suit", kind=kind)
    if game.hands[seat].count(cards[0]) < len(cards):
        raise IllegalAction("mishi.not_held", kind=kind, cards=list(cards))
    suit = cards[0][-1]
    if (suit, len(cards)) not in options:
        raise _bid_refusal(game, seat, kind)
    return Bid(seat, suit, len(cards))


def _bid_refusal(game: MishiGame, seat: int, kind: str) -> IllegalAction:
    if kind == "declare" and game.declaration and game.declaration.seat == seat:
        return IllegalAction("mishi.strengthen_own", kind=kind)
    return IllegalAction("mishi.not_outranking", kind=kind)


def commit_declare(game: MishiGame, seat: int, bid: Bid | None) -> list[Event]:
    """A checked declaration (or a pass, ``bid`` None); the deal goes on. A pass is no event:
    nobody else may learn that the drawer was asked."""
    events: list[Event] = []
    if bid is not None:
        game.declaration = bid
        game.public_drawn = game.drawn
        events.append({"type": "declare", **bid.as_dict()})
    game.asked = None
    advance_deal(game, events)
    return events


def commit_bao(game: MishiGame, seat: int, bid: Bid | None) -> list[Event]:
    """A checked go-alone bid (or a pass, ``bid`` None); the turn goes on."""
    events: list[Event] = [
        {"type": "pass", "seat": seat, "phase": "bao"}
        if bid is None
        else {"type": "bao", **bid.as_dict()}
    ]
    if bid is not None:
        game.bao_bid = bid
    game.bao_steps += 1
    advance_bao(game, events, (seat + 1) % game.seats)
    return events


# Going alone --------------------------------------------------------------------------------
def bao_options(game: MishiGame, seat: int) -> list[tuple[str, int]]:
    options = bid_options(game.hands[seat])
    if game.bao_bid is None:
        return options
    standing = game.bao_bid.rank
    return [(s, n) for s, n in options if bid_rank(s, n) > standing]


def start_bao(game: MishiGame, events: list[Event]) -> None:
    game.phase = "bao"
    game.bao_steps = 0
    advance_bao(game, events, game.declaration.seat if game.declaration else game.first)


def advance_bao(game: MishiGame, events: list[Event], turn: int) -> None:
    """Ask ``turn`` — every player is asked, one who cannot outbid has only ``pass`` (skipping
    it would tell who holds a ten) — or end the round: the turn is back at the last bidder,
    or one round went by without a bid."""
    bidder = game.bao_bid.seat if game.bao_bid else None
    if turn != bidder and (bidder is not None or game.bao_steps < game.seats):
        game.bao_turn = turn
        return
    game.bao_turn = None
    final = game.bao_bid or game.declaration
    if final is None:
        events.append({"type": "redeal", "hand": game.hand_index + 1})
        start_deal(game, events)
        return
    _take_kitty(game, final, events)


# The kitty and the partner ------------------------------------------------------------------
def _take_kitty(game: MishiGame, final: Bid, events: list[Event]) -> None:
    declarer = game.declarer = final.seat
    game.trump = final.suit
    game.order = ORDERS[final.suit]
    game.hands[declarer].extend(game.kitty)
    ten = "10" + final.suit
    if game.bao_bid is not None:
        game.case, game.partner = "bao", None
    elif game.hands[declarer].count(ten) == 2:
        game.case, game.partner = "paqi", None
    else:
        game.case = "2v2"
        game.partner = next(s for s in range(game.seats) if s != declarer and ten in game.hands[s])
    game.buried = []
    game.phase = "bury"
    events.append(
        {
            "type": "kitty_taken",
            "seat": declarer,
            "suit": final.suit,
            "case": "bao" if game.case == "bao" else None,
        }
    )
