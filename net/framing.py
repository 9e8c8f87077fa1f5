"""Checked messages out of a byte stream: the read → feed → next → check loop, written once.

The host's ``Connection`` and the client's link both read through a ``FrameReader``; they
differ only in the frame limit, the schema check and whether a rate limit applies. Whatever is
wrong with the stream ends in one ``Refused``: ``protocol`` (bad frame or message), ``flood``,
``idle``, or an empty code when the stream simply ended.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .codec import CodecError, FrameDecoder
from .messages import Refused

READ_SIZE = 65536


class FrameReader:
    """Reads ``reader`` frame by frame; ``check`` vouches for each message (CodecError if not),
    and ``admit`` (if given) is asked once per message whether the peer may send it now."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        *,
        limit: int,
        check: Callable[[Any], dict[str, Any]],
        admit: Callable[[], bool] | None = None,
    ) -> None:
        self.reader = reader
        self.decoder = FrameDecoder(limit)
        self.check = check
        self.admit = admit

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next checked message; ``Refused`` when the stream ends, is bad, floods, or stays
        silent for ``timeout`` seconds (None: no limit)."""
        while True:
            try:
                message = next(self.decoder)
            except StopIteration:
                pass
            except CodecError as exc:
                raise Refused("protocol", f"bad frame: {exc}") from None
            else:
                if self.admit is not None and not self.admit():
                    raise Refused("flood", "too many messages; slow down")
                try:
                    return self.check(message)
                except CodecError as exc:
                    raise Refused("protocol", str(exc)) from None
            try:
                data = await asyncio.wait_for(self.reader.read(READ_SIZE), timeout)
            except TimeoutError:
                raise Refused("idle", "no message for too long") from None
            except OSError:
                raise Refused("", "connection lost") from None
            if not data:
                raise Refused("", "connection closed")
            try:
                self.decoder.feed(data)
            except CodecError as exc:
                raise Refused("protocol", f"bad frame: {exc}") from None
