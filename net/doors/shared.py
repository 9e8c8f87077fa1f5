"""What the two doors that serve the game itself share (``kotatsu serve`` over SSH,
``kotatsu web`` in a browser): started, said on stderr, advertised on the LAN when multicast
allows, and run until SIGINT/SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Callable
from typing import Any, Protocol

from lang import _


class Door(Protocol):
    port: int

    async def start(self) -> Any: ...
    async def close(self) -> Any: ...


def say(text: str) -> None:
    """One line for the person who started the door, on stderr."""
    print(f"kotatsu: {text}", file=sys.stderr, flush=True)


async def run_door(
    server: Door,
    banner: list[str],
    advertise: Callable[[], Any],
    ready: Callable[[Any], None] | None = None,
) -> int:
    """Say ``banner``, advertise (``advertise()`` makes the advertiser; a LAN without
    multicast still has the address), call ``ready(server)``, and serve until SIGINT or
    SIGTERM; then stop advertising and close."""
    for line in banner:
        say(line)
    advertiser = None
    try:
        advertiser = advertise()
        await advertiser.start()
    except Exception as exc:  # no multicast here: the address still works
        advertiser = None
        say(_("not advertised on the LAN ({reason})").format(reason=exc))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    if ready is not None:
        ready(server)
    try:
        await stop.wait()
    finally:
        if advertiser is not None:
            await advertiser.close()
        await server.close()
    return 0
