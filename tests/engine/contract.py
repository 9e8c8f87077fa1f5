"""The engine contract's playout driver, shared by ``test_contract.py`` (every game alike) and
each game's own property tests (which plug in their game's invariants through the hooks).

The contract, checked the same way for every game in ``engine.GAMES``.

Like OpenSpiel's ``random_sim_test``: random playouts from random seeds and table sizes must
end; every listed action applies; actions that are not legal raise ``IllegalAction`` and change
nothing (not even the random state); the same seed and actions give the same game; and no view
ever holds a card its seat may not know. A seat may know a card only if it has held it or it
has been public (in the spectator's view or an event) at some point — so the check needs
nothing from the game but ``hands``, and catches a card leaked into any corner of any view.

Each game's own rules and its own view keys are tested in ``test_<game>_*.py``.
"""

from __future__ import annotations

import copy
import copyreg
import importlib
import io
import pickle
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar

import msgpack

import engine
from engine.base import Game, IllegalAction
from engine.cards import JOKERS, RANKS, SUITS
from engine.reasons import REASONS, word

STEP_BOUND = 20_000

#: ``msgpack.packb`` without making a packer at every call (what the wire sends must pack).
_pack = msgpack.Packer().pack

#: Option mixes worth covering beyond the defaults (the game's length is always set short).
EXTRA_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "swapo": [
        {"variant": ["dagger"]},
        {"variant": ["asterisk"]},
        {"variant": ["ace"]},
        {"variant": ["dagger", "asterisk", "ace"]},
    ],
    "swoop": [{"flat_numbers": True}],
    "mishi": [{"kitty_multiplier": "power"}],
}


def own_mixes(name: str) -> list[dict[str, Any]]:
    """The ``MIXES`` of a game's own contract test (tests/engine/test_<game>_contract.py)."""
    try:
        own = importlib.import_module(f"test_{name}_contract")
    except ModuleNotFoundError:
        return []
    return [dict(mix) for mix in getattr(own, "MIXES", []) if mix]


#: Every game's own mixes, read once on import (at the end of this module: a game's own test
#: imports from it) and not during a test: its module defines hypothesis tests, which may not
#: be defined while another one runs.
OWN_MIXES: dict[str, list[dict[str, Any]]] = {}


def extra_options(name: str) -> list[dict[str, Any]]:
    """The option mixes beyond the defaults that a game's random games try: listed above, else
    the ``MIXES`` of the game's own contract test."""
    return EXTRA_OPTIONS.get(name) or OWN_MIXES.get(name, [])


def cards_in(value: Any) -> list[str]:
    """Every card code anywhere inside a view (keys included), once for each time it is there:
    every string of its data that is a card code, and every object that reads as one (what
    its JSON form would show: ``str(obj)``); sets and tuples are walked too."""
    out: list[str] = []
    _walk(value, out)
    return out


def _walk(value: Any, out: list[str]) -> None:
    kind = type(value)
    if kind is str:
        if value in CODES:
            out.append(value)
    elif kind is list or kind is tuple:
        for item in value:  # a list of cards: each looked up here, no call per card
            if type(item) is str:
                if item in CODES:
                    out.append(item)
            elif item is not None and type(item) is not int and type(item) is not bool:
                _walk(item, out)
    elif kind is dict:
        for key, item in value.items():
            if type(key) is str:
                if key in CODES:
                    out.append(key)
            else:
                _walk(key, out)
            if type(item) is str:
                if item in CODES:
                    out.append(item)
            elif item is not None and type(item) is not int and type(item) is not bool:
                _walk(item, out)
    elif value is None or kind is int or kind is bool or kind is float:
        return
    elif isinstance(value, str):  # a str subclass (a StrEnum): its text
        if str.__str__(value) in CODES:
            out.append(str.__str__(value))
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _walk(item, out)
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(key, out)
            _walk(item, out)
    elif str(value) in CODES:  # an object JSON would write as its str()
        out.append(str(value))


#: Every well-formed card code of any game (what ``is_card`` accepts), to look strings up fast.
CODES = frozenset([*JOKERS, *(r + s for r in RANKS for s in SUITS)])


