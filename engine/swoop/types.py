"""Swoop's wire shapes: the phases, the view a seat gets, the events, the actions and
``result()`` (docs/swoop.md is their prose; these are what mypy checks the engine against).

These are the shapes on the wire: the views and events are built from them in view.py and
phases.py, and ``tests/engine/test_shapes.py`` checks every view, event, action and result of
many random games against them at run time.
"""

from typing import Literal, TypedDict

from engine.base import SeatView
from engine.shapes import Typed

#: The engine's phases (``game.phase``). ``add`` and ``chain`` are steps of the player to
#: move: only its own view shows them; every other view says ``play``.
Phase = Literal["play", "add", "chain", "over"]

#: What a played group does to the pile (rules.outcome).
Outcome = Literal["pile", "pickup", "swoop"]

#: One draw for the first player: ``[seat, card]``.
Draw = list[int | str]


class Options(TypedDict):
    decks: int
    first_player: int | None
    target: int
    hands: int | None
    flat_numbers: bool


class Result(TypedDict):
    scores: list[int]
    winners: list[int]  #: empty until the game is over
    hands: list[list[int]]  #: the penalties of every finished hand


class Player(TypedDict):
    """One seat's public side of the table."""

    hand: int  #: the number of hand cards
    face_up: list[str | None]
    mystery: list[bool]
    uncovered: list[bool]


class Top(TypedDict):
    rank: str
    count: int


class Flipped(TypedDict):
    slot: int
    card: str


class Chain(TypedDict):
    rank: str
    need: int


class View(SeatView):
    game: Literal["swoop"]
    phase: Phase
    options: Options
    result: Result | None
    hand_no: int
    first: int
    turn: int | None
    players: list[Player]
    pile: list[str]
    top: Top | None
    cleared: int
    unused: int
    flipped: Flipped | None
    chain: Chain | None
    hands: list[list[int]]
    draws: list[list[Draw]] | None


# Events (all public) ---------------------------------------------------------------------------


class FlipEvent(TypedDict):
    type: Literal["flip"]
    seat: int
    slot: int
    card: str


class PlayEvent(TypedDict):
    type: Literal["play"]
    seat: int
    cards: list[str]
    hand: list[str]
    table: list[int]
    table_cards: list[str]
    mystery: str | None
    rank: str
    outcome: Outcome


class PickupEvent(TypedDict):
    type: Literal["pickup"]
    seat: int
    count: int


class SwoopEvent(TypedDict):
    type: Literal["swoop"]
    seat: int
    cards: list[str]
    special: bool


class ChainEvent(TypedDict):
    type: Literal["chain"]
    seat: int
    cards: list[str]
    hand: list[str]
    table: list[int]
    table_cards: list[str]
    removed: list[str]


class ClearEvent(TypedDict):
    type: Literal["clear"]
    seat: int
    count: int


class HandEndEvent(TypedDict):
    type: Literal["hand_end"]
    hand_no: int
    out: int
    penalties: list[int]
    scores: list[int]
    left: list[list[list[str]]]  # per seat: [hand, face-up, mystery], turned up at the end


class DealEvent(TypedDict):
    type: Literal["deal"]
    hand_no: int
    first: int


class GameEndEvent(TypedDict):
    type: Literal["game_end"]
    scores: list[int]
    winners: list[int]


Event = (
    FlipEvent
    | PlayEvent
    | PickupEvent
    | SwoopEvent
    | ChainEvent
    | ClearEvent
    | HandEndEvent
    | DealEvent
    | GameEndEvent
)


# Actions (docs/swoop.md; ``table`` may be left out of a group) --------------------------------


class _Group(TypedDict, total=False):
    table: list[int]


class PlayAction(_Group):
    type: Literal["play"]
    cards: list[str]


class FlipAction(TypedDict):
    type: Literal["flip"]
    slot: int


class AddAction(_Group):
    type: Literal["add"]
    cards: list[str]


class ChainAction(_Group):
    type: Literal["chain"]
    cards: list[str]


class StopAction(TypedDict):
    type: Literal["stop"]


Action = PlayAction | FlipAction | AddAction | ChainAction | StopAction


#: A client's view, events and actions past its edge, read as these types (engine/shapes.py).
TYPED: Typed[View, Event, Action] = Typed()
