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
from typing import TYPE_CHECKING

import engine

if TYPE_CHECKING:
    from tui.table.part import TablePart
    from tui.table.screen import TableScreen


def own_part(game: str) -> type[TablePart] | None:
    """The part of ``tui/games/<game>/`` (None: the game has no table of its own)."""
    if game not in engine.GAMES:
        return None
    path = f"{__name__}.{game}.table"
    try:
        module = import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{__name__}.{game}", path):
            raise  # a broken table is a bug, not a missing one
        return None
    part: type[TablePart] = module.TABLE
    return part


def part_for(game: str) -> type[TablePart]:
    """The part for ``game`` (the generic one when the game has none of its own)."""
    part = own_part(game)
    if part is None:
        part = import_module("tui.table.generic").GenericTable
    return part


def table_screen_for(game: str) -> Callable[..., TableScreen]:
    """What makes the table screen for ``game`` from a seat and the settings: the one table
    screen, with the game's part."""
    from tui.table.screen import TableScreen

    return partial(TableScreen, part=part_for(game))
