"""One table, with no I/O: inputs in, one ``Output`` out.

Like websockets' sans-I/O protocol objects, a ``Table`` never touches a socket, a task or a
file, and reads the time only from the clock it is given (the host's monotonic clock; tests
turn a hand-driven one). The host (net/host.py) feeds it every input — a peer arrived
(``open``), sent a checked message (``receive``) or left (``leave``), a host bot moved
(``play``), a timer the table asked for is due (``fire``), the host decided something
(``start_now``, ``cover``, …) — and does what the ``Output`` (net/output.py) says: make its
``records`` durable (the journal), then send its ``messages``, then set or cancel its
``timers``.

Inside: the table's rules (seats, versions, views, chat; ``Rules``, net/rules.py), the paced
deal of a game that asks private questions while dealing (``DealPacer``, net/pacing.py, which
rewrites the frames' version so the number of those questions never shows), and the wait for
the people's results panels after a round (``ResultsWait``, net/resultswait.py), and the turn
clock (``TurnClock``, net/clock.py: a person out of time gets the table's bot for that one
decision, ``bot_plays``; it pauses under a results panel and the host's menu). Timers are
data: a ``Timer(key, at)`` asks the host to call ``fire(key)`` once the clock reads ``at``
(``at`` None: the timer is not wanted any more).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Generic

import engine

from .clock import TurnClock
from .journal import JournalData
from .memory import SeatMemory
from .messages import Refused, rejected_message
from .output import AWAY, CLOCK, PACE, RESULTS, TAKEBACK, Output, Timer
from .pacing import DealPacer
from .rebuild import Following, replay
from .resultswait import ResultsWait
from .rules import Message, Rules
from .seating import Guest, P, Seating
from .settings import TableSettings

__all__ = [
    "AWAY",
    "CLOCK",
    "PACE",
    "RESULTS",
    "TAKEBACK",
    "Guest",
    "Message",
    "Output",
    "Table",
    "Timer",
]


class Table(Generic[P]):
    """One game at one table, built from its ``settings``. ``clock`` is the table's time
    (seconds; None: always 0, for tests that need no time); a seat taken over by its token is
    taken over again only ``takeover_every`` seconds later. ``absent_bot`` is the host's
    ``--absent-bot`` (``HostLimits.absent_bot_after``), told to everyone in the table's info."""

    def __init__(
        self,
        settings: TableSettings,
        *,
        clock: Callable[[], float] | None = None,
        takeover_every: float = 5.0,
        absent_bot: float | None = None,
    ) -> None:
        self.rules: Rules[P] = Rules(
            settings, clock=clock, takeover_every=takeover_every, absent_bot=absent_bot
        )
        self._settings = settings
        paced = settings.people and settings.deal_tick > 0
        self.pacer = DealPacer(self.rules, self.bot_plays, paced=paced, tick=settings.deal_tick)
        self.memory: SeatMemory[P] = SeatMemory(self.now)
        """What each seat was shown, for its player's return (net/memory.py)."""
        self._armed: dict[str, float] = {}  # the timers asked for: key -> when
        self._paced_from: float | None = None  # when the pace timer last fired (was due)
        self.clock = TurnClock(settings.clock, settings.bank, settings.seats)
        """The people's turn clocks (net/clock.py; off unless ``settings.clock``)."""
        self.menu_open = False  # the host's menu is open: the clocks stop
        self._acted = 0  # the actions the clock has seen
        self._clock_told: dict[P, tuple] = {}  # what each peer was last told of the clocks
        self._granted = 0  # take-backs the pacer has been told of

    # -- the table as others see it ---------------------------------------------------------
    def settings(self) -> TableSettings:
        """Everything needed to build this table again, as it is now (the journal's header)."""
        rules = self.rules
        return replace(
            self._settings,
            seats=rules.game.seats,
            options=dict(rules.game.options),
            bot_seats=tuple(rules.bot_seats),
            tokens=tuple(rules.seating.tokens),
        )

    @property
    def game(self) -> engine.Game:
        return self.rules.game

    @game.setter
    def game(self, game: engine.Game) -> None:
        """A game set up by hand before the start (tests: a stacked deck)."""
        self.rules.game = game

    @property
    def game_name(self) -> str:
        return self.rules.game_name

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def seed(self) -> int:
        return self.rules.seed

    @property
    def actions(self) -> list[tuple[int, Any]]:
        """Every applied action with its seat, in order (the game record's)."""
        return self.rules.actions

    @property
    def review(self) -> Callable[[], Message] | None:
        """The full game record, served once the game is over (net/recording.py)."""
        return self.rules.review

    @review.setter
    def review(self, review: Callable[[], Message] | None) -> None:
        self.rules.review = review

    @property
    def seating(self) -> Seating[P]:
        return self.rules.seating

    @property
    def bot_seats(self) -> list[int]:
        return self.rules.bot_seats

    @property
    def peers(self) -> dict[P, Guest]:
        return self.rules.peers

    @property
    def results(self) -> ResultsWait:
        """Whose results panel the table waits for (net/resultswait.py)."""
        return self.rules.results

    @property
    def version(self) -> int:
        """The table's own count of actions (the frames carry ``wire_version``)."""
        return self.rules.version

    @property
    def wire_version(self) -> int:
        """The version the frames carry: without the paced deals' private decisions."""
        return self.pacer.wire_version

    @property
    def started(self) -> bool:
        return self.rules.started

    @property
    def over(self) -> bool:
        return self.rules.over

    @property
    def locked(self) -> bool:
        return self.rules.locked

    def seat_of(self, peer: P) -> int | None:
        return self.rules.seat_of(peer)

    def watching(self) -> list[Message]:
        """Who watches now (the ``lobby``'s ``watchers``: ``id``, ``name``, ``muted``)."""
        return self.rules.watchers.listing()

    def can_start_now(self) -> bool:
        return self.rules.controls.can_start_now()

    def sitters(self) -> list[Message]:
        """The ``sit`` records of the seats taken now, and the records of the spectators muted
        or sent away (with ``settings()``, a journal before the start: the compacted form of
        any join/leave churn)."""
        return self.rules.sitters() + self.rules.watchers.records()

    def now(self) -> float:
        return self.rules.now()

    def bot_plays(self, index: int) -> bool:
        """Whether the host's bot answers for seat ``index`` now (its own, or a covered
        player's while they are away)."""
        seat = self.rules.seating[index]
        return seat.bot or (seat.covered and seat.peer is None) or index in self.clock.expired

    def bots_hold(self) -> bool:
        """The host's bots must wait: the round after a paced deal is not shown yet, or the
        people's results panels are up (not during a shown deal: there the bots answer the
        engine's hidden questions at once, and the deal itself waits instead)."""
        pacer = self.pacer
        asked = self.rules.takebacks.request is not None  # the table decides a take-back
        return asked or pacer.holds() or (self.rules.results.holds and pacer.run is None)

    def bot_delay(self, delay: float) -> float:
        """How long a host bot waits before its move (``delay``; none while a deal is shown)."""
        return self.pacer.bot_delay(delay)

    # -- inputs --------------------------------------------------------------------------------
    def open(self, peer: P, nonce: bytes | None = None) -> Output[P]:
        """A new connection: it is greeted with a fresh nonce for its password proof."""
        return self._output(self.rules.open(peer, nonce))

    def receive(self, peer: P, message: Message) -> Output[P]:
        """A checked client message from ``peer``; ``Refused`` when the peer must go. An act
        carries the version its sender saw on the wire: it is the table's again (and during a
        shown deal, the pacer takes it) before anything checks it."""
        rules = self.rules
        if message["t"] == "history":
            return self._history(peer)
        seat = rules.seat_of(peer)
        if message["t"] == "act" and seat in self.clock.expired:  # the bot decides this one
            output = self._output([(peer, rejected_message(self.wire_version, "clock_out", {}))])
            output.refused = True
            return output
        paced = self.pacer.receive(seat, message, self.now())
        if paced is not None:  # a decision the pacer offered
            output, asked = self._output(paced, paced=True), True
        else:
            asked = rules.answers_request(peer, message)
            output = self._output(rules.receive(peer, message))
        output.refused = any(p == peer and m["t"] == "rejected" for p, m in output.messages)
        output.asked = asked and not output.refused
        return output

    def leave(self, peer: P) -> Output[P]:
        """The connection is gone."""
        self.memory.gone(peer)
        self._clock_told.pop(peer, None)
        return self._output(self.rules.leave(peer))

    def play(self, seat: int, action: Any, bot: bool = False) -> Output[P]:
        """A move of the host's bot (``bot=True``) or for a seat: ``IllegalAction`` if the
        engine refuses it."""
        return self._output(self.rules.play(seat, action, bot))

    def fire(self, key: str) -> Output[P]:
        """The timer ``key`` the table asked for is due."""
        due = self._armed.pop(key, None)
        if key == PACE:
            self._paced_from = due  # the next tick counts from this one, not from now
            if self.started and not self.game.over:
                return self._output(self.pacer.step(self.now()), paced=True)
            self._paced_from = None
            return Output()
        if key == RESULTS:
            self.rules.results.release()  # somebody walked away from an open panel
            return self._output([])
        if key == TAKEBACK:
            return self._output(self.rules.desk.expired())
        if key == AWAY:
            return self._output(self.rules.away.tell())
        if key == CLOCK:
            gone = self.clock.expire(self.now(), self.rules.awaited_openly())
            banks = [self._bank_record(seat) for seat in gone]
            output = self._output([])  # the bot plays for them now (``bot_plays``)
            output.records[:0] = banks
            return output
        raise ValueError(f"no timer {key!r}")

    # -- the host's decisions (net/controls.py) -----------------------------------------------
    def start(self) -> Output[P]:
        return self._output(self.rules.start())

    def start_now(self) -> Output[P]:
        """Make the table as small as the seats taken so far (ValueError if the game needs
        more); ``start`` then starts it (the settings changed in between: the host rewrites
        the journal's header)."""
        return self._output(self.rules.controls.start_now())

    def fill_with_bots(self) -> Output[P]:
        """Bots take every free seat (then ``start``, as after ``start_now``)."""
        return self._output(self.rules.controls.fill_with_bots())

    def cover(self, seat: int) -> Output[P]:
        return self._output(self.rules.controls.cover(seat))

    def remove(self, seat: int) -> Output[P]:
        return self._output(self.rules.controls.remove(seat))

    def mute(self, watcher: int, on: bool = True) -> Output[P]:
        """Mute (``on``) spectator ``watcher``'s chat, or let it speak again (net/watchers.py;
        ValueError: nobody watches as that number)."""
        return self._output(self.rules.watchers.mute(watcher, on))

    def send_away(self, watcher: int) -> Output[P]:
        """Ask spectator ``watcher`` to leave: it may not come back (net/watchers.py)."""
        return self._output(self.rules.watchers.send_away(watcher))

    def closing(self) -> Output[P]:
        return self._output(self.rules.controls.closing())

    def hold_clock(self, held: bool) -> Output[P]:
        """The host's menu opened (``held``) or closed: the turn clocks stop meanwhile."""
        self.menu_open = held
        return self._output([])

    # -- rebuilding from a journal ----------------------------------------------------------
    def replay(self, data: JournalData, follow: Callable[[int, Any], object] | None = None) -> None:
        """Put back what the journal ``data`` holds (net/journal.py). ``follow(seat,
        action)`` is called ahead of each action a host bot chose, so the bots live through
        the game again. The paced deals' private decisions are counted again, so the frames
        go on at the version the seats saw last."""
        legacy = "verifier" not in data.header  # bot moves were not marked then
        bot_seats = set(self.rules.bot_seats)
        pacer = self.pacer
        following = Following(
            by_bot=lambda i, seat: i in data.by_bot or (legacy and seat in bot_seats),
            before=follow,
            each=pacer.replayed,
        )
        takebacks = [(after, n) for after, n, _seat in data.takebacks]
        replay(self.rules, data.names, data.tokens, data.actions, data.bots, takebacks, following)
        pacer.caught_up()
        self.rules.watchers.restore(data.muted.items(), data.banned.items())
        for seat, left in data.banks.items():  # no free bank after a crash
            if 0 <= seat < len(self.clock.banks):
                self.clock.banks[seat] = min(self.clock.banks[seat], left)
        self._acted = len(self.rules.actions)
        self._granted = self.rules.takebacks.granted

    # -- inside ------------------------------------------------------------------------------
    def _output(self, out: list[tuple[P, Message]], paced: bool = False) -> Output[P]:
        """Everything one input made: the rules' messages as the pacer lets them out (or the
        pacer's own), the journal records, the wait for the results panels, the timers."""
        rules, now = self.rules, self.now()
        taken_back: list[Message] = []
        if rules.takebacks.granted != self._granted:  # the game was rebuilt without its tail
            self._granted = rules.takebacks.granted
            self.pacer.taken_back()
            if self.clock.on:
                taken_back = [self._bank_record(s) for s in self.clock.taken_back(now)]
        if not paced:
            out = self.pacer.outgoing(out, now)
        effects = rules.take_effects()
        timers: list[Timer] = []
        wait = self._settings.results_wait
        if effects.round_ended:
            # The version waited for is the one the round end was sent with (the wire's).
            if wait > 0 and rules.await_results(self.pacer.wire_version):
                timers.append(self._arm(RESULTS, now + wait))
            elif RESULTS in self._armed:
                timers.append(self._disarm(RESULTS))
        elif RESULTS in self._armed and not rules.results.holds:
            timers.append(self._disarm(RESULTS))  # everyone closed the panel (or left)
        out = out + rules.reading_news()  # who the table waits for, after the state
        if PACE not in self._armed and self._pacing_due():
            tick, since = self.pacer.tick, self._paced_from
            if since is None or since + tick <= now:  # (a loaded host: from now on)
                since = now
            timers.append(self._arm(PACE, since + tick))
        self._paced_from = None
        request = rules.takebacks.request
        if request is not None and self._armed.get(TAKEBACK) != request.until:
            timers.append(self._arm(TAKEBACK, request.until))
        elif request is None and TAKEBACK in self._armed:
            timers.append(self._disarm(TAKEBACK))
        away = rules.away.due()
        if away is not None and self._armed.get(AWAY) != away:
            timers.append(self._arm(AWAY, away))
        elif away is None and AWAY in self._armed:
            timers.append(self._disarm(AWAY))
        records = effects.records + taken_back
        if self.clock.on:
            notices, frames, banks = self._clock_news(now, timers)
            # "time ran out" reads before the move the bot made for the seat, not after it
            out, records = notices + out + frames, records + banks
        self._remember(out, effects.seating_changed)
        return Output(out, records, timers, effects.seating_changed)

    # -- the turn clock (net/clock.py) ------------------------------------------------------
    def _clocked(self) -> tuple[set[int], set[int]]:
        """The seats with a clock now — asked, a person's, not during a shown deal (its own
        windows time those) — and those of them whose player is away, told so (net/away.py):
        their clock stands still (the away bot covers them as before, and leaving gives no
        fresh time; through the grace before the table is told, it runs on as for a blink)."""
        rules = self.rules
        if not self.started or self.game.over or self.pacer.run is not None:
            return set(), set()
        seating = rules.seating
        asked = {s for s in self.game.pending() if not self.bot_plays(s)}
        return asked, {s for s in asked if seating[s].peer is None and seating[s].away_told}

    def _clock_news(
        self, now: float, timers: list[Timer]
    ) -> tuple[list[tuple[P, Message]], list[tuple[P, Message]], list[Message]]:
        """After any input: the clocks brought up to date, the notices of a bot that played for
        a seat out of time, the ``clock`` frames of whoever's picture changed, the bank records
        for the journal; the timer goes into ``timers``."""
        rules, clock = self.rules, self.clock
        acted = {seat for seat, _ in rules.actions[self._acted :]}
        self._acted = len(rules.actions)
        notices: list[tuple[P, Message]] = []
        out: list[tuple[P, Message]] = []
        pending = set(self.game.pending()) if self.started and not self.game.over else set()
        for seat in list(clock.expired):
            if seat in acted or seat not in pending:
                openly = clock.expired.pop(seat)
                if seat in acted:
                    notices += self._timed_out(seat, openly)
        # a results panel, the host's menu or a take-back asked of the table stops the clocks
        paused = rules.results.holds or self.menu_open or rules.takebacks.request is not None
        asked, away = self._clocked()
        banks = [self._bank_record(s) for s in clock.update(asked, acted, paused, now, away)]
        known = rules.awaited_openly() - away if clock.runs else set()
        for peer, guest in rules.peers.items():
            if not guest.joined:
                continue
            seats = [s for s in sorted(clock.runs) if s in known or s == guest.seat]
            picture = (clock.paused, *(clock.runs[s].serial for s in seats)) if seats else ()
            if picture == self._clock_told.get(peer, ()):
                continue
            self._clock_told[peer] = picture
            out.append((peer, self._clock_frame(seats, now)))
        due = clock.due()
        if due is not None and self._armed.get(CLOCK) != due:
            timers.append(self._arm(CLOCK, due))
        elif due is None and CLOCK in self._armed:
            timers.append(self._disarm(CLOCK))
        return notices, out, banks

    def _clock_frame(self, seats: list[int], now: float) -> Message:
        """The ``clock`` frame of ``seats``: seconds left counted from this frame."""
        running = []
        for seat in seats:
            left, bank = self.clock.left(seat, now)
            running.append({"seat": seat, "left": round(left, 1), "bank": round(bank, 1)})
        return {
            "t": "clock",
            "version": self.wire_version,
            "paused": self.clock.paused,
            "seats": running,
        }

    def _timed_out(self, seat: int, known: bool) -> list[tuple[P, Message]]:
        """The bot played for ``seat`` out of time: everyone hears it if everyone knew the seat
        was asked, otherwise only the seat's own player."""
        rules = self.rules
        notice = rules.notice("timed_out", seat=seat, name=rules.seating[seat].name or "")
        yours = rules.notice("timed_out_you", seat=seat)
        return [
            (peer, yours if guest.seat == seat else notice)
            for peer, guest in rules.peers.items()
            if guest.joined and (known or guest.seat == seat)
        ]

    def _bank_record(self, seat: int) -> Message:
        """The journal's record of what is left of ``seat``'s bank (no free bank on resume)."""
        return {"r": "bank", "seat": seat, "left": round(self.clock.banks[seat], 3)}

    def _remember(self, out: list[tuple[P, Message]], seating_changed: bool) -> None:
        """Keep what each seat's connection is sent that its log shows (net/memory.py)."""
        memory, seating = self.memory, self.rules.seating
        if seating_changed:
            memory.keep_only(seating.tokens)
        for peer, message in out:
            if message["t"] == "welcome":
                if message["seat"] is not None:
                    memory.joined(peer, message["token"])
                continue
            guest = self.rules.peers.get(peer)
            if guest is not None and guest.joined and guest.seat is not None:
                memory.note(seating[guest.seat].token, message)

    def _history(self, peer: P) -> Output[P]:
        """A returning screen asks what its seat was shown before this connection: once."""
        guest = self.rules.peers.get(peer)
        if guest is None or not guest.joined:
            raise Refused("protocol.join_first")
        items = self.memory.give(peer)
        return Output([] if items is None else [(peer, {"t": "history", "items": items})])

    def _pacing_due(self) -> bool:
        """Whether the pacer has something to do as time passes: a deal being shown, or a
        person asked in the open whose window runs."""
        pacer = self.pacer
        if not pacer.paced or not self.started or self.game.over:
            return False
        return pacer.run is not None or pacer.waiting(self.now())

    def _arm(self, key: str, at: float) -> Timer:
        self._armed[key] = at
        return Timer(key, at)

    def _disarm(self, key: str) -> Timer:
        self._armed.pop(key, None)
        return Timer(key, None)
