"""Driving the real app headless: shared by the tests, the screenshot script and the bench.

These wait on the app's own state (how many table states a screen has drawn) rather than on
the clock, so a test or a picture is the same on a slow machine and a fast one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable

from net.discovery import TableInfo


class FakeBrowser:
    """A LAN browser that 'finds' the given tables at once (no multicast in tests/pictures)."""

    def __init__(self, tables: list[TableInfo], on_added, on_removed) -> None:
        self.tables = tables
        self.on_added = on_added
        self.on_removed = on_removed
        self.closed = False

    async def start(self) -> None:
        for table in self.tables:
            self.on_added(table)

    async def close(self) -> None:
        self.closed = True


def browser_of(*tables: TableInfo) -> Callable:
    """A browser factory for ``make_app(browser=...)`` that reports ``tables``."""
    return lambda on_added, on_removed: FakeBrowser(list(tables), on_added, on_removed)


def lan_tables(rows: Iterable[tuple]) -> list[TableInfo]:
    """TableInfo records from ``(name, game, variant, taken, seats, password, address)``."""
    return [
        TableInfo(str(i), name, game, variant, taken, seats, password, 1, address, 7717)
        for i, (name, game, variant, taken, seats, password, address) in enumerate(rows)
    ]


async def wait_until(pilot, predicate: Callable[[], bool], timeout: float = 8.0) -> None:
    """Let the app run until ``predicate()`` holds (AssertionError after ``timeout``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError("the app did not reach the expected state in time")
        await pilot.pause(0.02)


def table_screen(app):
    """The table screen on top, or None (lobby, a dialog)."""
    from .screens.table import TableScreen

    screen = app.screen
    return screen if isinstance(screen, TableScreen) else None


async def settle(pilot, quiet: float = 0.07) -> None:
    """Wait until no new state arrived for ``quiet`` seconds (bots without delay)."""
    screen = table_screen(pilot.app)
    while True:
        before = screen.states_seen if screen else 0
        await pilot.pause(quiet)
        if (screen.states_seen if screen else 0) == before:
            return


async def seated(pilot) -> object:
    """Wait until the table screen has drawn its first state and settled; return it."""
    await wait_until(pilot, lambda: table_screen(pilot.app) is not None)
    screen = table_screen(pilot.app)
    await wait_until(pilot, lambda: screen.states_seen > 0)
    await settle(pilot)
    return screen
