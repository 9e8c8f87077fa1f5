"""``kotatsu web``'s door: who is served before a session starts, for how long, and by which
name. The SSH door (net/doors/sshdoor.py) and the table's (net/doors/gate.py) are the models.

- Connections: the door accepts them itself (``net.doors.sshdoor.Acceptor``: out of descriptors, it
  stops accepting for a moment and says so once, never a traceback per accept). Each HTTP
  connection holds a place (``net.doors.gate.Places``) from accept until it closes or its page's
  websocket becomes a session: at most ``per_address`` from one address and ``total`` in all;
  past that, a newcomer takes the place of the oldest of its own address, or of the address
  holding the most. Each request's head must be in within ``head_timeout`` of the connection's
  start or of the previous answer (a POST's body too), else the connection is closed.
- Host names: a request is answered only if its ``Host`` is the address the browser reached,
  the address the door listens on, this machine's name or localhost; a page of another site
  whose name was made to point here (DNS rebinding) gets 421, a request without ``Host`` 400.
- Tickets: unused tickets are ``Places`` of their own (``TICKETS_PER_ADDRESS`` per address,
  ``TICKETS_TOTAL`` in all; past that the oldest of the busiest address is dropped); they do
  not count against the sessions.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .gate import Places

HEAD_TIMEOUT = 10.0
"""Seconds a request's head (and a POST's body) has to arrive."""
PER_ADDRESS = 16
"""HTTP connections not yet a session, from one address (a browser opens about 6)."""
TOTAL = 256
"""... and in all (well under the usual 1024 descriptors)."""
TICKETS_PER_ADDRESS = 4
TICKETS_TOTAL = 64


@dataclass
class Watch:
    """What the door knows of one HTTP connection."""

    changed: asyncio.Event = field(default_factory=asyncio.Event)
    busy: int = 0  # requests being answered
    session: bool = False  # its websocket became a session
    closed: bool = False

    def touch(self) -> None:
        self.changed.set()


class _Watched(asyncio.Protocol):
    """aiohttp's protocol for one connection, its end told to the ``Watch``."""

    def __init__(self, inner: Any, watch: Watch) -> None:
        self.inner = inner
        self.watch = watch

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            self.inner.connection_lost(exc)
        finally:
            self.watch.closed = True
            self.watch.touch()


class WebDoor:
    """The connections of the web door and the names it answers to; ``factory`` makes
    aiohttp's protocol for a connection (the runner's server)."""

    def __init__(
        self,
        bind: str,
        factory: Callable[[], Any],
        head_timeout: float = HEAD_TIMEOUT,
        per_address: int = PER_ADDRESS,
        total: int = TOTAL,
    ) -> None:
        self.factory = factory
        self.head_timeout = head_timeout
        self.places = Places(per_address, total)
        self.watches: dict[Any, Watch] = {}
        self.names = _local_names(bind)

    async def connection(self, sock: socket.socket) -> None:
        """Serve an accepted socket until it closes or becomes a session (its place is held
        until then); closed if a request's head is late, or when it must give way."""
        loop = asyncio.get_running_loop()
        watch = Watch()
        transport, _ = await loop.connect_accepted_socket(
            lambda: _Watched(self.factory(), watch), sock
        )
        self.watches[transport] = watch
        try:
            idle_since = loop.time()
            while not (watch.closed or watch.session):
                watch.changed.clear()
                if watch.busy:
                    await watch.changed.wait()
                    idle_since = loop.time()
                    continue
                left = idle_since + self.head_timeout - loop.time()
                if left <= 0:
                    transport.abort()  # a head late (slowloris): closed
                    break
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(left):
                        await watch.changed.wait()
        except asyncio.CancelledError:
            transport.abort()  # given way to a newcomer
            raise
        finally:
            self.watches.pop(transport, None)

    def became_session(self, request: web.Request) -> None:
        """``request``'s websocket is a session now: its connection leaves the door."""
        watch = self.watches.get(request.transport)
        if watch is not None:
            watch.session = True
            watch.touch()

    @web.middleware
    async def middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[Any]]
    ) -> Any:
        """Only our own names are answered; a request being answered is not late."""
        host = request.headers.get("Host")
        if not host:
            return web.json_response({"error": "no Host"}, status=400)
        if not self.answers_to(host, request):
            return web.json_response({"error": "not a name of this server"}, status=421)
        watch = self.watches.get(request.transport)
        if watch is None:
            return await handler(request)
        watch.busy += 1
        watch.touch()
        try:
            return await handler(request)
        finally:
            watch.busy -= 1
            watch.touch()

    def answers_to(self, host: str, request: web.Request) -> bool:
        """Whether ``host`` (a Host header) names this server: the address the browser
        reached, the bound address, this machine's name, or localhost."""
        name = _host_name(host)
        if name in self.names or name.endswith(".localhost"):
            return True
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        reached = _canonical(str(sockname[0])) if isinstance(sockname, tuple) else None
        return name == reached


def _host_name(host: str) -> str:
    """The name in a Host header, without its port, lower case, an address canonical."""
    host = host.strip().lower()
    if host.startswith("["):  # [v6]:port
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.rsplit(":", 1)[0]
    return _canonical(host.rstrip("."))


def _canonical(name: str) -> str:
    with contextlib.suppress(ValueError):
        address = ipaddress.ip_address(name.split("%", 1)[0])
        mapped = getattr(address, "ipv4_mapped", None)
        return str(mapped or address)
    return name


def _local_names(bind: str) -> set[str]:
    names = {"localhost", "127.0.0.1", "::1"}
    with contextlib.suppress(OSError):
        machine = socket.gethostname().lower().rstrip(".")
        names |= {machine, machine.split(".", 1)[0] + ".local"}
    if bind not in ("0.0.0.0", "::", ""):
        names.add(_canonical(bind.lower()))
    return names
