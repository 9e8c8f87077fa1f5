"""One table, with no I/O: inputs in, one ``Output`` out.

Like websockets' sans-I/O protocol objects, a ``Table`` never touches a socket, a task or a
file, and reads the time only from the clock it is given (the host's monotonic clock; tests
turn a hand-driven one). The host (net/doors/host.py) feeds it every input — a peer arrived
(``open``), sent a checked message (``receive``) or left (``leave``), a host bot moved
(``play``), a timer the table asked for is due (``fire``), the host decided something
(``decide``: a value of net/table/decisions.py), a host bot answered (``bot_answer``) — and
does what the
``Output`` (net/table/output.py) says: make its ``records`` durable (the journal), then send its
``messages``, then set or cancel its ``timers``, ask its bot (``ask``), keep the game's record
(``keep``). What a peer's message costs against its rate is the table's word too (``cost``).

Inside: the table's rules (seats, versions, views, chat; ``Rules``, net/table/rules.py), the paced
deal of a game that asks private questions while dealing (``DealPacer``, net/table/pacing.py, which
rewrites the frames' version so the number of those questions never shows), and the wait for
the people's results panels after a round (``ResultsWait``, net/table/resultswait.py), and the turn
clock (``TurnClock``, net/table/clock.py: a person out of time gets the table's bot for that one
decision, ``bot_plays``; it pauses under a results panel and the host's menu), the host's
bots' turns and covers (``BotTurns``, net/table/botturns.py: a bot's turn is a ``BOT`` timer with
its seat) and the game's record (``GameRecord``, net/kept/recording.py: the journal's ``began``,
the record to keep once the game is over, the review). Timers are data: a ``Timer(key, at)``
asks the host to call ``fire(key)`` once the clock reads ``at`` (``at`` None: the timer is not
wanted any more).

The table passes none of its parts' state along: a reader reads it where it lives — the game,
the seats, the version, who is connected in ``rules``; the version the frames carry in
``pacer`` (``wire_version``); the turn clocks in ``clock`` (tests/net/test_forwards.py).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generic, assert_never

import engine

from ..wire.messages import Refused, rejected_message
from .botturns import BotAsk, BotTurns
from .clock import TurnClock
from .clocknews import ClockNews
from .decisions import (
    Close,
    Cover,
    Decision,
    FillWithBots,
    HoldClock,
    Mute,
    Remove,
    SendAway,
    Start,
    StartNow,
)
from .memory import SeatMemory
from .output import AWAY, BOT, CLOCK, COVER, PACE, RESULTS, TAKEBACK, Output, Timer
from .pacing import DealPacer
from .rebuild import Following, replay
from .rules import Message, Rules
from .seating import Guest, P
from .settings import HostLimits, TableSettings

if TYPE_CHECKING:
    from ..kept.journal import JournalData
    from ..kept.recording import GameRecord

log = logging.getLogger("kotatsu.net.table.table")

__all__ = [
    "AWAY",
    "BOT",
    "CLOCK",
    "COVER",
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
    """One game at one table, built from its ``settings``, under the host's ``limits`` (its
    bots' delay and cover, the spectators' cap, what a chat line costs, …: net/table/settings.py).
    ``clock`` is the table's time (seconds; None: always 0, for tests that need no time)."""

    def __init__(
        self,
        settings: TableSettings,
        limits: HostLimits | None = None,
        *,
        clock: Callable[[], float] | None = None,
    ) -> None:
        limits = HostLimits() if limits is None else limits
        self.limits = limits
        self.rules: Rules[P] = Rules(settings, limits, clock=clock)
        self._settings = settings
        paced = settings.people and settings.deal_tick > 0
        self.pacer = DealPacer(self.rules, self.bot_plays, paced=paced, tick=settings.deal_tick)
        self.memory: SeatMemory[P] = SeatMemory(self.rules.now)
        """What each seat was shown, for its player's return (net/table/memory.py)."""
        self._armed: dict[str, float] = {}  # the timers asked for: key -> when
        self._paced_from: float | None = None  # when the pace timer last fired (was due)
        self.clock = TurnClock(settings.clock, settings.bank, settings.seats)
        """The people's turn clocks (net/table/clock.py; off unless ``settings.clock``)."""
        self.menu_open = False  # the host's menu is open: the clocks stop
        self.clock_news: ClockNews[P] = ClockNews(self)
        """What the table tells of the turn clock (net/table/clocknews.py)."""
        self._granted = 0  # take-backs the pacer has been told of
        self.turns = BotTurns(self, limits.bot_delay, limits.absent_bot_after)
        """The host's bots' turns and covers (net/table/botturns.py)."""
        self.recording: GameRecord | None = None
        """The game's record, if the table keeps one (``keep``)."""

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

    def sitters(self) -> list[Message]:
        """The ``sit`` records of the seats taken now, and the records of the spectators muted
        or sent away (with ``settings()``, a journal before the start: the compacted form of
        any join/leave churn)."""
        return self.rules.sitters() + self.rules.watchers.records()

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

    @property
    def showing_deal(self) -> bool:
        """Whether a paced deal is being shown (net/table/pacing.py): its own windows time it."""
        return self.pacer.run is not None

    # -- inputs --------------------------------------------------------------------------------
    def open(self, peer: P, nonce: bytes | None = None) -> Output[P]:
        """A new connection: it is greeted with a fresh nonce for its password proof."""
        return self._output(self.rules.open(peer, nonce))

    def receive(self, peer: P, message: Message) -> Output[P]:
        """A checked client message from ``peer``; ``Refused`` when the peer must go. An act
        carries the version its sender saw on the wire: it is the table's again (and during a
        shown deal, the pacer takes it) before anything checks it. The output says what the
        message costs against the peer's rate (``cost``)."""
        output = self._receive(peer, message)
        if output.asked:
            output.cost = 0.0
        elif message["t"] in ("chat", "review"):  # a review asks for a whole record
            output.cost = self.limits.chat_cost
        return output

    def _receive(self, peer: P, message: Message) -> Output[P]:
        rules = self.rules
        if message["t"] == "history":
            return self._history(peer)
        seat = rules.seat_of(peer)
        if message["t"] == "act" and seat in self.clock.expired:  # the bot decides this one
            output = self._output(
                [(peer, rejected_message(self.pacer.wire_version, "clock_out", {}))]
            )
            output.refused = True
            return output
        paced = self.pacer.receive(seat, message, self.rules.now())
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
        self.clock_news.told.pop(peer, None)
        return self._output(self.rules.leave(peer))

    def play(self, seat: int, action: Any, bot: bool = False) -> Output[P]:
        """A move for a seat (``bot=True``: the host's bot's): ``IllegalAction`` if the
        engine refuses it."""
        return self._output(self.rules.play(seat, action, bot))

    def bot_answer(self, ask: BotAsk, action: Any) -> Output[P]:
        """The host's bot answered ``ask`` (an ``Output.ask``) with ``action``: played if the
        table still asks it (net/table/botturns.py), else dropped and the seat asked again; an
        illegal answer is logged and the first legal action played instead."""
        if not self.turns.answered(ask):
            return self._output([])
        try:
            return self.play(ask.seat, action, bot=True)
        except engine.IllegalAction as exc:
            log.warning("bot at seat %s chose an illegal action (%s)", ask.seat, exc)
            return self.play(ask.seat, ask.legal[0], bot=True)

    def keep(self, record: GameRecord) -> None:
        """Keep the game's ``record`` as it plays (net/kept/recording.py), and serve it for review
        once the game is over."""
        self.recording = record
        self.rules.review = lambda: record.record(self)

    def unfinished(self) -> Message | None:
        """The host stops: the game's record to keep, unfinished (None: none to keep)."""
        return None if self.recording is None else self.recording.unfinished(self)

    def fire(self, key: str) -> Output[P]:
        """The timer ``key`` the table asked for is due."""
        due = self._armed.pop(key, None)
        if key == PACE:
            self._paced_from = due  # the next tick counts from this one, not from now
            if self.rules.started and not self.rules.game.over:
                return self._output(self.pacer.step(self.rules.now()), paced=True)
            self._paced_from = None
            return Output()
        if key == RESULTS:
            self.rules.results.release()  # somebody walked away from an open panel
            return self._output([])
        if key == TAKEBACK:
            return self._output(self.rules.desk.expired())
        if key == AWAY:
            return self._output(self.rules.away.tell())
        if key == BOT:  # a question changes nothing else: no other timer, no message
            ask = self.turns.fire()
            return self._output([]) if ask is None else Output(ask=ask)
        if key == COVER:
            covered: list[tuple[P, Message]] = []
            for seat in self.turns.due_covers(self.rules.now()):
                with contextlib.suppress(ValueError):  # the player came back meanwhile
                    covered += self.rules.controls.cover(seat)
            return self._output(covered)
        if key == CLOCK:
            gone = self.clock.expire(self.rules.now(), self.rules.awaited_openly())
            self.clock_news.fired()
            banks = [self.clock_news.bank_record(seat) for seat in gone]
            output = self._output([])  # the bot plays for them now (``bot_plays``)
            output.records[:0] = banks
            return output
        raise ValueError(f"no timer {key!r}")

    # -- the host's decisions (net/table/decisions.py) ---------------------------------------
    def decide(self, decision: Decision) -> Output[P]:
        """Do what the host decided (``ValueError``: why it cannot be done now). Starting with
        the seats taken so far (``StartNow``) or with bots in the free seats (``FillWithBots``)
        changes the settings before the start, then starts: the host writes the journal's
        header again first (``Output.rewrite``)."""
        rules = self.rules
        made: list[tuple[P, Message]] = []
        match decision:
            case Start():
                made = rules.start()
            case StartNow():
                return self._starting(rules.controls.start_now())
            case FillWithBots():
                return self._starting(rules.controls.fill_with_bots())
            case Cover(seat):
                made = rules.controls.cover(seat)
            case Remove(seat):
                made = rules.controls.remove(seat)
            case Mute(watcher, on):
                made = rules.watchers.mute(watcher, on)
            case SendAway(watcher):
                made = rules.watchers.send_away(watcher)
            case HoldClock(held):
                self.menu_open = held
            case Close():
                made = rules.controls.closing()
            case _:
                assert_never(decision)
        return self._output(made)

    def _starting(self, made: list[tuple[P, Message]]) -> Output[P]:
        """The seats were settled before the start (``made`` tells them): now the game starts."""
        settled = self._output(made)
        settled.rewrite = True
        return settled.then(self._output(self.rules.start()))

    # -- rebuilding from a journal ----------------------------------------------------------
    def replay(self, data: JournalData, follow: Callable[[int, Any], object] | None = None) -> None:
        """Put back what the journal ``data`` holds (net/kept/journal.py). ``follow(seat,
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
        self.clock_news.acted = len(self.rules.actions)
        self._granted = self.rules.takebacks.granted

    # -- inside ------------------------------------------------------------------------------
    def _output(self, out: list[tuple[P, Message]], paced: bool = False) -> Output[P]:
        """Everything one input made: the rules' messages as the pacer lets them out (or the
        pacer's own), the journal records, the wait for the results panels, the timers."""
        rules, now = self.rules, self.rules.now()
        taken_back: list[Message] = []
        if rules.takebacks.granted != self._granted:  # the game was rebuilt without its tail
            self._granted = rules.takebacks.granted
            self.pacer.taken_back()
            if self.clock.on:
                taken_back = [self.clock_news.bank_record(s) for s in self.clock.taken_back(now)]
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
            notices, frames, banks = self.clock_news.news(now, timers)
            # "time ran out" reads before the move the bot made for the seat, not after it
            out, records = notices + out + frames, records + banks
        self._remember(out, effects.seating_changed)
        timers += self.turns.timers(now)
        keep = None
        if self.recording is not None:
            began, keep = self.recording.step(self)
            records += began
        return Output(out, records, timers, effects.seating_changed, keep=keep)

    def _remember(self, out: list[tuple[P, Message]], seating_changed: bool) -> None:
        """Keep what each seat's connection is sent that its log shows (net/table/memory.py)."""
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
        if not pacer.paced or not self.rules.started or self.rules.game.over:
            return False
        return pacer.run is not None or pacer.waiting(self.rules.now())

    def _arm(self, key: str, at: float) -> Timer:
        self._armed[key] = at
        return Timer(key, at)

    def _disarm(self, key: str) -> Timer:
        self._armed.pop(key, None)
        return Timer(key, None)
