"""When the host leaves its table, the others hear one true thing (the table is closed), and
``q`` then just leaves: no "your seat stays yours" at a table that is gone."""

from __future__ import annotations

import asyncio

import pytest

from net.doors.opening import TablePlan, default_journal
from net.table.settings import HOSTED, TableSettings
from net.wire.client import Client
from tests.tui.conftest import SIZE, at_a_closed_table
from tui.app import make_app
from tui.connect import host_launcher
from tui.dialogs import ConfirmLeave
from tui.pilot import browser_of, seated, wait_until
from tui.settings import Settings

pytestmark = pytest.mark.xdist_group("zeroconf")  # the hosted table advertises on loopback


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


async def test_a_host_leaving_its_table_tells_the_others_it_closed_and_nothing_else():
    launcher = host_launcher(
        TablePlan(
            TableSettings.new("swapo", name="ours", seats=2),
            limits=HOSTED,
            journal=default_journal("swapo"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(launcher=launcher, settings=settings, browser=browser_of())
    heard: list[dict] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.seat is not None and app.seat.host is not None)
        bo = Client("127.0.0.1", app.seat.host.port, name="Bo")
        await bo.connect()

        async def read() -> None:
            async for message in bo.messages():
                heard.append(message)

        reader = asyncio.create_task(read())
        try:
            await seated(pilot)
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmLeave))
            await pilot.press("y")
            await asyncio.wait_for(reader, 10)
        finally:
            await bo.close()
    codes = [m.get("code") for m in heard if m["t"] in ("notice", "error")]
    assert codes == ["closed"]  # not "Eli left the table; their seat waits for them"


async def test_at_a_closed_table_q_just_leaves():
    async with at_a_closed_table() as (app, pilot, screen):
        assert screen.prompt.plain == "The host closed the table · q leave"
        await pilot.press("q")  # started at the table from the command line: back to the shell
        await wait_until(pilot, lambda: app.return_code is not None)
        assert not isinstance(app.screen, ConfirmLeave)
