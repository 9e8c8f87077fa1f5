"""Which screen shows which game's table. Adding a game's screen is one line here.

Values are ``"module:Class"`` strings, imported when a table of that game opens, so one
game's screen never slows down or breaks another's.
"""

from __future__ import annotations

from importlib import import_module

TABLE_SCREENS: dict[str, str] = {
    "swapo": "tui.games.swapo.screen:SwapoScreen",
    "swoop": "tui.games.swoop.screen:SwoopScreen",
    "mishi": "tui.games.mishi.screen:MishiScreen",
}

FALLBACK_SCREEN = "tui.table.generic:GenericTableScreen"


def table_screen_for(game: str) -> type:
    """The screen class for ``game`` (the generic one when the game has none of its own)."""
    module_name, _, class_name = TABLE_SCREENS.get(game, FALLBACK_SCREEN).partition(":")
    return getattr(import_module(module_name), class_name)
