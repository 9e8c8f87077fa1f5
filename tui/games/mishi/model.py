"""A Mi Shi view, parsed once: ``MishiView.from_view(view)`` (keys: docs/mishi.md).

Everything the screen, the decision model and the drawing read of a view is here, typed; a
field the host sent in the wrong shape becomes a safe default (no trump, an empty trick…), so
nothing deeper down meets a surprise. A finished hand (``HandRecord``) is read the same way
from the view's history and from a ``hand_end`` event.
"""

# Annotations as written, not strings (no ``from __future__ import annotations``): typing
# compiles each string annotation of a NamedTuple's fields as the class is made, at every
# table's start (issue 37).
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple, Self

from engine.mishi.cards import ORDERS, SUIT_ORDER, TRUMP, Order, full_deck
from engine.mishi.tricks import Shape
from tui.table import parse

#: Every card code of the game (anything else a view holds is left out).
DECK = frozenset(full_deck())


class Phase(StrEnum):
    DEAL = "deal"
    BAO = "bao"  # after the deal: going alone (包牌) offered in turn
    BURY = "bury"
    PLAY = "play"
    OVER = "over"


class Side(StrEnum):
    DECLARER = "declarer"
    PARTNER = "partner"
    DEFENDER = "defender"


class Case(StrEnum):
    """How the sides stand: 2 v 2, the declarer holding both tens (扒起), or alone (包牌)."""

    TWO = "2v2"
    PAQI = "paqi"
    BAO = "bao"


def suit(value: object) -> str | None:
    """A suit letter (S H C D), else None."""
    return value if value in SUIT_ORDER else None


class Bid(NamedTuple):
    """A declaration or a go-alone bid: who, the suit, the tens shown."""

    seat: int | None
    suit: str | None
    cards: tuple[str, ...]

    @classmethod
    def parse(cls, raw: object) -> Self | None:
        if not isinstance(raw, Mapping):
            return None
        return cls(
            parse.seat(raw.get("seat")), suit(raw.get("suit")), parse.cards(raw.get("cards"), DECK)
        )


class Lead(NamedTuple):
    """What the trick's lead asks for: its suit ("trump" or a letter) and its shape."""

    suit: str
    tractors: tuple[int, ...] = ()
    pairs: int = 0
    singles: int = 0

    @classmethod
    def parse(cls, raw: object) -> Self | None:
        if not isinstance(raw, Mapping):
            return None
        led = raw.get("suit")
        return cls(
            "trump" if led == "trump" else suit(led) or "?",
            tuple(max(0, n) for n in parse.ints(raw.get("tractors"))),
            max(0, parse.integer(raw.get("pairs"))),
            max(0, parse.integer(raw.get("singles"))),
        )

    @property
    def size(self) -> int:
        """How many cards each follower plays."""
        return 2 * sum(self.tractors) + 2 * self.pairs + self.singles

    def shape(self) -> tuple[str, Shape]:
        """The lead as the engine's (effective suit, shape)."""
        led = TRUMP if self.suit == "trump" else self.suit
        return led, Shape(self.tractors, self.pairs, self.singles)


class Play(NamedTuple):
    """One seat's cards in a trick."""

    seat: int
    cards: tuple[str, ...]

    @classmethod
    def all(cls, raw: object) -> tuple[Self, ...]:
        out = []
        for entry in parse.mappings(raw):
            seat = parse.seat(entry.get("seat"))
            if seat is not None:
                out.append(cls(seat, parse.cards(entry.get("cards"), DECK)))
        return tuple(out)


class LastTrick(NamedTuple):
    plays: tuple[Play, ...]
    winner: int | None
    points: int

    @classmethod
    def parse(cls, raw: object) -> Self | None:
        if not isinstance(raw, Mapping):
            return None
        plays = Play.all(raw.get("plays"))
        return cls(plays, parse.seat(raw.get("winner")), parse.integer(raw.get("points")))


class HandRecord(NamedTuple):
    """A finished hand (the view's history, or a ``hand_end`` event)."""

    hand: int | None
    declarer: int | None
    partner: int | None
    case: Case | None
    trump: str | None
    defender_points: int
    deltas: tuple[int, ...]

    @classmethod
    def parse(cls, raw: object) -> Self:
        r = parse.mapping(raw)
        return cls(
            parse.maybe_int(r.get("hand")),
            parse.seat(r.get("declarer")),
            parse.seat(r.get("partner")),
            parse.closed(Case, r.get("case")),
            suit(r.get("trump")),
            parse.integer(r.get("defender_points")),
            parse.numbers(r.get("deltas")),
        )


