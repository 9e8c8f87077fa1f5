"""The web door (``kotatsu web``) for a person: Debian's chromium through Playwright, the page's
terminal read as the browser tests read it (tests/browser/seat.py: the websocket's frames
replayed into pyte), keys pressed on the page's keyboard. ``TerminalPerson`` plays it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

#: Playwright's names of the keys the person presses.
KEYS = {
    "enter": "Enter",
    "space": " ",
    "escape": "Escape",
    "tab": "Tab",
    "backspace": "Backspace",
    "left": "ArrowLeft",
    "right": "ArrowRight",
    "up": "ArrowUp",
    "down": "ArrowDown",
    "home": "Home",
    "end": "End",
    "question_mark": "?",
}


class Unavailable(Exception):
    """The web door cannot be opened here: no Playwright or no chromium."""


def check_available() -> None:
    """Raise ``Unavailable`` when Playwright (the browser extras) or chromium is missing."""
    import importlib.util
    import shutil

    from tests.browser.seat import CHROMIUM

    if importlib.util.find_spec("playwright") is None:
        raise Unavailable("Playwright is not installed (pip install -e '.[browser]')")
    if not shutil.which(CHROMIUM):
        raise Unavailable("Debian's chromium is not installed (apt-get install chromium)")


class WebTerminal:
    """A page's terminal as the ``Terminal`` of tests/person/terminal.py."""

    def __init__(self, seat: Any) -> None:
        self.seat = seat

    def lines(self) -> list[str]:
        screen = self.seat.screen
        return [line.rstrip() for line in screen.display] if screen is not None else []

    def text(self) -> str:
        return "\n".join(self.lines())

    def footer(self) -> str:
        lines = [line for line in self.lines() if line.strip()]
        return lines[-1] if lines else ""

    async def quiet(self, for_seconds: float = 0.15, at_most: float = 5.0) -> None:
        await self.seat.settle(gap=for_seconds, timeout=at_most)

    async def until(self, text: str, timeout: float = 20.0) -> None:
        await self.seat.until(text, timeout=timeout)

    async def send(self, *keys: str) -> None:
        for key in keys:
            await self.seat.press(KEYS.get(key, key))


@contextlib.asynccontextmanager
async def web_session(tmp: Path) -> AsyncIterator[WebTerminal]:
    """``kotatsu web`` on 127.0.0.1, a chromium page on it, the name form filled in."""
    check_available()
    from playwright.async_api import async_playwright

    from net.doors.web import WebConfig, WebGameServer
    from tests.browser.seat import BrowserSeat, launch

    server = WebGameServer(WebConfig(bind="127.0.0.1", port=0))
    port = await server.start()
    try:
        async with async_playwright() as playwright:
            chromium = await launch(playwright)
            try:
                seat = await BrowserSeat.open(chromium, f"http://127.0.0.1:{port}/")
                await seat.sit("Eli")
                await asyncio.sleep(0)
                yield WebTerminal(seat)
                await seat.close()
            finally:
                await chromium.close()
    finally:
        await server.close()
