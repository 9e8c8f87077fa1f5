"""秘十 Mi Shi: a Shengji (Tractor) game whose declarer's partner is the secret holder of the
other trump ten. Exports GAME (the Game subclass), BOT (its bot) and SEARCH (its
engine.search.Search, for the hard bot)."""

from .bot import MishiBot as BOT
from .determinize import SEARCH
from .game import MishiGame as GAME

__all__ = ["BOT", "GAME", "SEARCH"]
