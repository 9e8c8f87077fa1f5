"""The engine contract, checked the same way for every game in ``engine.GAMES``.

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
import random
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.base import Game, IllegalAction
from engine.cards import is_card

STEP_BOUND = 20_000

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


def cards_in(value: Any) -> list[str]:
    """Every card code anywhere inside a view (keys included)."""
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in (*cards_in(k), *cards_in(v))]
    if isinstance(value, list | tuple):
        return [c for v in value for c in cards_in(v)]
    return [value] if is_card(value) else []


def fingerprint(game: Game) -> Any:
    """Everything a game holds (its random state included), to prove nothing changed."""
    return plain(vars(game))


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
        self.public |= set(cards_in(game.view(None))) | set(cards_in(events or []))
        for seat, hand in enumerate(game.hands):  # type: ignore[attr-defined]
            self.held[seat] |= set(hand)

    def check(self, game: Game) -> None:
        assert set(cards_in(game.view(None))) <= self.public
        for seat in range(game.seats):
            extra = set(cards_in(game.view(seat))) - self.held[seat] - self.public
            assert not extra, f"seat {seat} sees {sorted(extra)} it never held"


def playout(name: str, seats: int, seed: int, options: dict[str, Any]) -> list[tuple[int, dict]]:
    """Play one random game to its end, checking the contract at every step."""
    rng = random.Random(seed)
    game = engine.new_game(name, seats, options, seed=seed)
    know = Knowledge(game)
    know.update(game)
    know.check(game)
    played: list[tuple[int, dict]] = []
    while not game.over:
        assert len(played) < STEP_BOUND, "the game does not end"
        pending = game.pending()
        assert pending, f"nobody is awaited in phase {game.phase!r}"
        seat = rng.choice(pending)
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is awaited with no legal action in {game.phase!r}"
        msgpack.packb(legal)
        action = rng.choice(legal)
        if rng.random() < 0.05:  # every listed action applies
            for each in legal if len(legal) <= 30 else rng.sample(legal, 30):
                copy.deepcopy(game).apply(seat, each)
        if rng.random() < 0.15:  # near misses are refused and change nothing
            before = fingerprint(game)
            for who, bad in illegal_variants(game, seat, action):
                if bad in game.legal_actions(who):
                    continue
                trial = copy.deepcopy(game)
                try:
                    trial.apply(who, bad)  # type: ignore[arg-type]
                except IllegalAction as exc:
                    assert str(exc), "a refusal must say why"
                    assert fingerprint(trial) == before, f"{bad!r} changed the game"
            assert fingerprint(game) == before
        events = game.apply(seat, action)
        msgpack.packb(events)
        msgpack.packb(game.view(seat))
        played.append((seat, action))
        know.update(game, events)
        know.check(game)
    assert not game.pending()
    assert all(game.legal_actions(s) == [] for s in range(seats))
    result = game.result()
    assert len(result["scores"]) == seats and result["winners"]
    assert all(0 <= w < seats for w in result["winners"])
    return played


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


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    name = draw(st.sampled_from(sorted(engine.GAMES)))
    cls = engine.GAMES[name]
    seats = draw(st.integers(cls.MIN_SEATS, cls.MAX_SEATS))
    seed = draw(st.integers(0, 2**32 - 1))
    extra = draw(st.sampled_from([{}, *EXTRA_OPTIONS.get(name, [])]))
    return name, seats, seed, {**short(name), **extra}


@settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(table=tables())
def test_random_playouts_keep_the_contract(table: tuple[str, int, int, dict]) -> None:
    playout(*table)


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_a_whole_game_of_default_length_ends(name: str) -> None:
    cls = engine.GAMES[name]
    playout(name, cls.DEFAULT_SEATS, 7, {})


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_the_same_seed_and_actions_give_the_same_game(name: str) -> None:
    cls = engine.GAMES[name]
    options = short(name)
    played = playout(name, cls.DEFAULT_SEATS, 11, options)
    first = replay(name, cls.DEFAULT_SEATS, 11, options, played)
    assert replay(name, cls.DEFAULT_SEATS, 11, options, played) == first


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_bad_tables_raise_value_error(name: str) -> None:
    cls = engine.GAMES[name]
    with pytest.raises(ValueError, match="seats"):
        engine.new_game(name, cls.MAX_SEATS + 1)
    with pytest.raises(ValueError, match="no_such_option"):
        engine.new_game(name, cls.DEFAULT_SEATS, {"no_such_option": 1})
    with pytest.raises(ValueError, match="deck"):
        engine.new_game(name, cls.DEFAULT_SEATS, deck=["AS"])


def test_the_leak_check_is_not_vacuous(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that shows another seat's hand is caught."""
    cls = engine.GAMES["swoop"]
    real_view = cls.view

    def leaky(self: Game, seat: int | None) -> dict:
        view = real_view(self, seat)
        if seat == 0:
            view = {**view, "peek": list(self.hands[1])}  # type: ignore[attr-defined]
        return view

    monkeypatch.setattr(cls, "view", leaky)
    with pytest.raises(AssertionError, match="never held"):
        playout("swoop", 4, 3, short("swoop"))


def test_the_changes_nothing_check_is_not_vacuous(monkeypatch: pytest.MonkeyPatch) -> None:
    """An apply that touches the random state before refusing is caught."""
    cls = engine.GAMES["swapo"]
    real_apply = cls.apply

    def careless(self: Game, seat: int, action: dict) -> list[dict]:
        self.rng.random()
        return real_apply(self, seat, action)

    monkeypatch.setattr(cls, "apply", careless)
    with pytest.raises(AssertionError, match="changed the game"):
        for seed in range(20):
            playout("swapo", 3, seed, short("swapo"))
