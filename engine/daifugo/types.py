"""大富豪's wire shapes: the phases, the view a seat gets, the events, the actions and
``result()`` (shared/rules/daifugo.md §11–12 are binding; docs/daifugo.md is their prose).
mypy checks the engine against these; the tests check every view, event, action and result
of random games against them at run time (tests/engine/test_daifugo_shapes.py)."""

from typing import Literal, NotRequired, TypedDict

from engine.base import SeatView
from engine.shapes import Typed

Phase = Literal["exchange", "play", "over"]

#: A title by final place (§9).
Title = Literal["daifugo", "fugo", "heimin", "hinmin", "daihinmin"]

#: What ended a trick at once (§7.2, §7.3); None: everyone passed.
Cut = Literal["eight", "spade3"]

#: What a forbidden finish was (§8.2).
Forbidden = Literal["joker", "top", "eight", "spade3"]


class Options(TypedDict):
    jokers: int
    deals: int
    sequences: bool
    revolution: bool
    sequence_revolution: bool
    eight_cut: bool
    spade3: bool
    lock: bool
    eleven_back: bool
    capital_fall: bool
    forbidden: list[str]


class DealRecord(TypedDict):
    """One finished deal (result()["deals"])."""

    order: list[int]  #: seats, first to last
    titles: list[Title]
    points: list[int]
    fouls: list[int]  #: in the order they fouled
    fallen: int | None


class Result(TypedDict):
    scores: list[int]
    winners: list[int]  #: empty until the game is over
    titles: list[Title | None]  #: from the last finished deal
    deals: list[DealRecord]


#: One play of the trick; ``as``: the cards its jokers stand for ("as" and "from" are Python
#: keywords, hence the functional form of these TypedDicts).
TrickEntry = TypedDict("TrickEntry", {"seat": int, "cards": list[str], "as": list[str]})


#: Who gives how many cards to whom (public), and whether it is done.
Exchange = TypedDict("Exchange", {"from": int, "to": int, "count": int, "done": bool})


class OwnExchange(TypedDict):
    """The viewer's own exchange: the cards it gave and got (only the two parties know)."""

    gave: list[str]
    got: list[str]


class View(SeatView):
    game: Literal["daifugo"]
    phase: Phase
    options: Options
    result: Result | None
    counts: list[int]
    deal: int
    dealer: int
    turn: int | None
    trick: list[TrickEntry]
    passed: list[bool]
    revolution: bool
    back: bool
    lock: list[str] | None
    titles: list[Title | None]
    finished: list[int]
    fouls: list[int]
    fallen: int | None
    exchanges: list[Exchange]
    exchange: OwnExchange | None
    #: every card played in this deal so far, oldest first (public: the plays were shown)
    played: list[str]


# Events (all public) ---------------------------------------------------------------------------


class DealEvent(TypedDict):
    type: Literal["deal"]
    deal: int
    dealer: int
    counts: list[int]
    leader: int | None  #: who leads (None: the exchange comes first)


GiveEvent = TypedDict("GiveEvent", {"type": Literal["give"], "from": int, "to": int, "count": int})


class LeadEvent(TypedDict):
    """The exchange is over: play begins, ``seat`` leads."""

    type: Literal["lead"]
    seat: int


PlayEvent = TypedDict(
    "PlayEvent",
    {"type": Literal["play"], "seat": int, "cards": list[str], "as": list[str]},
)


class PassEvent(TypedDict):
    type: Literal["pass"]
    seat: int


class RevolutionEvent(TypedDict):
    type: Literal["revolution"]
    seat: int
    on: bool  #: a revolution is in force now


class BackEvent(TypedDict):
    type: Literal["back"]
    seat: int
    on: bool  #: an 11-back is in force now


class LockEvent(TypedDict):
    type: Literal["lock"]
    suits: list[str]


class OutEvent(TypedDict):
    type: Literal["out"]
    seat: int
    foul: list[Forbidden]  #: the forbidden cards of a foul ([]: a normal finish)


class FallEvent(TypedDict):
    """The previous 大富豪 falls (都落ち): its hand is set aside unseen."""

    type: Literal["fall"]
    seat: int


class TrickEndEvent(TypedDict):
    type: Literal["trick_end"]
    cut: Cut | None
    leader: int | None  #: who leads the next trick (None: the deal is over)


class DealEndEvent(TypedDict):
    type: Literal["deal_end"]
    deal: int
    order: list[int]
    titles: list[Title]
    points: list[int]
    fouls: list[int]
    fallen: int | None
    scores: list[int]


class GameEndEvent(TypedDict):
    type: Literal["game_end"]
    scores: list[int]
    winners: list[int]


Event = (
    DealEvent
    | GiveEvent
    | LeadEvent
    | PlayEvent
    | PassEvent
    | RevolutionEvent
    | BackEvent
    | LockEvent
    | OutEvent
    | FallEvent
    | TrickEndEvent
    | DealEndEvent
    | GameEndEvent
)


# Actions (rules §12) ------------------------------------------------------------------------


class GiveAction(TypedDict):
    type: Literal["give"]
    cards: list[str]


#: ``as`` may be left out when the play has no joker standing for a card.
PlayAction = TypedDict(
    "PlayAction",
    {"type": Literal["play"], "cards": list[str], "as": NotRequired[list[str]]},
)


class PassAction(TypedDict):
    type: Literal["pass"]


Action = GiveAction | PlayAction | PassAction


#: A client's view, events and actions past its edge, read as these types (engine/shapes.py).
TYPED: Typed[View, Event, Action] = Typed()
