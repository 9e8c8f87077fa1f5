"""What the table tells of the turn clock (net/table/clock.py), without I/O: after every input the
clocks are brought up to date, each peer whose picture of them changed gets a ``clock`` frame,
a bot that played for a seat out of time is told, and the journal gets what is left of each
bank (``bank`` records: no free bank after a crash). A seat's clock goes only to those who may
know that it is asked (its own player; the others only where every view shows the seat
awaited), as seconds left counted from the frame, never as a time of day.

``ClockNews`` is a part of the table (net/table/table.py), given the table as ``Clocked``.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol

from .clock import TurnClock
from .output import CLOCK, Timer
from .pacing import DealPacer
from .rules import Rules
from .seating import P

Message = dict[str, Any]


class Clocked(Protocol[P]):
    """What of the table the clock's news reads."""

    rules: Rules[P]
    pacer: DealPacer
    clock: TurnClock
    menu_open: bool

    @property
    def showing_deal(self) -> bool: ...

    def bot_plays(self, index: int) -> bool: ...


class ClockNews(Generic[P]):
    """The turn clock's news at one table (see the module docstring)."""

    def __init__(self, table: Clocked[P]) -> None:
        self.table = table
        self.acted = 0  # the actions the clock has seen
        self.told: dict[P, tuple] = {}  # what each peer was last told of the clocks
        self._due: float | None = None  # when the CLOCK timer is set for

    def clocked(self) -> tuple[set[int], set[int]]:
        """The seats with a clock now — asked, a person's, not during a shown deal (its own
        windows time those) — and those of them whose player is away, told so (net/table/away.py):
        their clock stands still (the away bot covers them as before, and leaving gives no
        fresh time; through the grace before the table is told, it runs on as for a blink)."""
        table = self.table
        rules = table.rules
        if not rules.started or rules.game.over or table.showing_deal:
            return set(), set()
        seating = rules.seating
        asked = {s for s in rules.game.pending() if not table.bot_plays(s)}
        return asked, {s for s in asked if seating[s].peer is None and seating[s].away_told}

    def news(
        self, now: float, timers: list[Timer]
    ) -> tuple[list[tuple[P, Message]], list[tuple[P, Message]], list[Message]]:
        """After any input: the clocks brought up to date, the notices of a bot that played for
        a seat out of time, the ``clock`` frames of whoever's picture changed, the bank records
        for the journal; the timer goes into ``timers``."""
        table = self.table
        rules, clock = table.rules, table.clock
        game = rules.game
        acted = {seat for seat, _ in rules.actions[self.acted :]}
        self.acted = len(rules.actions)
        notices: list[tuple[P, Message]] = []
        out: list[tuple[P, Message]] = []
        pending = set(game.pending()) if rules.started and not game.over else set()
        for seat in list(clock.expired):
            if seat in acted or seat not in pending:
                openly = clock.expired.pop(seat)
                if seat in acted:
                    notices += self.timed_out(seat, openly)
        # a results panel, the host's menu or a take-back asked of the table stops the clocks
        paused = rules.results.holds or table.menu_open or rules.takebacks.request is not None
        asked, away = self.clocked()
        banks = [self.bank_record(s) for s in clock.update(asked, acted, paused, now, away)]
        known = rules.awaited_openly() - away if clock.runs else set()
        for peer, guest in rules.peers.items():
            if not guest.joined:
                continue
            seats = [s for s in sorted(clock.runs) if s in known or s == guest.seat]
            picture = (clock.paused, *(clock.runs[s].serial for s in seats)) if seats else ()
            if picture == self.told.get(peer, ()):
                continue
            self.told[peer] = picture
            out.append((peer, self.frame(seats, now)))
        due = clock.due()
        if due != self._due:
            self._due = due
            timers.append(Timer(CLOCK, due))
        return notices, out, banks

    def fired(self) -> None:
        """The ``CLOCK`` timer went off (it is set again if another is due)."""
        self._due = None

    def frame(self, seats: list[int], now: float) -> Message:
        """The ``clock`` frame of ``seats``: seconds left counted from this frame."""
        clock = self.table.clock
        running = []
        for seat in seats:
            left, bank = clock.left(seat, now)
            running.append({"seat": seat, "left": round(left, 1), "bank": round(bank, 1)})
        version = self.table.pacer.wire_version
        return {"t": "clock", "version": version, "paused": clock.paused, "seats": running}

    def timed_out(self, seat: int, known: bool) -> list[tuple[P, Message]]:
        """The bot played for ``seat`` out of time: everyone hears it if everyone knew the seat
        was asked, otherwise only the seat's own player."""
        rules = self.table.rules
        notice = rules.notice("timed_out", seat=seat, name=rules.seating[seat].name or "")
        yours = rules.notice("timed_out_you", seat=seat)
        return [
            (peer, yours if guest.seat == seat else notice)
            for peer, guest in rules.peers.items()
            if guest.joined and (known or guest.seat == seat)
        ]

    def bank_record(self, seat: int) -> Message:
        """The journal's record of what is left of ``seat``'s bank (no free bank on resume)."""
        return {"r": "bank", "seat": seat, "left": round(self.table.clock.banks[seat], 3)}