class Seen:
    """The views of one game at its current state, each built once and walked for its cards
    once: the driver's leak check and a game's own hooks share them (``views(game)``). The
    driver starts it afresh after every step it applies (the only way its game changes)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.fresh()

    def fresh(self) -> None:
        self._views: dict[int | None, Any] = {}
        self._cards: dict[int | None, list[str]] = {}
        self._private: dict[int | None, list[str]] = {}
        self._codes: dict[int | None, set[str]] = {}
        self._public: dict[Any, list[str]] | None = None
        self._legal: dict[int, list[dict]] = {}

    def view(self, seat: int | None) -> Any:
        """``game.view(seat)`` at this state (the same object each time: read it, never change
        it)."""
        if seat not in self._views:
            self._views[seat] = self.game.view(seat)
        return self._views[seat]

    def cards(self, seat: int | None) -> list[str]:
        """``cards_in`` of the view of ``seat``: the cards of the keys it shares with the
        spectator's view (see ``private``), walked once for the spectator, and its own."""
        if seat not in self._cards:
            public = self._by_key()
            out: list[str] = []
            own = self._differing(seat)
            for key in self.view(seat):
                if key not in own:
                    out += public[key]
            self._cards[seat] = out + self.private(seat)
        return self._cards[seat]

    def private(self, seat: int | None) -> list[str]:
        """The cards of the keys of ``seat``'s view that the spectator's view has not or holds
        otherwise (each key's name included). A seat's view is mostly the spectator's: a key
        whose value equals the spectator's (a deep comparison, in C: equal values hold the
        same strings) holds the spectator's cards, so the rest alone is walked."""
        if seat not in self._private:
            out: list[str] = []
            view = self.view(seat)
            for key in self._differing(seat):
                _walk(key, out)
                _walk(view[key], out)
            self._private[seat] = out
        return self._private[seat]

    def _differing(self, seat: int | None) -> list[Any]:
        """The keys of ``seat``'s view whose value the spectator's view has not (or not
        equal)."""
        if seat is None:
            return []
        base = self.view(None)
        return [k for k, v in self.view(seat).items() if k not in base or base[k] != v]

    def _by_key(self) -> dict[Any, list[str]]:
        """The cards of each key of the spectator's view (the key's own name included)."""
        if self._public is None:
            self._public = {}
            for key, value in self.view(None).items():
                found: list[str] = []
                if type(key) is str:
                    if key in CODES:
                        found.append(key)
                else:
                    _walk(key, found)
                _walk(value, found)
                self._public[key] = found
        return self._public

    def legal(self, seat: int) -> list[dict]:
        """``game.legal_actions(seat)`` at this state (the same list each time: read it)."""
        if seat not in self._legal:
            self._legal[seat] = self.game.legal_actions(seat)
        return self._legal[seat]

    def codes(self, seat: int | None) -> set[str]:
        """The codes of ``cards`` (read it, never change it)."""
        if seat not in self._codes:
            self._codes[seat] = set(self.cards(seat))
        return self._codes[seat]


#: The game the driver is playing and its views at its current state (None between playouts).
_playing: Seen | None = None


def views(game: Game) -> Seen:
    """The views of ``game`` now: shared with the driver while it plays ``game`` (each built
    and walked once a state), else built afresh."""
    if _playing is not None and _playing.game is game:
        return _playing
    return Seen(game)


def fingerprint(game: Game) -> Any:
    """Everything a game holds (its random state included), to prove nothing changed."""
    return plain(vars(game))


def trial_state(trial: Game) -> bytes:
    """A fast stand-in for ``fingerprint`` of a trial copy (``Copies.new(watched=True)``):
    its state pickled (equal states pickle alike; on a mismatch the slow, exact comparison
    decides). Its ``_Watched`` generators are written as which objects they are, not read
    (625 numbers each; they count the calls that move them: ``Copies.moves``): one put in
    another's place is another object, and any other generator is pickled whole."""
    out = io.BytesIO()
    _TrialPickler(out, pickle.HIGHEST_PROTOCOL).dump(vars(trial))
    return out.getvalue()


class _Watched(random.Random):
    """A trial copy's random generator: it counts the calls that can move its state (every
    draw of ``random.Random`` goes through ``random()`` or ``getrandbits()``; ``seed()`` and
    ``setstate()`` set it), so that a refusal is seen to leave it alone without reading its
    625 numbers after each one. Draws the very numbers a ``random.Random`` draws."""

    moves = 0

    def random(self) -> float:
        self.moves += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.moves += 1
        return super().getrandbits(k)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self.moves += 1
        super().seed(*args, **kwargs)

    def setstate(self, state: Any) -> None:
        self.moves += 1
        super().setstate(state)


