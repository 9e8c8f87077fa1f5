"""The engine contract, checked the same way for every game in ``engine.GAMES``: random
playouts end, listed actions apply, near misses are refused and change nothing, the same seed
and actions give the same game, and no view shows a card its seat may not know (see
``contract.py``, whose driver each game's own property tests reuse with their invariants)."""

from __future__ import annotations

from typing import Any

import pytest
from contract import EXTRA_OPTIONS, playout, replay, short
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.base import Game


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
