"""Swoop: shed your cards onto a shared pile; four of a rank, a 10 or a joker swoops it away.

Rules: shared/rules/swoop.md. Phases, view and events: docs/swoop.md.
"""

from typing import Any

from ..lazy import export
from .game import SwoopGame as GAME

__all__ = ["BOT", "GAME", "SEARCH"]


def __getattr__(name: str) -> Any:
    """BOT and SEARCH, imported when first asked for (engine/lazy.py)."""
    return export(__name__, name, BOT=".bot:SwoopBot", SEARCH=".determinize:SEARCH")
