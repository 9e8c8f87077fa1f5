"""The turn clock on the screen: my own in the prompt, counting down once a second (the
decision's own time, then the bank), else whose clock runs; the host's menu stops the
clocks while it is open; the waiting room says the table's settings."""

from __future__ import annotations

import pytest

import tui.connect as connect
from net.doors.opening import TablePlan
from net.table.settings import HOSTED, TableSettings
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.pilot import browser_of, screen_lines, table_screen, wait_until
from tui.settings import Settings
from tui.table.clock import Clocks, clock_words
from tui.table.host_menu import HostMenu

pytestmark = pytest.mark.xdist_group("zeroconf")  # the hosted table advertises on loopback


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def test_a_clock_counts_its_own_time_then_the_bank_and_stands_still_when_paused():
    now = [100.0]
    clocks = Clocks(now=lambda: now[0])
    clocks.update({"paused": False, "seats": [{"seat": 0, "left": 10.0, "bank": 30.0}]})
    assert clocks.own_text(0) == "10 s left · bank 30 s" and clocks.own_text(1) == ""
    now[0] += 4.5
    assert clocks.own_text(0) == "6 s left · bank 30 s"
    now[0] += 8
    assert clocks.left(0) == (0.0, 27.5) and clocks.own_text(0) == "bank: 28 s left"
    clocks.update({"paused": True, "seats": [{"seat": 2, "left": 3.0, "bank": 0.0}]})
    now[0] += 50
    assert clocks.marks(0, lambda s: f"Seat {s + 1}") == ["Seat 3: 3 s left (paused)"]
    assert clocks.prompt_text(0, lambda s: f"Seat {s + 1}") == "Seat 3: 3 s left (paused)"
    clocks.update({"paused": False, "seats": [{"seat": "x"}, 7, {"seat": 1, "left": True}]})
    assert not clocks.any  # a malformed entry is left out
    assert clock_words(0.0, 0.0) == "bank: 0 s left"


async def test_my_clock_counts_down_in_the_prompt():
    launcher = connect.play_launcher(
        TableSettings.practice("swoop", bots=2, seed=4, clock=30, bank=60), bot_delay=0, name="Eli"
    )
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: table_screen(app) is not None)
        screen = table_screen(app)
        await wait_until(pilot, lambda: "30 s left · bank 60 s" in screen.prompt.plain)
        clocks = screen.clocks
        since = clocks.since
        clocks.now = lambda: since + 12.2  # the once-a-second tick, 12 s on
        screen.tick()
        assert screen.prompt.plain.startswith("18 s left · bank 60 s · ")
        clocks.now = lambda: since + 35
        screen.tick()
        assert screen.prompt.plain.startswith("bank: 55 s left · ")
        # another seat's clock: the prompt says whose runs
        screen.receive(
            {"t": "clock", "version": screen.version, "paused": False,
             "seats": [{"seat": 1, "left": 9.0, "bank": 0.0}]}
        )  # fmt: skip
        await pilot.pause()
        assert screen.prompt.plain.startswith("Bot 2: 9 s left · ")
        await screen.seat_link.close()


async def test_the_hosts_menu_stops_the_clocks_and_the_waiting_room_says_the_settings(tmp_path):
    async def advertise(host, bind, port):
        return None

    launcher = connect.host_launcher(
        TablePlan(
            TableSettings.new("swoop", seats=3, hints=True, clock=30, bank=60),
            limits=HOSTED,
            journal=str(tmp_path / "t.journal"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    connect_advertise = connect._advertise
    connect._advertise = advertise
    try:
        app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: table_screen(app) is not None)
            screen = table_screen(app)
            said = "Hints on · Turn clock 30 s · Time bank 60 s"
            await wait_until(pilot, lambda: any(said in line for line in screen_lines(app)))
            host = app.seat.host
            await pilot.press("m")
            await wait_until(pilot, lambda: isinstance(app.screen, HostMenu))
            assert host.table.menu_open
            await pilot.press("escape")
            await wait_until(pilot, lambda: not isinstance(app.screen, HostMenu))
            assert not host.table.menu_open
            await screen.seat_link.close()
    finally:
        connect._advertise = connect_advertise
