"""What every bot is: a player that decides from its own view and its legal actions only.

A bot never sees the game object, so the same bot plays in the host's process, in a remote
`kotatsu bot` client, and in tests, and it cannot cheat.
"""

from __future__ import annotations

import random

from .base import View

Reason = tuple[str, dict]
"""Why a bot chose what it did: a code of engine/hints.py ``HINTS`` and its parameters."""


class Bot:
    """Base bot. ``act`` gets the seat's view and its legal actions and returns one of them
    (or a whole action of the rules' shapes that the engine accepts). ``explain`` also says
    why (for a learner's hint), without changing the choice."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        #: Why the last ``act`` chose what it did (a bot sets it where it decides).
        self.reason: Reason = ("best", {})

    def act(self, view: View, legal: list[dict]) -> dict:
        raise NotImplementedError

    def because(self, code: str, **params: object) -> None:
        """Note why this decision is taken (read by ``explain``; costs a tuple)."""
        self.reason = (code, params)

    def why(self, view: View, legal: list[dict], action: dict) -> Reason:
        """Why ``act`` chose ``action`` (by default: what it noted while deciding)."""
        return self.reason

    def explain(self, view: View, legal: list[dict]) -> tuple[dict, Reason]:
        """The action ``act`` chooses, and why."""
        self.reason = ("best", {})
        action = self.act(view, legal)
        return action, self.why(view, legal, action)


class RandomBot(Bot):
    """The baseline: a uniformly random legal action."""

    def act(self, view: View, legal: list[dict]) -> dict:
        return self.rng.choice(legal)


class EasyBot(Bot):
    """The ``easy`` level: the game's heuristic, but a share of its decisions (``mistakes``)
    are a uniformly random legal action instead."""

    def __init__(self, seat: int, seed: int | None = None, *, policy: Bot, mistakes: float = 0.3):
        super().__init__(seat, seed)
        self.policy = policy
        self.mistakes = mistakes

    def act(self, view: View, legal: list[dict]) -> dict:
        if len(legal) > 1 and self.rng.random() < self.mistakes:
            return self.rng.choice(legal)
        return self.policy.act(view, legal)
