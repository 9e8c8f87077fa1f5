"""Waiting for what zeroconf finds on loopback: until it is found, within a generous bound.

A browse window (``find_tables(1.5)``, ``kotatsu list --timeout 1.5``) is a timing: on a busy
machine the answer to its query may come after the window closes, and the table is missed.
The tests look again until what they wait for is there; ``BOUND`` seconds is only the limit
after which a table that never shows up fails the test, not a time any step is given.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Awaitable, Callable, Iterator
from typing import TypeVar

T = TypeVar("T")

BOUND = 45.0


async def until_found(
    look: Callable[[], Awaitable[T]], found: Callable[[T], bool], bound: float = BOUND
) -> T:
    """Run ``look()`` (one browse) again and again until ``found(result)``; return that result.
    An AssertionError with the last result if nothing was found within ``bound`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + bound
    while True:
        result = await look()
        if found(result):
            return result
        if loop.time() > deadline:
            raise AssertionError(f"not found within {bound:.0f} s; last seen: {result!r}")


@contextlib.contextmanager
def held_ports(count: int = 1) -> Iterator[list[int]]:
    """Port numbers no other process on this machine holds while the block runs (bound on
    127.0.0.1): a door advertised under one is told from another run's door on loopback."""
    with contextlib.ExitStack() as stack:
        ports = []
        for _ in range(count):
            sock = stack.enter_context(socket.socket())
            sock.bind(("127.0.0.1", 0))
            ports.append(sock.getsockname()[1])
        yield ports
