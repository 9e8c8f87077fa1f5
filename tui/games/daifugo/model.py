"""大富豪's view, parsed once into NamedTuples (rules §11, docs/daifugo.md).

Everything the screen, the decision model and the face read comes from here: a field of the
wrong shape becomes a safe default (an empty hand, no seat, no lock), a view that is no mapping
is ``ViewError``. Cards are kept as the codes the view sends (``JK`` for a joker).
"""

# Annotations as written, not strings (no ``from __future__ import annotations``): typing
# compiles each string annotation of a NamedTuple's fields as the class is made, at every
# table's start (issue 37).
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple, Self

from tui.table import parse
from tui.table.parse import ViewError

__all__ = ["DaifugoView", "Exchange", "Phase", "Play", "ViewError"]

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUITS = ("S", "H", "D", "C")
DECK = frozenset({r + s for r in RANKS for s in SUITS} | {"JK"})
TITLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")


class Phase(StrEnum):
    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


def strength(code: str) -> int:
    """A card's place in the normal order (3 lowest, jokers highest)."""
    if code == "JK":
        return len(RANKS)
    rank = code[:-1]
    return RANKS.index(rank) if rank in RANKS else -1


def sorted_hand(cards: tuple[str, ...]) -> tuple[str, ...]:
    """A hand weakest first in the normal order, suits in the order S H D C."""
    return tuple(
        sorted(cards, key=lambda c: (strength(c), SUITS.index(c[-1]) if c[-1] in SUITS else 9))
    )


class Play(NamedTuple):
    """One play of the trick: who, the cards, and the cards its jokers stand for."""

    seat: int
    cards: tuple[str, ...]
    named: tuple[str, ...]  #: the ``as`` of the play

    @classmethod
    def parse(cls, raw: Mapping[str, Any], seats: int) -> Self | None:
        seat = parse.seat(raw.get("seat"), seats)
        if seat is None:
            return None
        return cls(seat, parse.cards(raw.get("cards"), DECK), parse.cards(raw.get("as"), DECK))


class Exchange:
    """One exchange of the deal (public: who gives how many to whom, and whether done; made
    and read)."""

    __slots__ = ("count", "done", "giver", "receiver")

    def __init__(self, giver: int, receiver: int, count: int, done: bool) -> None:
        self.giver = giver
        self.receiver = receiver
        self.count = count
        self.done = done


class DaifugoView(NamedTuple):
    seat: int | None
    seats: int
    phase: Phase
    pending: tuple[int, ...]
    scores: tuple[int, ...]
    over: bool
    hand: tuple[str, ...]
    counts: tuple[int, ...]
    deal: int
    deals: int | None
    dealer: int | None
    turn: int | None
    trick: tuple[Play, ...]
    passed: tuple[bool, ...]
    revolution: bool
    back: bool
    lock: tuple[str, ...] | None
    titles: tuple[str | None, ...]
    finished: tuple[int, ...]
    fouls: tuple[int, ...]
    fallen: int | None
    exchanges: tuple[Exchange, ...]
    gave: tuple[str, ...]  #: the viewer's own exchange: the cards it gave
    got: tuple[str, ...]  #: and the cards it got
    winners: tuple[int, ...]

    @classmethod
    def from_view(cls, view: object) -> Self:
        raw = parse.view_mapping(view)
        seats = max(0, parse.integer(raw.get("seats")))
        trick = tuple(
            p for p in (Play.parse(m, seats) for m in parse.mappings(raw.get("trick"))) if p
        )
        lock = parse.maybe_texts(raw.get("lock"))
        titles = tuple(
            t if t in TITLES else None for t in (parse.listed(raw.get("titles")) + [None] * seats)
        )[:seats]
        exchanges = []
        for m in parse.mappings(raw.get("exchanges")):
            giver, receiver = parse.seat(m.get("from"), seats), parse.seat(m.get("to"), seats)
            if giver is not None and receiver is not None:
                count = parse.integer(m.get("count"))
                exchanges.append(Exchange(giver, receiver, count, parse.flag(m.get("done"))))
        own = parse.mapping(raw.get("exchange"))
        options = parse.mapping(raw.get("options"))
        result = parse.mapping(raw.get("result"))
        return cls(
            seat=parse.seat(raw.get("seat"), seats),
            seats=seats,
            phase=parse.closed(Phase, raw.get("phase")) or Phase.PLAY,
            pending=tuple(s for s in parse.ints(raw.get("pending")) if 0 <= s < seats),
            scores=parse.numbers(raw.get("scores"), seats),
            over=parse.flag(raw.get("over")),
            hand=sorted_hand(parse.cards(raw.get("hand"), DECK)),
            counts=parse.numbers(raw.get("counts"), seats),
            deal=parse.integer(raw.get("deal"), 1),
            deals=parse.maybe_int(options.get("deals")),
            dealer=parse.seat(raw.get("dealer"), seats),
            turn=parse.seat(raw.get("turn"), seats),
            trick=trick,
            passed=parse.flags(raw.get("passed"), seats),
            revolution=parse.flag(raw.get("revolution")),
            back=parse.flag(raw.get("back")),
            lock=tuple(s for s in lock if s in SUITS) if lock else None,
            titles=titles,
            finished=tuple(s for s in parse.ints(raw.get("finished")) if 0 <= s < seats),
            fouls=tuple(s for s in parse.ints(raw.get("fouls")) if 0 <= s < seats),
            fallen=parse.seat(raw.get("fallen"), seats),
            exchanges=tuple(exchanges),
            gave=parse.cards(own.get("gave"), DECK),
            got=parse.cards(own.get("got"), DECK),
            winners=tuple(parse.ints(result.get("winners"))),
        )

    @property
    def reversed(self) -> bool:
        """Whether the order in force is reversed (exactly one of revolution and 11-back)."""
        return self.revolution != self.back

    @property
    def top(self) -> Play | None:
        """The play on top of the trick (None: the trick is empty)."""
        return self.trick[-1] if self.trick else None

    @property
    def leader(self) -> int | None:
        """Who led the trick on show."""
        return self.trick[0].seat if self.trick else self.turn

    def out(self, seat: int) -> bool:
        """Whether a seat is out of the deal (finished, fouled or fallen)."""
        return seat in self.finished or seat in self.fouls or seat == self.fallen
