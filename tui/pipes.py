"""A reader that stops reading (``kotatsu history | head -4``, ``stats --json | head -c 300``)
ends the command as it ends the usual tools: quietly, status 128 + SIGPIPE, never a
BrokenPipeError traceback. Done once, around the command line's entry point (tui/cli.py).

SIGPIPE itself stays ignored (Python's default): a table's sockets must not kill the process
when a peer goes, so the broken pipe is caught as the error it is."""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sys
from collections.abc import Callable
from typing import ParamSpec

P = ParamSpec("P")

UNREAD = 128 + signal.SIGPIPE
"""The status of a command whose reader went (as a shell reports a tool SIGPIPE ended)."""


def quiet_when_unread(run: Callable[P, int]) -> Callable[P, int]:
    """``run``, ending with status UNREAD and no word when its output's reader has gone."""

    @functools.wraps(run)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            try:
                return run(*args, **kwargs)
            finally:  # what is still buffered fails here, not at the interpreter's exit
                sys.stdout.flush()
        except BrokenPipeError:
            unread()
            return UNREAD

    return wrapper


def unread() -> None:
    """Send what is left of stdout (and stderr, if it is the pipe that broke) nowhere, so the
    interpreter's own last flush has nothing to complain of."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
            continue
        with contextlib.suppress(OSError, ValueError):
            os.dup2(devnull, stream.fileno())
    os.close(devnull)
