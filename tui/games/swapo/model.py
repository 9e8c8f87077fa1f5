"""A SwaPo view, parsed once: ``SwapoView.from_view(view)`` (keys: docs/swapo.md).

Everything the screen, the decision model and the drawing read of a view is here, typed; a
field the host sent in the wrong shape becomes a safe default (no reveal, an empty hand…), so
nothing deeper down meets a surprise. A round's record (``RoundRecord``) is read the same way
from the view's history and from a ``round_over`` event.
"""

# Annotations as written, not strings (no ``from __future__ import annotations``): typing
# compiles each string annotation of a NamedTuple's fields as the class is made, at every
# table's start (issue 37).
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple, Self

from engine.cards import RANKS, standard_deck
from engine.swapo.scoring import JOKER
from tui.table import parse

#: Every card code of the game, and "?" (Dagger: a card of my row I no longer know).
DECK = frozenset([*standard_deck(1, jokers=(JOKER,)), "?"])

Hands = tuple[tuple[str, ...] | None, ...]  # per seat: its cards, or None (out of the round)


class Phase(StrEnum):
    ARRANGE = "arrange"  # Dagger: each seat orders its row before it goes face down
    SWAP = "swap"
    GIVE = "give"
    DECLARE = "declare"  # Ace: the jokers' ranks, sealed
    POWER = "power"  # Ace: the power turns on the revealed hands
    BETWEEN = "between"
    OVER = "over"


def hands_of(value: object) -> Hands:
    """Per seat a list of cards or None (anything else: None)."""
    return tuple(parse.maybe_cards(h, DECK) for h in parse.listed(value))


def ranks_of(value: object) -> Hands:
    """Per seat the ranks its jokers were declared as, or None (not shown)."""
    return tuple(parse.maybe_cards(r, RANKS) for r in parse.listed(value))


def maybe_hands(value: object) -> Hands | None:
    return hands_of(value) if isinstance(value, (list, tuple)) else None


def card_lists(value: object) -> tuple[tuple[str, ...], ...]:
    """Per seat a list of cards (anything else: an empty list)."""
    return tuple(parse.cards(h, DECK) for h in parse.listed(value))


class Give(NamedTuple):
    """The give step: ``seat`` asked ``holder`` for ``k`` cards (``offered``: the holder's)."""

    seat: int | None
    holder: int | None
    k: int | None

    @classmethod
    def parse(cls, raw: object) -> Self | None:
        if not isinstance(raw, Mapping):
            return None
        return cls(
            parse.seat(raw.get("seat")), parse.seat(raw.get("from")), parse.maybe_int(raw.get("k"))
        )


class Swap(NamedTuple):
    """One exchange of the round: who with whom, how many (Dagger: the positions; the two
    seats involved: the cards, ``None`` to every other seat)."""

    seat: int | None
    target: int | None
    k: object  # shown as sent
    take: tuple[int, ...] = ()
    give: tuple[int, ...] = ()
    sent: tuple[str, ...] | None = None
    received: tuple[str, ...] | None = None

    @classmethod
    def all(cls, raw: object) -> tuple[Self, ...]:
        return tuple(
            cls(
                parse.seat(s.get("seat")),
                parse.seat(s.get("target")),
                s.get("k") if isinstance(s.get("k"), (int, str)) else None,
                parse.ints(s.get("take")),
                parse.ints(s.get("give")),
                parse.maybe_cards(s.get("sent"), DECK),
                parse.maybe_cards(s.get("received"), DECK),
            )
            for s in parse.mappings(raw)
        )


class RoundRecord(NamedTuple):
    """A finished round (the view's history, or a ``round_over`` event)."""

    round: object = "?"  # shown as sent
    no_game: bool = False
    sudden_death: bool = False
    winners: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    hands: Hands = ()
    declared: Hands = ()
    stabbed: tuple[tuple[str, ...], ...] = ()
    #: who played the Draw (A♣) in a no-game round: the screen notes it from the public
    #: ``draw`` event (the engine's record does not say), None when not known
    drawn_by: int | None = None

    @classmethod
    def parse(cls, raw: object) -> Self:
        r = parse.mapping(raw)
        number = r.get("round", "?")
        return cls(
            number if isinstance(number, (int, str)) and not isinstance(number, bool) else "?",
            parse.flag(r.get("no_game")),
            parse.flag(r.get("sudden_death")),
            parse.ints(r.get("winners")),
            parse.numbers(r.get("points")),
            hands_of(r.get("hands")),
            ranks_of(r.get("declared")),
            card_lists(r.get("stabbed")),
            parse.seat(r.get("drawn_by")),
        )


