"""What every bot is: a player that decides from its own view and its legal actions only.

A bot never sees the game object, so the same bot plays in the host's process, in a remote
`kotatsu bot` client, and in tests, and it cannot cheat.
"""

from __future__ import annotations

import random


class Bot:
    """Base bot. ``act`` gets the seat's view and its legal actions and returns one of them
    (or a whole action of the rules' shapes that the engine accepts)."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, view: dict, legal: list[dict]) -> dict:
        raise NotImplementedError


class RandomBot(Bot):
    """The baseline: a uniformly random legal action."""

    def act(self, view: dict, legal: list[dict]) -> dict:
        return self.rng.choice(legal)
