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
  throttle (``net.doors.gate.Guesses``: a wrong password is answered later and later, the right one
  at once), with one log line per address, not one per guess.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import random
import secrets
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import asyncssh

from .gate import Full, Guesses, Places

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


class Startups(Places):
    """The connections still logging in, by source address (``net.doors.gate.Places``): an address
    over its own budget has its new ones refused; when the door is full, or crowded enough
    that OpenSSH would drop a new one at random, a newcomer still gets in in the place of the
    oldest of the address holding the most (at least two more than the newcomer's), as at the
    table's door; else it is refused. A place is never taken from a connection younger than
    ``patience`` otherwise (its login deadline, by default: a person typing a password)."""

    def __init__(
        self,
        per_address: int = PER_ADDRESS,
        start: int = STARTUPS[0],
        rate: float = STARTUPS[1],
        full: int = STARTUPS[2],
        chance: Callable[[], float] = random.random,
        patience: float = LOGIN_TIMEOUT,
    ) -> None:
        super().__init__(per_address, full, patience)
        self.start, self.rate = start, rate
        self.chance = chance

    def admit(self, key: Any, address: str) -> Any | None:
        """Take a place for ``key`` from ``address``: returns the key that must give way (or
        None); ``Full`` with ``reason`` ``"address"`` (its own limit) or ``"full"`` (the
        server's) if none can be had."""
        count = len(self)
        crowded = False
        if self.start <= count < self.total:
            spread = max(1, self.total - self.start)
            crowded = self.chance() < self.rate + (1 - self.rate) * (count - self.start) / spread
        return self.enter(key, address, crowded)


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
    if ``places`` admits its address (``Places.admit``); refused sockets are closed at once,
    and a login that must give way to a newcomer is cancelled (its socket closed)."""

    def __init__(
        self,
        listener: socket.socket,
        places: Places,
        login: Callable[[socket.socket], Awaitable[Any]],
        warn: Callable[[str, str], None],
        words: Callable[[str, str], str],
    ) -> None:
        self.listener = listener
        self.places = places
        self.login = login
        self.warn = warn
        self.words = words
        """(reason, address) -> the warning's sentence (the server's language)."""
        self.tasks: dict[socket.socket, asyncio.Task] = {}
        self.refused = 0
        self.gave_way = 0
        """Logins cancelled to make room for a newcomer."""
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
            try:
                victim = self.places.admit(sock, address)
            except Full as full:
                self.refused += 1
                sock.close()
                subject = address if full.reason == "address" else "full"
                self.warn(subject, self.words(full.reason, address))
                continue
            if victim is not None and (gone := self.tasks.pop(victim, None)) is not None:
                self.gave_way += 1
                gone.cancel()
            task = loop.create_task(self._login(sock, address))
            self.tasks[sock] = task
            task.add_done_callback(functools.partial(self._done, sock))

    def _done(self, sock: socket.socket, task: asyncio.Task) -> None:
        if self.tasks.get(sock) is task:
            del self.tasks[sock]
        self.places.leave(sock)
        if task.cancelled():  # given way (perhaps before it began): nothing else closes it
            sock.close()

    async def _login(self, sock: socket.socket, address: str) -> None:
        try:
            await self.login(sock)
        except Exception:  # a failed login is the client's business, not the log's
            sock.close()

    async def close(self) -> None:
        self.listener.close()
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


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
