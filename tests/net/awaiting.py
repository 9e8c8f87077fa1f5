"""Waiting on a client for a message (the host tests share it)."""

from __future__ import annotations

import asyncio

from net.client import Client


async def next_of(client: Client, kind: str, where=lambda m: True, timeout: float = 5.0) -> dict:
    """The next message of ``kind`` that satisfies ``where`` (others are skipped)."""

    async def find():
        async for message in client.messages():
            if message["t"] == kind and where(message):
                return message
        raise AssertionError(f"closed before a {kind}")

    return await asyncio.wait_for(find(), timeout)
