"""SwaPo's wire shapes: the phases, the view a seat gets, the events, the actions and
``result()`` (docs/swapo.md is their prose; these are what mypy checks the engine against).

The views are built in view.py, the events in swaps.py, powers.py and rounds.py;
``tests/engine/test_shapes.py`` checks every view, event, action and result of many random
games against these at run time.
"""

from typing import Literal, TypedDict, final

from engine.base import SeatView
from engine.shapes import Typed

#: The engine's phases (``game.phase``). ``between`` lasts only inside the ``apply`` that
#: scores a round (no view shows it); the bracketed ones of docs/swapo.md come in some variants.
Phase = Literal["arrange", "swap", "give", "declare", "power", "between", "over"]

#: The variants (option ``variant``: any of them, in this order; none is normal rules).
Variant = Literal["dagger", "asterisk", "ace"]

#: The tie-break readings (option ``tiebreak``).
Reading = Literal["first_point_earliest", "last_point_latest", "first_point_latest"]


class Options(TypedDict):
    variant: list[Variant]
    decks: int
    dealer_method: Literal["joker_draw", "high_card"]
    first_dealer: int | None
    dealer_rotation: Literal["rotate", "fixed"]
    deal_method: Literal["one_at_a_time", "five_at_once"]
    rounds: int | None
    tiebreak: Reading
    memory_only: bool
    adult_talk: bool


class DealerDraw(TypedDict):
    """How the first dealer was chosen: ``draws[i]`` are the cards the seats ``seats[i]`` drew."""

    method: Literal["joker_draw", "high_card", "first_dealer"]
    draws: list[list[str]]
    seats: list[list[int]]
    dealer: int


class RoundRecord(TypedDict):
    """One scored round (``history``, the ``round_over`` event, ``result()["rounds"]``)."""

    round: int
    dealer: int
    players: list[int]
    sudden_death: bool
    no_game: bool
    winners: list[int]
    points: list[int]
    strengths: list[int | None]
    hands: list[list[str] | None]
    declared: list[list[str] | None]
    stabbed: list[list[str]]


class Tiebreak(TypedDict):
    reading: Reading
    tied: list[int]
    after: list[int]


class Result(TypedDict):
    scores: list[int]
    winners: list[int]  #: empty until the game is over
    rounds: list[RoundRecord]
    tiebreak: Tiebreak | None
    sudden_death: list[int] | None


#: The pending give (phase ``give``): ``from`` is the asker; ``offered`` its cards, shown in the
#: asker's own view only.
Give = TypedDict("Give", {"seat": int, "from": int, "k": int, "offered": list[str] | None})


@final
class NormalSwapEntry(TypedDict):
    """An exchange of this round (normal rules): the cards only in the two seats' views."""

    seat: int
    target: int
    k: int
    sent: list[str] | None
    received: list[str] | None


@final
class DaggerSwapEntry(TypedDict):
    """An exchange of this round (Dagger): positions, public."""

    seat: int
    target: int
    k: int
    take: list[int]
    give: list[int]


SwapEntry = NormalSwapEntry | DaggerSwapEntry


@final
class NormalSwapLog(TypedDict):
    """The game's own record of a normal exchange (``game.swap_log``; views show a
    :class:`NormalSwapEntry`)."""

    seat: int
    target: int
    k: int
    sent: list[str]
    received: list[str]


SwapLog = NormalSwapLog | DaggerSwapEntry


class Power(TypedDict):
    seat: int
    done: list[int]


class View(SeatView):
    game: Literal["swapo"]
    phase: Phase
    options: Options
    result: Result | None
    variant: list[Variant]
    round: int
    sudden_death: bool
    players: list[int]
    dealer: int
    dealer_draw: DealerDraw
    pile: int
    discards: int
    turn: int | None
    rights_done: list[int]
    hand_counts: list[int]
    laid: list[bool]
    moved: list[list[int]]
    locked_cards: list[str]
    locked_counts: list[int]
    locked_positions: list[list[int]]
    give: Give | None
    swaps: list[SwapEntry]
    declared: list[list[str] | None]
    to_declare: int
    declare_steps: int
    revealed: list[list[str] | None] | None
    stabbed: list[list[str]]
    used_aces: list[list[str]]
    power: Power | None
    history: list[RoundRecord]


