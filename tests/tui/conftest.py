"""Helpers for the app's tests: the real app (through ``make_app``) at a real local table."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from net.discovery import TableInfo
from tui.app import KotatsuApp, make_app
from tui.connect import play_launcher
from tui.settings import Settings

SIZE = (80, 24)


# The browser reports net.discovery.TableInfo records; tests build them directly.
FakeTable = TableInfo


class FakeBrowser:
    """A LAN browser that 'finds' the given tables at once (no multicast in tests)."""

    def __init__(self, tables: list[FakeTable], on_added, on_removed) -> None:
        self.tables = tables
        self.on_added = on_added
        self.on_removed = on_removed
        self.closed = False

    async def start(self) -> None:
        for table in self.tables:
            self.on_added(table)

    async def close(self) -> None:
        self.closed = True


def browser_of(*tables: FakeTable) -> Callable:
    return lambda on_added, on_removed: FakeBrowser(list(tables), on_added, on_removed)


def table_app(
    *,
    bots: int = 3,
    seed: int = 2,
    options: dict | None = None,
    name: str = "Eli",
    ascii_only: bool = False,
) -> KotatsuApp:
    """The app seated at a private table against bots that play at once."""
    launcher = play_launcher("swapo", bots=bots, seed=seed, options=options, name=name, bot_delay=0)
    settings = Settings(ascii_only=ascii_only, color=True, name=name, cursor_blink=False)
    return make_app(launcher=launcher, settings=settings, browser=browser_of())


async def wait_until(pilot, predicate: Callable[[], bool], timeout: float = 8.0) -> None:
    """Let the app run until ``predicate()`` holds (fails the test after ``timeout``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError("the app did not reach the expected state in time")
        await pilot.pause(0.02)


def table_screen(app):
    from tui.screens.table import TableScreen

    screen = app.screen
    return screen if isinstance(screen, TableScreen) else None


async def seated(pilot) -> object:
    """Wait until the table screen has drawn its first state and settled."""
    await wait_until(pilot, lambda: table_screen(pilot.app) is not None)
    screen = table_screen(pilot.app)
    await wait_until(pilot, lambda: screen.states_seen > 0)
    await settle(pilot)
    return screen


async def settle(pilot, quiet: float = 0.07) -> None:
    """Wait until no new state arrived for ``quiet`` seconds (bots have no delay)."""
    screen = table_screen(pilot.app)
    while True:
        before = screen.states_seen if screen else 0
        await pilot.pause(quiet)
        if (screen.states_seen if screen else 0) == before:
            return


@pytest.fixture(autouse=True)
def steady_screen(monkeypatch):
    """No animations and no NO_COLOR from the caller's shell: the same pictures every run."""
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.delenv("NO_COLOR", raising=False)
