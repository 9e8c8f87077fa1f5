"""Each game's table screen, found by its folder: ``tui/games/<game>/screen.py`` names its
screen class ``SCREEN``. Adding a game's screen adds a folder and touches nothing here.

A screen module is imported when a table of that game opens, so one game's screen never slows
down or breaks another's; a game of the engine without a folder gets the generic table (its
legal actions as a list). The game's name comes from the host: only the engine's games are
looked up.
"""

from __future__ import annotations

from importlib import import_module

import engine


def own_screen(game: str) -> type | None:
    """The screen of ``tui/games/<game>/`` (None: the game has no folder of its own)."""
    if game not in engine.GAMES:
        return None
    name = f"{__name__}.{game}.screen"
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{__name__}.{game}", name):
            raise  # a broken screen is a bug, not a missing one
        return None
    return module.SCREEN


def table_screen_for(game: str) -> type:
    """The screen class for ``game`` (the generic one when the game has none of its own)."""
    screen = own_screen(game)
    if screen is None:
        screen = import_module("tui.table.generic").GenericTableScreen
    return screen