class Copies:
    """Deep copies of ``game`` as it is now (random state included), through pickle: the same
    copy as ``copy.deepcopy`` for plain data, several times faster (pickle walks the objects
    in C). The game is pickled once and each ``new()`` copy unpickled from it; a
    ``random.Random`` is copied by its state, not pickled (pickling one and making it again
    cost most of a copy)."""

    def __init__(self, game: Game) -> None:
        self.rngs: list[Any] = []  # the states of its random generators, as pickled
        self.watched: list[tuple[_Watched, int]] | None = None  # (see ``new``)
        pickler = _Pickler(self)
        pickler.dump(game)
        self.data = pickler.out.getvalue()

    def same(self, game: Game) -> bool:
        """Whether ``game`` is still the game these are copies of (it pickles alike, and its
        random generators are in the same states)."""
        again = Copies(game)
        return again.data == self.data and again.rngs == self.rngs

    def new(self, *, watched: bool = False) -> Game:
        """A copy; ``watched``: its random generators are ``_Watched`` (``moves``,
        ``untouched``)."""
        global _copying
        _copying = self
        self.watched = [] if watched else None
        try:
            return pickle.loads(self.data)  # type: ignore[no-any-return]
        finally:
            _copying = None

    def moves(self) -> list[int]:
        """How often each random generator of the last watched copy was moved."""
        return [rng.moves for rng, _ in self.watched or []]

    def untouched(self) -> bool:
        """Whether the random generators of the last watched copy are in their first states
        (read in full: a draw that went around ``_Watched``'s methods shows here)."""
        return all(rng.getstate() == self.rngs[i] for rng, i in self.watched or [])


class _Pickler(pickle.Pickler):
    def __init__(self, copies: Copies) -> None:
        self.out = io.BytesIO()
        super().__init__(self.out, protocol=pickle.HIGHEST_PROTOCOL)
        self.copies = copies
        self.dispatch_table = {**copyreg.dispatch_table, random.Random: self.random}

    def random(self, rng: random.Random) -> tuple[Any, tuple[int]]:
        self.copies.rngs.append(rng.getstate())
        return _random_copy, (len(self.copies.rngs) - 1,)


class _TrialPickler(pickle.Pickler):
    """Pickles a trial copy's state, each ``_Watched`` generator as its identity."""

    dispatch_table: ClassVar[dict] = {
        **copyreg.dispatch_table,
        _Watched: lambda rng: (_Watched, (id(rng),)),
    }


#: The copies being unpickled (their random generators, by number).
_copying: Copies | None = None


def _random_copy(index: int) -> random.Random:
    assert _copying is not None, "a game's copy is unpickled by Copies.new only"
    # Made from a seed of 0 (not from 2,496 bytes of the system's randomness, what
    # random.Random.__new__ reads when given none), then set to the state copied.
    kind = random.Random if _copying.watched is None else _Watched
    rng = kind.__new__(kind, 0)
    rng.setstate(_copying.rngs[index])
    if _copying.watched is not None:
        _copying.watched.append((rng, index))  # type: ignore[arg-type]
    return rng


def clone(game: Game) -> Game:
    """A deep copy of ``game`` (random state included): see ``Copies``."""
    return Copies(game).new()


def plain(value: Any) -> Any:
    """``value`` as comparable plain data: objects by their attributes, not their identity."""
    if isinstance(value, random.Random):
        return value.getstate()
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return (type(value).__name__, [plain(item) for item in value])
    if isinstance(value, set | frozenset | str | int | float | bool | bytes) or value is None:
        return copy.copy(value)
    if hasattr(value, "__dict__"):
        return (type(value).__name__, plain(vars(value)))
    if hasattr(value, "__slots__"):
        return (type(value).__name__, [plain(getattr(value, n, None)) for n in value.__slots__])
    return value


