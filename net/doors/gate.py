"""Who may knock, and how often: the host's door, apart from the seats.

- ``Places``: a budget of waiting things (connections, tickets, pending answers) per source
  address and in all, oldest first. Strangers cannot hold it: when an address has used its
  own budget, its oldest gives way; when the whole budget is full, a newcomer takes the place
  of the oldest of the address holding the most places (when that address holds at least two
  more than the newcomer's), else of one that has waited longer than ``patience``; only if
  every place is younger than that is the newcomer refused (``Full``, with the time until the
  oldest place may be taken). Shared by the table's door, the SSH door and the web door.
- ``Doorway``: the table's ``Places`` for connections that have not sent their ``join`` yet
  (an honest client sends it within milliseconds, so ``patience`` is short); refused ones get
  ``full.joining`` with that ``retry``, and the client tries again then.
- ``Guesses``: every proof is judged at once, whoever else guesses from its address: a right
  one is answered at once; a wrong one only after a wait that doubles with each wrong one in a
  row from that address (up to a ceiling), without holding up any other proof. Wrong answers
  pending are ``Places`` too (per address and in all): past the budget the oldest of the
  busiest address is answered now. Shared by the table's password, ``kotatsu serve``'s logins
  and ``kotatsu web``'s page.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from ..wire.messages import Refused


class Full(Exception):
    """No place can be had now; the oldest may be taken in ``retry`` seconds. ``reason``:
    ``"address"`` (the newcomer's address has used its own budget) or ``"full"``."""

    def __init__(self, retry: float, reason: str = "full") -> None:
        super().__init__(retry)
        self.retry = retry
        self.reason = reason


class Places:
    """Waiting keys by source address, oldest first: at most ``per_address`` from one address
    and ``total`` in all; ``patience`` is how long a place is kept from a newcomer when no
    address is greedier than the newcomer's (0: the oldest always gives way)."""

    def __init__(
        self,
        per_address: int,
        total: int,
        patience: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_address = max(1, per_address)
        self.total = max(1, total)
        self.patience = patience
        self.clock = clock
        self._waiting: dict[Any, tuple[str, float]] = {}  # oldest first

    def enter(self, key: Any, address: str, crowded: bool = False) -> Any | None:
        """``key`` from ``address`` takes a place. Returns the key that must give way (its
        owner ends it), or None; ``Full`` if no place can be had now. ``crowded``: the caller
        would rather not add one more now (SSH's early drop): the newcomer gets in only in
        the place of a greedier address's oldest."""
        now = self.clock()
        mine = self.keys(address)
        victim = None
        if len(mine) >= self.per_address:  # this address's own budget: its oldest may go
            victim = self._stale(mine, now, "address")
        elif len(self._waiting) >= self.total:
            victim = self.greedy(address)
            if victim is None:
                victim = self._stale(list(self._waiting), now)
        elif crowded:
            victim = self.greedy(address)
            if victim is None:
                raise Full(0.0)
        if victim is not None:
            self.leave(victim)
        self._waiting[key] = (address, now)
        return victim

    def admit(self, key: Any, address: str) -> Any | None:
        """``enter`` for a door that accepts sockets (``net.doors.sshdoor.Acceptor``)."""
        return self.enter(key, address)

    def greedy(self, address: str) -> Any | None:
        """The oldest key of the address holding the most places, if that holds at least two
        more than ``address`` (oldest first on ties); else None."""
        if not self._waiting:
            return None
        counts = Counter(addr for addr, _ in self._waiting.values())
        busiest, most = max(counts.items(), key=lambda item: item[1])
        if most < counts.get(address, 0) + 2:
            return None
        return next(k for k, (addr, _) in self._waiting.items() if addr == busiest)

    def keys(self, address: str) -> list[Any]:
        """The keys of ``address``, oldest first."""
        return [k for k, (addr, _) in self._waiting.items() if addr == address]

    def addresses(self) -> set[str]:
        """The addresses holding a place."""
        return {addr for addr, _ in self._waiting.values()}

    def _stale(self, keys: list[Any], now: float, reason: str = "full") -> Any:
        """The oldest of ``keys`` if it has waited ``patience``; else ``Full``."""
        started = self._waiting[keys[0]][1]
        if now - started >= self.patience:
            return keys[0]
        raise Full(max(0.05, started + self.patience - now), reason)

    def leave(self, key: Any) -> None:
        """``key`` is done or gone; safe to call twice."""
        self._waiting.pop(key, None)

    def __contains__(self, key: Any) -> bool:
        return key in self._waiting

    def __len__(self) -> int:
        return len(self._waiting)


class Doorway(Places):
    """Connections between accept and ``join``: at most ``per_address`` from one address and
    ``total`` in all; each must have sent its ``join`` by ``deadline`` (the host enforces it),
    and one joining for longer than ``patience`` gives its place to a newcomer when the door
    is full."""

    def __init__(
        self, per_address: int, total: int, deadline: float, patience: float | None = None
    ) -> None:
        patience = min(deadline, 2.0) if patience is None else patience
        super().__init__(per_address, total, patience, lambda: asyncio.get_running_loop().time())
        self.deadline = deadline

    def enter(self, key: Any, address: str, crowded: bool = False) -> Any | None:
        """``key`` (a connection) starts its handshake. Returns the key of a connection that
        must give up its place (the host closes it), or None; ``Refused`` (``full.joining``)
        with a retry time if no place can be had now."""
        try:
            return super().enter(key, address, crowded)
        except Full as full:
            raise Refused("full.joining", retry=full.retry) from None


class Guesses:
    """Per-address password throttling: every proof is judged at once; after n wrong proofs in
    a row from an address, the answer to the n-th comes ``base * 2**(n-1)`` seconds late (at
    most ``ceiling``), while any other proof (a right one from the same address too) is judged
    and answered on its own. At most ``pending_per_address`` wrong answers wait per address and
    ``pending_total`` in all (``Places``: past that the oldest of the busiest address is
    answered now). ``first_wrong(address)`` is called once per run of wrong proofs from an
    address (a log line per address, not per guess)."""

    def __init__(
        self,
        base: float = 0.25,
        ceiling: float = 30.0,
        keep: int = 4096,
        *,
        pending_per_address: int = 8,
        pending_total: int = 256,
        first_wrong: Callable[[str], None] | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.base = base
        self.ceiling = ceiling
        self.keep = keep
        self.first_wrong = first_wrong
        self.sleep = sleep
        self.pending = Places(pending_per_address, pending_total)
        """The wrong answers waiting (keys: an event set when one must be answered now)."""
        self._failures: dict[str, int] = {}

    def delay(self, failures: int) -> float:
        return 0.0 if failures <= 0 else min(self.ceiling, self.base * 2 ** (failures - 1))

    def failures(self, address: str) -> int:
        return self._failures.get(address, 0)

    async def judge(self, address: str, check: Callable[[], bool]) -> bool:
        """``check()`` at once (True: the right password, which returns at once); a wrong one
        returns False after its delay, or sooner if its place must give way."""
        if check():
            self._failures.pop(address, None)
            return True
        if address not in self._failures:
            self._prune()
        failures = self._failures[address] = self._failures.get(address, 0) + 1
        if failures == 1 and self.first_wrong is not None:
            self.first_wrong(address)
        now = asyncio.Event()
        victim = self.pending.enter(now, address)
        if victim is not None:
            victim.set()
        loop = asyncio.get_running_loop()
        waits = [loop.create_task(_run(self.sleep(self.delay(failures))))]
        waits.append(loop.create_task(now.wait()))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in waits:
                task.cancel()
            await asyncio.gather(*waits, return_exceptions=True)
            self.pending.leave(now)
        return False

    async def attempt(self, address: str, check: Callable[[], Any]) -> Any:
        """Run ``check()`` (the table's verdict on a join); a ``Refused`` of the ``password``
        family is a wrong proof, raised after its delay."""
        outcome: dict[str, Any] = {}

        def verdict() -> bool:
            try:
                outcome["result"] = check()
            except Refused as exc:
                if exc.family != "password":
                    raise
                outcome["refused"] = exc
                return False
            return True

        if not await self.judge(address, verdict):
            raise outcome["refused"]
        return outcome.get("result")

    def _prune(self) -> None:
        """Forget the addresses with no wrong answer pending once ``keep`` are remembered."""
        if len(self._failures) < self.keep:
            return
        waiting = self.pending.addresses()
        self._failures = {a: n for a, n in self._failures.items() if a in waiting}


async def _run(awaitable: Awaitable[Any]) -> Any:
    return await awaitable
