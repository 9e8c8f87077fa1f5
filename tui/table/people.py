"""The people at a table: who sits where, who is away and for how long, whose results panel
the table waits for, a host that closed or vanished (``People``, a small controller the table
screen owns). The host's own decisions at its table are its menu's (tui/table/host_menu.py).
"""

from __future__ import annotations

import time

from rich.text import Text

from lang import _, pgettext
from tui.seat import HOST_GONE_WAIT
from tui.text import clean

from .away import Absence


class People:
    """Who sits where (the ``lobby`` message's players), who is away and since when, and
    whether the host is gone; names seats as the table shows them."""

    def __init__(self, absent_bot: float | None = None) -> None:
        self.absent_bot = absent_bot
        """The table's ``absent_bot``: a bot plays an away seat after so many seconds."""
        self.players: list[dict] = []
        self.watchers: list[dict] = []
        """Who watches without a seat (``lobby`` ``watchers``: ``id``, ``name``, ``muted``)."""
        self.players_at = 0.0  # when ``players`` came (the away times count on from it)
        self.lost_at: float | None = None  # the host vanished at (None: it has not)
        self.closed_reason = ""  # the host closed the table or removed us: said so

    def update(self, players: list[dict], watchers: list[dict] | None = None) -> None:
        self.players = players
        self.players_at = time.monotonic()
        if watchers is not None:
            self.watchers = [w for w in watchers if isinstance(w.get("name"), str)]

    def watching(self) -> str:
        """Who watches, in words: "Cy, Di (muted)" ("" when nobody does)."""
        names = []
        for watcher in self.watchers:
            name = clean(watcher["name"], limit=16)
            if watcher.get("muted") is True:
                # TRANSLATORS: a spectator whose chat the host muted, in the list of watchers
                name = _("{name} (muted)").format(name=name)
            names.append(name)
        return ", ".join(names)

    def watching_line(self) -> str:
        """ "Watching: Cy, Di" for the waiting room and the header ("" when nobody does)."""
        names = self.watching()
        # TRANSLATORS: the spectators of the table (people watching without a seat)
        return _("Watching: {names}").format(names=names) if names else ""

    def entry(self, seat: int) -> dict:
        return self.players[seat] if 0 <= seat < len(self.players) else {}

    def name(self, seat: int) -> str | None:
        """The seat's player's name as they gave it (None: nobody, or no name)."""
        name = self.entry(seat).get("name")
        return name if isinstance(name, str) and name else None

    def seat_name(self, seat: object, me: int | None) -> str:
        """A seat's name as shown: "You" for ``me``, the cleaned name, or "Seat N"."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            # TRANSLATORS: who did something that no seat did (the table itself)
            return pgettext("who", "table")
        if seat == me:
            return _("You")
        name = self.name(seat)
        return clean(name, limit=16) if name else _("Seat {n}").format(n=seat + 1)

    def is_bot(self, seat: int) -> bool:
        return bool(self.entry(seat).get("bot"))

    def anyone_away(self) -> bool:
        return any(p.get("away") for p in self.players)

    def reading(self, me: int | None) -> list[int]:
        """The other seats whose results panel the table waits for (``lobby`` ``reading``)."""
        return [i for i, p in enumerate(self.players) if i != me and p.get("reading") is True]

    def taken(self) -> int:
        return sum(1 for p in self.players if p.get("name") or p.get("bot"))

    def absences(self) -> list[tuple[int, Absence]]:
        """Every seat whose player left, with how long ago and whether a bot plays or will."""
        out = []
        since = time.monotonic() - self.players_at
        for seat, entry in enumerate(self.players):
            away = entry.get("away")
            if not isinstance(away, dict):
                continue
            name = clean(entry.get("name") or _("Seat {n}").format(n=seat + 1), limit=16)
            seconds = away.get("seconds", 0)
            seconds = seconds if isinstance(seconds, (int, float)) else 0
            covered = away.get("bot") is True
            out.append((seat, Absence(name, float(seconds) + since, covered, self.absent_bot)))
        return out

    def away_marks(self) -> list[Text]:
        """ "Bo away 3 min" for every seat whose player left, "(bot plays)" if a bot plays
        for them, "(bot in 18 s)" until one will (tui/table/away.py)."""
        return [Text(absence.mark()) for _seat, absence in self.absences()]

    def away_words(self, awaited: list[int], *, hosting: bool) -> str:
        """The prompt's words for the awaited seats whose player left: "Bo is away — a bot
        plays for them in 18 s" ("": none is away)."""
        said = [a.sentence(hosting=hosting) for seat, a in self.absences() if seat in awaited]
        return " · ".join(said)

    # -- the host leaving -------------------------------------------------------------------
    def host_gone_text(self) -> str:
        left = max(0, round(HOST_GONE_WAIT - (time.monotonic() - (self.lost_at or 0.0))))
        return _("Connection lost: the host is gone — waiting {n} s for it to come back").format(
            n=left
        )

    def host_error(self, code: str) -> bool:
        """An ``error`` (its code) that ends our place at the table; True if it was one."""
        said = {
            "closed": _("The host closed the table"),
            "removed": _("The host removed you"),
            # TRANSLATORS: told to a spectator the host sent away
            "banned": _("The host asked you to leave this table: you cannot come back to it"),
        }.get(code)
        if said is not None:
            self.closed_reason = said
        return said is not None


def others(me: int | None, count: int) -> list[int]:
    """Other seats clockwise from ``me``; digit ``i`` picks ``others(...)[i-1]``."""
    start = me if isinstance(me, int) else -1
    return [(start + k) % count for k in range(1, count + 1) if (start + k) % count != me]


def seat_digit(seat: int, me: int | None, count: int) -> str:
    """The digit that picks ``seat`` among the others ("" for none)."""
    around = others(me, count)
    return str(around.index(seat) + 1) if seat in around else ""
