"""The client side of the wire, as the TUI and the bot client use it (docs/contracts.md).

``Client`` connects, proves the password if any, takes or resumes a seat, and then hands out
the host's messages as plain dicts. When the link drops it reconnects by itself with backoff,
using its resume token, and says so with ``{"t": "connection", "status": ...}`` messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, NamedTuple

from ..kept.recording import SeatRecorder
from .codec import HOST_FRAME_LIMIT, encode
from .framing import FrameReader
from .messages import (
    PROTOCOL_VERSION,
    Refused,
    check_host,
    clean_host_text,
    error_message,
    password_key,
    password_proof,
)
from .reasons import family
from .tokens import token_hex

if TYPE_CHECKING:  # the user's kept seats: read only when a seat is kept
    from ..kept.seatstore import SeatFile

log = logging.getLogger("kotatsu.net.wire.client")

NO_RECONNECT_CODES = {  # error code families (``full.seats`` is a ``full``)
    "replaced",
    "flood",
    "protocol",
    "password",
    "token",
    "full",
    "closed",
    "removed",
    "banned",
}
"""Codes after which trying again cannot help; ``full`` or ``busy`` with a ``retry`` is tried
again after that many seconds (see ``Client``)."""
RETRY_LIMIT = 30.0
"""The longest wait a host's ``retry`` can impose on the client at once."""


