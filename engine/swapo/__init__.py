"""SwaPo (スワポ): swap cards to hold the most of one rank. Normal, Dagger, Asterisk, Ace."""

from .bot import SwapoBot as BOT
from .determinize import SEARCH
from .game import SwapoGame as GAME

__all__ = ["BOT", "GAME", "SEARCH"]
