"""The engine contract, checked the same way for every game in ``engine.GAMES``: random
playouts end, listed actions apply, near misses are refused and change nothing, the same seed
and actions give the same game, and no view shows a card its seat may not know (see
``contract.py``, whose driver each game's own property tests reuse with their invariants)."""

from __future__ import annotations

import importlib
import inspect
import pickle
from typing import Any

import contract
import pytest
from contract import extra_options, playout, replay, short
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.base import Game, IllegalAction
from engine.search import Search, SearchDefaults

pytestmark = pytest.mark.unit


@st.composite
def tables(draw: st.DrawFn, name: str) -> tuple[str, int, int, dict[str, Any]]:
    cls = engine.GAMES[name]
    seats = draw(st.integers(cls.MIN_SEATS, cls.MAX_SEATS))
    seed = draw(st.integers(0, 2**32 - 1))
    extra = draw(st.sampled_from([{}, *extra_options(name)]))
    return name, seats, seed, {**short(name), **extra}


@pytest.mark.parametrize("name", sorted(engine.GAMES))  # each game on its own worker
def test_random_playouts_keep_the_contract(name: str) -> None:
    @settings(
        max_examples=14,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(table=tables(name))
    def playouts(table: tuple[str, int, int, dict]) -> None:
        playout(*table)

    playouts()


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


def test_refusals_are_codes_with_parameters_that_fill_their_templates() -> None:
    """Every near miss of random playouts is refused with a code of the engine's table whose
    parameters fill its template (``check_refusal`` runs on every refusal of every playout)."""
    seen: set[str] = set()
    real = contract.check_refusal

    def counting(exc: IllegalAction) -> None:
        seen.add(exc.code)
        real(exc)

    contract.check_refusal = counting
    try:
        for name in sorted(engine.GAMES):
            cls = engine.GAMES[name]
            for seed in range(3):
                playout(name, cls.DEFAULT_SEATS, seed, short(name), probe_rate=1.0)
    finally:
        contract.check_refusal = real
    assert {"not_your_turn", "unexpected_keys", "missing_keys", "not_allowed_now"} <= seen
    assert len(seen) >= 8, sorted(seen)


def test_a_refusal_keeps_its_code_and_parameters_and_says_them_in_english() -> None:
    game = engine.new_game("swapo", 3, short("swapo"), seed=1)
    idle = next(s for s in range(3) if s not in game.pending())
    with pytest.raises(IllegalAction) as refused:
        game.apply(idle, {"type": "pass"})
    assert (refused.value.code, refused.value.params) == ("not_your_turn", {})
    assert str(refused.value) == refused.value.reason == "it is not your turn"
    copied = pickle.loads(pickle.dumps(IllegalAction("swapo.give_count", kind="give", n=2)))
    assert (copied.code, copied.params) == ("swapo.give_count", {"kind": "give", "n": 2})
    assert str(copied) == "give: give exactly 2 cards"
    assert str(IllegalAction("swapo.give_count", kind="give", n=1)) == "give: give exactly 1 card"
    assert (
        str(IllegalAction("swapo.no_room", seat=2, n=1))
        == "seat 3 has only 1 unlocked card to give"
    )
    assert str(IllegalAction("mishi.not_held", cards=["10H", "10H"])) == "you do not hold 10H 10H"


# The search helpers: every game exports SEARCH beside GAME and BOT; its words and round end -
PROTOCOL_METHODS = sorted(
    name for name, member in vars(Search).items() if callable(member) and not name.startswith("_")
)


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_each_game_package_exports_game_bot_and_search(name: str) -> None:
    package = importlib.import_module(f"engine.{name}")
    assert sorted(package.__all__) == ["BOT", "GAME", "HINTS", "REASONS", "ROUND_END", "SEARCH"]
    assert package.GAME is engine.GAMES[name] and package.BOT is engine.BOTS[name]
    assert package.SEARCH is engine.SEARCHES[name]
    cls = package.GAME  # what the registry knows without the game's rules is the class's
    assert (package.REASONS, package.HINTS) == (cls.REASONS, cls.HINTS)
    assert package.ROUND_END == cls.ROUND_END and cls.__module__ == f"engine.{name}.game"


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_each_games_search_satisfies_the_protocol(name: str) -> None:
    """Every member of engine.search.Search, with the protocol's parameters (mypy checks the
    types where each game declares its SEARCH; this checks what reaches the registry)."""
    search = engine.SEARCHES[name]
    assert isinstance(search, Search)
    for const in ("WIDTH", "BUDGET", "DEPTH"):
        value = getattr(search, const)
        assert isinstance(value, int) and not isinstance(value, bool) and value > 0, const
    for method in PROTOCOL_METHODS:
        want = list(inspect.signature(getattr(Search, method)).parameters)[1:]  # minus self
        got = list(inspect.signature(getattr(search, method)).parameters)
        assert got == want, f"{name}: {method}{tuple(got)} is not {method}{tuple(want)}"
    assert pickle.loads(pickle.dumps(search)).__class__ is search.__class__


def test_the_protocol_check_is_not_vacuous() -> None:
    class Partial(SearchDefaults):
        WIDTH = 3

    assert "determinize" in PROTOCOL_METHODS and "rollout" in PROTOCOL_METHODS
    assert not isinstance(Partial(), Search)