def arrived(queue: asyncio.Queue[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages in ``queue`` now, taken without waiting, up to a change of the connection:
    that change and what follows it stay in ``queue``, in their order."""
    taken: list[dict[str, Any]] = []
    left: list[dict[str, Any]] = []
    while not queue.empty():
        message = queue.get_nowait()
        (left if left or message["t"] == "connection" else taken).append(message)
    for message in left:
        queue.put_nowait(message)
    return taken


def _check_host(message: Any) -> dict[str, Any]:
    return clean_host_text(check_host(message))


class _Link:
    """One TCP connection to the host, read through the shared frame reader."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.frames = FrameReader(reader, limit=HOST_FRAME_LIMIT, check=_check_host)

    async def receive(self) -> dict[str, Any]:
        """The next checked host message; ConnectionError when the stream ends or is bad."""
        try:
            return await self.frames.receive()
        except Refused as exc:
            raise ConnectionError(f"from the host: {exc}") from None

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()


class Staying(NamedTuple):
    """How a client holds on to its table: whether it ``reconnect``s when the link drops
    (within ``give_up_after`` s, waiting at most ``backoff_max`` s between tries), how often
    it pings (``ping_interval``) and when a silent host counts as gone (``dead_after``), how
    long it waits for an answer when connecting (``connect_timeout``) and keeps trying a host
    that answers ``full`` with a ``retry`` (``retry_for``), and whether it keeps the seat's
    token in the user's state directory (``keep_seat``, net/kept/seatstore.py: a seat kept there
    is taken back when joining the same table again)."""

    reconnect: bool = True
    ping_interval: float = 5.0
    dead_after: float = 15.0
    connect_timeout: float = 5.0
    backoff_max: float = 2.0
    give_up_after: float = 600.0
    retry_for: float = 60.0
    keep_seat: bool = False


HOLD_ON = Staying()
"""How a client holds on unless told: reconnects, pings, keeps no seat."""


class Client:
    """A seat (or a spectator's chair) at a remote table, holding on to it as ``staying``
    says."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str = "",
        password: str | None = None,
        seat: int | None = None,
        spectator: bool = False,
        token: str | None = None,
        *,
        staying: Staying = HOLD_ON,
    ) -> None:
        self.host, self.port = host, port
        self.name = name
        self.password = password
        self.wish = seat
        self.spectator = spectator
        self.token = token
        self.reconnect = staying.reconnect
        self.ping_interval = staying.ping_interval
        self.dead_after = staying.dead_after
        self.connect_timeout = staying.connect_timeout
        self.backoff_max = staying.backoff_max
        self.give_up_after = staying.give_up_after
        self.retry_for = staying.retry_for
        self.keep_seat = staying.keep_seat
        self._slot: SeatFile | None = None
        self.key: str | None = None
        """Who this client is at the table (net/table/watchers.py): with ``keep_seat``, this user's
        own key for it (net/kept/seatstore.py); else one of this client's, kept while it runs."""
        self.recorder: SeatRecorder | None = None
        """Keeps what this seat saw as a record (net/kept/recording.py) when set."""
        self.last_error: dict[str, Any] | None = None
        """The host's last ``error`` (e.g. ``closed``: the host closed the table)."""
        self._keys: dict[bytes, bytes] = {}
        self.seat: int | None = None
        self.resumed = False
        """The last join took a seat back with a token (its history may be asked for)."""
        self.table: dict[str, Any] | None = None
        self.version = 0
        self.over = False
        self.connected = False
        self._link: _Link | None = None
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._task: asyncio.Task | None = None
        self._closing = False
        self._last_heard = 0.0
        self._ping_n = 0

    async def connect(self) -> None:
        """Handshake and take (or resume) a seat; Refused if the host says no. A host that is
        busy with other connections (``full`` with ``retry``) is asked again after ``retry``
        seconds, for up to ``retry_for`` seconds."""
        self._link = await self._open_retrying(time.monotonic() + self.retry_for)
        self.connected = True
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _open_retrying(self, deadline: float) -> _Link:
        while True:
            try:
                return await self._open()
            except Refused as exc:
                if exc.retry is None or self._closing or time.monotonic() >= deadline:
                    raise
                wait = min(exc.retry, RETRY_LIMIT, max(0.0, deadline - time.monotonic()))
                log.info("the host is busy (%s); trying again in %.2f s", exc.code, wait)
                await asyncio.sleep(wait)

    async def _proof(self, salt: bytes | None, nonce: bytes) -> bytes | None:
        if salt is None or self.password is None:
            return None
        key = self._keys.get(salt)
        if key is None:  # scrypt takes a moment: not on the event loop
            key = await asyncio.to_thread(password_key, self.password, salt)
            self._keys = {salt: key}
        return password_proof(key, nonce)

    async def _open(self) -> _Link:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port), self.connect_timeout
        )
        link = _Link(reader, writer)
        try:
            hello = await asyncio.wait_for(link.receive(), self.connect_timeout)
            if hello["t"] == "error":
                raise Refused.of(hello)
            if hello["t"] != "hello":
                raise Refused("protocol.expected", expected="hello", got=hello["t"])
            if hello["v"] != PROTOCOL_VERSION:
                raise Refused("version", theirs=hello["v"], ours=PROTOCOL_VERSION)
            if hello["table"]["password"] and self.password is None:
                raise Refused("password.needed")
            auth = await self._proof(hello["salt"], hello["nonce"])
            stored = self._stored_token(hello["table"]["name"])
            link.send(
                {
                    "t": "join",
                    "name": self.name,
                    "seat": self.wish,
                    "spectator": self.spectator,
                    "auth": auth,
                    "token": self.token or stored,
                    "key": self._own_key(hello["table"]["name"]),
                }
            )
            answer = await asyncio.wait_for(link.receive(), self.connect_timeout)
            if answer["t"] == "error" and stored and answer["code"] == "token":
                assert self._slot is not None
                self._slot.forget()  # that seat is gone (another game): join afresh
                link.close()
                return await self._open()
            if answer["t"] == "error":
                raise Refused.of(answer)
            if answer["t"] != "welcome":
                raise Refused("protocol.expected", expected="welcome", got=answer["t"])
        except BaseException:
            link.close()
            raise
        self.resumed = bool(self.token or stored) and answer["seat"] is not None
        self._welcomed(answer)
        self._last_heard = time.monotonic()
        return link

    def _welcomed(self, welcome: dict[str, Any]) -> None:
        self.seat = welcome["seat"]
        self.token = welcome["token"] or self.token
        self.table = welcome["table"]
        if self.recorder is not None and not self.recorder.frames:  # the game's earlier part
            self.recorder.resumed = self.resumed
        if self._slot is not None and welcome["token"]:
            with contextlib.suppress(OSError, ValueError):
                self._slot.save(welcome["token"])

    def _own_key(self, table_name: str) -> str:
        if self.key is None:
            kept = None
            if self.keep_seat:
                from ..kept.seatstore import own_key

                kept = own_key(self.host, table_name)
            self.key = kept or token_hex(16)
        return self.key

    def _stored_token(self, table_name: str) -> str | None:
        """The token of a seat this user left at this table, if any (and claim its slot)."""
        if not self.keep_seat or self.spectator or self.token is not None:
            return None
        if self._slot is None:
            from ..kept.seatstore import claim

            self._slot = claim(self.host, self.port, table_name)
        return None if self._slot is None else self._slot.token

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """The host's messages and connection changes, until ``connection: closed``."""
        while True:
            message = await self._queue.get()
            yield message
            if message["t"] == "connection" and message["status"] == "closed":
                return

    def arrived(self) -> list[dict[str, Any]]:
        """The host's messages received already, taken now without waiting (``messages``
        gives the rest): a table in this process has sent its seating and first state before
        its screen opens, which draws them before it first paints. A change of the connection
        is left to ``messages``, with what follows it."""
        return arrived(self._queue)

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        """Send an action for the state ``version`` (default: the last state seen)."""
        if self.recorder is not None:
            self.recorder.acted = True  # a game left after this is kept, unfinished
        self._send(
            {"t": "act", "version": self.version if version is None else version, "action": action}
        )

    async def results_seen(self, version: int) -> None:
        """The player closed the results panel of the round/hand that ended in the state
        ``version`` (not at game over): the host's bots may go on (net/table/resultswait.py)."""
        self._send({"t": "results_seen", "version": version})

    async def review(self) -> None:
        """Ask for the whole game to review (answered by a ``record`` once the game is over,
        ``rejected`` before)."""
        self._send({"t": "review"})

    def _record(self, state: dict[str, Any]) -> None:
        if self.recorder is not None:
            self.recorder.state(state)
            if self.over:
                self.recorder.write(self.table, self.seat)

    async def chat(self, text: str, to: int | None = None) -> None:
        """Say something to the table, or whisper to seat ``to`` where the table allows it."""
        self._send({"t": "chat", "text": text, "to": to})

    async def hint(self) -> None:
        """Tell the table that the player looked at a hint (a table with ``hints`` on)."""
        self._send({"t": "hint"})

    async def history(self) -> None:
        """Ask what this seat was shown before this connection (a returning player's log and
        chat): answered once per connection by a ``history`` (net/table/memory.py)."""
        self._send({"t": "history"})

    async def takeback(self) -> None:
        """Ask to take back our last action (a table whose ``takebacks`` are not off); the
        host answers with the state as it was, a ``takeback`` request to the table, or a
        refusal."""
        self._send({"t": "takeback"})

    async def takeback_vote(self, request: int, yes: bool) -> None:
        """Answer the take-back request ``request`` (the ``id`` of its ``takeback``)."""
        self._send({"t": "takeback_vote", "id": request, "yes": yes})

    def _send(self, message: dict[str, Any]) -> None:
        if self._link is None or not self.connected:
            raise ConnectionError("not connected to the host")
        self._link.send(message)

    async def close(self) -> None:
        """Leave (the seat stays ours: the token can resume it) and stop reconnecting."""
        self._closing = True
        if self._link is not None:
            self._link.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        self.connected = False
        if self.recorder is not None:
            self.recorder.write(self.table, self.seat)
        if self._slot is not None:
            self._slot.release()  # the token stays: the next join takes the seat back
            self._slot = None

    # -- the background: read, ping, reconnect ----------------------------------------------
    async def _run(self) -> None:
        status_closed = {"t": "connection", "status": "closed"}
        try:
            while True:
                stop = await self._pump()
                self.connected = False
                if stop or self._closing or self.over or not self.reconnect:
                    break
                self._queue.put_nowait({"t": "connection", "status": "lost"})
                if not await self._reconnect():
                    break
                self._queue.put_nowait({"t": "connection", "status": "restored"})
        finally:
            self.connected = False
            if self._link is not None:
                self._link.close()
            self._queue.put_nowait(status_closed)

    async def _pump(self) -> bool:
        """Read the current link until it ends; True if we must not reconnect."""
        link = self._link
        assert link is not None
        pinger = asyncio.get_running_loop().create_task(self._ping(link))
        try:
            while True:
                message = await link.receive()
                self._last_heard = time.monotonic()
                if message["t"] == "welcome":  # the host moved us (it started with fewer)
                    self._welcomed(message)
                elif message["t"] == "state":
                    self.version = message["version"]
                    self.over = bool(message["view"].get("over"))
                    self._record(message)
                elif message["t"] == "lobby" and self.recorder is not None:
                    self.recorder.lobby(message)
                elif message["t"] == "pong":
                    continue
                self._queue.put_nowait(message)
                if message["t"] == "error":
                    self.last_error = message
                    if message["code"] == "removed" and self._slot is not None:
                        self._slot.forget()
                    return family(message["code"]) in NO_RECONNECT_CODES
        except (ConnectionError, OSError) as exc:
            log.info("connection to %s:%s lost: %s", self.host, self.port, exc)
            return False
        finally:
            pinger.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pinger
            link.close()

    async def _ping(self, link: _Link) -> None:
        """Keep the host from timing us out, and notice a host that went silent."""
        while True:
            await asyncio.sleep(self.ping_interval)
            if time.monotonic() - self._last_heard > self.dead_after:
                link.writer.transport.abort()
                return
            self._ping_n += 1
            with contextlib.suppress(Exception):
                link.send({"t": "ping", "n": self._ping_n})

    async def _reconnect(self) -> bool:
        """Try again with backoff until the host takes us back; False if it never will."""
        delay = 0.05
        deadline = time.monotonic() + self.give_up_after
        while not self._closing and time.monotonic() < deadline:
            try:
                self._link = await self._open_retrying(deadline)
                self.connected = True
                return True
            except Refused as exc:
                self._queue.put_nowait(error_message(exc.code, exc.params))
                return False
            except (OSError, TimeoutError, ConnectionError):
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.backoff_max)
        return False
