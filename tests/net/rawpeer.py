"""A client that speaks bytes, not the protocol: for the hostile and abuse tests."""

from __future__ import annotations

import asyncio

from net.wire.codec import HOST_FRAME_LIMIT, FrameDecoder, encode
from net.wire.messages import check_host


class RawPeer:
    """A client that speaks bytes, not the protocol."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.decoder = FrameDecoder(HOST_FRAME_LIMIT)

    @classmethod
    async def open(cls, port: int, source: str = "127.0.0.1") -> RawPeer:
        """Connect to 127.0.0.1 from ``source`` (any 127.x.y.z address is loopback on Linux)."""
        return cls(*await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)))

    async def next(self, timeout: float = 5.0) -> dict:
        """The next checked host message; ConnectionError if the host closes first."""
        async with asyncio.timeout(timeout):
            while True:
                for message in self.decoder:
                    return check_host(message)
                data = await self.reader.read(65536)
                if not data:
                    raise ConnectionError("closed")
                self.decoder.feed(data)

    async def until_closed(self, timeout: float = 5.0) -> list[dict]:
        """Every message until the host closes the connection."""
        got = []
        async with asyncio.timeout(timeout):
            while data := await self.reader.read(65536):
                self.decoder.feed(data)
                got.extend(check_host(m) for m in self.decoder)
        self.writer.close()
        return got

    def send(self, data: bytes) -> None:
        self.writer.write(data)

    def join(self, name: str = "raw") -> None:
        self.send(
            encode(
                {
                    "t": "join",
                    "name": name,
                    "seat": None,
                    "spectator": False,
                    "auth": None,
                    "token": None,
                }
            )
        )


def error_code(messages: list[dict]) -> str:
    errors = [m for m in messages if m["t"] == "error"]
    assert errors, f"no error in {[m['t'] for m in messages]}"
    return errors[-1]["code"]
