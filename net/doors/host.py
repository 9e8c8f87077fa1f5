"""The authoritative host of one table: the sockets, tasks, timers, journal and bots around a
``Table`` (net/table/table.py), which holds the table's rules and does no I/O.

The host only feeds the table — every connection's checked messages, connections and
leavings, the timers the table asked for as they fire, its bots' answers, its own screen's
decisions (``decide``: one door, net/table/decisions.py) — and does what
each ``Output`` says: journal its records, send its messages, set its timers, ask its bot
(``ask``: a bot's turn is a timer of the table, with its seat), keep the game's record
(``keep``), pace the peer by what its message cost (``cost``). Whose turn a bot has, when a
bot covers an away player, how many may watch and what a chat line costs are the table's
word: the host asks nothing of the game itself, and keeps only time, sockets and processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..kept.recording import HostRecorder
from ..table.botturns import BotAsk
from ..table.decisions import Close, Decision, Start
from ..table.settings import HostLimits, TableSettings, make_verifier
from ..table.table import BOT, Output, Table
from ..wire.codec import encode
from ..wire.connection import Connection
from ..wire.messages import Refused
from .gate import Doorway, Guesses
from .hostbots import SeatBots
from .listening import listening

if TYPE_CHECKING:  # a journal's module is imported when a table keeps one (kotatsu play: none)
    from ..kept.journal import Journal, JournalData

log = logging.getLogger("kotatsu.net.doors.host")


class Host:
    """Serves one table: its ``settings`` (net/table/settings.py; also the journal's header, written
    to ``journal`` if given) under the host's ``limits`` (docs/protocol.md).

    After a round/hand end (not the game's) the bots wait until every seated, connected person
    has closed its results panel (``results_seen``), for ``settings.results_wait`` s at most
    (net/table/resultswait.py); a table of bots alone never waits."""

    def __init__(
        self,
        settings: TableSettings,
        limits: HostLimits | None = None,
        *,
        journal: str | Path | None = None,
    ) -> None:
        limits = HostLimits() if limits is None else limits
        self.limits = limits
        self.table: Table[Connection] = Table(settings, limits, clock=time.monotonic)
        self.doorway = Doorway(
            limits.pending_per_address, limits.pending_total, limits.handshake_timeout
        )
        self.guesses = Guesses(limits.guess_delay, limits.guess_delay_max)
        self._churn = 0
        self.connections: set[Connection] = set()
        self.listeners: list[Callable[[Host], None]] = []
        """Called (synchronously) after every change of the seating, e.g. to refresh the TXT."""
        self.bots = SeatBots(settings.game, settings.seats, self.table.rules.seed, settings.level)
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._closing = False
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task] = set()
        self._finished: asyncio.Future | None = None
        self.journal: Journal | None = None
        self.recorder: HostRecorder | None = None
        """Where the game's record is kept (net/kept/recording.py): set by ``keep``."""
        if journal is not None:
            from ..kept.journal import Journal

            self.journal = Journal.create(journal, self._header(), fsync=limits.fsync)

    # -- construction from a journal -------------------------------------------------------
    @classmethod
    def resume(
        cls,
        path: str | Path,
        limits: HostLimits | None = None,
        *,
        password: str | None = None,
        level: str | None = None,
        results_wait: float | None = None,
        takebacks: str | None = None,
    ) -> Host:
        """Rebuild a table from its journal by replaying every recorded action; the host's bots
        make their recorded choices again, so they go on as if nothing had happened. A new
        ``password``, bots' ``level``, ``results_wait`` or ``takebacks`` replace the
        journal's. A journal
        from before verifiers (with the password in clear) is rewritten with a verifier."""
        from ..kept.journal import Journal, JournalError, held, read_journal

        if held(path):
            raise JournalError(f"the table of {path} is still open in another process")
        data = read_journal(path)
        settings = TableSettings.from_header(data.header)
        changes: dict[str, Any] = {}
        if password:
            changes["verifier"] = make_verifier(password)
        if level:
            changes["level"] = level
        if results_wait is not None:
            changes["results_wait"] = results_wait
        if takebacks is not None:
            changes["takebacks"] = takebacks
        host = cls(replace(settings, **changes), limits)
        rules = host.table.rules
        host.table.replay(
            data,
            follow=lambda seat, action: host.bots.follow(
                seat, rules.game.view(seat), rules.game.legal_actions(seat), action
            ),
        )
        host.journal = Journal.reopen(path, data.valid_bytes, fsync=host.limits.fsync)
        if password or data.header.get("password"):  # a verifier, and never a password
            host.journal.rewrite(host._header(), _records(data))
        host.resumed_port = data.port
        host.began = data.began
        return host

    def keep(self, recorder: HostRecorder) -> None:
        """Keep the game's record with ``recorder`` (net/kept/recording.py ``keep_records``): the
        table says when to (``Output.keep``, ``Table.unfinished``)."""
        self.recorder = recorder
        self.table.keep(recorder.game)

    resumed_port: int | None = None
    began: str | None = None
    """When the game began (UTC), as the journal of a resumed table says (net/kept/recording.py)."""

    def _header(self) -> dict[str, Any]:
        """The journal's header: the table's settings as they are now."""
        return self.table.settings().header()

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self, bind: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``bind``:``port`` (0 = any free port) and return the bound port."""
        loop = asyncio.get_running_loop()
        self._finished = loop.create_future()
        with listening(bind, port):
            self._server = await asyncio.start_server(self._serve, bind, port)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.journal is not None:
            self.journal.bound(self.port)
            self._compact()
        self.decide(Start())  # a table of bots, or resumed, starts now
        return self.port

    async def wait_over(self) -> dict[str, Any]:
        """The game's ``result()`` once it is over."""
        assert self._finished is not None, "start() first"
        return await asyncio.shield(self._finished)

    async def close(self) -> None:
        """Stop listening, close every connection (letting queued frames out), stop tasks and
        the table's timers (none is set any more)."""
        self._closing = True
        if self._server is not None:
            self._server.close()
        for conn in list(self.connections):
            conn.close()
        await asyncio.gather(*(c.wait_closed() for c in list(self.connections)))
        self.bots.close()
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)
        if self.journal is not None:
            self.journal.close()
        if self.recorder is not None:
            unfinished = self.table.unfinished()
            if unfinished is not None:
                self.recorder.save(unfinished)
        if self._finished is not None and not self._finished.done():
            self._finished.cancel()

    # -- the host's decisions: its own screen makes these (net/table/decisions.py) -------------
    def decide(self, decision: Decision) -> None:
        """Do what the host decided — ``StartNow()``, ``Cover(seat)``, ``HoldClock(held)``…
        (``ValueError``: why it cannot be done now): the table says what it makes."""
        self._deliver(self.table.decide(decision))

    async def close_table(self) -> None:
        """Close on purpose: everyone is told "the host closed the table" first."""
        with contextlib.suppress(Exception):
            self.decide(Close())
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
        limits = self.limits
        conn = Connection(
            reader, writer, rate=limits.rate, burst=limits.burst, cut_after=limits.flood_cut_after
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
            join = await conn.next_message(limits.handshake_timeout)
            self.doorway.leave(conn)  # handshake done; a pending proof is bounded by guesses
            await self._join(conn, join)
            while True:
                message = await conn.next_message(limits.idle_timeout)
                await conn.pace(self._receive(conn, message).cost)
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
        """The first message: a wrong password is answered late (net/doors/gate.py, the right one at
        once)."""
        if join["t"] == "join" and self.table.rules.locked:
            await self.guesses.attempt(conn.address, lambda: self._receive(conn, join))
        else:
            self._receive(conn, join)

    def _receive(self, conn: Connection, message: dict[str, Any]) -> Output[Connection]:
        """Hand ``message`` to the table and deliver its answer (which says what the message
        costs against the peer's rate)."""
        out = self.table.receive(conn, message)
        self._deliver(out)
        return out

    def _leave(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self._deliver(self.table.leave(conn))

    def _deliver(self, out: Output[Connection]) -> None:
        """Do what the table's output says: make its records durable, then send (each message
        encoded once however many get it; an ``error`` closes its connection), then set its
        timers. Then wake whoever waits on the table."""
        rules = self.table.rules
        if self.journal is not None:
            try:
                if out.rewrite:  # the settings changed before the start: a new header
                    self._rewrite()
                for record in out.records:
                    self.journal.write_frame(encode(record))
                    self._churn += record["r"] == "stand"
                if self._churn >= self.limits.compact_after and not rules.started:
                    self._compact()
            except OSError as exc:
                self._fail(f"cannot write the journal ({exc}); the table stops here")
                raise
        frames: dict[int, bytes] = {}
        for conn, message in out.messages:
            if message["t"] == "error":
                conn.close(message)
                continue
            frame = frames.get(id(message))
            if frame is None:
                frame = frames[id(message)] = encode(message)
            conn.send_frame(frame)
        for timer in out.timers:
            self._set_timer(timer.key, timer.at)
        if out.ask is not None:
            self._spawn(self._ask_bot(out.ask))
        if out.keep is not None and self.recorder is not None:
            self.recorder.save(out.keep)
        if out.seating_changed:
            for listener in list(self.listeners):
                listener(self)
        if rules.over and self._finished is not None and not self._finished.done():
            self._finished.set_result(rules.game.result())

    async def _ask_bot(self, ask: BotAsk) -> None:
        """The table asks the host's bot at ``ask.seat``: its answer goes back to the table
        (which drops it if it has moved on meanwhile, and asks again)."""
        try:
            action = await self.bots.decide(ask.seat, ask.view, ask.legal)
        except Exception as exc:
            log.exception("the bot at seat %s failed", ask.seat)
            self._fail(f"the bot at seat {ask.seat + 1} failed: {exc}")
            return
        if not self._closing:
            self._deliver(self.table.bot_answer(ask, action))

    def _compact(self) -> None:
        """Before the start, the journal is only the header and who sits now: rewrite it so
        join/leave churn does not grow it without bound."""
        if not self.table.rules.started:
            self._rewrite()

    def _rewrite(self) -> None:
        """The journal anew: the header, where the table listens, who sits now."""
        if self.journal is None:
            return
        port = [{"r": "port", "port": self.port}] if getattr(self, "port", None) else []
        self.journal.rewrite(self._header(), port + self.table.sitters())
        self._churn = 0

    # -- the table's timers --------------------------------------------------------------------
    def _set_timer(self, key: str, at: float | None) -> None:
        """Call the table's ``fire(key)`` when its clock reads ``at`` (None: never)."""
        handle = self._timers.pop(key, None)
        if handle is not None:
            handle.cancel()
        if at is not None and not self._closing:
            delay = max(0.0, at - self.table.rules.now())
            loop = asyncio.get_running_loop()
            self._timers[key] = loop.call_later(delay, self._fire, key)

    def _fire(self, key: str) -> None:
        self._timers.pop(key, None)
        try:
            self._deliver(self.table.fire(key))
        except Exception as exc:  # a bot's turn ends here (a bug, a failing disk): say why
            log.exception("the table's %s timer failed", key)
            if key == BOT:
                self._fail(f"the host's bot failed: {exc}")


def _records(data: JournalData) -> list[dict[str, Any]]:
    """A journal's records again, from what ``read_journal`` made of them (for ``rewrite``)."""
    records: list[dict[str, Any]] = [{"r": "port", "port": data.port}] if data.port else []
    records += [{"r": "sit", "seat": seat, "name": name} for seat, name in data.names.items()]
    for i, (seat, action) in enumerate(data.actions):
        record = {"r": "act", "seat": seat, "action": action}
        if i in data.by_bot:
            record["bot"] = True
        records.append(record)
        for after, n, asker in data.takebacks:
            if after == i + 1:
                records.append({"r": "takeback", "seat": asker, "n": n})
    records += [{"r": "bot", "seat": seat, "token": token} for seat, token in data.bots.items()]
    records += [{"r": "bank", "seat": seat, "left": left} for seat, left in data.banks.items()]
    records += [{"r": "began", "at": data.began}] if data.began else []
    records += [{"r": "mute", "key": k, "name": n, "on": True} for k, n in data.muted.items()]
    records += [{"r": "ban", "key": k, "name": n} for k, n in data.banned.items()]
    return records
