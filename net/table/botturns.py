"""When the host's bots move, without I/O: a bot's turn is a timer of the table.

After every input the table (net/table/table.py) asks which seat the host's bot answers for next —
its own seat, an away player's it covers, a person's out of time on the turn clock
(``Table.bot_plays``) — unless the table holds its bots (``Table.bots_hold``), and arms the
``BOT`` timer with that seat, the host's ``bot_delay`` on (none while a deal is shown). When
it fires, the table's output carries a ``BotAsk``: the seat, its view and its legal actions.
The host's bot thinks in the host's own time (a hard bot in its process pool, net/doors/hostbots.py)
and the host feeds the answer back (``Table.bot_answer``); an answer the table has moved past
meanwhile (the seat's legal actions changed, a round ended, its player came back) is dropped,
and the seat is asked again. One question is out at a time, as one bot moves at a time.

A seat left empty during play (its player gone, from the game's start or resume for one
nobody has taken back yet) is covered by the bot once it has been empty for the host's
``--absent-bot`` grace (the ``COVER`` timer; ``HostLimits.absent_bot_after``, None: never).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from engine.base import View

from .output import BOT, COVER, Timer

if TYPE_CHECKING:
    from .pacing import DealPacer
    from .rules import Rules


class BotAsk(NamedTuple):
    """A question for the host's bot at ``seat``: what it sees and may do now."""

    seat: int
    view: View
    legal: list[dict]


class Turning(Protocol):
    """What of the table (net/table/table.py) the bots' turns read."""

    @property
    def rules(self) -> Rules[Any]: ...
    @property
    def pacer(self) -> DealPacer: ...

    def bot_plays(self, index: int) -> bool: ...
    def bots_hold(self) -> bool: ...


class BotTurns:
    """The host's bots' turns and covers at one table (see the module docstring): ``delay``
    seconds before each move, a seat empty for ``grace`` seconds covered (None: never)."""

    def __init__(self, table: Turning, delay: float, grace: float | None) -> None:
        self.table = table
        self.delay = delay
        self.grace = grace
        self.asked: BotAsk | None = None
        """The question out to the host's bot (None: none)."""
        self._armed: tuple[int, int] | None = None  # (seat, version) the BOT timer is set for
        self._cover_at: float | None = None  # when the COVER timer is set for
        self.empty: dict[int, float] = {}
        """Each human seat empty during play and not covered yet, with since when."""

    def next_seat(self) -> int | None:
        """The seat the host's bot moves for next (None: no bot's turn now)."""
        table, rules = self.table, self.table.rules
        if not rules.started or rules.game.over or table.bots_hold():
            return None
        return next((s for s in rules.game.pending() if table.bot_plays(s)), None)

    def timers(self, now: float) -> list[Timer]:
        """After an input: the ``BOT`` and ``COVER`` timers that changed."""
        out: list[Timer] = []
        seat = None if self.asked is not None else self.next_seat()
        if seat is None:
            if self._armed is not None:
                self._armed = None
                out.append(Timer(BOT, None))
        elif self._armed != (seat, self.table.rules.version):
            self._armed = (seat, self.table.rules.version)
            out.append(Timer(BOT, now + self.table.pacer.bot_delay(self.delay), seat))
        self._note_empty(now)
        grace = self.grace
        due = min(self.empty.values()) + grace if self.empty and grace is not None else None
        if due != self._cover_at:
            self._cover_at = due
            out.append(Timer(COVER, due))
        return out

    def fire(self) -> BotAsk | None:
        """The ``BOT`` timer is due: the question for the bot (None: nothing to ask now)."""
        armed, self._armed = self._armed, None
        seat = self.next_seat()
        if armed is None or self.asked is not None or seat != armed[0] or seat is None:
            return None
        game = self.table.rules.game
        self.asked = BotAsk(seat, game.view(seat), game.legal_actions(seat))
        return self.asked

    def answered(self, ask: BotAsk) -> bool:
        """The host's bot answered ``ask``: whether its answer stands (the question is still
        the table's: the seat is asked the same, the bot plays it, nothing holds the bots)."""
        if self.asked is not ask:
            return False
        self.asked = None
        table, rules, seat = self.table, self.table.rules, ask.seat
        if not rules.started or rules.game.over or table.bots_hold():
            return False
        return table.bot_plays(seat) and rules.game.legal_actions(seat) == ask.legal

    def due_covers(self, now: float) -> list[int]:
        """The ``COVER`` timer is due: the seats empty for the whole grace now."""
        self._cover_at = None
        grace = self.grace or 0.0
        return [seat for seat, since in sorted(self.empty.items()) if since + grace <= now]

    def _note_empty(self, now: float) -> None:
        rules = self.table.rules
        if self.grace is None:
            return
        live = rules.started and not rules.game.over
        for seat in rules.seating.seats:
            if live and not seat.bot and seat.peer is None and not seat.covered:
                self.empty.setdefault(seat.index, now)
            else:
                self.empty.pop(seat.index, None)
