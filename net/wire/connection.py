"""One peer's TCP stream on the host: framing, schema checks, flow control, deadlines.

The table never sees bytes; the host reads checked messages from ``next_message()`` and
answers with ``send``. Anything wrong with the stream ends in ``Refused``.

Flow control tells honest from hostile: an act the table asked for (the seat is pending, the
version current) costs nothing; everything else (chat, pings, stale or refused acts) is
counted by a ``Throttle``. Over the rate, the peer is slowed first (the host stops reading it
for a while, so TCP pushes back); only a peer that stays over it for ``cut_after`` seconds is
cut with ``flood``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

from .codec import CLIENT_FRAME_LIMIT, encode
from .framing import FrameReader
from .messages import Refused, check_client

WRITE_BUFFER_LIMIT = 4 * 1024 * 1024
"""A peer that lets this much pile up unread is too slow to keep up and is dropped."""


class Throttle:
    """Bursts of ``burst`` messages and ``rate`` per second on average. ``charge`` counts one
    message (``cost`` of them: a chat line, which goes to everyone, costs more) and says how
    long to wait before reading the next (0: at once), or None once the peer has been over the
    rate without a break for ``cut_after`` seconds."""

    def __init__(
        self, rate: float, burst: float, cut_after: float = 10.0, clock: Any = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.cut_after = cut_after
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()
        self.limited_since: float | None = None

    def charge(self, cost: float = 1.0) -> float | None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate) - cost
        self.stamp = now
        if self.tokens >= 0:
            self.limited_since = None
            return 0.0
        if self.limited_since is None:
            self.limited_since = now
        elif now - self.limited_since > self.cut_after:
            return None
        return -self.tokens / self.rate


class Connection:
    """A peer's stream: what it sends, checked and rate limited; what it is sent, queued."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        rate: float = 50.0,
        burst: float = 100.0,
        cut_after: float = 10.0,
    ) -> None:
        self.writer = writer
        self.throttle = Throttle(rate, burst, cut_after)
        self.frames = FrameReader(reader, limit=CLIENT_FRAME_LIMIT, check=check_client)
        self.closed = False
        self._closing = asyncio.Event()
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        """The source address (what per-address budgets count)."""

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

    async def pace(self, cost: float) -> None:
        """After a message: its ``cost`` (0: the table asked for it) is charged to the
        throttle, and the peer waits (is not read) as long as it says; ``Refused`` (``flood``)
        if it must go."""
        if not cost:
            return
        wait = self.throttle.charge(cost)
        if wait is None:
            raise Refused("flood")
        if wait > 0:  # closing the connection ends the wait
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), wait)

    def close(self, error: dict[str, Any] | None = None) -> None:
        """Tell the peer why (an ``error`` message, if any) and close; safe to call twice."""
        if error is not None and not self.closed:
            self.send(error)
        self.closed = True
        self._closing.set()
        with contextlib.suppress(Exception):
            self.writer.close()

    def abort(self) -> None:
        """Close at once, discarding what is buffered (for peers that do not read)."""
        self.closed = True
        self._closing.set()
        with contextlib.suppress(Exception):
            self.writer.transport.abort()

    async def wait_closed(self, timeout: float = 1.0) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), timeout)
