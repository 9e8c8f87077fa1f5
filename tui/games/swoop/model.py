"""A Swoop view, parsed once: ``SwoopView.from_view(view)`` (keys: docs/swoop.md).

Everything the screen, the decision model and the drawing read of a view is here, typed; a
field the host sent in the wrong shape becomes a safe default (no seat, an empty pile…), so
nothing deeper down meets a surprise. Mystery cards are never in a view: a slot only says
whether one is still there (``mystery``) and whether it can be turned (``uncovered``).
"""

# Annotations as written, not strings (no ``from __future__ import annotations``): typing
# compiles each string annotation of a NamedTuple's fields as the class is made, at every
# table's start (issue 37).
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple, Self

from engine.cards import rank
from engine.swoop.rules import full_deck
from tui.table import parse

SLOTS = 4
#: Every card code of the game (anything else a view holds is left out).
DECK = frozenset(full_deck(1))


class Phase(StrEnum):
    """The step the player to move is on (every other seat sees ``play``), or ``over``."""

    PLAY = "play"
    ADD = "add"
    CHAIN = "chain"
    OVER = "over"


class Player(NamedTuple):
    """One seat's public cards: its hand count and its four slots."""

    hand: int = 0
    face_up: tuple[str | None, ...] = (None,) * SLOTS
    mystery: tuple[bool, ...] = (False,) * SLOTS
    uncovered: tuple[bool, ...] = (False,) * SLOTS

    @classmethod
    def parse(cls, raw: object) -> Self:
        data = parse.mapping(raw)
        up = [c if c in DECK else None for c in parse.listed(data.get("face_up"))]
        return cls(
            hand=max(0, parse.integer(data.get("hand"))),
            face_up=tuple((up + [None] * SLOTS)[:SLOTS]),
            mystery=parse.flags(data.get("mystery"), SLOTS),
            uncovered=parse.flags(data.get("uncovered"), SLOTS),
        )


class Top:
    """The run on top of the pile: its rank and how many cards of it (made and read)."""

    __slots__ = ("count", "rank")

    def __init__(self, rank: str, count: int) -> None:
        self.rank = rank
        self.count = count


class Flipped(NamedTuple):
    """The mystery card just turned up, in its slot, waiting for additions."""

    slot: int | None
    card: str


class Chain(NamedTuple):
    """After a swoop (shown to the player on it only): the rank and count a chain needs."""

    rank: str | None
    need: int | None


class SwoopView(NamedTuple):
    """What one seat may know of a Swoop game (see the module docstring)."""

    seats: int = 0
    phase: Phase | None = None
    pending: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    over: bool = False
    winners: tuple[int, ...] = ()
    hand_no: int = 1
    first: int | None = None
    turn: int | None = None
    hand: tuple[str, ...] | None = None  # None: a spectator
    players: tuple[Player, ...] = ()
    pile: tuple[str, ...] = ()
    top: Top | None = None
    cleared: int = 0
    flipped: Flipped | None = None
    chain: Chain | None = None
    hands: tuple[tuple[int, ...], ...] = ()  # each finished hand's penalties, by seat
    draws: tuple[tuple[int | None, str], ...] = ()  # the last round of the draw for the lead
    flat_numbers: bool = False

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Self:
        """Parse a view as sent; ``parse.ViewError`` when it is not a mapping at all."""
        v = parse.view_mapping(view)
        seats = max(0, parse.integer(v.get("seats")))
        top = parse.mapping(v.get("top")) if v.get("top") else None
        flipped = parse.mapping(v.get("flipped")) if v.get("flipped") else None
        chain = parse.mapping(v.get("chain")) if v.get("chain") else None
        return cls(
            seats=seats,
            phase=parse.closed(Phase, v.get("phase")),
            pending=parse.ints(v.get("pending")),
            scores=parse.numbers(v.get("scores")),
            over=parse.flag(v.get("over")),
            winners=parse.ints(parse.mapping(v.get("result")).get("winners")),
            hand_no=parse.integer(v.get("hand_no"), 1),
            first=parse.seat(v.get("first")),
            turn=parse.seat(v.get("turn")),
            hand=parse.maybe_cards(v.get("hand"), DECK),
            players=tuple(Player.parse(p) for p in parse.listed(v.get("players"))),
            pile=parse.cards(v.get("pile"), DECK),
            top=None
            if top is None
            else Top(rank_or(top.get("rank")) or "", max(0, parse.integer(top.get("count")))),
            cleared=parse.integer(v.get("cleared")),
            flipped=None
            if flipped is None
            else Flipped(parse.seat(flipped.get("slot")), card_or(flipped.get("card"), "?")),
            chain=None
            if chain is None
            else Chain(rank_or(chain.get("rank"), None), parse.maybe_int(chain.get("need"))),
            hands=tuple(parse.numbers(h) for h in parse.listed(v.get("hands"))),
            draws=last_draws(v.get("draws")),
            flat_numbers=parse.flag(parse.mapping(v.get("options")).get("flat_numbers")),
        )

    def player(self, seat: int | None) -> Player:
        """A seat's public cards (an empty seat when there is no such seat)."""
        if seat is None or not 0 <= seat < len(self.players):
            return Player()
        return self.players[seat]

    def score(self, seat: int | None) -> int | None:
        return self.scores[seat] if seat is not None and 0 <= seat < len(self.scores) else None


def last_draws(value: object) -> tuple[tuple[int | None, str], ...]:
    """The last round of the draw for the first lead: (seat, card) pairs."""
    rounds = parse.listed(value)
    if not rounds or not isinstance(rounds[-1], list):
        return ()
    out = []
    for pair in rounds[-1]:
        items = parse.listed(pair)
        if len(items) == 2 and items[1] in DECK:
            out.append((parse.seat(items[0]), items[1]))
    return tuple(out)


RANKS = frozenset(rank(card) for card in DECK)


def card_or(value: object, default: str) -> str:
    """A card code of the game, else ``default``."""
    return value if isinstance(value, str) and value in DECK else default


def rank_or(value: object, default: str | None = "") -> str | None:
    """A rank of the game ("7", "10", "JK"), else ``default``."""
    return value if isinstance(value, str) and value in RANKS else default
