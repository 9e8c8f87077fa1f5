"""One browser session of ``kotatsu web``: the child app and the bridge to its websocket.

The child is the real app under Textual's web driver, speaking textual-serve's packet protocol
on its stdin and stdout (a kind byte, a 4-byte length, the payload: ``D`` data, ``M`` meta as
JSON). Its command line is fixed and its environment is built here; its screen goes to the
websocket, the browser's keys, sizes and focus go to it, and anything else it asks for (open a
URL, deliver a file) is dropped. A child that crashes ends only its own session.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from aiohttp import WSMsgType, web

import lang
from lang import N_, _

from .ssh import IDLE_MESSAGE
from .sshpty import child_env

PRELUDE = b"__GANGLION__\n"  # what Textual's web driver says first
MAX_PACKET = 8 << 20
MAX_KEYS = 1 << 16  # characters in one stdin message
LEFT_MESSAGE = N_("You left the lobby.")
CRASH_MESSAGE = N_("The game stopped unexpectedly; nobody else's session was affected.")


class SessionConfig(Protocol):
    """What a session needs of the server's configuration."""

    @property
    def bind(self) -> str: ...
    @property
    def idle_timeout(self) -> float: ...
    @property
    def command(self) -> Callable[[str | None], list[str]]: ...


def _say(text: str) -> None:
    print(f"kotatsu: {text}", file=sys.stderr, flush=True)


def web_env(user: str, cols: int, rows: int, bind: str = "0.0.0.0") -> dict[str, str]:
    """The child's whole environment: the SSH door's whitelist, plus Textual's web driver; a
    server bound to one address has the lobby host and look for tables there too."""
    env = child_env("xterm-256color", user)
    if bind not in ("0.0.0.0", "::", ""):
        env["KOTATSU_BIND"] = bind
    env.update(
        TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
        TEXTUAL_FPS="60",
        TEXTUAL_COLOR_SYSTEM="truecolor",
        COLORTERM="truecolor",
        COLUMNS=str(cols),
        ROWS=str(rows),
    )
    return env


def web_command(code: str | None) -> list[str]:
    """The command line of the app each session runs: the lobby, in the browser's language."""
    return [sys.executable, "-m", "tui", *(["--lang", code] if code else [])]


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of textual-serve's protocol: a kind byte, a 4-byte length, the payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


def cell_count(value: object, default: int) -> int:
    return max(10, min(500, value)) if isinstance(value, int) else default


@dataclass
class Ticket:
    name: str
    language: str | None
    expires: float


