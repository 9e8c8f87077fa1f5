"""``kotatsu web`` against the same app in a local terminal and over SSH, in the same run.

    .venv/bin/python bench/bench_web.py [--starts 5] [--keys 20] [--sessions 10]

Needs the browser extras (``pip install -e '.[browser]'``) and Debian's chromium. Each figure is
taken three times: locally (the lobby on a pty of our own), over SSH (asyncssh's client to an
in-process ``kotatsu serve``) and in a browser (headless chromium driven by Playwright, on an
in-process ``kotatsu web`` on 127.0.0.1). The measurements are bench_ssh.py's:

1. Open -> lobby painted: from spawning the app / opening the SSH connection / opening the page
   (with the name in its address) until the lobby's footer has arrived, p50/p99. For the
   browser that is what the page's websocket has received (read every 5 ms), so it includes
   loading the page, its script and fonts, and starting the app.
2. Key -> screen change: in the lobby, from the key (for the browser: a key pressed in the
   page) until the "Play against bots" form has arrived, p50/p99.
3. Memory per session with N sessions seated at SwaPo tables (three bots each): the PSS of every
   app process, plus the server's own growth (SSH and web), divided by N. The browser's own
   memory is the player's, like the ssh client's, and is not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from bench_ssh import (  # noqa: E402
    SIZE,
    LocalTerminal,
    SshTerminal,
    Terminal,
    connect_times,
    key_times,
    line,
    memory,
)
from playwright.async_api import async_playwright  # noqa: E402
from seat import TAP, launch  # noqa: E402

from bench.aside import set_aside  # noqa: E402
from net.doors.ssh import ServeConfig, SSHGameServer  # noqa: E402
from net.doors.web import WebConfig, WebGameServer  # noqa: E402

KEYS = {b"b": ["b"], b"\x1b": ["Escape"], b"\t\r": ["Tab", "Enter"]}
CELL = (9.6, 19.0)  # about what 16px Roboto Mono takes: the window is sized for SIZE cells


class BrowserTerminal(Terminal):
    """The lobby in a chromium page on ``kotatsu web``: what its websocket receives."""

    def __init__(self, browser, server: WebGameServer) -> None:
        super().__init__()
        self.browser = browser
        self.server = server

    async def open(self) -> None:
        before = {s.proc.pid for s in self.server.sessions if s.proc is not None}
        viewport = {"width": int(SIZE[0] * CELL[0]), "height": int(SIZE[1] * CELL[1])}
        self.context = await self.browser.new_context(viewport=viewport)
        await self.context.add_init_script(TAP)
        self.page = await self.context.new_page()
        self.taken = 0
        await self.page.goto(f"http://127.0.0.1:{self.server.port}/?name=bench")
        self.reader = asyncio.get_running_loop().create_task(self._read())
        while not (pids := {s.proc.pid for s in self.server.sessions if s.proc} - before):
            await asyncio.sleep(0.005)
        self.pids = list(pids)

    async def _read(self) -> None:
        while True:
            got = await self.page.evaluate("(from) => window.__kotatsuTake(from)", self.taken)
            self.taken = got["next"]
            if got["data"]:
                self.feed(base64.b64decode(got["data"]))
            await asyncio.sleep(0.005)

    def send(self, keys: bytes) -> None:
        async def press() -> None:
            for key in KEYS[keys]:
                await self.page.keyboard.press(key)

        asyncio.get_running_loop().create_task(press())

    async def close(self) -> None:
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.reader
        gone = set(self.pids)
        await self.context.close()
        while gone & {s.proc.pid for s in self.server.sessions if s.proc}:
            await asyncio.sleep(0.01)


async def run(starts: int, keys: int, sessions: int) -> None:
    with tempfile.TemporaryDirectory() as state:
        ssh = SSHGameServer(
            ServeConfig(
                bind="127.0.0.1", port=0, host_key=Path(state) / "key", max_sessions=sessions + 2
            )
        )
        web = WebGameServer(WebConfig(bind="127.0.0.1", port=0, max_sessions=sessions + 2))
        await ssh.start()
        await web.start()
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            try:
                for name, make in (
                    ("local pty", LocalTerminal),
                    ("over SSH", lambda: SshTerminal(ssh)),
                    ("in a browser (kotatsu web)", lambda: BrowserTerminal(browser, web)),
                ):
                    print(f"{name}:", flush=True)
                    print(line("open -> lobby painted", await connect_times(make, starts)))
                    print(line("key -> screen change", await key_times(make, keys)))
                    per = await memory(make, sessions)
                    print(
                        f"  memory per session (PSS)     {per / 1024:7.1f} MiB"
                        f"  ({sessions} at tables)",
                        flush=True,
                    )
            finally:
                await browser.close()
                await web.close()
                await ssh.close()


def main() -> None:
    set_aside()  # the bench's records, journals and settings are not the user's
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--sessions", type=int, default=10)
    args = parser.parse_args()
    print(f"bench_web: {os.cpu_count()} cores, {SIZE[0]}x{SIZE[1]} terminals")
    asyncio.run(run(args.starts, args.keys, args.sessions))


if __name__ == "__main__":
    main()
