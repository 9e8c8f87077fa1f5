"""One peer's TCP stream on the host: framing, schema checks, rate limit, idle timeout.

The host's rules of play never see bytes; they get checked messages from ``messages()`` and
answer with ``send``. Anything wrong with the stream ends the generator with ``Dropped``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

from .codec import CLIENT_FRAME_LIMIT, CodecError, FrameDecoder, encode
from .messages import check_client

WRITE_BUFFER_LIMIT = 4 * 1024 * 1024
"""A peer that lets this much pile up unread is too slow to keep up and is dropped."""


class Dropped(Exception):
    """The peer is gone or must go; ``code`` and ``msg`` are what it is told, if anything."""

    def __init__(self, code: str, msg: str) -> None:
        super().__init__(msg)
        self.code = code
        self.msg = msg


class TokenBucket:
    """Allows bursts of ``burst`` messages and ``rate`` per second on average."""

    def __init__(self, rate: float, burst: float, clock: Any = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    """A peer's stream. ``seat`` is set once joined (None for a spectator)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        rate: float = 50.0,
        burst: float = 100.0,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = FrameDecoder(CLIENT_FRAME_LIMIT)
        self.bucket = TokenBucket(rate, burst)
        self.seat: int | None = None
        self.spectator = False
        self.joined = False
        self.name = ""
        self.closed = False
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a peer that stops reading is dropped rather than buffered forever."""
        self.send_frame(encode(message))

    def send_frame(self, frame: bytes) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        self.writer.write(frame)
        if transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
            self.abort()

    async def next_message(self, timeout: float) -> dict[str, Any]:
        """The next checked message; Dropped on EOF, bad bytes, flooding or ``timeout`` idle."""
        while True:
            try:
                message = next(self.decoder)
            except StopIteration:
                pass
            except CodecError as exc:
                raise Dropped("protocol", f"bad frame: {exc}") from None
            else:
                if not self.bucket.take():
                    raise Dropped("flood", "too many messages; slow down")
                try:
                    return check_client(message)
                except CodecError as exc:
                    raise Dropped("protocol", str(exc)) from None
            try:
                data = await asyncio.wait_for(self.reader.read(65536), timeout)
            except TimeoutError:
                raise Dropped("idle", "no message for too long") from None
            except (ConnectionError, OSError):
                raise Dropped("", "connection lost") from None
            if not data:
                raise Dropped("", "connection closed")
            try:
                self.decoder.feed(data)
            except CodecError as exc:
                raise Dropped("protocol", f"bad frame: {exc}") from None

    async def messages(self, timeout: float) -> AsyncIterator[dict[str, Any]]:
        while True:
            yield await self.next_message(timeout)

    def close(self, code: str = "", msg: str = "") -> None:
        """Tell the peer why (if there is a reason) and close; safe to call twice."""
        if code and not self.closed:
            self.send({"t": "error", "code": code, "msg": msg})
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()

    def abort(self) -> None:
        """Close at once, discarding what is buffered (for peers that do not read)."""
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.transport.abort()

    async def wait_closed(self, timeout: float = 1.0) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), timeout)
