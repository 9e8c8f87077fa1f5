"""One peer's TCP stream on the host: framing, schema checks, rate limit, idle timeout.

The table never sees bytes; the host reads checked messages from ``messages()`` and answers
with ``send``. Anything wrong with the stream ends the generator with ``Refused``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

from .codec import CLIENT_FRAME_LIMIT, encode
from .framing import FrameReader
from .messages import check_client

WRITE_BUFFER_LIMIT = 4 * 1024 * 1024
"""A peer that lets this much pile up unread is too slow to keep up and is dropped."""


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
    """A peer's stream: what it sends, checked and rate limited; what it is sent, queued."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        rate: float = 50.0,
        burst: float = 100.0,
    ) -> None:
        self.writer = writer
        self.bucket = TokenBucket(rate, burst)
        self.frames = FrameReader(
            reader, limit=CLIENT_FRAME_LIMIT, check=check_client, admit=self.bucket.take
        )
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
        """The next checked message; Refused on EOF, bad bytes, flooding or ``timeout`` idle."""
        return await self.frames.receive(timeout)

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