class SwapoView(NamedTuple):
    """What one seat may know of a SwaPo game."""

    seats: int = 0
    phase: Phase | None = None
    pending: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    over: bool = False
    tiebreak: str | None = None  # how a tie for the win was read (the result's)
    decided_by_sudden_death: bool = False
    variant: frozenset[str] = frozenset()
    memory_only: bool = True
    round: int = 1
    sudden_death: bool = False
    dealer: int | None = None
    pile: int = 0
    turn: int | None = None
    rights_done: tuple[int, ...] = ()
    hand: tuple[str, ...] | None = None  # None: a spectator
    hand_counts: tuple[int, ...] = ()
    laid: tuple[bool, ...] = ()
    moved: tuple[tuple[int, ...], ...] = ()
    locked_cards: tuple[str, ...] = ()
    locked_counts: tuple[int, ...] = ()
    locked_positions: tuple[tuple[int, ...], ...] = ()
    give: Give | None = None
    swaps: tuple[Swap, ...] = ()
    declared: Hands = ()
    to_declare: int = 0
    declare_steps: int = 0  # Ace, sealed: the steps this seat still owes (of ``decks``)
    decks: int = 1
    revealed: Hands | None = None
    stabbed: tuple[tuple[str, ...], ...] = ()
    used_aces: tuple[tuple[str, ...], ...] = ()  # Ace: the Aces used this round, per holder
    power_done: tuple[int, ...] | None = None  # Ace: the seats whose power turn is over
    history: tuple[RoundRecord, ...] = ()

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Self:
        """Parse a view as sent; ``parse.ViewError`` when it is not a mapping at all."""
        v = parse.view_mapping(view)
        result = parse.mapping(v.get("result"))
        tiebreak = parse.mapping(result.get("tiebreak"))
        options = parse.mapping(v.get("options"))
        power = parse.mapping(v.get("power"))
        return cls(
            seats=max(0, parse.integer(v.get("seats"))),
            phase=parse.closed(Phase, v.get("phase")),
            pending=parse.ints(v.get("pending")),
            scores=parse.numbers(v.get("scores")),
            over=parse.flag(v.get("over")),
            tiebreak=str(tiebreak["reading"]) if tiebreak.get("reading") else None,
            decided_by_sudden_death=bool(result.get("sudden_death")),
            variant=frozenset(parse.texts(v.get("variant"))),
            memory_only=parse.flag(options.get("memory_only", True)),
            round=parse.integer(v.get("round"), 1),
            sudden_death=parse.flag(v.get("sudden_death")),
            dealer=parse.seat(v.get("dealer")),
            pile=parse.integer(v.get("pile")),
            turn=parse.seat(v.get("turn")),
            rights_done=parse.ints(v.get("rights_done")),
            hand=parse.maybe_cards(v.get("hand"), DECK),
            hand_counts=parse.numbers(v.get("hand_counts")),
            laid=tuple(parse.flag(x) for x in parse.listed(v.get("laid"))),
            moved=tuple(parse.ints(m) for m in parse.listed(v.get("moved"))),
            locked_cards=parse.cards(v.get("locked_cards"), DECK),
            locked_counts=parse.numbers(v.get("locked_counts")),
            locked_positions=tuple(parse.ints(p) for p in parse.listed(v.get("locked_positions"))),
            give=Give.parse(v.get("give")),
            swaps=Swap.all(v.get("swaps")),
            declared=ranks_of(v.get("declared")),
            to_declare=parse.integer(v.get("to_declare")),
            declare_steps=parse.integer(v.get("declare_steps")),
            decks=max(1, parse.integer(options.get("decks"), 1)),
            revealed=maybe_hands(v.get("revealed")) if v.get("revealed") else None,
            stabbed=card_lists(v.get("stabbed")),
            used_aces=card_lists(v.get("used_aces")),
            power_done=parse.ints(power.get("done")) if power else None,
            history=tuple(RoundRecord.parse(r) for r in parse.mappings(v.get("history"))),
        )

    def score(self, seat: int) -> int:
        return self.scores[seat] if 0 <= seat < len(self.scores) else 0

    def declared_by(self, seat: int | None) -> tuple[str, ...]:
        """A seat's declared joker ranks, as far as this view shows them."""
        if seat is None or not 0 <= seat < len(self.declared):
            return ()
        return self.declared[seat] or ()

    def locked_at(self, seat: int | None) -> tuple[int, ...]:
        """Dagger: a seat's locked positions."""
        if seat is None or not 0 <= seat < len(self.locked_positions):
            return ()
        return self.locked_positions[seat]
