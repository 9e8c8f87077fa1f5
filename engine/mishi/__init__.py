"""秘十 Mi Shi: a Shengji (Tractor) game whose declarer's partner is the secret holder of the
other trump ten. Exports GAME (the Game subclass), BOT (its bot) and SEARCH (its
engine.search.Search, for the hard bot)."""

from typing import Any

from ..lazy import export
from .game import MishiGame as GAME

__all__ = ["BOT", "GAME", "SEARCH"]


def __getattr__(name: str) -> Any:
    """BOT and SEARCH, imported when first asked for (engine/lazy.py)."""
    return export(__name__, name, BOT=".bot:MishiBot", SEARCH=".determinize:SEARCH")
