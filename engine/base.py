"""The engine contract every game implements, and the helpers games share.

A game is a state machine: ``pending()`` says whose decision is awaited, ``legal_actions(s)``
lists what seat ``s`` may do, ``apply(s, action)`` changes the state (or raises
``IllegalAction`` and changes nothing), ``view(s)`` is what seat ``s`` may know. A game whose
deal asks private questions also says how a table paces that deal (``deal_pacing``).

Events returned by ``apply`` are **public**: anything in them may be shown to every seat and to
spectators. What only one seat may know lives in that seat's ``view``.

Each game declares the exact shapes of its views, events, actions and ``result()`` as
``TypedDict``s in ``engine/<game>/types.py``; here, where no game is named, they are the
read-only mappings below (every ``TypedDict`` is one), and that is all ``net/`` relies on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, TypedDict

from . import cards as _cards
from .reasons import REASONS, Param, Template, english

#: A view, an event or a result as the contract sees it: plain data that packs with msgpack.
#: Each game's own TypedDicts (``engine/<game>/types.py``) say exactly which keys it holds.
View = Mapping[str, Any]
Event = Mapping[str, Any]
Result = Mapping[str, Any]


class SeatView(TypedDict):
    """The keys every game's view has whatever the game (docs/contracts.md); each game's
    ``View`` (engine/<game>/types.py) extends it with its phase, options, result and the rest."""

    seat: int | None  #: whose view (None: a spectator's)
    seats: int
    hand: list[str] | None  #: the seat's own cards (None: a spectator's view)
    pending: list[int]  #: whose decision is awaited, as far as this seat may know
    scores: list[int]
    over: bool


class Coded(Exception):
    """An error that is a ``code`` of ``engine.reasons.REASONS`` and its ``params`` (data,
    worded by each screen in its player's language); ``str(exc)`` is the English sentence.
    It pickles (the hard bots' worker processes raise them)."""

    def __init__(self, code: str, **params: Param) -> None:
        super().__init__(code, params)
        self.code = code
        self.params: dict[str, Param] = params

    def __str__(self) -> str:
        return english(REASONS, self.code, self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_coded, (type(self), self.code, self.params))


def _coded(cls: type[Coded], code: str, params: dict[str, Param]) -> Coded:
    return cls(code, **params)


class IllegalAction(Coded):
    """An action that the rules do not allow now."""

    @property
    def reason(self) -> str:
        return str(self)


class BadSetup(Coded, ValueError):
    """A table that cannot be made (unknown game, seats out of range, a bad option): a
    ``setup.*`` code, worded by each screen (tui/words.py ``reason``)."""


# ---------------------------------------------------------------------------------------------
# Options
#
# The checks (Choice, Integer, Many) are plain classes: called, never compared or changed; as
# frozen dataclasses they compiled their methods from text at every start (issue 37).


class Option(NamedTuple):
    """One table option: its default, a check that returns the cleaned value, and its help
    (an English msgid, marked for the catalogues: screens word it in the player's language).

    ``check`` raises BadSetup (a ValueError) without the option's ``name``; the parser adds it.
    What the check accepts is described by ``spec`` (forms and ``--help`` are built from it).
    """

    default: Any
    check: Callable[[Any], Any]
    help: str = ""

    @property
    def spec(self) -> Spec:
        kind = getattr(self.check, "spec", None)
        if isinstance(kind, Spec):
            return kind
        return FLAG if self.check is boolean else Spec("text")


class Spec(NamedTuple):
    """What an option's value may be: ``kind`` "choice" (one of ``values``), "many" (any of
    ``values``), "number" (a whole number from ``lo`` to ``hi``; ``hi`` None: no top),
    "flag" (true or false) or "text". ``unset``: None is allowed (the game decides)."""

    kind: str
    values: tuple[Any, ...] = ()
    lo: int | None = None
    hi: int | None = None
    unset: bool = False


FLAG = Spec("flag")


class Choice:
    """A check: one of ``values`` (a text from the command line is read as the value it
    spells, so ``throw_penalty=10`` is the number 10)."""

    __slots__ = ("values",)

    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values

    @property
    def spec(self) -> Spec:
        return Spec("choice", self.values)

    def __call__(self, v: Any) -> Any:
        for value in self.values:
            if v == value or (
                isinstance(v, str) and not isinstance(value, str) and v == str(value)
            ):
                return value
        raise BadSetup("setup.one_of", values=[str(value) for value in self.values])


def choice(*values: Any) -> Choice:
    return Choice(values)


class Integer:
    """A check: a whole number from ``lo`` to ``hi`` (None: no top); None too if allowed."""

    __slots__ = ("allow_none", "hi", "lo")

    def __init__(self, lo: int, hi: int | None = None, allow_none: bool = False) -> None:
        self.lo, self.hi, self.allow_none = lo, hi, allow_none

    @property
    def spec(self) -> Spec:
        return Spec("number", lo=self.lo, hi=self.hi, unset=self.allow_none)

    def __call__(self, v: Any) -> Any:
        lo, hi = self.lo, self.hi
        if v is None and self.allow_none:
            return None
        if isinstance(v, str):
            try:
                v = int(v)
            except ValueError:
                raise BadSetup("setup.whole_number") from None
        if isinstance(v, bool) or not isinstance(v, int):
            raise BadSetup("setup.whole_number")
        if hi is None and v < lo:
            raise BadSetup("setup.at_least", lo=lo)
        if v < lo or (hi is not None and v > hi):
            raise BadSetup("setup.range", lo=lo, hi=hi if hi is not None else lo)
        return v


def integer(lo: int, hi: int | None = None, *, allow_none: bool = False) -> Integer:
    return Integer(lo, hi, allow_none)


class Many:
    """A check: any of ``values`` (a list, or a comma-separated text), by ``parse``."""

    __slots__ = ("parse", "values")

    def __init__(self, values: tuple[Any, ...], parse: Callable[[Any], Any]) -> None:
        self.values, self.parse = values, parse

    @property
    def spec(self) -> Spec:
        return Spec("many", self.values)

    def __call__(self, v: Any) -> Any:
        return self.parse(v)


def boolean(v: Any) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(v, str) and v.lower() in ("0", "false", "no", "off"):
        return False
    raise BadSetup("setup.true_false")


def parse_options(schema: dict[str, Option], given: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, every value checked. Unknown names and bad values raise ValueError."""
    if given is not None and not isinstance(given, dict):
        raise BadSetup("setup.options_mapping")
    given = dict(given or {})
    unknown = sorted(set(given) - set(schema))
    if unknown:
        raise BadSetup("setup.unknown_option", name=unknown[0], known=sorted(schema) or ["-"])
    out = {}
    for name, opt in schema.items():
        if name in given:
            try:
                out[name] = opt.check(given[name])
            except BadSetup as exc:
                raise BadSetup(exc.code, name=name, **exc.params) from None
            except ValueError as exc:
                raise ValueError(f"option {name!r}: {exc}") from None
        else:
            out[name] = opt.default
    return out


# ---------------------------------------------------------------------------------------------
# Strict actions


def check_action(action: object, shape: dict[str, type | tuple[type, ...]]) -> dict:
    """Check that ``action`` is a dict with exactly the keys of ``shape``, each of its type.

    ``shape`` maps key -> type (``list`` means a list; items are checked by the game). ``bool``
    is never accepted where ``int`` is asked. Raises IllegalAction naming the fault.
    """
    if not isinstance(action, dict):
        raise IllegalAction("not_a_mapping")
    if action.keys() != shape.keys():  # (else neither is a key missing nor one too many)
        keys = set(action)
        missing = sorted(set(shape) - keys)
        extra = sorted(k for k in keys - set(shape) if isinstance(k, str)) + sorted(
            repr(k) for k in keys if not isinstance(k, str)
        )
        kind = str(action.get("type", "?"))
        if missing:
            raise IllegalAction("missing_keys", kind=kind, keys=missing)
        raise IllegalAction("unexpected_keys", kind=kind, keys=extra)
    for key, typ in shape.items():
        value = action[key]
        if not isinstance(value, typ) or (
            isinstance(value, bool) and typ is not bool and bool not in _as_tuple(typ)
        ):
            raise IllegalAction("wrong_type", kind=str(action.get("type", "?")), key=key)
    return action


def _as_tuple(typ: type | tuple[type, ...]) -> tuple[type, ...]:
    return typ if isinstance(typ, tuple) else (typ,)


def check_codes(kind: str, key: str, value: list) -> list[str]:
    """Every item is a well-formed card code."""
    if not all(_cards.is_card(c) for c in value):
        raise IllegalAction("not_card_codes", kind=kind, key=key)
    return value


def check_ints(kind: str, key: str, value: list) -> list[int]:
    """Every item is an int (not a bool)."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise IllegalAction("not_whole_numbers", kind=kind, key=key)
    return value


def action_type(action: object) -> str:
    """The ``type`` of an action, or IllegalAction when it has none."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("no_type")
    return action["type"]


# ---------------------------------------------------------------------------------------------
# Phases and moves: one dispatch style for every game


class Move(NamedTuple):
    """One kind of action in one phase, in two halves (shengji's ``can_play`` / ``play``).

    ``check(game, seat, action)`` validates the *whole* action without touching the state and
    returns a plan (anything ``commit`` needs); it raises IllegalAction with a reason.
    ``commit(game, seat, plan)`` changes the state and returns the public events; it is only
    ever handed a plan that ``check`` made, and never raises IllegalAction. So an illegal
    action changes nothing by construction, with no snapshot to restore.
    """

    check: Callable[[Any, int, dict], Any]
    commit: Callable[[Any, int, Any], Sequence[Event]]


class Phase(NamedTuple):
    """What a phase allows: ``legal(game, seat)`` lists the actions (read-only), and ``moves``
    maps each action ``type`` to its Move."""

    legal: Callable[[Any, int], list[dict]]
    moves: Mapping[str, Move]


# ---------------------------------------------------------------------------------------------
# Paced deals (optional)


class DealPacing:
    """How a table with people shows a deal whose engine asks private questions (Mi Shi's
    drawers who may show a ten): the cards arrive one ``steps``-th at a time, each person is
    offered its decision quietly for ``window`` seconds, and the engine's questions never show
    in a frame, its timing or its version (net/table/pacing.py; docs/contracts.md). A game that
    paces a deal returns one of these, bound to itself, from ``Game.deal_pacing``; the
    default there is None: the table forwards the engine's states as they come.

    ``shown`` below counts the cards on the screens (0 … ``steps``); ``declared`` is the list of
    public events of the decisions shown so far (events of a type in ``DECISION_EVENTS``)."""

    steps: int = 0
    """How many cards of a deal arrive one at a time."""
    DECISION_EVENTS: ClassVar[tuple[str, ...]] = ()
    """Events of a decision made during the deal: shown a fixed lag after the card it was
    made on, whoever made it and however long the engine took to ask."""
    END_EVENTS: ClassVar[tuple[str, ...]] = ()
    """The event that ends the deal (it, and every event after it, comes with the release)."""
    decline: ClassVar[dict[str, Any]] = {"type": "pass"}
    """The action the table plays for a person whose window is over."""

    @property
    def window(self) -> float | None:
        """Seconds a person is offered a decision (a table option); None: the table chooses
        (net/table/pacing.py: longer for one person among bots)."""
        return 0.0

    def deal(self) -> object | None:
        """The deal to show from its first card: one object per deal (compared with ``is``),
        or None when no deal is to be shown now."""
        return None

    def dealing(self) -> bool:
        """Whether the engine is asking its private deal questions now (none of its actions
        counts in the version on the wire)."""
        return False

    def drawn(self) -> int:
        """How many cards the engine has dealt (where a decision asked now is made)."""
        return 0

    def own_step(self, seat: int, shown: int) -> int:
        """The count of cards up to ``seat``'s latest one among the first ``shown`` (0: none
        yet): a decision is offered on the card that made it possible."""
        return 0

    def view(self, seat: int | None, shown: int, declared: Sequence[Event]) -> View:
        """``seat``'s view of the deal with ``shown`` cards on the screens: the same whoever
        the engine asked, ``pending`` empty (the table adds the seat it offers a decision)."""
        raise NotImplementedError

    def offer(self, seat: int, shown: int, declared: Sequence[Event]) -> list[dict[str, Any]]:
        """What ``seat`` may decide with its cards among the first ``shown`` (without
        ``decline``; the engine has the last word when it asks)."""
        return []

    def waiting_out(self) -> int | None:
        """A seat asked in the open after the deal whose only choice is ``decline``: the table
        declines for it after the ``window`` (so how fast it was asked tells nothing)."""
        return None


# ---------------------------------------------------------------------------------------------
# The base class


class HiddenCards(NamedTuple):
    """Cards no hand shows: ``kind`` a code (``"down"``, ``"kitty"``, ``"buried"``: the screen
    words it), ``seat`` whose they are (None: nobody's yet), ``cards`` their codes."""

    kind: str
    seat: int | None
    cards: tuple[str, ...]


class Game:
    """Base of every game. Subclasses describe themselves in the class attributes below (the
    registry ``engine.GAMES`` is all the CLI, the lobby, the forms and the host read) and
    implement the contract methods.

    ``self.rng`` is the only source of randomness a game may use; it is seeded from ``seed``.
    """

    NAME: ClassVar[str] = ""  #: the key in engine.GAMES and on the wire
    TITLE: ClassVar[str] = ""  #: the full title, for headings and forms
    SHORT_TITLE: ClassVar[str] = ""  #: a few cells, for the lobby's table list
    MIN_SEATS: ClassVar[int] = 2
    MAX_SEATS: ClassVar[int] = 10
    DEFAULT_SEATS: ClassVar[int] = 4  #: a quick table's size (the host's and against bots)
    OPTIONS: ClassVar[dict[str, Option]] = {}
    LENGTH_OPTION: ClassVar[str] = ""  #: the option that sets how long a game lasts
    WHISPER_OPTION: ClassVar[str] = ""  #: the yes/no option that allows whispers ("": never)
    LOW_SCORE_WINS: ClassVar[bool] = False  #: penalty points: the lowest total leads
    PHASES: ClassVar[Mapping[str, Phase]] = {}  #: phase name -> what it allows
    #: The events that show something that was hidden (a card drawn, turned up or revealed, a
    #: trick or a round completed): a take-back never goes back past them (``shows_hidden``).
    SHOWING_EVENTS: ClassVar[frozenset[str]] = frozenset()
    #: The event that ends a round, hand or deal: the screens show each one's results and the
    #: host waits for them (the game's own end is told by other events); "": none.
    ROUND_END: ClassVar[str] = ""
    #: The game's own words (engine/<game>/reasons.py), joined by the registry to the shared
    #: tables: its refusal codes (engine.reasons.REASONS) and its hints' reasons
    #: (engine.hints.HINTS), each code starting with ``NAME + "."``.
    REASONS: ClassVar[Mapping[str, Template]] = {}
    HINTS: ClassVar[Mapping[str, Template]] = {}

    phase: str  #: the current phase, a key of PHASES (or "over")

    def __init__(
        self,
        seats: int,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
    ) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise BadSetup("setup.seats_number")
        if not self.MIN_SEATS <= seats <= self.MAX_SEATS:
            game = self.TITLE or self.NAME
            if self.MIN_SEATS == self.MAX_SEATS:
                raise BadSetup("setup.seats_exact", game=game, lo=self.MIN_SEATS, n=seats)
            raise BadSetup(
                "setup.seats_range", game=game, lo=self.MIN_SEATS, hi=self.MAX_SEATS, n=seats
            )
        self.seats = seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = parse_options(self.OPTIONS, options)
        self.setup(deck)

    def setup(self, deck: list[str] | None) -> None:
        """Deal the game (override): ``self.seats``, ``self.options`` and ``self.rng`` are set;
        ``deck``, when given, replaces the shuffle and must be validated as the game's cards."""
        raise NotImplementedError

    # The contract --------------------------------------------------------------------------
    def pending(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[dict]:
        """Every legal action of ``seat`` now, from the phase's ``legal`` (empty if not awaited)."""
        if isinstance(seat, bool) or self.over or seat not in self.pending():
            return []
        return self.PHASES[self.phase].legal(self, seat)

    def apply(self, seat: int, action: dict) -> list[Event]:
        """Check the whole action, then commit it: the one dispatch every game uses."""
        self.check_turn(seat)
        kind = action_type(action)
        moves = self.PHASES[self.phase].moves
        move = moves.get(kind)
        if move is None:
            raise IllegalAction(
                "not_allowed_now", kind=kind, phase=self.phase, allowed=sorted(moves)
            )
        plan = move.check(self, seat, action)
        return list(move.commit(self, seat, plan))

    def view(self, seat: int | None) -> View:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def shows_hidden(self, events: Sequence[Event]) -> bool:
        """Whether the step that made ``events`` (``apply``'s answer; the game is in the state
        after it) showed anyone something hidden before it: a take-back (net/table/takebacks.py)
        never undoes such a step or anything before it. The default: an event of a type in
        ``SHOWING_EVENTS`` or the ``ROUND_END``, or the game over; a game overrides this
        where an event's fields or its state tell more."""
        showing = self.SHOWING_EVENTS
        return self.over or any(
            e.get("type") in showing or e.get("type") == self.ROUND_END for e in events
        )

    def deal_pacing(self) -> DealPacing | None:
        """How a table with people paces this game's deal (``DealPacing``); None (the
        default): the game asks nothing private while dealing, the table does not pace."""
        return None

    def hidden_cards(self) -> list[HiddenCards]:
        """The cards in play that no seat's own hand shows (Swoop's face-down cards, 秘十's
        kitty): what a review with every hand open shows beside the hands, for a finished
        game's full record only (engine/record.py ``open_hands``), never at a table. The
        default: none."""
        return []

    # Shared helpers -------------------------------------------------------------------------
    def check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction("no_such_seat", given=repr(seat))
        return seat

    def check_turn(self, seat: int) -> None:
        """Raise unless ``seat`` is awaited now."""
        self.check_seat(seat)
        if self.over:
            raise IllegalAction("game_over")
        if seat not in self.pending():
            raise IllegalAction("not_your_turn")
