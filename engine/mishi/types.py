"""秘十 Mi Shi's wire shapes: the phases, the view a seat gets, the events, the actions and
``result()`` (docs/mishi.md is their prose; these are what mypy checks the engine against).

The views are built in view.py, the events in bidding.py and play.py;
``tests/engine/test_shapes.py`` checks every view, event, action and result of many random
games against these at run time.
"""

from typing import Literal, TypedDict

from engine.base import SeatView
from engine.shapes import Typed

#: The engine's phases (``game.phase``); the next hand starts by itself after ``play``.
Phase = Literal["deal", "bao", "bury", "play", "over"]

#: Who plays with whom: the partner holds the other trump ten (2v2), the declarer holds both
#: (paqi, 扒起), or the declarer went alone (bao, 包牌).
Case = Literal["2v2", "paqi", "bao"]

Side = Literal["declarer", "partner", "defender"]


class Options(TypedDict):
    hands: int
    stake: int
    throw_penalty: int
    kitty_multiplier: Literal["times", "power"]
    declare_window: int | None


class HandSummary(TypedDict):
    """One finished hand (``history``, the ``hand_end`` event)."""

    hand: int
    declarer: int
    partner: int | None
    case: Case
    trump: str
    defender_points: int
    deltas: list[int]
    scores: list[int]


class Result(TypedDict):
    """The last four keys describe the last finished hand (None before one)."""

    scores: list[int]
    winners: list[int]  #: empty until the game is over
    declarer: int | None
    partner: int | None
    case: Case | None
    defender_points: int | None
    history: list[HandSummary]


class Bid(TypedDict):
    """A declaration or a go-alone bid: who showed which tens."""

    seat: int
    suit: str
    cards: list[str]


class Played(TypedDict):
    seat: int
    cards: list[str]


class Lead(TypedDict):
    suit: str  #: "trump" or a suit letter
    tractors: list[int]
    pairs: int
    singles: int


class LastTrick(TypedDict):
    plays: list[Played]
    winner: int
    points: int


class _Paced(TypedDict, total=False):
    """What a paced deal adds to the offered seat's view only (net/table/pacing.py): its own
    decision not shown yet, and the seconds its offer to declare has left."""

    chosen: "Action"  # (declared below)
    offer_left: float


class View(SeatView, _Paced):
    game: Literal["mishi"]
    phase: Phase
    options: Options
    result: Result | None
    hand_number: int
    hands: int
    first_player: int
    counts: list[int]
    to_deal: int
    declaration: Bid | None
    bao: Bid | None
    trump: str | None
    declarer: int | None
    kitty: list[str] | None
    buried: list[str] | None
    picked: list[str]
    sides: list[Side | None]
    case: Case | None
    partner_revealed: bool
    captured: list[int]
    failed_throws: list[int]
    leader: int | None
    trick: list[Played]
    lead: Lead | None
    last_trick: LastTrick | None
    trick_number: int
    history: list[HandSummary]


# Events (all public) ---------------------------------------------------------------------------


class HandStartEvent(TypedDict):
    type: Literal["hand_start"]
    hand: int
    first_player: int


class DeclareEvent(Bid):
    type: Literal["declare"]


class PassEvent(TypedDict):
    """A pass in the go-alone round (a pass during the deal is no event)."""

    type: Literal["pass"]
    seat: int
    phase: Literal["bao"]


class DealtEvent(TypedDict):
    type: Literal["dealt"]


class BaoEvent(Bid):
    type: Literal["bao"]


class RedealEvent(TypedDict):
    type: Literal["redeal"]
    hand: int


class KittyTakenEvent(TypedDict):
    type: Literal["kitty_taken"]
    seat: int
    suit: str
    case: Literal["bao"] | None  #: only a go-alone is public here


class BuriedEvent(TypedDict):
    type: Literal["buried"]
    seat: int


class ThrowFailedEvent(TypedDict):
    type: Literal["throw_failed"]
    seat: int
    cards: list[str]
    played: list[str]


class PlayEvent(TypedDict):
    type: Literal["play"]
    seat: int
    cards: list[str]


class PartnerRevealedEvent(TypedDict):
    type: Literal["partner_revealed"]
    seat: int
    case: Literal["2v2", "paqi"]


class TrickWonEvent(TypedDict):
    type: Literal["trick_won"]
    seat: int
    points: int
    trick: int


class KittyBonusEvent(TypedDict):
    type: Literal["kitty_bonus"]
    seat: int
    kitty_points: int
    multiplier: int
    bonus: int


class HandEndEvent(HandSummary):
    type: Literal["hand_end"]


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    scores: list[int]
    winners: list[int]


Event = (
    HandStartEvent
    | DeclareEvent
    | PassEvent
    | DealtEvent
    | BaoEvent
    | RedealEvent
    | KittyTakenEvent
    | BuriedEvent
    | ThrowFailedEvent
    | PlayEvent
    | PartnerRevealedEvent
    | TrickWonEvent
    | KittyBonusEvent
    | HandEndEvent
    | GameOverEvent
)


# Actions (docs/mishi.md: whole actions, and the steps legal_actions lists) ----------------------


class DeclareAction(TypedDict):
    type: Literal["declare"]
    cards: list[str]


class BaoAction(TypedDict):
    type: Literal["bao"]
    cards: list[str]


class PassAction(TypedDict):
    type: Literal["pass"]


class BuryAction(TypedDict):
    type: Literal["bury"]
    cards: list[str]


class BuryCardAction(TypedDict):
    type: Literal["bury_card"]
    card: str


class PlayAction(TypedDict):
    type: Literal["play"]
    cards: list[str]


class PickAction(TypedDict):
    type: Literal["pick"]
    card: str


class CommitAction(TypedDict):
    type: Literal["commit"]


class UnpickAction(TypedDict):
    type: Literal["unpick"]


Action = (
    DeclareAction
    | BaoAction
    | PassAction
    | BuryAction
    | BuryCardAction
    | PlayAction
    | PickAction
    | CommitAction
    | UnpickAction
)


#: A client's view, events and actions past its edge, read as these types (engine/shapes.py).
TYPED: Typed[View, Event, Action] = Typed()
