"""People at the table, on the screen: the host's menu (m) and Ctrl+C at its table, the
first-run name, a host that closes, join errors in words, and the away mark."""

from __future__ import annotations

import pytest

from net.doors.host import Host
from net.doors.opening import TablePlan, default_journal
from net.table.settings import HOSTED, HostLimits, TableSettings
from net.wire.client import Client
from tests.tui.conftest import SIZE, at_a_closed_table, table_app
from tui.app import make_app
from tui.connect import JoinError, explain, host_launcher, join_launcher
from tui.dialogs import ConfirmLeave
from tui.lobby.forms import NameForm
from tui.pilot import browser_of, seated, settle, wait_until
from tui.settings import Settings, config_path, load_name
from tui.table.host_menu import HostMenu

pytestmark = pytest.mark.xdist_group("zeroconf")  # the hosted tables advertise on loopback


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def hosting(**kwargs):
    launcher = host_launcher(
        TablePlan(
            TableSettings.new("swapo", name="ours", **kwargs),
            limits=HOSTED,
            journal=default_journal("swapo"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    return make_app(launcher=launcher, settings=settings, browser=browser_of())


async def choose(pilot, starting: str) -> None:
    """Open the host's menu, pick the line that starts with ``starting``, confirm it."""
    await pilot.press("m")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HostMenu))
    menu = pilot.app.screen
    (index,) = [i for i, (text, _, _) in enumerate(menu.choices) if text.startswith(starting)]
    for _ in range(index):
        await pilot.press("down")
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ConfirmLeave))
    await pilot.press("y")


async def test_the_host_fills_the_empty_seats_with_bots_from_its_waiting_room():
    app = hosting(seats=3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.seat is not None and app.seat.host is not None)
        screen = pilot.app.screen
        await wait_until(pilot, lambda: "m: start now or fill with bots" in screen.prompt.plain)
        await choose(pilot, "Fill the 2 empty seats with bots")
        await wait_until(pilot, lambda: bool(screen.view))
        assert [p["bot"] for p in screen.people.players] == [False, True, True]


async def test_the_host_starts_now_with_two_of_four_and_removes_nobody_by_mistake():
    app = hosting(seats=4)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.seat is not None and app.seat.host is not None)
        host = app.seat.host
        bo = Client("127.0.0.1", host.port, name="Eli")  # the same name: made unique
        await bo.connect()
        try:
            screen = pilot.app.screen
            await wait_until(
                pilot, lambda: sum(bool(p["name"]) for p in screen.people.players) == 2
            )
            assert [p["name"] for p in screen.people.players[:2]] == ["Eli", "Eli 2"]
            await pilot.press("m")
            await wait_until(pilot, lambda: isinstance(pilot.app.screen, HostMenu))
            await pilot.press("escape")  # the menu goes away and nothing happens
            await choose(pilot, "Start now with the 2 seated")
            await wait_until(pilot, lambda: bool(screen.view))
            assert screen.view["seats"] == 2 and host.table.rules.game.seats == 2 and bo.seat == 1
        finally:
            await bo.close()


async def test_ctrl_c_and_q_at_the_hosts_table_ask_first():
    app = hosting(seats=2)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.seat is not None and app.seat.host is not None)
        await pilot.press("ctrl+c")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        assert "closes it for everyone" in app.screen.detail
        await pilot.press("n")
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        assert "closes it for everyone" in app.screen.detail
        await pilot.press("n")
        assert app.seat is not None and app.return_code is None


async def test_the_first_run_asks_for_a_name_once_and_remembers_it():
    app = make_app(settings=Settings(color=True, cursor_blink=False), browser=browser_of())
    app.ask_name = True
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameForm))
        await pilot.press("end", *["backspace"] * 30, *"Ann", "enter")
        await wait_until(pilot, lambda: app.settings.name == "Ann")
    assert load_name() == "Ann" and 'name = "Ann"' in config_path().read_text()


async def test_a_spectator_is_told_they_are_leaving(tmp_path):
    host = Host(TableSettings.new("swapo", seats=2, bots=1, seed=1), HostLimits(fsync=False))
    port = await host.start("127.0.0.1", 0)
    launcher = join_launcher("127.0.0.1", port, name="Wat", spectate=True)
    app = make_app(launcher=launcher, settings=Settings(name="Wat"), browser=browser_of())
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.seat is not None)
            await settle(pilot)
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmLeave))
            assert app.screen.detail == "You are watching: leaving just stops watching."
    finally:
        await host.close()


async def test_a_host_that_closes_the_table_says_so():
    async with at_a_closed_table() as (_app, _pilot, screen):
        assert "The host closed the table" in screen.prompt.plain


async def test_join_errors_are_said_in_words():
    with pytest.raises(JoinError) as refused:
        await join_launcher("127.0.0.1", 1, name="Eli")()
    assert refused.value.msg == "Nobody is listening at 127.0.0.1:1 — is the table still open?"
    assert (
        explain(TimeoutError(), "10.0.0.9", 7717)
        == "No answer from 10.0.0.9:7717 after 5 s — wrong address, or a firewall?"
    )
    host = Host(TableSettings.new("swapo", seats=2, bots=1, seed=1), HostLimits(fsync=False))
    port = await host.start("127.0.0.1", 0)
    first = Client("127.0.0.1", port, name="Ann")
    await first.connect()
    try:
        with pytest.raises(JoinError) as full:
            await join_launcher("127.0.0.1", port, name="Bo")()
        assert full.value.msg == "Table full — press w to watch"
        watching = await full.value.watch()
        assert watching.client.seat is None
        await watching.close()
    finally:
        await first.close()
        await host.close()


def test_the_away_mark(snap_compare):
    async def run_before(pilot) -> None:
        screen = await seated(pilot)
        players = [dict(p) for p in screen.people.players]
        players[2]["connected"] = False
        players[2]["name"] = "Bo"
        players[2]["bot"] = False
        players[2]["away"] = {"seconds": 150, "bot": True}
        screen.receive({"t": "lobby", "players": players, "started": True})
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(table_app(seed=2), terminal_size=(120, 40), run_before=run_before)
