"""Waiting on a client for a message (the host tests share it)."""

from __future__ import annotations

import asyncio

from net.wire.client import Client


async def next_of(client: Client, kind: str, where=lambda m: True, timeout: float = 5.0) -> dict:
    """The next message of ``kind`` that satisfies ``where`` (others are skipped)."""

    async def find():
        async for message in client.messages():
            if message["t"] == kind and where(message):
                return message
        raise AssertionError(f"closed before a {kind}")

    return await asyncio.wait_for(find(), timeout)


async def opened_from(
    port: int, source: str, first: bytes
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to a door on 127.0.0.1 from the loopback address ``source`` that sends
    ``first`` and nothing more (a banner, a request head that never ends)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(first)
    return reader, writer


async def closed_soon(reader: asyncio.StreamReader, timeout: float = 10.0) -> bool:
    """Whether the server closes this connection (reads to the end)."""
    try:
        async with asyncio.timeout(timeout):
            while await reader.read(65536):
                pass
    except (TimeoutError, ConnectionError):
        return False
    return True
