"""大富豪 Daifugō (President): shed your cards in tricks of singles, sets and sequences; the
first out is 大富豪, the last 大貧民, and the next deal begins with an exchange between them.

Rules: shared/rules/daifugo.md. Phases, view and events: docs/daifugo.md.

Registered in ``engine.GAMES`` (engine/__init__.py); its table is tui/games/daifugo/, its
rules help tui/help/daifugo.md.
"""

from typing import TYPE_CHECKING, Any

from ..lazy import export
from .reasons import HINTS, REASONS

if TYPE_CHECKING:
    from .game import DaifugoGame as GAME

__all__ = ["BOT", "GAME", "HINTS", "REASONS", "ROUND_END", "SEARCH"]

#: The event that ends a round of it (DaifugoGame.ROUND_END): known without its rules.
ROUND_END = "deal_end"


def __getattr__(name: str) -> Any:
    """GAME, BOT and SEARCH, imported when first asked for (engine/lazy.py)."""
    where = {"GAME": ".game:DaifugoGame", "BOT": ".bot:DaifugoBot", "SEARCH": ".determinize:SEARCH"}
    return export(__name__, name, **where)
