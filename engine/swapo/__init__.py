"""SwaPo (スワポ): swap cards to hold the most of one rank. Normal, Dagger, Asterisk, Ace."""

from typing import TYPE_CHECKING, Any

from ..lazy import export
from .reasons import HINTS, REASONS

if TYPE_CHECKING:
    from .game import SwapoGame as GAME

__all__ = ["BOT", "GAME", "HINTS", "REASONS", "ROUND_END", "SEARCH"]

#: The event that ends a round of it (SwapoGame.ROUND_END): known without its rules.
ROUND_END = "round_over"


def __getattr__(name: str) -> Any:
    """GAME, BOT and SEARCH, imported when first asked for (engine/lazy.py)."""
    where = {"GAME": ".game:SwapoGame", "BOT": ".bot:SwapoBot", "SEARCH": ".determinize:SEARCH"}
    return export(__name__, name, **where)
