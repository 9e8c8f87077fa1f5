"""The rejoin marker comes after every old line: the lines a returning screen draws from the
state it gets on joining (the round's first line, drawn from its view) are from before too,
so they go above it, not under it as news."""

from __future__ import annotations

import pytest

from net.doors.host import Host
from net.table.settings import HostLimits, TableSettings
from net.wire.client import Client
from tests.tui.test_coming_back import eli_app
from tui.dialogs import ConfirmLeave
from tui.pilot import seated, wait_until

BACK = "— you are back: the lines above are from before —"


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # where the seat is kept


async def test_the_marker_follows_the_lines_drawn_on_joining():
    host = Host(TableSettings.new("swapo", seats=3, seed=4), HostLimits(fsync=False))
    port = await host.start("127.0.0.1", 0)
    ann, bo = Client("127.0.0.1", port, name="Ann"), Client("127.0.0.1", port, name="Bo")
    await ann.connect()
    await bo.connect()
    try:
        app = eli_app(port)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await seated(pilot)
            await ann.chat("hello Eli")
            await wait_until(pilot, lambda: "» Ann: hello Eli" in screen.log_pane.lines_written)
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmLeave))
            await pilot.press("y")
            await wait_until(pilot, lambda: app.return_code is not None)
        again = eli_app(port)
        async with again.run_test(size=(80, 24)) as pilot:
            screen = await seated(pilot)
            await wait_until(pilot, lambda: BACK in screen.log_pane.lines_written)
            logged = screen.log_pane.lines_written
            assert logged[-1] == BACK, logged  # nothing has happened since: nothing under it
    finally:
        await ann.close()
        await bo.close()
        await host.close()
