"""Fixtures for the app's tests: the real app (through ``make_app``) at a real local table.

The Pilot helpers (wait_until, seated, settle, browser_of) live in ``tui.pilot``.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest

import lang
from net.doors.discovery import TableInfo
from net.table.settings import TableSettings
from tui.app import KotatsuApp, make_app
from tui.connect import play_launcher
from tui.pilot import MemoryClient, browser_of, local_launcher, seated, wait_until
from tui.settings import Settings

SIZE = (80, 24)


# The browser reports net.doors.discovery.TableInfo records; tests build them directly.
FakeTable = TableInfo


def table_app(
    *,
    bots: int = 3,
    seed: int = 2,
    options: dict | None = None,
    name: str = "Eli",
    ascii_only: bool = False,
    hints: bool = False,
) -> KotatsuApp:
    """The app seated at a private table against bots that play at once (hints for learners
    off unless asked: the pictures show the keys every table has)."""
    launcher = play_launcher(
        TableSettings.practice("swapo", bots=bots, seed=seed, options=options, hints=hints),
        name=name,
        bot_delay=0,
    )
    settings = Settings(ascii_only=ascii_only, color=True, name=name, cursor_blink=False)
    return make_app(launcher=launcher, settings=settings, browser=browser_of())


def client_app(client: MemoryClient, *, ascii_only: bool = False) -> KotatsuApp:
    """The app seated as Eli at ``client``'s in-process table (no sockets, no host)."""
    settings = Settings(ascii_only=ascii_only, color=True, name="Eli", cursor_blink=False)
    return make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())


def log_text(screen) -> str:
    """Every line the table screen's log has written, one per line."""
    return "\n".join(screen.log_pane.lines_written)


@pytest.fixture(autouse=True)
def steady_screen(monkeypatch):
    """No animations, no NO_COLOR or locale from the caller's shell (English unless a test
    asks), and no tables left open in the user's state directory (the lobby offers those:
    every test has state and config directories of its own, empty, tests/conftest.py's
    ``_records_elsewhere``): the same pictures every run."""
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.delenv("NO_COLOR", raising=False)
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    lang.use(lang.DEFAULT)  # a test that ran the command may have chosen another


@contextlib.asynccontextmanager
async def at_a_closed_table() -> AsyncIterator[tuple]:
    """Eli joined a real SwaPo table on 127.0.0.1 whose host then closed it: ``(app, pilot,
    screen)`` once the prompt says so."""
    from net.doors.host import Host
    from net.table.settings import HostLimits, TableSettings
    from tui.connect import join_launcher

    host = Host(TableSettings.new("swapo", seats=2, bots=1, seed=1), HostLimits(fsync=False))
    port = await host.start("127.0.0.1", 0)
    launcher = join_launcher("127.0.0.1", port, name="Eli")
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await host.close_table()
        await wait_until(pilot, lambda: "The host closed the table" in screen.prompt.plain)
        yield app, pilot, screen
