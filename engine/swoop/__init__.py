"""Placeholder until the game lands: the package exports GAME (a Game subclass) and BOT."""

from ..base import Game
from ..bots import RandomBot as BOT

GAME = Game
__all__ = ["BOT", "GAME"]
