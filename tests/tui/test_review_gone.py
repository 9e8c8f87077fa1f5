"""Reviewing asks the host, so only while it is there: once it has closed the table (a
headless host ends after the game once its people left), ``r`` says where this seat's own
view is kept instead of waiting for ever. A closed table shows no clock; the notice asking
for the game goes once the review came."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest

from net.doors.host import Host
from net.table.settings import HostLimits, TableSettings
from tests.tui.conftest import SIZE
from tests.tui.test_play_again import play_to_the_final_panel
from tui.app import make_app
from tui.connect import join_launcher, play_launcher
from tui.pilot import browser_of, seated, wait_until
from tui.replay.controls import ReplayControls
from tui.settings import Settings
from tui.table.panel import ResultsPanel
from tui.widgets.footer import WordedFooter


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@contextlib.asynccontextmanager
async def joined(**settings) -> AsyncIterator[tuple]:
    """Eli joined a real Swoop table on 127.0.0.1 (three seats, two bots):
    ``(app, pilot, screen, host)``."""
    table = TableSettings.new("swoop", seats=3, bots=2, seed=3, **settings)
    host = Host(table, HostLimits(fsync=False, bot_delay=0))
    port = await host.start("127.0.0.1", 0)
    launcher = join_launcher("127.0.0.1", port, name="Eli")
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    try:
        async with app.run_test(size=SIZE) as pilot:
            yield app, pilot, await seated(pilot), host
    finally:
        await host.close()


def footer_keys(screen) -> str:
    return " ".join(
        f"{k.key_display} {k.description}" for k in screen.query_one(WordedFooter).wanted_keys()
    )


async def test_review_after_the_host_has_gone_says_where_the_game_is_kept():
    async with joined(options={"hands": 1}) as (app, pilot, screen, host):
        panel = await play_to_the_final_panel(app, pilot, screen)
        assert panel.review
        await host.close_table()
        await wait_until(pilot, lambda: screen.connection == "closed")
        await pilot.press("r")
        gone = "The host has gone; kotatsu replay last shows your seat's view"
        await wait_until(pilot, lambda: gone in screen.notices)
        assert not any("Asking the host" in n for n in screen.notices)
        if isinstance(app.screen, ResultsPanel):
            await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen)
        assert "review" not in screen.prompt.plain and "review" not in footer_keys(screen)


async def test_a_closed_table_shows_no_clock():
    async with joined(clock=30) as (_app, pilot, screen, host):
        await wait_until(pilot, lambda: "s left" in screen.prompt.plain)
        await host.close_table()
        await wait_until(pilot, lambda: "The host closed the table" in screen.prompt.plain)
        assert "s left" not in screen.prompt.plain


async def test_the_asking_notice_goes_once_the_review_came():
    launcher = play_launcher(
        TableSettings.practice("swapo", bots=1, seed=1, options={"rounds": 1}), bot_delay=0
    )
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await play_to_the_final_panel(app, pilot, screen)
        await pilot.press("r")
        await wait_until(pilot, lambda: bool(app.screen.query(ReplayControls)), timeout=10)
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is screen)
        assert "Asking the host" not in screen.notice_line.told
