"""The local seat's offer to show a ten during a paced deal: the seconds it has left (the host
tells only the offered seat, ``offer_left`` in its view) and whether it went by unanswered;
and what enter still waits for when a bury or a play is not whole."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from lang import _, ngettext


class OfferClock:
    """Counts down an offer on the local clock; ``close`` says what was let go by."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.until: float | None = None
        self.cards: list[str] = []  # the best ten(s) offered
        self.answered = False

    def open(self, left: float | None, cards: list[str]) -> None:
        """An offer (or a later frame of it): ``left`` seconds from now, if the host said."""
        if self.until is None and not self.cards:
            self.answered = False
        if left is not None:
            self.until = self.clock() + max(0.0, left)
        self.cards = cards or self.cards

    def seconds_left(self) -> int | None:
        if self.until is None:
            return None
        return max(0, math.ceil(self.until - self.clock()))

    def words(self, style: Style | str = "") -> Text:
        """ " · 4 seconds left" for the prompt (nothing when the host told no time)."""
        seconds = self.seconds_left()
        if seconds is None:
            return Text()
        # TRANSLATORS: Mi Shi prompt: the seconds left to show a ten (亮主)
        left = ngettext("{count} second left", "{count} seconds left", seconds)
        return Text(" · ").append(left.format(count=seconds), style=style)

    def close(self) -> list[str]:
        """The offer is over: the cards it offered if the seat did not answer, else []."""
        missed = [] if self.answered else self.cards
        self.until, self.cards, self.answered = None, [], False
        return missed


def missing_words(burying: bool, size: int, picked: int) -> str:
    """What enter still waits for: cards to bury (``size`` in all), to follow a lead of
    ``size`` cards, or (``size`` 0) the cards to lead with."""
    left = size - picked
    if burying:
        # TRANSLATORS: Mi Shi refusal: enter before 8 cards are picked to bury (扣底)
        words = ngettext(
            "Pick {count} more card to bury (space)",
            "Pick {count} more cards to bury (space)",
            left,
        )
        return words.format(count=left)
    if size:
        # TRANSLATORS: Mi Shi refusal: enter before the play has as many cards as the lead
        words = ngettext(
            "Pick {count} more card to play (space)",
            "Pick {count} more cards to play (space)",
            left,
        )
        return words.format(count=left)
    # TRANSLATORS: Mi Shi refusal: enter with nothing picked to lead
    return _("Pick the cards to lead with first (space)")
