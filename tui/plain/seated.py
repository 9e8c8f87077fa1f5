"""Which plain game a table plays: each game with a plain table of its own, by name; any
other gets the numbered list of its legal actions (``PlainGame``)."""

from __future__ import annotations

from .daifugo import DaifugoGame
from .games import MishiGame, PlainGame, Seated, SwapoGame, SwoopGame

GAMES: dict[str, type[PlainGame]] = {
    "swoop": SwoopGame,
    "swapo": SwapoGame,
    "mishi": MishiGame,
    "daifugo": DaifugoGame,
}


def game_for(name: str, table: Seated) -> PlainGame:
    return GAMES.get(name, PlainGame)(table)
