"""Taking back the last actions of a game (a table's take-backs: net/table/takebacks.py).

A game is deterministic: the same start and the same actions give the same game, so the game
without its last actions is the game replayed without them. ``Rewind`` keeps what that needs
and no more: a copy of the game as it was after the last step that showed something hidden
(``Game.shows_hidden``: a card drawn, turned up or revealed, a trick or round completed) — no
take-back goes back past it — and the actions since. Taking back replays those actions but
the last few on a fresh copy, so its cost is a handful of steps whatever the game's length.
Pure: no I/O, no clocks.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence
from typing import Any

from .base import Event, Game


class Rewind:
    """The undoable tail of one game, from ``game`` as it is now (before its next action)."""

    def __init__(self, game: Game) -> None:
        self._base = _frozen(game)
        self.steps: list[tuple[int, Any]] = []
        """The actions (seat, action) since the last step that showed something hidden."""

    def applied(self, game: Game, seat: int, action: Any, events: Sequence[Event]) -> None:
        """``game`` has just applied ``action`` for ``seat`` and answered ``events``."""
        if game.shows_hidden(events):
            self._base = _frozen(game)
            self.steps = []
        else:
            self.steps.append((seat, copy.deepcopy(action)))

    def back(self, n: int) -> Game:
        """The game without its last ``n`` actions (1 ≤ n ≤ ``len(steps)``; ValueError
        otherwise): a new game object; the ``n`` actions are forgotten here too."""
        if not 0 < n <= len(self.steps):
            raise ValueError(f"cannot take back {n} of {len(self.steps)} actions")
        game: Game = pickle.loads(self._base)
        kept = self.steps[:-n]
        for seat, action in kept:
            game.apply(seat, copy.deepcopy(action))
        self.steps = kept
        return game


def _frozen(game: Game) -> bytes:
    """``game`` as it is now, to be thawed as a fresh copy (its random state too); pickling
    is several times cheaper than a deep copy."""
    return pickle.dumps(game, pickle.HIGHEST_PROTOCOL)
