"""``kotatsu serve``'s door: who may start logging in, for how long, and how often they may
guess the password. OpenSSH is the model.

- ``Startups``: connections that have not logged in yet, at most ``per_address`` from one
  source address and ``full`` in all; from ``start`` on, a new one is dropped at random with
  a chance rising from ``rate`` to 1 at ``full`` (OpenSSH's ``MaxStartups start:rate:full``).
  Each has ``login_timeout`` seconds to log in.
- ``Acceptor``: accepts connections itself, so a refused one costs a descriptor for an
  instant only; when the process runs out of descriptors (EMFILE) it stops accepting for a
  moment and says so once, and every running session goes on.
- Passwords: at most ``MAX_AUTH_TRIES`` per connection, and per address the table's
  throttle (``net.gate.Guesses``: a wrong password is answered later and later, the right one
  at once), with one log line per address, not one per guess.
"""

from __future__ import annotations

import asyncio
import errno
import random
import secrets
import socket
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import asyncssh

from .gate import Guesses

LOGIN_TIMEOUT = 30.0
"""Seconds a connection has to log in (OpenSSH: LoginGraceTime 120)."""
MAX_AUTH_TRIES = 6
"""Wrong passwords one connection may try before it is closed (OpenSSH: MaxAuthTries 6)."""
PER_ADDRESS = 4
STARTUPS = (10, 0.3, 64)
"""start, rate, full: as OpenSSH's ``MaxStartups 10:30:100``, with a lower ceiling."""
ACCEPT_PAUSE = 0.5
"""Seconds the server stops accepting when it has no descriptor left."""
QUIET_FOR = 60.0
"""A repeated warning (no descriptors, a full door) is said at most once in this long."""
_OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class Startups:
    """The connections still logging in, by source address."""

    def __init__(
        self,
        per_address: int = PER_ADDRESS,
        start: int = STARTUPS[0],
        rate: float = STARTUPS[1],
        full: int = STARTUPS[2],
        chance: Callable[[], float] = random.random,
    ) -> None:
        self.per_address = per_address
        self.start, self.rate, self.full = start, rate, max(full, 1)
        self.chance = chance
        self.by_address: Counter[str] = Counter()

    def __len__(self) -> int:
        return sum(self.by_address.values())

    def admit(self, address: str) -> str | None:
        """Take a place for a connection from ``address``; None if admitted, else why not:
        ``"address"`` (its own limit) or ``"full"`` (the server's)."""
        if self.by_address[address] >= self.per_address:
            return "address"
        count = len(self)
        if count >= self.full:
            return "full"
        if count >= self.start:
            spread = max(1, self.full - self.start)
            drop = self.rate + (1 - self.rate) * (count - self.start) / spread
            if self.chance() < drop:
                return "full"
        self.by_address[address] += 1
        return None

    def leave(self, address: str) -> None:
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]


class Quiet:
    """Says a warning at most once per ``QUIET_FOR`` seconds per subject, and remembers at
    most ``keep`` subjects (so a flood of addresses cannot grow it without bound)."""

    def __init__(self, say: Callable[[str], None], keep: int = 4096) -> None:
        self.say = say
        self.keep = keep
        self._last: dict[str, float] = {}

    def __call__(self, subject: str, text: str) -> None:
        now = asyncio.get_running_loop().time()
        last = self._last.get(subject)
        if last is not None and now - last < QUIET_FOR:
            return
        if len(self._last) >= self.keep:
            self._last = {k: t for k, t in self._last.items() if now - t < QUIET_FOR}
            if len(self._last) >= self.keep:
                return
        self._last[subject] = now
        self.say(text)


class Acceptor:
    """Accepts on ``listener`` and hands each socket to ``login`` (a coroutine run as a task)
    if ``Startups`` admits its address; refused sockets are closed at once."""

    def __init__(
        self,
        listener: socket.socket,
        startups: Startups,
        login: Callable[[socket.socket], Awaitable[Any]],
        warn: Callable[[str, str], None],
        words: Callable[[str, str], str],
    ) -> None:
        self.listener = listener
        self.startups = startups
        self.login = login
        self.warn = warn
        self.words = words
        """(reason, address) -> the warning's sentence (the server's language)."""
        self.tasks: set[asyncio.Task] = set()
        self.refused = 0
        self.starved = 0
        """Times accepting stopped for want of a descriptor."""

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                sock, peer = await loop.sock_accept(self.listener)
            except OSError as exc:
                if exc.errno in _OUT_OF_DESCRIPTORS:
                    self.starved += 1
                    self.warn("descriptors", self.words("descriptors", ""))
                    await asyncio.sleep(ACCEPT_PAUSE)
                    continue
                if self.listener.fileno() < 0:
                    return  # closed
                continue  # e.g. ECONNABORTED: that client gave up before we accepted
            address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
            why = self.startups.admit(address)
            if why is not None:
                self.refused += 1
                sock.close()
                subject = address if why == "address" else "full"
                self.warn(subject, self.words(why, address))
                continue
            task = loop.create_task(self._login(sock, address))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _login(self, sock: socket.socket, address: str) -> None:
        try:
            await self.login(sock)
        except Exception:  # a failed login is the client's business, not the log's
            sock.close()
        finally:
            self.startups.leave(address)

    async def close(self) -> None:
        self.listener.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


class Login(asyncssh.SSHServer):
    """One client connection until (and after) it logs in: the password's tries are counted
    here and throttled per address by ``guesses``; ``session`` makes its sessions."""

    def __init__(
        self,
        password: str | None,
        keys: bool,
        guesses: Guesses,
        session: Callable[[str], Any],
        goodbye: str,
    ) -> None:
        self.password = password
        self.keys = keys
        self.guesses = guesses
        self.session = session
        self.goodbye = goodbye
        self.user = "player"
        self.address = "?"
        self.tries = 0
        self.conn: Any = None

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) else str(peer)

    def begin_auth(self, username: str) -> bool:
        self.user = username
        return self.password is not None or self.keys  # False: no authentication needed

    def password_auth_supported(self) -> bool:
        return self.password is not None and self.tries < MAX_AUTH_TRIES

    async def validate_password(self, username: str, password: str) -> bool:
        if self.password is None or self.tries >= MAX_AUTH_TRIES:
            return False
        self.tries += 1
        expected = self.password.encode()
        right = await self.guesses.judge(
            self.address, lambda: secrets.compare_digest(password.encode(), expected)
        )
        if not right and self.tries >= MAX_AUTH_TRIES and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, self.goodbye)
        return right

    def public_key_auth_supported(self) -> bool:
        return self.keys

    def session_requested(self) -> Any:
        return self.session(self.user)
