"""What every seat is told of an away player: whether a bot will play for them, and when.

A seat whose player left during play carries ``away`` in the ``lobby`` (``{"seconds", "bot"}``:
how long ago they left, whether a bot plays for them now) and the table's info carries the
host's ``absent_bot`` (seconds a seat stays empty before a bot plays it; None: never, the host
may still let one in from its menu). ``Absence`` of one seat puts the two together, for the
header ("Bo away 12 s (bot in 18 s)") and for the prompt where the table waits for that seat
("Bo is away — a bot plays for them in 18 s"), so nobody is left guessing whether the table
will stall. Nothing here is a secret: who is away and the table's setting are told to all.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from lang import _


def away_label(seconds: float) -> str:
    """ "away 40 s", "away 3 min", "away 2 h"."""
    # TRANSLATORS: how long a player has been away; s, min and h are short units
    if seconds < 60:
        return _("away {n} s").format(n=int(seconds))
    if seconds < 3600:
        return _("away {n} min").format(n=int(seconds // 60))
    return _("away {n} h").format(n=int(seconds // 3600))


def absent_bot(info: dict) -> float | None:
    """The table info's ``absent_bot`` (None: no bot comes by itself, or an older host)."""
    value = info.get("absent_bot")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
        return float(value) if math.isfinite(value) else None
    return None


class Absence(NamedTuple):
    """One away seat as this screen knows it now."""

    name: str
    seconds: float
    """How long its player has been away (the lobby's, counted on since it came)."""
    covered: bool
    """A bot plays for them now."""
    after: float | None
    """The table's ``absent_bot``: a bot plays this seat once it has been away so long."""

    @property
    def bot_in(self) -> int | None:
        """Whole seconds until a bot plays for them (0: any moment; None: none comes)."""
        if self.covered or self.after is None:
            return None
        return max(0, math.ceil(self.after - self.seconds))

    def mark(self) -> str:
        """The header's mark: "Bo away 12 s", "… (bot plays)", "… (bot in 18 s)"."""
        away = away_label(self.seconds)
        if self.covered:
            return _("{name} {away} (bot plays)").format(name=self.name, away=away)
        n = self.bot_in
        if n is not None:
            # TRANSLATORS: the header: how long Bo has been away, and when a bot plays for them
            return _("{name} {away} (bot in {n} s)").format(name=self.name, away=away, n=n)
        return _("{name} {away}").format(name=self.name, away=away)

    def sentence(self, *, hosting: bool) -> str:
        """The prompt's words where the table waits for this seat (``hosting``: the host's
        own screen, whose m menu can let a bot play)."""
        if self.covered:
            # TRANSLATORS: the prompt while the table waits for an away player's seat
            return _("{name} is away — a bot plays for them").format(name=self.name)
        n = self.bot_in
        if n == 0:
            # TRANSLATORS: the prompt: the table's bot is about to play an away player's seat
            return _("{name} is away — a bot plays for them in a moment").format(name=self.name)
        if n is not None:
            # TRANSLATORS: the prompt: the table lets a bot play an away seat after a while
            return _("{name} is away — a bot plays for them in {n} s").format(name=self.name, n=n)
        if hosting:
            # TRANSLATORS: the prompt at the host's own table: its m menu lets a bot play
            return _("{name} is away — m lets a bot play for them").format(name=self.name)
        # TRANSLATORS: the prompt: no bot comes by itself; only the host can let one play
        return _("{name} is away — the host can let a bot play").format(name=self.name)
