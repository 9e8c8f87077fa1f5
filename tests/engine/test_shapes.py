"""The declared shapes match reality: over many seeded random games of every game, every view
(each seat's and the spectator's), every event, every listed action and every ``result()``
validates against the game's TypedDicts in ``engine/<game>/types.py`` (keys required and
optional, no unknown key, the value types), and every kind of event the game declares
actually happens. mypy checks the engine's code against the same types."""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any, Literal, TypedDict, get_args

import pytest
from contract import extra_options, short

import engine
from engine.base import Game
from engine.mishi import view as mishi_view
from engine.shapes import ShapeError, check, declared, declared_kinds, fitting, hints, members, view

pytestmark = pytest.mark.unit

#: The keys every view carries (docs/contracts.md), so the host and the TUI treat games alike.
COMMON_VIEW_KEYS = {
    "game",
    "seat",
    "seats",
    "hand",
    "phase",
    "pending",
    "scores",
    "over",
    "options",
    "result",
}

#: Seeded games per option mix (default 3): enough that every kind of event turns up.
GAMES_PER_MIX = {"swapo": 4}


#: A game whose length is not a number of rounds: how it is given a second hand.
LONGER: dict[str, dict[str, Any]] = {"swoop": {"hands": 2}}


def longer(name: str) -> dict[str, Any]:
    """An option mix beyond contract.extra_options: a second round, hand or deal (its deal
    events, and what happens only from the second on)."""
    return LONGER.get(name) or {engine.GAMES[name].LENGTH_OPTION: 2}


def shapes_of(name: str) -> ModuleType:
    return importlib.import_module(f"engine.{name}.types")


def choose(game: Game, legal: list[dict], rng: random.Random) -> dict:
    """A random action, steered towards the rarer events: a Swoop chain whenever one is
    offered, in Mi Shi's bidding mostly a pass (else nobody ever lets a deal go by, and
    every hand is played alone), and often a play of four or more named cards (大富豪's
    revolution)."""
    chains = [a for a in legal if a["type"] == "chain"]
    if chains:
        return rng.choice(chains)
    big = [a for a in legal if "as" in a and len(a.get("cards") or ()) >= 4]
    if big and rng.random() < 0.5:
        return rng.choice(big)
    if game.phase in ("deal", "bao") and {"type": "pass"} in legal and rng.random() < 0.97:
        return {"type": "pass"}
    return rng.choice(legal)


def play(name: str, seats: int, seed: int, options: dict[str, Any], seen: set[str]) -> None:
    """One random game: every listed action, every event and the result checked, and the
    views of every seat and the spectator at every few steps and whenever a new kind of
    event happened (the acting seat's view at every step)."""
    types = shapes_of(name)
    rng = random.Random(seed)
    game: Game = engine.new_game(name, seats, options, seed=seed)
    for event in getattr(game, "start_events", []):
        check(event, types.Event, "start_events")
        seen.add(event["type"])
    check_views(game, types)
    steps = 0
    while not game.over:
        seat = rng.choice(game.pending())
        check(game.view(seat), types.View, f"view({seat})")
        legal = game.legal_actions(seat)
        for action in legal:
            check(action, types.Action, f"legal[{action.get('type')}]")
        events = game.apply(seat, choose(game, legal, rng))
        new = False
        for event in events:
            check(event, types.Event, f"event {event.get('type')}")
            new = new or event["type"] not in seen
            seen.add(event["type"])
        if new or steps % 6 == 0:
            check_views(game, types)
        steps += 1
    check_views(game, types)
    check(game.result(), types.Result, "result()")


def check_views(game: Game, types: ModuleType) -> None:
    for seat in (None, *range(game.seats)):
        check(game.view(seat), types.View, f"view({seat})")


def mixes(name: str) -> list[dict[str, Any]]:
    extras = [*extra_options(name), longer(name)]
    return [short(name), *({**short(name), **extra} for extra in extras)]


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_every_view_event_action_and_result_has_its_declared_shape(name: str) -> None:
    cls = engine.GAMES[name]
    rng = random.Random(name)
    seen: set[str] = set()
    for options in mixes(name):
        for _ in range(GAMES_PER_MIX.get(name, 3)):
            seats = rng.randint(cls.MIN_SEATS, cls.MAX_SEATS)
            play(name, seats, rng.randrange(2**32), options, seen)
    declared = declared_kinds(shapes_of(name).Event)
    assert seen <= declared  # (check() already refused any undeclared kind)
    assert seen == declared, f"never happened: {sorted(declared - seen)}"


