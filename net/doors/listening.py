"""Why this machine cannot listen where it was asked to, in a person's words: a port in use,
an address that is not this machine's, a port reserved for the system. The host, the SSH door
and the web door all listen through ``listening``; their commands print the words, never an
errno and a Python tuple."""

from __future__ import annotations

import contextlib
import errno
import socket
from collections.abc import Iterator

from engine.reasons import Param

from ..wire.reasons import say

_CODES = {
    errno.EADDRINUSE: "listen.in_use",
    errno.EADDRNOTAVAIL: "listen.address",
    errno.EACCES: "listen.denied",
    errno.EPERM: "listen.denied",
}


class ListenError(OSError):
    """Listening failed; ``code`` and ``params`` word why (net/wire/reasons.py ``LISTENING``).
    Still an OSError, as the failure it stands for."""

    def __init__(self, code: str, params: dict[str, Param], errno_: int | None = None) -> None:
        super().__init__(errno_, code)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return say(self.code, self.params)

    @classmethod
    def of(cls, exc: OSError, address: str, port: int) -> ListenError:
        """The worded failure of listening at ``address``:``port`` that raised ``exc``."""
        shown = address or "0.0.0.0"
        if isinstance(exc, socket.gaierror):  # a --bind that names no address
            return cls("listen.address", {"address": shown})
        code = _CODES.get(exc.errno or 0, "listen.failed")
        error = exc.strerror or str(exc)
        return cls(code, {"address": shown, "port": port, "error": error}, exc.errno)


@contextlib.contextmanager
def listening(address: str, port: int) -> Iterator[None]:
    """Around the start of a listener: an OSError leaves as a ListenError that says why."""
    try:
        yield
    except ListenError:
        raise
    except OSError as exc:
        raise ListenError.of(exc, address, port) from exc


def listen(address: str, port: int) -> socket.socket:
    """A non-blocking listening socket at ``address``:``port`` (0: any free port); a failure
    is a ListenError that says why."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with listening(address, port):
        sock = socket.create_server((address, port), family=family, backlog=128, reuse_port=False)
    sock.setblocking(False)
    return sock


def listen_problem(address: str, port: int) -> str | None:
    """Why listening at ``address``:``port`` would fail now (None: it would not), by opening a
    listener there and closing it: checked before a screen opens, so that the command line
    says it, as it says any other bad flag."""
    try:
        listen(address, port).close()
    except ListenError as exc:
        return str(exc)
    return None
