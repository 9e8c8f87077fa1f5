"""Checked messages out of a byte stream: the read → feed → next → check loop, written once.

The host's ``Connection`` and the client's link both read through a ``FrameReader``; they
differ only in the frame limit and the schema check (the host's rate limit is in
net/wire/connection.py: only the host knows which messages it asked for). Whatever is wrong with the
stream ends in one ``Refused``: ``protocol`` (bad frame or message), ``idle`` (no whole message
in time), or an empty code when the stream simply ended.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .codec import CodecError, FrameDecoder
from .messages import Refused

READ_SIZE = 65536


class FrameReader:
    """Reads ``reader`` frame by frame; ``check`` vouches for each message (CodecError if not)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        *,
        limit: int,
        check: Callable[[Any], dict[str, Any]],
    ) -> None:
        self.reader = reader
        self.decoder = FrameDecoder(limit)
        self.check = check

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next checked message; ``Refused`` when the stream ends, is bad, or no whole message
        has arrived within ``timeout`` seconds of the call (None: no limit). The deadline is for
        the whole message, not for each read: dribbling a byte now and then does not extend it."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            try:
                message = next(self.decoder)
            except StopIteration:
                pass
            except CodecError as exc:
                raise Refused("protocol.bad_frame", detail=str(exc)) from None
            else:
                try:
                    return self.check(message)
                except CodecError as exc:
                    raise Refused("protocol.bad_message", detail=str(exc)) from None
            left = None if deadline is None else deadline - loop.time()
            try:
                if left is not None and left <= 0:
                    raise TimeoutError
                data = await asyncio.wait_for(self.reader.read(READ_SIZE), left)
            except TimeoutError:
                raise Refused("idle") from None
            except OSError:
                raise Refused("gone.lost") from None
            if not data:
                raise Refused("gone.closed")
            try:
                self.decoder.feed(data)
            except CodecError as exc:
                raise Refused("protocol.bad_frame", detail=str(exc)) from None
