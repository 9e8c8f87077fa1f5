"""秘十 Mi Shi: a Shengji (Tractor) game whose declarer's partner is the secret holder of the
other trump ten. Exports GAME (the Game subclass) and BOT (its bot)."""

from .bot import MishiBot as BOT
from .game import MishiGame as GAME

__all__ = ["BOT", "GAME"]
