"""A table whose host process died is offered again in the lobby (o), from its journal: the
host sits in its own seat with the same cards; a table closed on purpose, one whose game is
over or one a live host still holds is not offered."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from net.doors.host import Host
from net.doors.opening import TablePlan, default_journal
from net.kept.journal import default_journal_dir, left_open, lock_path
from net.table.settings import HOSTED, HostLimits, TableSettings
from tests.tui.conftest import SIZE
from tui import connect
from tui.app import make_app
from tui.pilot import browser_of, seated, wait_until
from tui.settings import Settings

pytestmark = pytest.mark.xdist_group("zeroconf")  # the reopened table advertises on loopback


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("KOTATSU_BIND", "127.0.0.1")  # the lobby hosts on every address


def died(host: Host) -> None:
    """What a killed host leaves behind: its journal and a lock file nobody holds."""
    assert host.journal is not None
    lock_path(host.journal.path).write_text("4194304")


async def hosted_and_died() -> tuple[str, list[str], int]:
    """Hana hosts "friday" against a bot; the bot asks her for cards; then her program dies.
    Returns the journal, her hand and the table's version when it died."""
    launch = connect.host_launcher(
        TablePlan(
            TableSettings.new("swapo", seats=2, bots=1, seed=1, name="friday"),
            limits=HOSTED,
            journal=default_journal("swapo"),
            bind="127.0.0.1",
        ),
        player_name="Hana",
    )
    seat = await launch()
    host = seat.host
    rules = host.table.rules
    try:
        while rules.version < 1 or rules.game.pending() != [0]:  # seed 1: the bot deals
            await asyncio.sleep(0.05)
        hand, version = list(rules.game.view(0)["hand"]), rules.version
    finally:
        await seat.close()  # closes the table: the lock file goes …
        died(host)  # … and comes back as a killed host leaves it
    return str(host.journal.path), hand, version


async def test_the_lobby_reopens_a_table_whose_host_died_and_the_host_sits_again():
    path, hand, version = await hosted_and_died()
    assert [t.name for t in left_open()] == ["friday"]
    app = make_app(settings=Settings(name="Hana", color=True, cursor_blink=False),
                   browser=browser_of())  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        line = app.screen.query_one("#lobby-reopen")
        await wait_until(pilot, lambda: line.display and "friday" in str(line.render()))
        assert "o: reopen it" in str(line.render())
        await pilot.press("o")
        screen = await seated(pilot)
        host = app.seat.host
        assert host is not None and str(host.journal.path) == path
        rules = host.table.rules
        assert rules.name == "friday"
        assert app.seat.client.seat == 0 and rules.version == version  # her own seat, as it was
        assert list(screen.view["hand"]) == hand  # and the same cards
        await app.leave_table()  # closed on purpose this time: not offered again
        await wait_until(pilot, lambda: not line.display)
    assert left_open() == []


async def test_a_table_closed_on_purpose_over_or_held_is_not_offered(tmp_path):
    base = default_journal_dir()
    over = Host(
        TableSettings.new("swapo", seats=2, bots=2, seed=2),
        HostLimits(fsync=False),
        journal=base / "over.journal",
    )
    await over.start("127.0.0.1", 0)
    await over.wait_over()
    await over.close()
    died(over)  # the game is over: nothing to reopen
    waiting = Host(
        TableSettings.new("swapo", seats=2, seed=3),
        HostLimits(fsync=False),
        journal=base / "closed.journal",
    )
    await waiting.start("127.0.0.1", 0)
    await waiting.close()  # closed on purpose: no lock file
    assert not lock_path(base / "closed.journal").exists()
    live = Host(
        TableSettings.new("swapo", seats=2, seed=4),
        HostLimits(fsync=False),
        journal=base / "live.journal",
    )
    await live.start("127.0.0.1", 0)
    await live.close()
    died(live)
    assert [t.path.name for t in left_open()] == ["live.journal"]
    holder = subprocess.Popen(  # another live process holds that table
        [sys.executable, "-c", HOLD, str(lock_path(base / "live.journal"))],
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        assert left_open() == []
        with pytest.raises(Exception, match="still open in another process"):
            Host.resume(base / "live.journal")
    finally:
        holder.kill()
        holder.wait()
    assert [t.path.name for t in left_open()] == ["live.journal"]


HOLD = """
import fcntl, sys, time
handle = open(sys.argv[1], "r+")
fcntl.flock(handle, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(60)
"""
