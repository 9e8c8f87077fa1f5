"""Who may knock, and how often: the host's door, apart from the seats.

- ``Doorway``: a budget of connections that have not sent their ``join`` yet, per source
  address and in all. Joined players do not count. Strangers cannot hold the door: when the
  budget is full, a newcomer takes the place of the oldest connection of the address holding
  the most places (when that address holds at least two more than the newcomer's), else of a
  connection that has been joining for longer than ``patience`` (an honest client sends its
  ``join`` within milliseconds). Only if every place is younger than that is the newcomer
  refused, ``full`` with ``retry`` = seconds until the oldest place may be taken (at most
  ``patience``), and the client tries again then.
- ``Guesses``: a proof is judged at once; a wrong one is answered only after a wait that
  doubles with each wrong one in a row from that address (up to a ceiling), and while it is
  pending no other proof from that address is judged. A right proof is never delayed by the
  address's past wrong ones. Shared by the table's password and ``kotatsu serve``'s logins.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .messages import Refused


class Doorway:
    """Connections between accept and ``join``: at most ``per_address`` from one address and
    ``total`` in all; each must have sent its ``join`` by ``deadline`` (the host enforces it),
    and one joining for longer than ``patience`` gives its place to a newcomer when the door
    is full."""

    def __init__(
        self, per_address: int, total: int, deadline: float, patience: float | None = None
    ) -> None:
        self.per_address = per_address
        self.total = total
        self.deadline = deadline
        self.patience = min(deadline, 2.0) if patience is None else patience
        self._waiting: dict[Any, tuple[str, float]] = {}  # oldest first

    def enter(self, key: Any, address: str) -> Any | None:
        """``key`` (a connection) starts its handshake. Returns the key of a connection that
        must give up its place (the host closes it), or None; ``Refused`` (``full.joining``)
        with a retry time if no place can be had now."""
        now = asyncio.get_running_loop().time()
        mine = [k for k, (addr, _) in self._waiting.items() if addr == address]
        victim = None
        if len(mine) >= self.per_address:  # this address's own budget: its oldest may go
            victim = self._stale(mine, now)
        elif len(self._waiting) >= self.total:
            counts = Counter(addr for addr, _ in self._waiting.values())
            greedy, most = max(counts.items(), key=lambda item: item[1])  # oldest first on ties
            if most >= len(mine) + 2:
                victim = next(k for k, (addr, _) in self._waiting.items() if addr == greedy)
            else:
                victim = self._stale(list(self._waiting), now)
        if victim is not None:
            self.leave(victim)
        self._waiting[key] = (address, now)
        return victim

    def _stale(self, keys: list[Any], now: float) -> Any:
        """The oldest of ``keys`` if it has been joining longer than ``patience``; else
        ``Refused`` with the time until it has."""
        started = self._waiting[keys[0]][1]
        if now - started >= self.patience:
            return keys[0]
        raise Refused("full.joining", retry=max(0.05, started + self.patience - now))

    def leave(self, key: Any) -> None:
        """``key`` joined or went away; safe to call twice."""
        self._waiting.pop(key, None)

    def __len__(self) -> int:
        return len(self._waiting)


class Busy(Exception):
    """A proof from this address is still pending; try again in ``retry`` seconds."""

    def __init__(self, retry: float) -> None:
        super().__init__(retry)
        self.retry = retry


@dataclass
class _Record:
    failures: int = 0
    pending_until: float | None = None  # a wrong proof's answer is pending until then
    done: asyncio.Event = field(default_factory=asyncio.Event)


class Guesses:
    """Per-address password throttling: after n wrong proofs in a row, the answer to the n-th
    comes ``base * 2**(n-1)`` seconds late (at most ``ceiling``), and while it is pending that
    address has no other proof judged. ``first_wrong(address)`` is called once per run of
    wrong proofs from an address (a log line per address, not per guess)."""

    def __init__(
        self,
        base: float = 0.25,
        ceiling: float = 30.0,
        keep: int = 4096,
        *,
        first_wrong: Callable[[str], None] | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.base = base
        self.ceiling = ceiling
        self.keep = keep
        self.first_wrong = first_wrong
        self.sleep = sleep
        self._records: dict[str, _Record] = {}

    def delay(self, failures: int) -> float:
        return 0.0 if failures <= 0 else min(self.ceiling, self.base * 2 ** (failures - 1))

    def failures(self, address: str) -> int:
        record = self._records.get(address)
        return 0 if record is None else record.failures

    async def judge(self, address: str, check: Callable[[], bool], wait: bool = False) -> bool:
        """``check()`` (True: the right password) once no proof of this address is pending:
        with ``wait``, after the pending one is answered; else ``Busy`` at once. A wrong one
        returns False only after its delay; a right one returns True at once."""
        record = self._records.get(address)
        if record is None:
            self._prune()
            record = self._records[address] = _Record()
        loop = asyncio.get_running_loop()
        while record.pending_until is not None:
            if not wait:
                raise Busy(max(0.05, record.pending_until - loop.time()))
            await record.done.wait()
        if check():
            record.failures = 0
            return True
        record.failures += 1
        if record.failures == 1 and self.first_wrong is not None:
            self.first_wrong(address)
        delay = self.delay(record.failures)
        record.pending_until = loop.time() + delay
        record.done = asyncio.Event()
        try:
            await self.sleep(delay)
        finally:
            record.pending_until = None
            record.done.set()
        return False

    async def attempt(self, address: str, check: Callable[[], Any]) -> Any:
        """Run ``check()`` (the table's verdict on a join); a ``Refused`` of the ``password``
        family is a wrong proof, raised after its delay. A proof from an address with one
        pending is not judged: ``Refused`` (``full.joining``) with the time it has left."""
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

        try:
            right = await self.judge(address, verdict)
        except Busy as busy:
            raise Refused("full.joining", retry=busy.retry) from None
        if not right:
            raise outcome["refused"]
        return outcome.get("result")

    def _prune(self) -> None:
        if len(self._records) < self.keep:
            return
        for address, record in list(self._records.items()):
            if record.pending_until is None:
                del self._records[address]
