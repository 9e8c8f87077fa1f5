"""The authoritative host of one table: one engine, many connections, no rules of its own.

The host asks the engine whether an action is legal and whose turn it is; it owns only the
table's plumbing: seating, the handshake, versions, who gets which view, chat, bots in the
process, the journal. Every seat is sent only its own ``view``; spectators the spectator view.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine

from .codec import encode
from .connection import Connection, Dropped
from .hostbots import SeatBots
from .journal import Journal, JournalData, read_journal
from .messages import NONCE_BYTES, PROTOCOL_VERSION, clean_chat, clean_name, password_proof
from .seating import JoinRefused, Seating

log = logging.getLogger("kotatsu.net.host")

MAX_CONNECTIONS = 64


class Host:
    """Serves one table. ``bots`` is how many seats (the last ones) the host's bots take."""

    def __init__(
        self,
        game: str,
        seats: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        bots: int = 0,
        name: str | None = None,
        password: str | None = None,
        journal: str | Path | None = None,
        *,
        bot_delay: float = 0.0,
        absent_bot_after: float | None = None,
        idle_timeout: float = 60.0,
        handshake_timeout: float = 10.0,
        rate: float = 50.0,
        burst: float = 100.0,
        fsync: bool = True,
        _tokens: list[str] | None = None,
    ) -> None:
        if game not in engine.GAMES:
            raise ValueError(f"unknown game {game!r} (games: {', '.join(engine.GAMES)})")
        seats = engine.GAMES[game].DEFAULT_SEATS if seats is None else seats
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots <= seats:
            raise ValueError(f"bots: must be from 0 to {seats}")
        self.game_name = game
        self.seed = secrets.randbits(63) if seed is None else seed
        self.game = engine.new_game(game, seats, options, seed=self.seed)
        self.name = clean_name(name or "", f"{engine.GAMES[game].TITLE or game} table")
        self.password = password or None
        self.bot_seats = list(range(seats - bots, seats))
        self.seating = Seating(seats, self.bot_seats, _tokens)
        self.bot_delay = bot_delay
        self.idle_timeout = idle_timeout
        self.handshake_timeout = handshake_timeout
        self.rate, self.burst = rate, burst
        self.version = 0
        self.started = False
        self.connections: set[Connection] = set()
        self.listeners: list[Callable[[Host], None]] = []
        """Called (synchronously) after every change of the seating, e.g. to refresh the TXT."""
        self.bots = SeatBots(game, self.seating, self.seed, absent_bot_after)
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task] = set()
        self._finished: asyncio.Future | None = None
        self.journal: Journal | None = None
        if journal is not None:
            self.journal = Journal.create(journal, self._journal_header(), fsync=fsync)

    # -- construction from a journal -------------------------------------------------------
    @classmethod
    def resume(cls, path: str | Path, **overrides: Any) -> Host:
        """Rebuild a table from its journal by replaying every recorded action."""
        data = read_journal(path)
        head = data.header
        settings = {
            "bot_delay": 0.0,
            "absent_bot_after": None,
            "fsync": True,
            **overrides,
        }
        password = settings.pop("password", None) or head.get("password")
        host = cls(
            head["game"],
            head["seats"],
            head["options"],
            head["seed"],
            head["bots"],
            head["name"],
            password,
            None,
            _tokens=head["tokens"],
            **settings,
        )
        host._replay(data)
        host.journal = Journal.reopen(path, data.valid_bytes, fsync=settings["fsync"])
        host.resumed_port = data.port
        return host

    resumed_port: int | None = None

    def _replay(self, data: JournalData) -> None:
        for index, token in data.tokens.items():
            self.seating[index].token = token
        for index, name in data.names.items():
            self.seating[index].name = name
        if self.seating.full:
            self.started = True
        for seat, action in data.actions:
            try:
                self.game.apply(seat, action)
            except engine.IllegalAction as exc:
                raise ValueError(f"the journal does not replay: {exc}") from None
            self.version += 1

    def _journal_header(self) -> dict[str, Any]:
        return {
            "game": self.game_name,
            "seats": self.game.seats,
            "options": self.game.options,
            "seed": self.seed,
            "bots": len(self.bot_seats),
            "name": self.name,
            "password": self.password,
            "tokens": self.seating.tokens,
        }

    # -- the table as others see it ---------------------------------------------------------
    @property
    def table(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "game": self.game_name,
            "options": self.game.options,
            "seats": self.game.seats,
            "password": self.password is not None,
        }

    @property
    def over(self) -> bool:
        return self.started and self.game.over

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self, bind: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``bind``:``port`` (0 = any free port) and return the bound port."""
        loop = asyncio.get_running_loop()
        self._finished = loop.create_future()
        self._server = await asyncio.start_server(self._serve, bind, port)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.journal is not None:
            self.journal.bound(self.port)
        self._spawn(self._drive_bots())
        if self.over:
            self._finished.set_result(self.game.result())
        elif self.started:
            self.bots.all_absent()
            self.bots.wakeup.set()
        else:
            self._maybe_start()
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
        conn = Connection(reader, writer, rate=self.rate, burst=self.burst)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        if len(self.connections) >= MAX_CONNECTIONS:
            conn.close("full", "this table has too many connections")
            return
        self.connections.add(conn)
        try:
            nonce = secrets.token_bytes(NONCE_BYTES)
            conn.send({"t": "hello", "v": PROTOCOL_VERSION, "table": self.table, "nonce": nonce})
            join = await conn.next_message(self.handshake_timeout)
            self._join(conn, join, nonce)
            async for message in conn.messages(self.idle_timeout):
                self._dispatch(conn, message)
        except JoinRefused as exc:
            conn.close(exc.code, exc.msg)
        except Dropped as exc:
            if exc.code:
                log.info("dropping %s: %s", conn.peer, exc.msg)
            conn.close(exc.code, exc.msg)
        except asyncio.CancelledError:
            conn.close()
            raise
        except Exception as exc:  # a bug or a failing disk: this peer goes, the log says why
            log.exception("connection %s failed", conn.peer)
            conn.close("internal", f"the host failed: {type(exc).__name__}")
        finally:
            self._leave(conn)
            await conn.wait_closed()

    def _join(self, conn: Connection, join: dict[str, Any], nonce: bytes) -> None:
        if join["t"] != "join":
            raise JoinRefused("protocol", "the first message must be a join")
        if self.password is not None:
            proof = password_proof(self.password, nonce)
            if join["auth"] is None or not hmac.compare_digest(proof, join["auth"]):
                raise JoinRefused("password", "wrong password")
        if join["token"] is not None:
            seat = self.seating.by_token(join["token"])
            if seat.conn is not None:
                seat.conn.close("replaced", "this seat was taken over by a new connection")
            self.bots.returned(seat.index)
        elif join["spectator"]:
            seat = None
        else:
            seat = self.seating.choose(join["seat"])
            seat.name = clean_name(join["name"], f"Player {seat.index + 1}")
            if self.journal is not None:
                self.journal.sit(seat.index, seat.name)
        conn.joined = True
        if seat is None:
            conn.spectator = True
            conn.name = clean_name(join["name"], "Spectator")
        else:
            seat.conn = conn
            conn.seat = seat.index
            conn.name = seat.name or ""
        conn.send(
            {
                "t": "welcome",
                "seat": conn.seat,
                "token": seat.token if seat is not None else None,
                "table": self.table,
            }
        )
        self._lobby_changed()
        if self.started:
            conn.send(self._state_message(conn.seat, []))
        else:
            self._maybe_start()

    def _leave(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if conn.seat is None:
            return
        seat = self.seating[conn.seat]
        if seat.conn is not conn:
            return
        seat.conn = None
        if not self.started and not seat.bot:
            # Nothing is lost before the start: free the seat rather than block the table.
            self.seating.free(seat.index)
            if self.journal is not None:
                self.journal.stand(seat.index, seat.token)
        self._lobby_changed()
        if self.started and not self.game.over:
            self.bots.absent(seat.index)

    def _dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "act":
            self._on_act(conn, message)
        elif kind == "chat":
            self._on_chat(conn, message)
        elif kind == "ping":
            conn.send({"t": "pong", "n": message["n"]})
        else:
            raise Dropped("protocol", f"unexpected {kind} after joining")

    # -- play --------------------------------------------------------------------------------
    def _reject(self, conn: Connection, reason: str) -> None:
        conn.send({"t": "rejected", "version": self.version, "reason": reason})

    def _on_act(self, conn: Connection, message: dict[str, Any]) -> None:
        seat = conn.seat
        if seat is None:
            return self._reject(conn, "spectators cannot act")
        if not self.started:
            return self._reject(conn, "the game has not started yet")
        if self.game.over:
            return self._reject(conn, "the game is over")
        if message["version"] != self.version:
            return self._reject(
                conn,
                f"stale action: you saw version {message['version']}, the table is at "
                f"{self.version}",
            )
        if seat not in self.game.pending():
            return self._reject(conn, "it is not your turn")
        try:
            self._apply(seat, message["action"])
        except engine.IllegalAction as exc:
            self._reject(conn, exc.reason)

    def _apply(self, seat: int, action: Any) -> None:
        """Apply through the engine, journal it (fsync'd), then tell everyone."""
        record = encode({"r": "act", "seat": seat, "action": action}) if self.journal else b""
        try:
            events = self.game.apply(seat, action)
        except engine.IllegalAction:
            raise
        except Exception as exc:  # an engine bug must not take the table down
            log.exception("engine failed on seat %s action %r", seat, action)
            raise engine.IllegalAction(f"the engine could not apply this action ({exc})") from exc
        if self.journal is not None:
            try:
                self.journal.write_frame(record)
            except OSError as exc:
                self._fail(f"cannot write the journal ({exc}); the table stops here")
                raise
        self.version += 1
        self._publish(events)
        if self.game.over:
            if self._finished is not None and not self._finished.done():
                self._finished.set_result(self.game.result())
        else:
            self.bots.wakeup.set()

    def _state_message(self, seat: int | None, events: list[Any]) -> dict[str, Any]:
        live = self.started and not self.game.over and seat is not None
        legal = self.game.legal_actions(seat) if live else []
        return {
            "t": "state",
            "version": self.version,
            "view": self.game.view(seat),
            "events": events,
            "legal": legal,
        }

    def _publish(self, events: list[Any]) -> None:
        """Send every joined connection its own view, the public events and its legal actions."""
        spectator_frame: bytes | None = None
        for conn in list(self.connections):
            if not conn.joined:
                continue
            if conn.seat is None:
                if spectator_frame is None:
                    spectator_frame = encode(self._state_message(None, events))
                conn.send_frame(spectator_frame)
            else:
                conn.send(self._state_message(conn.seat, events))

    def _maybe_start(self) -> None:
        if self.started or not self.seating.full:
            return
        self.started = True
        self._lobby_changed()
        self._publish([])
        self.bots.all_absent()
        self.bots.wakeup.set()

    def _lobby_changed(self) -> None:
        frame = encode({"t": "lobby", "players": self.seating.lobby(), "started": self.started})
        for conn in list(self.connections):
            if conn.joined:
                conn.send_frame(frame)
        for listener in list(self.listeners):
            listener(self)

    async def _drive_bots(self) -> None:
        """Let the host's bots (and bots covering absent players) move whenever it is their turn."""
        while True:
            await self.bots.wakeup.wait()
            self.bots.wakeup.clear()
            while self.started and not self.game.over:
                seat = next((s for s in self.game.pending() if self.bots.plays(s)), None)
                if seat is None:
                    break
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                    if seat not in self.game.pending() or not self.bots.plays(seat):
                        continue
                try:
                    self._bot_move(seat)
                except Exception as exc:
                    log.exception("the bot at seat %s failed", seat)
                    self._fail(f"the bot at seat {seat + 1} failed: {exc}")
                    return
                await asyncio.sleep(0)

    def _bot_move(self, seat: int) -> None:
        legal = self.game.legal_actions(seat)
        action = self.bots.choose(seat, self.game.view(seat), legal)
        try:
            self._apply(seat, action)
        except engine.IllegalAction as exc:
            log.warning(
                "bot at seat %s chose an illegal action (%s); playing %r", seat, exc, legal[0]
            )
            self._apply(seat, legal[0])

    # -- chat ---------------------------------------------------------------------------------
    @property
    def whispers_allowed(self) -> bool:
        """Private messages only where the game's options offer them (SwaPo's adult_talk)."""
        return self.game.options.get("adult_talk") is True

    def _on_chat(self, conn: Connection, message: dict[str, Any]) -> None:
        text = clean_chat(message["text"])
        if not text:
            return self._reject(conn, "empty message")
        to = message["to"]
        line = {"t": "chat", "from": conn.seat, "name": conn.name, "text": text, "to": to}
        if to is None:
            frame = encode(line)
            for other in list(self.connections):
                if other.joined:
                    other.send_frame(frame)
            return None
        if not self.whispers_allowed:
            return self._reject(conn, "whispers are off at this table")
        if conn.seat is None:
            return self._reject(conn, "spectators cannot whisper")
        if not 0 <= to < len(self.seating) or to == conn.seat:
            return self._reject(conn, "you can whisper only to another seat")
        target = self.seating[to].conn
        if target is None:
            return self._reject(conn, "that player is not connected")
        target.send(line)
        conn.send(line)
        return None