def illegal_variants(game: Game, seat: int, action: dict) -> list[tuple[int, object]]:
    """Actions near a legal one that must be refused: extra, missing or mistyped keys, another
    seat acting out of turn, an unknown type, not a mapping at all."""
    out: list[tuple[int, object]] = [(seat, {**action, "bogus": 1}), (seat, ["not", "a", "map"])]
    for key, value in action.items():
        if key == "type":
            continue
        out.append((seat, {k: v for k, v in action.items() if k != key}))
        out.append((seat, {**action, key: True if isinstance(value, int) else 3.5}))
    idle = [s for s in range(game.seats) if s not in game.pending()]
    if idle:
        out.append((idle[0], action))
    out.append((seat, {"type": "nonsense"}))
    out.append((game.seats, action))
    return out


class Knowledge:
    """What each seat may know so far: the codes it has held, and the codes made public.

    Codes, not counts: a view may name one card twice (in the hand and as declared)."""

    def __init__(self, game: Game) -> None:
        self.held: list[set[str]] = [set() for _ in range(game.seats)]
        self.public: set[str] = set()

    def update(self, game: Game, events: list[dict] | None = None) -> None:
        self.public |= views(game).codes(None) | set(cards_in(events or []))
        for seat, hand in enumerate(game.hands):  # type: ignore[attr-defined]
            self.held[seat] |= set(hand)

    def check(self, game: Game) -> None:
        seen = views(game)
        assert seen.codes(None) <= self.public
        for seat in range(game.seats):
            # The cards of the keys a seat shares with the spectator are in codes(None), so
            # public: only the rest of its view (``private``) may show more.
            extra = set(seen.private(seat)) - self.held[seat] - self.public
            assert not extra, f"seat {seat} sees {sorted(extra)} it never held"


Check = Callable[[Game], None]
Choose = Callable[[Game, int, list[dict], random.Random], dict]
Candidates = Callable[[Game, int, random.Random], list[tuple[int, object]]]
Accepted = Callable[[Game, int, object], None]
After = Callable[[Game, int, dict, list[dict]], None]


def playout(
    name: str,
    seats: int,
    seed: int,
    options: dict[str, Any],
    *,
    checks: Sequence[Check] = (),
    choose: Choose | None = None,
    candidates: Candidates | None = None,
    accepted: Accepted | None = None,
    after: After | None = None,
    probe_rate: float = 0.15,
    apply_rate: float = 0.05,
    apply_sample: int = 30,
    game: Game | None = None,
) -> list[tuple[int, dict]]:
    """Play one random game to its end, checking the contract at every step.

    Hooks for a game's own property tests: ``checks`` run on the game before every step and at
    the end (conservation, view keys…); ``choose`` picks the action (default: uniformly among
    the legal ones); ``candidates`` adds game-aware near misses to the generic ones. Every
    candidate that is not listed is tried on a copy: if refused, it must change nothing; if
    accepted, ``accepted`` judges it (say, a whole action that a step form does not list),
    and the real game is not touched. ``after`` sees every applied action and its events.
    At a share ``apply_rate`` of the steps, every legal action (or ``apply_sample`` of them
    drawn at random) is applied on a copy; at a share ``probe_rate``, the near misses are tried.
    """
    if game is None:
        game = engine.new_game(name, seats, options, seed=seed)
    with playing(game) as seen:
        rng = random.Random(seed)
        know = Knowledge(game)
        know.update(game)
        know.check(game)
        played: list[tuple[int, dict]] = []
        while not game.over:
            assert len(played) < STEP_BOUND, "the game does not end"
            for check in checks:
                check(game)
            pending = game.pending()
            assert pending, f"nobody is awaited in phase {game.phase!r}"
            seat = rng.choice(pending)
            legal = seen.legal(seat)
            assert legal, f"seat {seat} is awaited with no legal action in {game.phase!r}"
            _pack(legal)
            action = choose(game, seat, legal, rng) if choose else rng.choice(legal)
            if rng.random() < apply_rate:  # every listed action applies
                copies = Copies(game)
                for each in (
                    legal if len(legal) <= apply_sample else rng.sample(legal, apply_sample)
                ):
                    copies.new().apply(seat, each)
            if rng.random() < probe_rate:  # near misses are refused and change nothing
                near = illegal_variants(game, seat, action)
                if candidates is not None:
                    near += candidates(game, seat, rng)
                refuse_or_accept(game, near, accepted)
            events = game.apply(seat, action)
            seen.fresh()  # a new state: its views are built again
            if after is not None:
                after(game, seat, action, events)
            _pack(events)
            _pack(seen.view(seat))
            played.append((seat, action))
            know.update(game, events)
            know.check(game)
        for check in checks:
            check(game)
        assert not game.pending()
        assert all(game.legal_actions(s) == [] for s in range(seats))
        result = game.result()
        assert len(result["scores"]) == seats and result["winners"]
        assert all(0 <= w < seats for w in result["winners"])
        return played


