"""The authoritative host of one table: the sockets, tasks, timers, journal and bots around a
``Table`` (net/table.py), which holds the table's rules and does no I/O.

Every connection's checked messages go into the table; whatever it answers is journalled (if
it made records) and then sent. The host's bots and the bots covering absent players move
through the same table. It asks nothing of the game itself: that is the table's and the
engine's business.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine

from .codec import encode
from .connection import Connection
from .gate import Doorway, Guesses
from .hostbots import SeatBots
from .journal import Journal, JournalData, JournalError, held, read_journal
from .messages import Refused
from .pacing import DEFAULT_TICK, DealPacer
from .resultswait import RESULTS_WAIT
from .seating import Seating
from .table import Table

log = logging.getLogger("kotatsu.net.host")

MAX_SPECTATORS = 64
"""Joined spectators; seated players (and resumes) always get in."""


class Host:
    """Serves one table. ``bots`` is how many seats (the last ones) the host's bots take.

    Limits (docs/protocol.md): ``handshake_timeout`` for the whole handshake, ``idle_timeout``
    for each whole message after it; ``rate``/``burst`` for what the table did not ask for (a
    chat line counts ``chat_cost``), a peer over it is slowed and cut after
    ``flood_cut_after`` s; ``pending_per_address`` and ``pending_total`` connections may be
    joining at once; wrong passwords from one address wait ``guess_delay`` doubling up to
    ``guess_delay_max``; a seat is taken over by its token at most once per
    ``takeover_every`` s; before the start the journal is compacted after ``compact_after``
    leavings.

    After a round/hand end (not the game's) the bots wait until every seated, connected person
    has closed its results panel (``results_seen``), for ``results_timeout`` s at most
    (net/resultswait.py); a table of bots alone never waits."""

    def __init__(
        self,
        game: str,
        *,
        seats: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        bots: int = 0,
        name: str | None = None,
        password: str | None = None,
        journal: str | Path | None = None,
        bot_delay: float = 0.0,
        absent_bot_after: float | None = None,
        level: str = "normal",
        idle_timeout: float = 60.0,
        handshake_timeout: float = 10.0,
        rate: float = 50.0,
        burst: float = 100.0,
        flood_cut_after: float = 10.0,
        chat_cost: float = 5.0,
        pending_per_address: int = 8,
        pending_total: int = 32,
        max_spectators: int = MAX_SPECTATORS,
        guess_delay: float = 0.25,
        guess_delay_max: float = 30.0,
        takeover_every: float = 5.0,
        compact_after: int = 32,
        fsync: bool = True,
        deal_tick: float = DEFAULT_TICK,
        results_timeout: float = RESULTS_WAIT,
        _verifier: dict[str, bytes] | None = None,
        _tokens: list[str] | None = None,
        _bot_seats: list[int] | None = None,
    ) -> None:
        self.table: Table[Connection] = Table(
            game,
            seats=seats,
            options=options,
            seed=seed,
            bots=bots,
            name=name,
            password=password,
            verifier=_verifier,
            tokens=_tokens,
            clock=time.monotonic,
            takeover_every=takeover_every,
            bot_seats=_bot_seats,
        )
        self.bot_delay = bot_delay
        self.results_timeout = results_timeout
        self._results_timer: asyncio.TimerHandle | None = None
        self.idle_timeout = idle_timeout
        self.handshake_timeout = handshake_timeout
        self.rate, self.burst, self.flood_cut_after = rate, burst, flood_cut_after
        self.chat_cost = chat_cost
        self.doorway = Doorway(pending_per_address, pending_total, handshake_timeout)
        self.guesses = Guesses(guess_delay, guess_delay_max)
        self.max_spectators = max_spectators
        self.compact_after = compact_after
        self._churn = 0
        self.connections: set[Connection] = set()
        self.listeners: list[Callable[[Host], None]] = []
        """Called (synchronously) after every change of the seating, e.g. to refresh the TXT."""
        self.bots = SeatBots(game, self.seating, self.table.seed, absent_bot_after, level)
        self.bots.on_cover = self._covered_by_timer
        self._bots_on = False
        # Pacing the deal at tables with people (net/pacing.py); deal_tick=0: never paced.
        people = len(self.table.bot_seats) < self.table.game.seats
        self.pacer = DealPacer(
            self.table, self.bots.plays, paced=people and deal_tick > 0, tick=deal_tick or 1.0
        )
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task] = set()
        self._finished: asyncio.Future | None = None
        self.journal: Journal | None = None
        if journal is not None:
            self.journal = Journal.create(journal, self.settings(), fsync=fsync)

    # -- construction from a journal -------------------------------------------------------
    @classmethod
    def resume(cls, path: str | Path, **overrides: Any) -> Host:
        """Rebuild a table from its journal by replaying every recorded action; the host's bots
        make their recorded choices again, so they go on as if nothing had happened. A journal
        from before verifiers (with the password in clear) is rewritten with a verifier."""
        if held(path):
            raise JournalError(f"the table of {path} is still open in another process")
        data = read_journal(path)
        head = data.header
        settings = {
            "bot_delay": 0.0,
            "absent_bot_after": None,
            "fsync": True,
            "level": head.get("level", "normal"),  # journals before the level: normal bots
            **overrides,
        }
        password = settings.pop("password", None) or head.get("password")
        host = cls(
            head["game"],
            seats=head["seats"],
            options=head["options"],
            seed=head["seed"],
            bots=head["bots"],
            name=head["name"],
            password=password,
            _verifier=None if password else head.get("verifier"),
            _tokens=head["tokens"],
            _bot_seats=head.get("bot_seats"),
            **settings,
        )
        bot_seats = set(host.table.bot_seats)
        legacy = "verifier" not in head
        host.table.replay(
            data.names,
            data.tokens,
            data.actions,
            by_bot=lambda i, seat: i in data.by_bot or (legacy and seat in bot_seats),
            before=lambda seat, action: host.bots.follow(
                seat, host.game.view(seat), host.game.legal_actions(seat), action
            ),
            bots=data.bots,
        )
        host.journal = Journal.reopen(path, data.valid_bytes, fsync=settings["fsync"])
        if password:  # the header must hold this password's verifier, and never a password
            host.journal.rewrite(host.table.settings(), _records(data))
        host.resumed_port = data.port
        return host

    resumed_port: int | None = None

    def settings(self) -> dict[str, Any]:
        """The journal's header: the table's settings and how well its bots play."""
        return {**self.table.settings(), "level": self.bots.level}

    # -- the table as others see it ---------------------------------------------------------
    @property
    def game(self) -> engine.Game:
        return self.table.game

    @game.setter
    def game(self, game: engine.Game) -> None:
        self.table.game = game

    @property
    def game_name(self) -> str:
        return self.table.game_name

    @property
    def name(self) -> str:
        return self.table.name

    @property
    def password(self) -> bool:
        """Whether the table takes a password (the host keeps only its verifier)."""
        return self.table.locked

    @property
    def seating(self) -> Seating[Connection]:
        return self.table.seating

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def started(self) -> bool:
        return self.table.started

    @property
    def over(self) -> bool:
        return self.table.over

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self, bind: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``bind``:``port`` (0 = any free port) and return the bound port."""
        loop = asyncio.get_running_loop()
        self._finished = loop.create_future()
        self._server = await asyncio.start_server(self._serve, bind, port)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.journal is not None:
            self.journal.bound(self.port)
            self._compact()
        self._spawn(self._drive_bots())
        if self.pacer.paced:
            self._spawn(self._pace())
        self._deliver(self.table.start())
        return self.port

    async def wait_over(self) -> dict[str, Any]:
        """The game's ``result()`` once it is over."""
        assert self._finished is not None, "start() first"
        return await asyncio.shield(self._finished)

    async def close(self) -> None:
        """Stop listening, close every connection (letting queued frames out), stop tasks."""
        if self._server is not None:
            self._server.close()
        for conn in list(self.connections):
            conn.close()
        await asyncio.gather(*(c.wait_closed() for c in list(self.connections)))
        self.bots.close()
        self._stop_results_timer()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)
        if self.journal is not None:
            self.journal.close()
        if self._finished is not None and not self._finished.done():
            self._finished.cancel()

    # -- the host's decisions: its own screen calls these (net/controls.py) -------------------
    def start_now(self) -> None:
        """Start with the seats taken so far (ValueError if the game needs more)."""
        self._deliver(self.table.start_now())
        self._compact()
        self._deliver(self.table.start())

    def fill_with_bots(self) -> None:
        """Bots take every free seat, and the game starts."""
        self._deliver(self.table.fill_with_bots())
        self._compact()
        self._deliver(self.table.start())

    def cover(self, seat: int) -> None:
        """A bot plays the away player's ``seat`` until they come back."""
        self._deliver(self.table.cover(seat))
        self.bots.wakeup.set()

    def _covered_by_timer(self, seat: int) -> None:
        """``--absent-bot``: the grace period is over, so everyone sees "(bot plays)" now."""
        with contextlib.suppress(ValueError):  # the player came back in the meantime
            self._deliver(self.table.cover(seat))

    def remove(self, seat: int) -> None:
        """Send the player at ``seat`` away (during play a bot keeps the seat for good)."""
        self._deliver(self.table.remove(seat))
        self.bots.wakeup.set()

    async def close_table(self) -> None:
        """Close on purpose: everyone is told "the host closed the table" first."""
        with contextlib.suppress(Exception):
            self._deliver(self.table.closing())
        await self.close()

    def _fail(self, reason: str) -> None:
        """The table cannot go on: whoever waits for the result hears why."""
        if self._finished is not None and not self._finished.done():
            self._finished.set_exception(RuntimeError(reason))

    def _spawn(self, coro: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- one connection ---------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(
            reader, writer, rate=self.rate, burst=self.burst, cut_after=self.flood_cut_after
        )
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        try:
            stale = self.doorway.enter(conn, conn.address)
        except Refused as exc:
            conn.close(exc.message())
            await conn.wait_closed()
            return
        if stale is not None:  # a stranger joining too long gives its place to this one
            stale.close(Refused("full.joining", retry=self.doorway.patience).message())
        self.connections.add(conn)
        try:
            self._deliver(self.table.open(conn))
            join = await conn.next_message(self.handshake_timeout)
            self.doorway.leave(conn)  # handshake done; a pending proof is bounded by guesses
            await self._join(conn, join)
            while True:
                message = await conn.next_message(self.idle_timeout)
                asked = self.table.answers_request(conn, message)
                refused = self._receive(conn, message)
                cost = self.chat_cost if message["t"] == "chat" else 1.0
                await conn.pace(cost if refused or not asked else 0.0)
        except Refused as exc:
            if not exc.quiet:
                log.info("dropping %s: %s (%s)", conn.peer, exc, exc.code)
            conn.close(exc.message())
        except asyncio.CancelledError:  # only close() cancels: the handler ends quietly (a
            conn.close()  # cancelled handler task would be logged as an error by asyncio)
        except Exception as exc:  # a bug or a failing disk: this peer goes, the log says why
            log.exception("connection %s failed", conn.peer)
            conn.close(Refused("internal", error=type(exc).__name__).message())
        finally:
            self.doorway.leave(conn)
            self._leave(conn)
            await conn.wait_closed()

    async def _join(self, conn: Connection, join: dict[str, Any]) -> None:
        """The first message: a wrong password is answered late (net/gate.py, the right one at
        once); spectators are capped."""
        if join["t"] == "join" and self.table.locked:
            await self.guesses.attempt(conn.address, lambda: self._receive(conn, join))
        else:
            self._receive(conn, join)
        if self.table.seat_of(conn) is None and self._spectators() > self.max_spectators:
            raise Refused("full.spectators", n=self.max_spectators)

    def _spectators(self) -> int:
        return sum(
            1 for peer, guest in self.table.peers.items() if guest.joined and guest.seat is None
        )

    def _receive(self, conn: Connection, message: dict[str, Any]) -> bool:
        """Hand ``message`` to the table and deliver its answer; True if it was refused."""
        paced = self.pacer.receive(self.table.seat_of(conn), message, self._now())
        if paced is not None:  # the pacer answered (an act during a shown deal)
            self._deliver(paced, paced=True)
            return any(peer is conn and m["t"] == "rejected" for peer, m in paced)
        out = self.table.receive(conn, message)
        seat = self.table.seat_of(conn)
        if message["t"] == "join" and seat is not None:
            self.bots.returned(seat)  # a resumed seat is the player's again, not a bot's
        self._deliver(out)
        return any(peer is conn and m["t"] == "rejected" for peer, m in out)

    def _leave(self, conn: Connection) -> None:
        self.connections.discard(conn)
        seat = self.table.seat_of(conn)
        self._deliver(self.table.leave(conn))
        if seat is not None and self.seating[seat].peer is None and self.started and not self.over:
            self.bots.absent(seat)  # after a grace period, a bot covers the empty seat

    def _deliver(self, out: list[tuple[Connection, dict[str, Any]]], paced: bool = False) -> None:
        """Make the table's records durable, then send: each message encoded once however many
        get it; an ``error`` closes its connection. Then wake whoever waits on the table.
        The table's messages go through the pacer first (``paced``: they come from it)."""
        if not paced:
            out = self.pacer.outgoing(out, self._now())
        effects = self.table.take_effects()
        if effects.round_ended:
            self._await_results()
        elif self._results_timer is not None and not self.table.results.holds:
            self._stop_results_timer()  # everyone closed the panel (or left)
        out = out + self.table.reading_news()  # who the table waits for, after the state
        if self.journal is not None:
            try:
                for record in effects.records:
                    self.journal.write_frame(encode(record))
                    self._churn += record["r"] == "stand"
                if self._churn >= self.compact_after and not self.started:
                    self._compact()
            except OSError as exc:
                self._fail(f"cannot write the journal ({exc}); the table stops here")
                raise
        frames: dict[int, bytes] = {}
        for conn, message in out:
            if message["t"] == "error":
                conn.close(message)
                continue
            frame = frames.get(id(message))
            if frame is None:
                frame = frames[id(message)] = encode(message)
            conn.send_frame(frame)
        if effects.seating_changed:
            for listener in list(self.listeners):
                listener(self)
        if not self.started:
            return
        if self.game.over:
            if self._finished is not None and not self._finished.done():
                self._finished.set_result(self.game.result())
            return
        if not self._bots_on:
            self._bots_on = True
            self.bots.all_absent()
        self.bots.wakeup.set()

    async def _drive_bots(self) -> None:
        """Let the host's bots (and bots covering absent players) move whenever it is their turn."""
        while True:
            await self.bots.wakeup.wait()
            self.bots.wakeup.clear()
            while self.started and not self.game.over:
                seat = next((s for s in self.game.pending() if self.bots.plays(s)), None)
                if seat is None or self.pacer.holds() or self._results_hold():
                    break
                delay = self.pacer.bot_delay(self.bot_delay)
                if delay:
                    await asyncio.sleep(delay)
                    if seat not in self.game.pending() or not self.bots.plays(seat):
                        continue
                    if self._results_hold():  # a round ended while the bot waited
                        break
                try:
                    await self._bot_move(seat)
                except Exception as exc:
                    log.exception("the bot at seat %s failed", seat)
                    self._fail(f"the bot at seat {seat + 1} failed: {exc}")
                    return
                await asyncio.sleep(0)

    def _compact(self) -> None:
        """Before the start, the journal is only the header and who sits now: rewrite it so
        join/leave churn does not grow it without bound."""
        if self.journal is None or self.started:
            return
        port = [{"r": "port", "port": self.port}] if getattr(self, "port", None) else []
        self.journal.rewrite(self.settings(), port + self.table.sitters())
        self._churn = 0

    async def _bot_move(self, seat: int) -> None:
        legal = self.game.legal_actions(seat)
        action = await self.bots.decide(seat, self.game.view(seat), legal)
        if self.game.over or legal != self.game.legal_actions(seat) or not self.bots.plays(seat):
            return  # the table moved on while the bot thought: it is asked again
        try:
            out = self.table.play(seat, action, bot=True)
        except engine.IllegalAction as exc:
            log.warning(
                "bot at seat %s chose an illegal action (%s); playing %r", seat, exc, legal[0]
            )
            out = self.table.play(seat, legal[0], bot=True)
        self._deliver(out)

    # -- waiting for the results panels (net/resultswait.py) ----------------------------------
    def _results_hold(self) -> bool:
        """The bots wait for people's results panels. Not during a shown Mi Shi deal: there the
        bots answer the engine's hidden questions at once, and the deal itself waits instead
        (``_pace``)."""
        return self.table.results.holds and self.pacer.run is None

    def _await_results(self) -> None:
        """A round/hand ended: wait for the people's panels, at most ``results_timeout`` s.
        The version waited for is the one the round end was sent with (the pacer's); a
        timeout of 0 never waits."""
        self._stop_results_timer()
        if self.results_timeout > 0 and self.table.await_results(self.pacer.wire_version):
            loop = asyncio.get_running_loop()
            self._results_timer = loop.call_later(self.results_timeout, self._results_timed_out)

    def _results_timed_out(self) -> None:
        """Somebody walked away from an open panel: the table goes on without them."""
        self._results_timer = None
        self.table.results.release()
        self._deliver([])  # nobody is waited for any more: the players see it
        self.bots.wakeup.set()

    def _stop_results_timer(self) -> None:
        if self._results_timer is not None:
            self._results_timer.cancel()
            self._results_timer = None

    # -- pacing (net/pacing.py) ---------------------------------------------------------------
    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    async def _pace(self) -> None:
        """Show a Mi Shi deal at a steady pace and answer for people whose window is over."""
        while True:
            await asyncio.sleep(self.pacer.tick)
            if self.started and not self.game.over:
                self._deliver(self.pacer.step(self._now()), paced=True)


def _records(data: JournalData) -> list[dict[str, Any]]:
    """A journal's records again, from what ``read_journal`` made of them (for ``rewrite``)."""
    records: list[dict[str, Any]] = [{"r": "port", "port": data.port}] if data.port else []
    records += [{"r": "sit", "seat": seat, "name": name} for seat, name in data.names.items()]
    for i, (seat, action) in enumerate(data.actions):
        record = {"r": "act", "seat": seat, "action": action}
        if i in data.by_bot:
            record["bot"] = True
        records.append(record)
    records += [{"r": "bot", "seat": seat, "token": token} for seat, token in data.bots.items()]
    return records
