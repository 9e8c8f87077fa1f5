"""Swoop: shed your cards onto a shared pile; four of a rank, a 10 or a joker swoops it away.

Rules: shared/rules/swoop.md. Phases, view and events: docs/swoop.md.
"""

from typing import TYPE_CHECKING, Any

from ..lazy import export
from .reasons import HINTS, REASONS

if TYPE_CHECKING:
    from .game import SwoopGame as GAME

__all__ = ["BOT", "GAME", "HINTS", "REASONS", "ROUND_END", "SEARCH"]

#: The event that ends a round of it (SwoopGame.ROUND_END): known without its rules.
ROUND_END = "hand_end"


def __getattr__(name: str) -> Any:
    """GAME, BOT and SEARCH, imported when first asked for (engine/lazy.py)."""
    where = {"GAME": ".game:SwoopGame", "BOT": ".bot:SwoopBot", "SEARCH": ".determinize:SEARCH"}
    return export(__name__, name, **where)
