"""Swoop: shed your cards onto a shared pile; four of a rank, a 10 or a joker swoops it away.

Rules: shared/rules/swoop.md. Phases, view and events: docs/swoop.md.
"""

from .bot import SwoopBot as BOT
from .determinize import SEARCH
from .game import SwoopGame as GAME

__all__ = ["BOT", "GAME", "SEARCH"]
