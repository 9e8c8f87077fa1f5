"""A seat at a table, as the app holds it: the connected client and what closes with it.

A *launcher* (tui/connect.py) is an async callable that returns a ``Seat``; the table screen
is given one and reads its client, whether this process hosts the table and whether it can
deal the same table again. A small leaf module: the table imports it without the launchers
(and their network and discovery modules).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from net.doors.host import Host

HOST_GONE_WAIT = 60.0
"""How long a client waits for a host that vanished before it gives up (back to the lobby)."""


class TableClient(Protocol):
    """What the app needs from a connection to a table (``net.wire.client.Client``)."""

    seat: int | None
    table: dict | None

    async def connect(self) -> Any: ...
    def messages(self) -> AsyncIterator[dict]: ...
    async def act(self, action: dict) -> Any: ...
    async def chat(self, text: str, to: int | None = None) -> Any: ...
    async def results_seen(self, version: int) -> Any: ...
    async def close(self) -> Any: ...


class Seat:
    """A connected client, and the things to shut down with it when the player leaves (a
    plain class: a dataclass compiled its methods from text at every start, issue 37)."""

    def __init__(
        self,
        client: TableClient,
        closers: list[Callable[[], Awaitable[Any]]] | None = None,
        address: str = "",
        host: Host | None = None,
        again: Callable[[], Launcher] | None = None,
    ) -> None:
        self.client = client
        self.closers = [] if closers is None else closers
        self.address = address
        #: The ``net.doors.host.Host`` when this process runs the table: its screen decides
        #: for it.
        self.host = host
        #: The same table dealt anew (same seats, a new seed), where this process runs it.
        self.again = again

    def deals_again(self) -> bool:
        """Whether ``again`` can deal a new game now: at a table against bots (``play``), or
        at one this process hosts where every other seat is its bot (where other people sit,
        nothing here can deal for them)."""
        if self.again is None:
            return False
        if self.host is None:
            return True
        seats = self.host.table.rules.seating.seats
        people = [seat for seat in seats if seat.taken and not seat.bot]
        return len(people) <= 1

    async def close(self) -> None:
        """Close whatever this process was running for the table, then the client: a host
        that leaves closes its table first, so the others hear "the host closed the table",
        not that the host's seat waits for it."""
        for closer in [*self.closers, self.client.close]:
            with contextlib.suppress(Exception):  # leaving must always succeed
                await closer()


Launcher = Callable[[], Awaitable[Seat]]