def test_mishi_paced_deal_views_have_the_view_shape() -> None:
    """The views a paced table shows during the deal (engine/mishi/view.deal_view)."""
    types = shapes_of("mishi")
    game = engine.new_game("mishi", 4, seed=3)
    standing = None
    for k in (0, 1, 7, 50, 100):
        for seat in (None, 0, 1, 2, 3):
            check(mishi_view.deal_view(game, seat, k, standing), types.View, f"deal_view({k})")
            if seat is not None:
                for action in mishi_view.deal_offer(game, seat, k, standing):
                    check(action, types.Action, "deal_offer")


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_each_view_declares_the_common_keys(name: str) -> None:
    types = shapes_of(name)
    fields = hints(types.View)
    assert types.View.__required_keys__ >= COMMON_VIEW_KEYS
    assert fields["game"] == Literal[name]
    assert set(get_args(types.Phase)) >= {"over"}
    assert "phase" in fields and fields["phase"] == types.Phase
    assert {"scores", "winners"} <= types.Result.__required_keys__


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_the_phase_table_names_declared_phases_only(name: str) -> None:
    """Every phase with moves (``PHASES``) is a declared ``Phase``, and ``over`` has none."""
    declared = set(get_args(shapes_of(name).Phase))
    assert set(engine.GAMES[name].PHASES) <= declared
    assert "over" in declared - set(engine.GAMES[name].PHASES)


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_each_event_and_action_names_its_kind(name: str) -> None:
    """Every alternative of the Event and Action unions is a TypedDict with a ``type``."""
    types = shapes_of(name)
    for union in (types.Event, types.Action):
        for td in members(union):
            assert "type" in td.__required_keys__, td.__name__
            assert get_args(hints(td)["type"]), td.__name__


# The checker itself ----------------------------------------------------------------------------


class Inner(TypedDict):
    n: int


class _Optional(TypedDict, total=False):
    note: str


class Outer(_Optional):
    type: Literal["outer"]
    items: list[Inner]
    maybe: str | None


def test_the_shape_checker_is_not_vacuous() -> None:
    good = {"type": "outer", "items": [{"n": 1}], "maybe": None}
    check(good, Outer)
    check({**good, "note": "optional keys may be there"}, Outer)
    bad = [
        ({**good, "extra": 1}, "has no key 'extra'"),
        ({"type": "outer", "items": []}, "misses \\['maybe'\\]"),
        ({**good, "items": [{"n": True}]}, r"\$.items\[0\].n: True \(bool\) is not int"),
        ({**good, "items": ({"n": 1},)}, "is not a list"),
        ({**good, "type": "inner"}, "is not one of"),
        ({**good, "maybe": 3}, "is not str / "),
        ({**good, "note": None}, "is not str"),
    ]
    for value, message in bad:
        with pytest.raises(ShapeError, match=message):
            check(value, Outer)


def test_a_string_subclass_is_not_plain_data() -> None:
    class Sneaky(str):
        pass

    with pytest.raises(ShapeError, match="is not one of"):
        check(Sneaky("outer"), Literal["outer"])
    with pytest.raises(ShapeError, match="is not str"):
        check(Sneaky("x"), str)


def test_a_view_is_read_against_its_own_games_shape() -> None:
    """``view`` checks a view as a table sends it against the declared ``View`` of the game it
    names; ``fitting`` keeps the events or actions that fit their union and leaves out the
    rest (the client's edge, tui/table/messages.py)."""
    game = engine.new_game("swoop", 3, seed=1)
    real = game.view(0)
    assert view(real) is real
    assert declared("swoop").view is shapes_of("swoop").View
    for bad, message in [
        ([], "is not a dict"),
        ({**real, "game": "chess"}, "no game this program knows"),
        ({**real, "game": ["swoop"]}, "no game this program knows"),
        ({**real, "game": "mishi"}, "misses"),
        ({**real, "pile": "7H"}, r"\$.pile: str is not a list"),
        ({**real, "hand_no": True}, "is not int"),
    ]:
        with pytest.raises(ShapeError, match=message):
            view(bad)
    legal = game.legal_actions(game.pending()[0])
    odd = [{"type": "flip"}, {"type": ["flip"], "slot": 0}, "x", None]
    assert fitting([*legal, *odd], declared("swoop").action) == legal
    assert fitting("not a list", declared("swoop").event) == []
