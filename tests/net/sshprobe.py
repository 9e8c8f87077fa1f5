"""The SSH tests' helpers: a probe program in place of the app, asyncssh's client, and the
``serve`` fixture (servers that are always closed; see conftest.py)."""

from __future__ import annotations

import asyncio
import re
import sys

import asyncssh
import pytest

from net.doors.ssh import ServeConfig, SSHGameServer

ANSI = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")

PROBE = r"""
import os, signal, sys, termios, tty
tty.setraw(0)
def show(*_):
    cols, rows = os.get_terminal_size(1)
    os.write(1, f"SIZE {cols}x{rows}\r\n".encode())
signal.signal(signal.SIGWINCH, show)
env = ",".join(sorted(os.environ))
os.write(1, f"PROBE args={sys.argv[1:]} term={os.environ.get('TERM')} "
            f"user={os.environ.get('USER')} env={env}\r\n".encode())
show()
while True:
    key = os.read(0, 1)
    if key in (b"q", b""):
        sys.exit(0)
    if key == b"x":
        os.kill(os.getpid(), signal.SIGSEGV)
    os.write(1, b"KEY " + key + b"\r\n")
"""


def probe_command(ascii_only: bool) -> list[str]:
    return [sys.executable, "-c", PROBE, *(["--ascii"] if ascii_only else [])]


def plain(data: bytes) -> str:
    return ANSI.sub(b"", data).decode("utf-8", "replace")


@pytest.fixture
async def serve(tmp_path):
    """Start servers with ``await serve(**config)``; each is closed afterwards."""
    made: list[SSHGameServer] = []

    async def start(**kwargs) -> SSHGameServer:
        kwargs.setdefault("command", probe_command)
        server = SSHGameServer(
            ServeConfig(bind="127.0.0.1", port=0, host_key=tmp_path / "host_key", **kwargs)
        )
        await server.start()
        made.append(server)
        return server

    yield start
    for server in made:
        await asyncio.wait_for(server.close(), 10)


def connect(server: SSHGameServer, username: str = "ann", **kwargs):
    return asyncssh.connect("127.0.0.1", server.port, username=username, known_hosts=None, **kwargs)


async def open_session(conn, size=(100, 30), term="xterm-256color", **kwargs):
    return await conn.create_process(term_type=term, term_size=size, encoding=None, **kwargs)


async def read_until(proc, text: str, timeout: float = 30.0) -> str:
    """Read the session's output until ``text`` appears on screen (escapes removed)."""
    seen = b""

    async def more() -> None:
        nonlocal seen
        while text not in plain(seen):
            chunk = await proc.stdout.read(65536)
            if not chunk:
                raise AssertionError(f"session ended before {text!r}: {plain(seen)[-500:]!r}")
            seen += chunk

    try:
        await asyncio.wait_for(more(), timeout)
    except TimeoutError:
        raise AssertionError(f"no {text!r} within {timeout}s: {plain(seen)[-500:]!r}") from None
    return plain(seen)
