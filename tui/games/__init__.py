"""Each game's part of the table, found by its folder: ``tui/games/<game>/table.py`` names its
part ``TABLE`` (a ``tui.table.part.TablePart``), which the one table screen composes. Adding a
game's table adds a folder and touches nothing here.

A game's module is imported when a table of that game opens, so one game's table never slows
down or breaks another's; a game of the engine without a folder gets the generic table (its
legal actions as a list). The game's name comes from the host: only the engine's games are
looked up.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING, Any

import engine

if TYPE_CHECKING:
    from tui.table.part import TablePart
    from tui.table.screen import TableScreen


def _own(game: str, module: str, name: str) -> Any:
    """``name`` of ``tui/games/<game>/<module>.py`` (None: the game has no such module)."""
    if game not in engine.GAMES:
        return None
    path = f"{__name__}.{game}.{module}"
    try:
        found = import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{__name__}.{game}", path):
            raise  # a broken table is a bug, not a missing one
        return None
    return getattr(found, name)


def own_part(game: str) -> type[TablePart] | None:
    """The part of ``tui/games/<game>/`` (None: the game has no table of its own)."""
    part: type[TablePart] | None = _own(game, "table", "TABLE")
    return part


def own_screen(game: str) -> type | None:
    """The screen of a game whose folder still has its own (``screen.py``'s ``SCREEN``)."""
    screen: type | None = _own(game, "screen", "SCREEN")
    return screen


def table_screen_for(game: str) -> Callable[..., TableScreen]:
    """What makes the table screen for ``game`` from a seat and the settings: the table
    screen with the game's part (the generic one when the game has none of its own)."""
    from tui.table.screen import TableScreen

    part = own_part(game)
    if part is None:
        screen = own_screen(game)
        if screen is not None:
            return screen
        part = import_module("tui.table.generic").GenericTable
    return partial(TableScreen, part=part)
