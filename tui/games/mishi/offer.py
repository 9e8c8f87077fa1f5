"""The local seat's offer to show a ten during a paced deal: the seconds it has left (the host
tells only the offered seat, ``offer_left`` in its view) and whether it went by unanswered."""

from __future__ import annotations

import math
import time
from collections.abc import Callable


class OfferClock:
    """Counts down an offer on the local clock; ``close`` says what was let go by."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.until: float | None = None
        self.cards: list[str] = []  # the best ten(s) offered
        self.answered = False

    def open(self, left: object, cards: list[str]) -> None:
        """An offer (or a later frame of it): ``left`` seconds from now, if the host said."""
        if self.until is None and not self.cards:
            self.answered = False
        if isinstance(left, int | float) and not isinstance(left, bool):
            self.until = self.clock() + max(0.0, float(left))
        self.cards = cards or self.cards

    def seconds_left(self) -> int | None:
        if self.until is None:
            return None
        return max(0, math.ceil(self.until - self.clock()))

    def close(self) -> list[str]:
        """The offer is over: the cards it offered if the seat did not answer, else []."""
        missed = [] if self.answered else self.cards
        self.until, self.cards, self.answered = None, [], False
        return missed
