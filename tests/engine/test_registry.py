"""The game registry: every game describes itself once, and every list is derived from it."""

from __future__ import annotations

import pytest

import engine

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("name", list(engine.GAMES))
def test_a_game_describes_itself(name: str) -> None:
    cls = engine.GAMES[name]
    assert name == cls.NAME
    assert cls.TITLE and cls.SHORT_TITLE
    assert cls.MIN_SEATS <= cls.DEFAULT_SEATS <= cls.MAX_SEATS
    assert cls.LENGTH_OPTION in cls.OPTIONS
    assert name in engine.BOTS
    # The default table can really be made.
    game = engine.new_game(name, cls.DEFAULT_SEATS, seed=1)
    assert game.seats == cls.DEFAULT_SEATS


def test_every_list_of_games_comes_from_the_registry() -> None:
    from net.doors import host
    from tui import cli
    from tui.lobby import forms
    from tui.lobby import screen as lobby

    assert tuple(engine.GAMES) == cli.GAME_NAMES
    assert [value for _, value in forms.GAME_CHOICES] == list(engine.GAMES)
    for name, cls in engine.GAMES.items():
        assert forms.SEAT_RANGE[name] == (cls.MIN_SEATS, cls.MAX_SEATS)
        assert lobby.GAME_TITLES[name] == cls.SHORT_TITLE
    assert not hasattr(host, "default_seats")
