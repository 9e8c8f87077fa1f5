"""A browser seat for the real-browser tests and ``bench/bench_web.py``: one Playwright page on
``kotatsu web``, and a model of its terminal screen.

The page draws the terminal on a canvas, so what the app shows is read from the websocket the
page receives (a script added to the page keeps a copy of every binary frame) and replayed into
a pyte screen of the page's own size; a click on a word goes to the middle of its cells on the
canvas, measured from the terminal's element.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import time
from pathlib import Path

import pyte
from wcwidth import wcwidth

CHROMIUM = "/usr/bin/chromium"
DESKTOP = {"width": 1280, "height": 800}
PHONE_SIDEWAYS = {"width": 844, "height": 390}  # a phone held sideways (CSS pixels)

TAP = """
(() => {
  const Real = window.WebSocket;
  const seen = { chunks: [], sent: [] };
  window.__kotatsu = seen;
  window.WebSocket = class extends Real {
    constructor(url, protocols) {
      super(url, protocols);
      seen.url = url;
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string") seen.chunks.push(new Uint8Array(event.data));
      });
      this.addEventListener("close", () => { seen.closed = true; });
    }
    send(data) { seen.sent.push(String(data)); return super.send(data); }
  };
  window.__kotatsuTake = (from) => {
    const parts = seen.chunks.slice(from);
    let size = 0;
    for (const part of parts) size += part.length;
    const all = new Uint8Array(size);
    let at = 0;
    for (const part of parts) { all.set(part, at); at += part.length; }
    let text = "";
    for (let i = 0; i < all.length; i += 32768) {
      text += String.fromCharCode.apply(null, all.subarray(i, i + 32768));
    }
    return { next: seen.chunks.length, data: btoa(text), sent: seen.sent.slice(-50),
             url: seen.url || null, closed: !!seen.closed };
  };
})();
"""


async def launch(playwright):
    """Debian's chromium, headless (no browser is downloaded)."""
    return await playwright.chromium.launch(
        executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
    )


class BrowserSeat:
    """One browser page at ``kotatsu web``."""

    def __init__(self, page) -> None:
        self.page = page
        self.screen: pyte.Screen | None = None
        self.stream: pyte.ByteStream | None = None
        self.taken = 0
        self.requests: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))

    @classmethod
    async def open(cls, browser, url: str, viewport=DESKTOP, touch: bool = False) -> BrowserSeat:
        context = await browser.new_context(
            viewport=viewport, has_touch=touch, is_mobile=touch, locale="en-GB"
        )
        await context.add_init_script(TAP)
        seat = cls(await context.new_page())
        await seat.page.goto(url)
        return seat

    async def close(self) -> None:
        await self.page.context.close()

    # -- the terminal's screen -----------------------------------------------------------------
    async def refresh(self) -> dict:
        got = await self.page.evaluate("(from) => window.__kotatsuTake(from)", self.taken)
        if got["url"] and self.screen is None:
            query = dict(re.findall(r"(width|height)=(\d+)", got["url"]))
            self.screen = pyte.Screen(int(query.get("width", 80)), int(query.get("height", 24)))
            self.stream = pyte.ByteStream(self.screen)
        if self.screen is not None:
            for sent in got["sent"]:
                message = json.loads(sent)
                if message[0] == "resize":
                    size = message[1]
                    if (size["width"], size["height"]) != (self.screen.columns, self.screen.lines):
                        self.screen.resize(size["height"], size["width"])
            assert self.stream is not None
            self.stream.feed(base64.b64decode(got["data"]).decode("latin-1").encode("latin-1"))
        self.taken = got["next"]
        return got

    async def text(self) -> str:
        await self.refresh()
        return "\n".join(self.screen.display) if self.screen else ""

    async def until(self, *words: str, timeout: float = 20.0, below: int = -1) -> str:
        """Wait until every one of ``words`` is on the screen (on rows below ``below``);
        returns the screen's text."""
        deadline = time.monotonic() + timeout
        while True:
            text = await self.text()
            lower = "\n".join(text.splitlines()[below + 1 :])
            if all(word in lower for word in words):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{words} not on the screen:\n{text}")
            await asyncio.sleep(0.05)

    async def settle(self, gap: float = 0.4, timeout: float = 10.0) -> str:
        """Wait until the screen has not changed for ``gap`` seconds (a bot's move can still
        shift the layout after a prompt appears); returns its text."""
        deadline = time.monotonic() + timeout
        text, since = await self.text(), time.monotonic()
        while time.monotonic() - since < gap and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            if (now := await self.text()) != text:
                text, since = now, time.monotonic()
        return text

    async def closed(self) -> bool:
        return bool((await self.refresh())["closed"])

    def find(self, word: str, last: bool = False, below: int = -1) -> tuple[int, int]:
        """(column, row) of the first cell of ``word``: its first (or last) place on the
        screen, on a row below ``below``."""
        assert self.screen is not None
        lines = self.screen.lines
        rows = range(lines - 1, below, -1) if last else range(below + 1, lines)
        for y in rows:
            line = self.screen.display[y]
            x = line.find(word)
            if x >= 0:
                return cells(line[:x]), y
        raise AssertionError(f"{word!r} not on the screen")

    async def click_cell(self, x: int, y: int, tap: bool = False) -> None:
        box = await self.page.locator(".xterm-screen").bounding_box()
        assert box is not None and self.screen is not None
        px = box["x"] + (x + 0.5) * box["width"] / self.screen.columns
        py = box["y"] + (y + 0.5) * box["height"] / self.screen.lines
        if tap:
            await self.page.touchscreen.tap(px, py)
        else:
            await self.page.mouse.click(px, py)

    async def click(
        self, word: str, last: bool = False, tap: bool = False, below: int = -1
    ) -> None:
        """Click (or tap) the middle of ``word``'s first cell."""
        await self.refresh()
        x, y = self.find(word, last, below)
        await self.click_cell(x, y, tap)

    async def press(self, key: str) -> None:
        await self.page.keyboard.press(key)

    async def sit(self, name: str, password: str | None = None) -> None:
        """Fill the page's form and sit down."""
        await self.page.fill("#name", name)
        if password is not None:
            await self.page.fill("#password", password)
        await self.page.click("#sit")

    async def said(self, selector: str, timeout: float = 10.0) -> str:
        """The text of the page's ``selector`` once it has some (the page's CSP forbids
        Playwright's string predicates, so this polls)."""
        deadline = time.monotonic() + timeout
        while not (text := await self.page.text_content(selector) or ""):
            assert time.monotonic() < deadline, f"nothing in {selector}"
            await asyncio.sleep(0.05)
        return text

    async def message(self) -> str:
        return (await self.page.text_content("#message")) or ""

    async def shot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        await self.page.screenshot(path=str(path))


def cells(text: str) -> int:
    """How many cells ``text`` covers (a wide character takes two)."""
    return sum(max(wcwidth(char), 0) for char in text)
