"""秘十 Mi Shi: a Shengji (Tractor) game whose declarer's partner is the secret holder of the
other trump ten. Exports GAME (the Game subclass), BOT (its bot) and SEARCH (its
engine.search.Search, for the hard bot)."""

from typing import TYPE_CHECKING, Any

from ..lazy import export
from .reasons import HINTS, REASONS

if TYPE_CHECKING:
    from .game import MishiGame as GAME

__all__ = ["BOT", "GAME", "HINTS", "REASONS", "ROUND_END", "SEARCH"]

#: The event that ends a round of it (MishiGame.ROUND_END): known without its rules.
ROUND_END = "hand_end"


def __getattr__(name: str) -> Any:
    """GAME, BOT and SEARCH, imported when first asked for (engine/lazy.py)."""
    where = {"GAME": ".game:MishiGame", "BOT": ".bot:MishiBot", "SEARCH": ".determinize:SEARCH"}
    return export(__name__, name, **where)