class WebSession:
    """One browser session: its child process and the bridge to its websocket."""

    def __init__(
        self,
        config: SessionConfig,
        token: str,
        ticket: Ticket,
        ws: web.WebSocketResponse,
        record_end: Callable[[str, str], None],
    ) -> None:
        self.config = config
        self.record_end = record_end
        self.token = token
        self.ticket = ticket
        self.ws = ws
        self.proc: asyncio.subprocess.Process | None = None
        self.idle: asyncio.TimerHandle | None = None
        self.reason: str | None = None
        self.errors = b""

    def said(self, msgid: str, **fields: object) -> str:
        with lang.scope(self.ticket.language or lang.current()):
            return _(msgid).format(**fields)

    async def run(self, cols: int, rows: int) -> str:
        """Run the child until it exits or the browser goes; returns why it ended."""
        self.proc = await asyncio.create_subprocess_exec(
            *self.config.command(self.ticket.language),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=web_env(self.ticket.name, cols, rows, self.config.bind),
            cwd=os.environ.get("HOME", "/"),
            start_new_session=True,
            preexec_fn=_die_with_server,
        )
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(self._screen()), loop.create_task(self._keys())]
        errors = loop.create_task(self._errors())
        self._touch()
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            status = await self.stop()
            errors.cancel()
            if self.idle is not None:
                self.idle.cancel()
        if self.reason is None:
            self.reason = self.said(LEFT_MESSAGE if status == 0 else CRASH_MESSAGE)
        if status not in (0, None) and self.errors.strip():
            last = self.errors.strip().splitlines()[-1].decode("utf-8", "replace")[:200]
            _say(f"session of {self.ticket.name} ended with status {status}: {last}")
        return self.reason

    async def _screen(self) -> None:
        """The child's output to the browser: after the prelude, data packets go to the
        websocket; the child's exit packet ends the session; anything else is dropped."""
        stdout = self.proc.stdout if self.proc else None
        assert stdout is not None
        for _line in range(10):
            line = await stdout.readline()
            if not line or line == PRELUDE:
                break
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                head = await stdout.readexactly(5)
                size = int.from_bytes(head[1:], "big")
                if size > MAX_PACKET:
                    return
                payload = await stdout.readexactly(size)
                if head[:1] == b"D":
                    await self.ws.send_bytes(payload)
                elif head[:1] == b"M" and _meta_type(payload) == "exit":
                    return

    async def _keys(self) -> None:
        """The browser's messages to the child: keys, sizes, focus; a ping is answered."""
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, *rest = json.loads(message.data)
            except (ValueError, TypeError):
                continue
            data = rest[0] if rest else None
            if kind == "stdin" and isinstance(data, str) and len(data) <= MAX_KEYS:
                self._touch()
                await self._send(packet(b"D", data.encode("utf-8", "replace")))
            elif kind == "resize" and isinstance(data, dict):
                width, height = (
                    cell_count(data.get("width"), 80),
                    cell_count(data.get("height"), 24),
                )
                await self._meta({"type": "resize", "width": width, "height": height})
            elif kind in ("blur", "focus"):
                await self._meta({"type": kind})
            elif kind == "ping" and isinstance(data, str):
                await self.ws.send_json(["pong", data[:32]])

    async def _errors(self) -> None:
        """Keep the end of the child's stderr (for one line in the server's log on a crash)."""
        stderr = self.proc.stderr if self.proc else None
        assert stderr is not None
        while chunk := await stderr.read(4096):
            self.errors = (self.errors + chunk)[-4096:]

    async def _meta(self, meta: dict[str, object]) -> None:
        await self._send(packet(b"M", json.dumps(meta).encode()))

    async def _send(self, data: bytes) -> None:
        stdin = self.proc.stdin if self.proc else None
        if stdin is None or stdin.is_closing():
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            stdin.write(data)
            await stdin.drain()

    def _touch(self) -> None:
        if self.idle is not None:
            self.idle.cancel()
        timeout = self.config.idle_timeout
        if timeout > 0:
            self.idle = asyncio.get_running_loop().call_later(timeout, self._idle_out)

    def _idle_out(self) -> None:
        minutes = max(1, round(self.config.idle_timeout / 60))
        self.reason = self.said(IDLE_MESSAGE, m=minutes)
        self.record_end(self.token, self.reason)
        asyncio.get_running_loop().create_task(self.ws.close())

    async def stop(self, reason: str | None = None) -> int | None:
        """Ask the child to quit, then end its process group; returns its exit status."""
        if reason is not None and self.reason is None:
            self.reason = reason
        proc = self.proc
        if proc is None:
            return None
        if proc.returncode is None:
            await self._meta({"type": "quit"})
            try:
                await asyncio.wait_for(proc.wait(), 3.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                await proc.wait()
        with contextlib.suppress(ProcessLookupError):  # what the app left behind
            os.killpg(proc.pid, signal.SIGHUP)
        return proc.returncode


def _die_with_server() -> None:
    """In the child, before the app starts: end when the server's process ends, however it
    ends (Linux; elsewhere the server's own shutdown still stops every session)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _meta_type(payload: bytes) -> object:
    with contextlib.suppress(ValueError, AttributeError):
        return json.loads(payload).get("type")
    return None
