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

from .reasons import say

_CODES = {
    errno.EADDRINUSE: "listen.in_use",
    errno.EADDRNOTAVAIL: "listen.address",
    errno.EACCES: "listen.denied",
    errno.EPERM: "listen.denied",
}


class ListenError(OSError):
    """Listening failed; ``code`` and ``params`` word why (net/reasons.py ``LISTENING``).
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


def listen_problem(address: str, port: int) -> str | None:
    """Why listening at ``address``:``port`` would fail now (None: it would not), by binding a
    socket there and closing it: checked before a screen opens, so that the command line
    says it, as it says any other bad flag."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with listening(address, port), socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's own
            probe.bind((address, port))
    except ListenError as exc:
        return str(exc)
    return None