# Events (all public) ---------------------------------------------------------------------------


class DealEvent(TypedDict):
    type: Literal["deal"]
    round: int
    dealer: int
    players: list[int]
    sudden_death: bool
    reshuffled: bool
    pile: int


class ArrangedEvent(TypedDict):
    type: Literal["arranged"]
    seat: int


class SwapAskedEvent(TypedDict):
    type: Literal["swap_asked"]
    seat: int
    target: int
    k: int


class SwappedEvent(TypedDict):
    """Normal rules: who and how many, never cards."""

    type: Literal["swapped"]
    seat: int
    target: int
    k: int


class DaggerSwappedEvent(SwappedEvent):
    """Dagger: the positions too."""

    take: list[int]
    give: list[int]


class PassEvent(TypedDict):
    type: Literal["pass"]
    seat: int
    phase: Literal["swap", "power"]


class RevealEvent(TypedDict):
    type: Literal["reveal"]
    hands: list[list[str] | None]
    declared: list[list[str] | None]


class StabEvent(TypedDict):
    type: Literal["stab"]
    seat: int
    target: int
    card: str


class HoneyTrapEvent(TypedDict):
    type: Literal["honey_trap"]
    seat: int
    target: int
    rank: str


class DrawEvent(TypedDict):
    type: Literal["draw"]
    seat: int


class StealEvent(TypedDict):
    type: Literal["steal"]
    seat: int
    target: int
    card: str


class RoundOverEvent(RoundRecord):
    type: Literal["round_over"]


class SuddenDeathEvent(TypedDict):
    type: Literal["sudden_death"]
    seats: list[int]


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    scores: list[int]
    winners: list[int]


Event = (
    DealEvent
    | ArrangedEvent
    | SwapAskedEvent
    | SwappedEvent
    | DaggerSwappedEvent
    | PassEvent
    | RevealEvent
    | StabEvent
    | HoneyTrapEvent
    | DrawEvent
    | StealEvent
    | RoundOverEvent
    | SuddenDeathEvent
    | GameOverEvent
)


# Actions (shared/rules/swapo.md, docs/swapo.md) ------------------------------------------------


class ArrangeAction(TypedDict):
    type: Literal["arrange"]
    order: list[str]


class SwapAction(TypedDict):
    """Normal rules: the cards offered to ``target``."""

    type: Literal["swap"]
    target: int
    cards: list[str]


class DaggerSwapAction(TypedDict):
    """Dagger: positions taken from ``target`` and given from the own row."""

    type: Literal["swap"]
    target: int
    take: list[int]
    give: list[int]


class GiveAction(TypedDict):
    type: Literal["give"]
    cards: list[str]


class DeclareAction(TypedDict):
    type: Literal["declare"]
    rank: str


class StabAction(TypedDict):
    type: Literal["stab"]
    target: int
    card: str


class HoneyTrapAction(TypedDict):
    type: Literal["honey_trap"]
    target: int
    rank: str


class DrawAction(TypedDict):
    type: Literal["draw"]


class StealAction(TypedDict):
    type: Literal["steal"]
    target: int
    card: str


class PassAction(TypedDict):
    type: Literal["pass"]


Action = (
    ArrangeAction
    | SwapAction
    | DaggerSwapAction
    | GiveAction
    | DeclareAction
    | StabAction
    | HoneyTrapAction
    | DrawAction
    | StealAction
    | PassAction
)


#: A client's view, events and actions past its edge, read as these types (engine/shapes.py).
TYPED: Typed[View, Event, Action] = Typed()
