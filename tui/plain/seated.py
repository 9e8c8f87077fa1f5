"""Which plain game a table plays: a game with a plain table of its own declares it in
``tui/games/<game>/plain.py`` (a ``PlainGame`` subclass named ``PLAIN``); any other gets the
numbered list of its legal actions (``PlainGame``). The plain front names no game."""

from __future__ import annotations

import importlib

from .games import PlainGame, Seated


def plain_game(name: str) -> type[PlainGame]:
    """The plain game of ``name`` (``PlainGame`` where the game declares none)."""
    if not name.isidentifier():
        return PlainGame
    try:
        module = importlib.import_module(f"tui.games.{name}.plain")
    except ModuleNotFoundError:
        return PlainGame
    found = getattr(module, "PLAIN", PlainGame)
    return found if isinstance(found, type) and issubclass(found, PlainGame) else PlainGame


def game_for(name: str, table: Seated) -> PlainGame:
    return plain_game(name)(table)