class KittyBonus(NamedTuple):
    """The defenders won the last trick: the buried kitty counts for them, multiplied."""

    seat: int | None
    kitty_points: int
    multiplier: int
    bonus: int

    @classmethod
    def parse(cls, raw: object) -> Self:
        r = parse.mapping(raw)
        return cls(
            parse.seat(r.get("seat")),
            parse.integer(r.get("kitty_points")),
            parse.integer(r.get("multiplier")),
            parse.integer(r.get("bonus")),
        )


class MishiView(NamedTuple):
    """What one seat may know of a Mi Shi game."""

    seats: int = 4
    phase: Phase | None = None
    pending: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    over: bool = False
    hand_number: int = 1
    hands: int | None = None  # how many hands the game has
    first_player: int | None = None
    hand: tuple[str, ...] | None = None  # None: a spectator
    counts: tuple[int, ...] = ()
    to_deal: int = 0
    declaration: Bid | None = None
    bao: Bid | None = None
    trump: str | None = None
    declarer: int | None = None
    kitty: tuple[str, ...] | None = None  # the declarer's, while burying
    buried: tuple[str, ...] | None = None  # the declarer's own
    sides: tuple[Side | None, ...] = ()
    case: Case | None = None
    partner_revealed: bool = False
    captured: tuple[int, ...] = ()
    leader: int | None = None
    trick: tuple[Play, ...] = ()
    lead: Lead | None = None
    last_trick: LastTrick | None = None
    trick_number: int = 0
    history: tuple[HandRecord, ...] = ()
    chosen: tuple[str, ...] = ()  # the ten(s) this seat chose to show, not shown to the table yet
    offer_left: float | None = None  # the seconds its offer to declare has left (if told)

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Self:
        """Parse a view as sent; ``parse.ViewError`` when it is not a mapping at all."""
        v = parse.view_mapping(view)
        return cls(
            seats=parse.integer(v.get("seats"), 4),
            phase=parse.closed(Phase, v.get("phase")),
            pending=parse.ints(v.get("pending")),
            scores=parse.numbers(v.get("scores")),
            over=parse.flag(v.get("over")),
            hand_number=parse.integer(v.get("hand_number"), 1),
            hands=parse.maybe_int(v.get("hands")),
            first_player=parse.seat(v.get("first_player")),
            hand=parse.maybe_cards(v.get("hand"), DECK),
            counts=parse.numbers(v.get("counts")),
            to_deal=max(0, parse.integer(v.get("to_deal"))),
            declaration=Bid.parse(v.get("declaration")),
            bao=Bid.parse(v.get("bao")),
            trump=suit(v.get("trump")),
            declarer=parse.seat(v.get("declarer")),
            kitty=parse.maybe_cards(v.get("kitty"), DECK),
            buried=parse.maybe_cards(v.get("buried"), DECK),
            sides=tuple(parse.closed(Side, s) for s in parse.listed(v.get("sides"))),
            case=parse.closed(Case, v.get("case")),
            partner_revealed=parse.flag(v.get("partner_revealed")),
            captured=parse.numbers(v.get("captured")),
            leader=parse.seat(v.get("leader")),
            trick=Play.all(v.get("trick")),
            lead=Lead.parse(v.get("lead")),
            last_trick=LastTrick.parse(v.get("last_trick")),
            trick_number=parse.integer(v.get("trick_number")),
            history=tuple(HandRecord.parse(r) for r in parse.mappings(v.get("history"))),
            chosen=parse.cards(parse.mapping(v.get("chosen")).get("cards"), DECK),
            offer_left=parse.number(v.get("offer_left")),
        )

    @property
    def order(self) -> Order:
        """The card order of the trump named so far."""
        return ORDERS.get(self.trump, ORDERS[None])

    def side(self, seat: int) -> Side | None:
        return self.sides[seat] if 0 <= seat < len(self.sides) else None

    def count(self, seat: int) -> int:
        return self.counts[seat] if 0 <= seat < len(self.counts) else 0

    def points(self, seat: int) -> int:
        return self.captured[seat] if 0 <= seat < len(self.captured) else 0


def parsed(view: MishiView | Mapping[str, Any]) -> MishiView:
    """A parsed view as it is, a raw one parsed."""
    return view if isinstance(view, MishiView) else MishiView.from_view(view)
