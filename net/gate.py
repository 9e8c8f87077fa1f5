"""Who may knock, and how often: the host's door, apart from the seats.

- ``Doorway``: a budget of connections that have not joined yet, per source address and in
  all. Joined players do not count against it, so a stranger holding sockets open can delay a
  returning player by at most one handshake deadline: ``full`` carries ``retry`` (seconds until
  the oldest of those sockets must have joined or gone), and the client tries again then.
- ``Guesses``: wrong passwords from one address make the next try from that address wait,
  twice as long after each wrong one (up to a ceiling); a right one resets it.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .messages import Refused


class Doorway:
    """Connections between accept and join: at most ``per_address`` from one address and
    ``total`` in all; each must have joined by its deadline (the host enforces it)."""

    def __init__(self, per_address: int, total: int, deadline: float) -> None:
        self.per_address = per_address
        self.total = total
        self.deadline = deadline
        self._waiting: dict[Any, tuple[str, float]] = {}
        self._by_address: Counter[str] = Counter()

    def enter(self, key: Any, address: str) -> None:
        """``key`` (a connection) starts its handshake; ``Refused`` (``full``) with a retry
        time if the budget is spent."""
        now = asyncio.get_running_loop().time()
        mine = self._by_address[address] >= self.per_address
        if mine or len(self._waiting) >= self.total:
            ends = [end for addr, end in self._waiting.values() if not mine or addr == address]
            retry = max(0.05, min(ends) - now) if ends else self.deadline
            raise Refused("full.joining", retry=retry)
        self._waiting[key] = (address, now + self.deadline)
        self._by_address[address] += 1

    def leave(self, key: Any) -> None:
        """``key`` joined or went away; safe to call twice."""
        entry = self._waiting.pop(key, None)
        if entry is not None:
            self._by_address[entry[0]] -= 1
            if self._by_address[entry[0]] <= 0:
                del self._by_address[entry[0]]

    def __len__(self) -> int:
        return len(self._waiting)


@dataclass
class _Record:
    failures: int = 0
    next_try: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Guesses:
    """Per-address password throttling: after n wrong passwords in a row, the next try waits
    ``base * 2**(n-1)`` seconds (at most ``ceiling``); tries from one address go one at a time."""

    def __init__(self, base: float = 0.25, ceiling: float = 30.0, keep: int = 4096) -> None:
        self.base = base
        self.ceiling = ceiling
        self.keep = keep
        self._records: dict[str, _Record] = {}

    def delay(self, failures: int) -> float:
        return 0.0 if failures <= 0 else min(self.ceiling, self.base * 2 ** (failures - 1))

    async def attempt(self, address: str, check: Any) -> Any:
        """Run ``check()`` (the table's verdict on a join) once this address may try again;
        a ``Refused`` with code ``password`` counts as a wrong guess."""
        record = self._records.get(address)
        if record is None:
            self._prune()
            record = self._records[address] = _Record()
        loop = asyncio.get_running_loop()
        async with record.lock:
            wait = record.next_try - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                result = check()
            except Refused as exc:
                if exc.family == "password":
                    record.failures += 1
                    record.next_try = loop.time() + self.delay(record.failures)
                raise
            record.failures = 0
            record.next_try = 0.0
            return result

    def _prune(self) -> None:
        if len(self._records) < self.keep:
            return
        now = asyncio.get_running_loop().time()
        for address, record in list(self._records.items()):
            if record.next_try < now and not record.lock.locked():
                del self._records[address]
