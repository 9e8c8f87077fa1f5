"""The engine contract for 大富豪 beyond what test_contract.py checks of every registered game:
the shared playout driver (contract.py) run on DaifugoGame with two deals and its own checks —
random games end, every listed action applies, near misses are refused with a known code and
change nothing, the same seed and actions give the same game, no view shows a card its seat may
not know — and the declared shapes (engine/daifugo/types.py) hold for every view, event, action
and result. Plus the property (rules §9): random games of every table size and option mix
conserve the cards and score zero per deal.

A whole game of the default length ends: test_contract.py's
``test_a_whole_game_of_default_length_ends[daifugo]`` plays it (4 seats, seed 7, the default
options: the very game this file played, step for step, with every listed action applied at
five steps in a hundred rather than one)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from contract import playout
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_daifugo_helpers import new

import engine
from engine.base import Game
from engine.daifugo import BOT, GAME, SEARCH, types
from engine.daifugo.options import FORBIDDEN
from engine.search import Search
from engine.shapes import check, declared_kinds

pytestmark = pytest.mark.unit

#: Option mixes: the defaults, every rule off, and the rarer ones on.
MIXES: list[dict[str, Any]] = [
    {},
    {"eleven_back": True, "forbidden": ["joker", "top", "eight", "spade3"]},
    {
        "jokers": 0,
        "sequences": False,
        "revolution": False,
        "eight_cut": False,
        "spade3": False,
        "lock": False,
        "capital_fall": False,
        "forbidden": [],
    },
    {"jokers": 1, "sequence_revolution": False, "forbidden": "top"},
]


def game_of(seats: int, seed: int, options: dict[str, Any]) -> Game:
    return GAME(seats, options=options, seed=seed)


def conserved(game: Game) -> None:
    """Every card is in a hand, played this deal, or in the fallen hand — once each."""
    g: Any = game
    held = [c for h in g.hands for c in h] + g.played + g.fallen_cards
    assert Counter(held) == Counter(g.all_cards)


def check_deals(game: Game) -> None:
    result = game.result()
    for deal in result["deals"]:
        assert sum(deal["points"]) == 0
        assert sorted(deal["order"]) == list(range(game.seats))
    assert sum(result["scores"]) == 0


@pytest.mark.parametrize("options", MIXES)
def test_random_playouts_keep_the_contract(options: dict[str, Any]) -> None:
    rng = random.Random(str(options))
    for _ in range(3):
        seats, seed = rng.randint(3, 8), rng.randrange(2**32)
        opts = {"deals": 2, **options}
        playout(
            "daifugo",
            seats,
            seed,
            opts,
            game=game_of(seats, seed, opts),
            checks=[conserved, check_deals],
            probe_rate=0.3,
        )


def replay(seats: int, seed: int, options: dict, played: list) -> list:
    game = game_of(seats, seed, options)
    trace: list = [[game.view(s) for s in (None, *range(seats))]]
    for seat, action in played:
        trace.append(game.apply(seat, action))
        trace.append([game.view(s) for s in (None, *range(seats))])
    trace.append(game.result())
    return trace


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    options = {"deals": 2}
    played = playout("daifugo", 5, 11, options, game=game_of(5, 11, options))
    assert replay(5, 11, options, played) == replay(5, 11, options, played)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(3, 8),
    seed=st.integers(0, 2**32 - 1),
    jokers=st.integers(0, 2),
    flags=st.lists(st.booleans(), min_size=8, max_size=8),
    forbidden=st.lists(st.sampled_from(FORBIDDEN), unique=True),
)
def test_any_game_conserves_the_cards_and_scores_zero(
    seats: int, seed: int, jokers: int, flags: list[bool], forbidden: list[str]
) -> None:
    """Random games of every table size and option mix end, with the cards conserved at
    every step and every deal's points summing to zero."""
    names = ("sequences", "revolution", "sequence_revolution", "eight_cut", "spade3", "lock")
    options: dict[str, Any] = dict(zip(names, flags, strict=False))
    options |= {"eleven_back": flags[6], "capital_fall": flags[7]}
    options |= {"jokers": jokers, "deals": 2, "forbidden": forbidden}
    game = game_of(seats, seed, options)
    rng = random.Random(seed)
    while not game.over:
        conserved(game)
        seat = rng.choice(game.pending())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    conserved(game)
    check_deals(game)
    assert len(game.result()["deals"]) == 2 and game.result()["winners"]


def steer(legal: list[dict], rng: random.Random) -> dict:
    """A random action, a quad or long sequence whenever one is offered (a revolution is rare
    in random play)."""
    big = [a for a in legal if len(a.get("cards", ())) >= 4]
    return rng.choice(big or legal)


def test_every_view_event_action_and_result_has_its_declared_shape() -> None:
    rng = random.Random("shapes")
    seen: set[str] = set()
    for options in MIXES:
        for _ in range(3):
            seats = rng.randint(3, 8)
            game = game_of(seats, rng.randrange(2**32), {"deals": 2, **options})
            for event in game.start_events:  # type: ignore[attr-defined]
                check(event, types.Event, "start")
                seen.add(event["type"])
            while not game.over:
                seat = rng.choice(game.pending())
                for s in (None, *range(seats)):
                    check(game.view(s), types.View, f"view({s})")
                legal = game.legal_actions(seat)
                for action in legal:
                    check(action, types.Action, "legal")
                for event in game.apply(seat, steer(legal, rng)):
                    check(event, types.Event, f"event {event['type']}")
                    seen.add(event["type"])
            for s in (None, *range(seats)):
                check(game.view(s), types.View, f"view({s})")
            check(game.result(), types.Result, "result()")
    assert seen == declared_kinds(types.Event), sorted(declared_kinds(types.Event) - seen)


def test_refusals_are_codes_that_fill_their_templates() -> None:
    """Every near miss of a few random games is refused with a code of the engine's table."""
    seen: set[str] = set()
    import contract

    real = contract.check_refusal

    def counting(exc: Any) -> None:
        seen.add(exc.code)
        real(exc)

    contract.check_refusal = counting
    try:
        for seed in range(3):
            playout(
                "daifugo",
                4,
                seed,
                {"deals": 2},
                game=game_of(4, seed, {"deals": 2}),
                probe_rate=1.0,
            )
    finally:
        contract.check_refusal = real
    assert {"not_your_turn", "unexpected_keys", "missing_keys", "not_allowed_now"} <= seen


def test_bad_tables_raise_value_error() -> None:
    for seats in (2, 9):
        with pytest.raises(ValueError, match="seats"):
            new(seats)
    bad = [
        {"no_such_option": 1},
        {"jokers": 3},
        {"deals": 0},
        {"deals": 21},
        {"lock": "maybe"},
        {"forbidden": ["queen"]},
        {"forbidden": 8},
    ]
    for options in bad:
        with pytest.raises(ValueError):
            new(4, options)
    with pytest.raises(ValueError, match="deck"):
        new(4, deck=["AS"])


def test_the_package_exports_game_bot_and_search() -> None:
    import engine.daifugo as package

    assert sorted(package.__all__) == ["BOT", "GAME", "HINTS", "REASONS", "ROUND_END", "SEARCH"]
    assert isinstance(SEARCH, Search) and BOT.__name__ == "DaifugoBot"
    assert engine.GAMES["daifugo"] is package.GAME  # registered: the table plays it
