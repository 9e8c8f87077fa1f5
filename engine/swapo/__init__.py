"""SwaPo (スワポ): swap cards to hold the most of one rank. Normal, Dagger, Asterisk, Ace."""

from typing import Any

from ..lazy import export
from .game import SwapoGame as GAME

__all__ = ["BOT", "GAME", "SEARCH"]


def __getattr__(name: str) -> Any:
    """BOT and SEARCH, imported when first asked for (engine/lazy.py)."""
    return export(__name__, name, BOT=".bot:SwapoBot", SEARCH=".determinize:SEARCH")
