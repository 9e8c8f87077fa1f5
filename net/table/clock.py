"""The turn clock (``kotatsu host --clock S --bank S``): each decision a person is asked gets
``seconds``; past them, that person's time bank for the game is drawn down; when both are gone
the table's bot makes that one decision for the seat (net/table/table.py).

No I/O and no clock of its own: the table tells it, after every input, which seats are asked
now with a running clock (``update``), whether the clock is paused (a results panel holds the
table, the host's menu is open), and asks when the next one runs out (``due``) and who has
(``expire``). Names no game.

What it tells whom is the table's business (net/table/clocknews.py): a seat's clock goes only
to those who may know that it is asked (its own player; the others only where every view
shows the seat awaited), as seconds left counted from the frame, never as a time of day.
"""

from __future__ import annotations

from collections.abc import Iterable

CLOCK_MIN = 5
"""The fewest seconds a decision may be given (``--clock``)."""
CLOCK_MAX = 3600
BANK_MAX = 3600
"""The most seconds of a time bank (``--bank``)."""
EPSILON = 1e-6


class Running:
    """One seat's clock for one decision: ``used`` seconds before the stretch that began at
    ``since`` (None: paused); ``serial`` names the decision (a new one, a new number)."""

    __slots__ = ("serial", "since", "used")

    def __init__(self, serial: int, since: float | None, used: float = 0.0) -> None:
        self.serial, self.since, self.used = serial, since, used

    def spent(self, now: float) -> float:
        return self.used + (0.0 if self.since is None else max(0.0, now - self.since))


class TurnClock:
    """The clocks of one table's people: ``seconds`` per decision (None: no clock) and a bank
    of ``bank`` seconds per seat for the game (``banks``: what is left of each)."""

    def __init__(self, seconds: float | None, bank: float, seats: int) -> None:
        self.seconds = seconds
        self.banks = [float(bank)] * seats
        self.runs: dict[int, Running] = {}
        self.expired: dict[int, bool] = {}
        """Seats whose time ran out, waiting for the bot's move: whether the table knew the
        seat was asked (then everyone hears of it; otherwise only the seat's own player)."""
        self.paused = False
        self._serial = 0
        self._answered: dict[int, float] = {}
        """What each seat's last answered decision took of its own time (a take-back of that
        answer gives the decision back with this much gone, not fresh)."""
        self._carried: dict[int, float] = {}

    @property
    def on(self) -> bool:
        return self.seconds is not None

    def left(self, seat: int, now: float) -> tuple[float, float]:
        """(seconds left of the decision's own time, seconds left in the bank) for ``seat``."""
        assert self.seconds is not None
        spent = self.runs[seat].spent(now)
        over = max(0.0, spent - self.seconds)
        return max(0.0, self.seconds - spent), max(0.0, self.banks[seat] - over)

    def update(
        self,
        asked: Iterable[int],
        restarted: Iterable[int],
        paused: bool,
        now: float,
        away: Iterable[int] = (),
    ) -> list[int]:
        """The seats ``asked`` now, those of them that acted since (``restarted``: their
        decision is a new one), whether the clock is ``paused``, the asked seats whose player
        is ``away`` (their clock stands still until they are back: leaving and coming back
        gives no fresh time): the seats whose bank changed."""
        if not self.on:
            return []
        asked, restarted, away = set(asked), set(restarted), set(away)
        changed = []
        for seat in list(self.runs):
            if seat in restarted:
                self._answered[seat] = min(self.runs[seat].spent(now), self.seconds or 0.0)
            if (seat not in asked or seat in restarted) and self._stop(seat, now):
                changed.append(seat)
        self.paused = paused
        for seat in sorted(asked - set(self.runs)):
            self._serial += 1
            self.runs[seat] = Running(self._serial, None, self._carried.pop(seat, 0.0))
        for seat, run in self.runs.items():
            still = paused or seat in away
            if still and run.since is not None:
                run.used, run.since = run.spent(now), None
            elif not still and run.since is None:
                run.since = now
        return changed

    def taken_back(self, now: float) -> list[int]:
        """Some answers were taken back (net/table/takebacks.py): whoever answered them is asked
        again with what their answer had used of its own time already gone — taking back and
        answering again never buys fresh time (the bank keeps what it paid). Only the asker's
        and bots' answers are ever taken back, and bots have no clock. The seats whose bank
        changed (a clock running since the answer stops and pays)."""
        changed = [s for s in self._answered if s in self.runs and self._stop(s, now)]
        self._carried.update(self._answered)
        self._answered.clear()
        return changed

    def _stop(self, seat: int, now: float) -> bool:
        """The decision is over (answered, or no longer asked): the bank pays what it took
        beyond its own time. True if the bank changed."""
        assert self.seconds is not None
        over = self.runs.pop(seat).spent(now) - self.seconds
        if over <= 0:
            return False
        self.banks[seat] = max(0.0, self.banks[seat] - over)
        return True

    def due(self) -> float | None:
        """When the next running clock runs out (None: none runs)."""
        if not self.on:
            return None
        assert self.seconds is not None
        ends = [
            run.since + self.seconds + self.banks[seat] - run.used
            for seat, run in self.runs.items()
            if run.since is not None
        ]
        return min(ends, default=None)

    def expire(self, now: float, known: set[int]) -> list[int]:
        """The seats whose decision time and bank are gone at ``now``: their bank is empty and
        they wait for the bot (``expired``; ``known``: the seats the table knows are asked)."""
        out = []
        for seat in sorted(self.runs):
            turn, bank = self.left(seat, now)
            if turn + bank <= EPSILON:
                del self.runs[seat]
                self.banks[seat] = 0.0
                self.expired[seat] = seat in known
                out.append(seat)
        return out


def clock_error(clock: object, bank: object) -> tuple[str, dict[str, int]] | None:
    """Why ``clock``/``bank`` (seconds; clock None: off) cannot be a table's: a code of
    engine/reasons.py and its parameters, or None if they can."""
    number = (int, float)
    if clock is not None and (
        isinstance(clock, bool)
        or not isinstance(clock, number)
        or not CLOCK_MIN <= clock <= CLOCK_MAX
    ):
        return "setup.clock_range", {"lo": CLOCK_MIN, "hi": CLOCK_MAX}
    if isinstance(bank, bool) or not isinstance(bank, number) or not 0 <= bank <= BANK_MAX:
        return "setup.bank_range", {"hi": BANK_MAX}
    return None
