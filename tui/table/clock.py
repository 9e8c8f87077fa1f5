"""The turn clocks as this screen knows them (the host's ``clock`` frames, protocol 7).

A frame names the clocks this seat may know of — its own, and others' only where every view
shows them awaited — with the seconds left of the decision and of the bank, counted from the
frame's arrival (our clock, not the host's). ``Clocks`` counts them down: the decision's own
time first, then the bank; nothing moves while the frame says ``paused`` (a results panel, the
host's menu). The screen shows them at the head of the prompt (``prompt_text``: its own while
it runs, else whose runs), once a second (``TableScreen.tick``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

from lang import _


class Running(NamedTuple):
    seat: int
    left: float
    bank: float


class Clocks:
    """The latest ``clock`` frame and when it came."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.running: list[Running] = []
        self.paused = False
        self.since = 0.0

    def update(self, message: dict) -> None:
        """A checked ``clock`` frame (anything malformed in it is left out)."""
        seats = message.get("seats")
        running = []
        for item in seats if isinstance(seats, list) else []:
            if not isinstance(item, dict):
                continue
            seat, left, bank = (
                item.get("seat"),
                _seconds(item.get("left")),
                _seconds(item.get("bank")),
            )
            if isinstance(seat, int) and not isinstance(seat, bool) and None not in (left, bank):
                running.append(Running(seat, left or 0.0, bank or 0.0))
        self.running = running
        self.paused = message.get("paused") is True
        self.since = self.now()

    def clear(self) -> None:
        self.running = []

    @property
    def any(self) -> bool:
        return bool(self.running)

    def left(self, seat: int) -> tuple[float, float] | None:
        """(decision seconds left, bank seconds left) of ``seat``'s running clock, now."""
        for run in self.running:
            if run.seat == seat:
                spent = 0.0 if self.paused else max(0.0, self.now() - self.since)
                over = max(0.0, spent - run.left)
                return max(0.0, run.left - spent), max(0.0, run.bank - over)
        return None

    def own_text(self, me: int | None) -> str:
        """My own: "23 s left", "bank: 41 s left", "23 s left · bank 60 s"."""
        if me is None:
            return ""
        left = self.left(me)
        if left is None:
            return ""
        return clock_words(*left, paused=self.paused)

    def prompt_text(self, me: int | None, name: Callable[[int], str]) -> str:
        """The prompt's head: my own clock while it runs, else whose clocks run."""
        return self.own_text(me) or " · ".join(self.marks(me, name))

    def line(self, me: int | None, name: Callable[[int], str], away: str) -> str:
        """The prompt's head: the clocks (``prompt_text``), then whether a bot will play for
        an awaited player who left, and when (``away``)."""
        return " · ".join(part for part in (self.prompt_text(me, name), away) if part)

    def marks(self, me: int | None, name: Callable[[int], str]) -> list[str]:
        """The others' running clocks: "Ann: 12 s left"."""
        out = []
        for run in self.running:
            if run.seat == me:
                continue
            left = self.left(run.seat)
            if left is not None:
                # TRANSLATORS: whose turn clock runs: "Ann: 12 s left"
                said = _("{name}: {clock}").format(
                    name=name(run.seat), clock=clock_words(*left, paused=self.paused)
                )
                out.append(said)
        return out


def clock_words(left: float, bank: float, *, paused: bool = False) -> str:
    """One clock as shown, rounded up to whole seconds (0 only once it is out)."""
    turn, extra = _whole(left), _whole(bank)
    if turn > 0 and extra > 0:
        # TRANSLATORS: the turn clock: seconds left for this decision, then the time bank
        said = _("{n} s left · bank {bank} s").format(n=turn, bank=extra)
    elif turn > 0:
        # TRANSLATORS: the turn clock: seconds left for this decision
        said = _("{n} s left").format(n=turn)
    else:
        # TRANSLATORS: the turn clock: the decision's own time is gone, the bank runs
        said = _("bank: {bank} s left").format(bank=extra)
    if paused:
        # TRANSLATORS: the turn clock is stopped (a results panel, the host's menu)
        said = _("{clock} (paused)").format(clock=said)
    return said


def _seconds(value: object) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return None


def _whole(seconds: float) -> int:
    whole = int(seconds)
    return whole + 1 if seconds - whole > 1e-6 else whole