@contextmanager
def playing(game: Game) -> Iterator[Seen]:
    """While the driver plays ``game``: its views, shared with the hooks (``views``)."""
    global _playing
    outer, _playing = _playing, Seen(game)
    try:
        yield _playing
    finally:
        _playing = outer


def refuse_or_accept(
    game: Game, near: list[tuple[int, object]], accepted: Accepted | None = None
) -> None:
    """Each unlisted action is refused with a reason and changes nothing, or is accepted (on a
    copy only) and judged by ``accepted``."""
    copies = Copies(game)  # (also the game as it was: pickled alike while nothing changes)
    # One copy serves every refusal (a refusal changes nothing). Its random generators count
    # their moves (``_Watched``); its own snapshot: a copy shares its strings differently, so
    # it pickles otherwise.
    trial = copies.new(watched=True)
    trial_before, moves = trial_state(trial), copies.moves()
    seen = views(game)  # each seat's legal actions, asked once (the game does not change)
    for who, bad in near:
        if isinstance(who, int) and 0 <= who < game.seats and bad in seen.legal(who):
            continue
        try:
            trial.apply(who, bad)  # type: ignore[arg-type]
        except IllegalAction as exc:
            check_refusal(exc)
            if copies.moves() != moves or trial_state(trial) != trial_before:
                assert fingerprint(trial) == fingerprint(game), f"{bad!r} changed the game"
                trial_before, moves = trial_state(trial), copies.moves()
        else:
            if accepted is not None:
                accepted(game, who, bad)  # type: ignore[arg-type]
            trial = copies.new(watched=True)
            trial_before, moves = trial_state(trial), copies.moves()
    if not copies.untouched():
        raise AssertionError(f"a refusal of {near!r} changed the game's random state")
    if not copies.same(game):
        raise AssertionError("trying near misses on copies changed the game itself")


def check_refusal(exc: IllegalAction) -> None:
    """A refusal is data a screen can word: a known code, and parameters (str, int or a list of
    str) that fill its template exactly as the engine's table has it."""
    assert exc.code in REASONS, f"unknown refusal code {exc.code!r}"
    for name, value in exc.params.items():
        assert isinstance(name, str)
        ok = isinstance(value, str | int) and not isinstance(value, bool)
        ok = ok or (isinstance(value, list) and all(isinstance(v, str) for v in value))
        assert ok, f"{exc.code}: parameter {name}={value!r} is not str, int or a list of str"
    assert word(REASONS[exc.code], exc.params), f"{exc.code} fills to nothing"
    assert str(exc) and str(exc) != exc.code, f"{exc.code} has no English sentence"


def replay(name: str, seats: int, seed: int, options: dict, played: list) -> list:
    """The views and events of a game replayed from its seed and actions."""
    game = engine.new_game(name, seats, options, seed=seed)
    trace: list = [[game.view(s) for s in (None, *range(seats))]]
    for seat, action in played:
        trace.append(game.apply(seat, action))
        trace.append([game.view(s) for s in (None, *range(seats))])
    trace.append(game.result())
    return trace


def short(name: str) -> dict[str, Any]:
    """Options that keep a game to one round/hand, so a playout is quick."""
    return {engine.GAMES[name].LENGTH_OPTION: 1}


def bot_game(name: str, options: dict, kinds: list[str], seed: int, iterations: int = 8):
    """A whole game of bots of these ``kinds`` (hard ones searching ``iterations`` playouts):
    the game, the bots and every action chosen; raises if a bot chose an illegal action."""
    game = engine.new_game(name, len(kinds), options=options, seed=seed)
    bots = [
        engine.make_bot(name, s, seed + s, kind=k, iterations=iterations if k == "hard" else None)
        for s, k in enumerate(kinds)
    ]
    chosen = []
    while not game.over:
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        action = bots[seat].act(game.view(seat), legal)
        game.apply(seat, action)  # raises if a bot chose an illegal action
        chosen.append(action)
    return game, bots, chosen


OWN_MIXES.update({name: own_mixes(name) for name in engine.GAMES if name not in EXTRA_OPTIONS})
