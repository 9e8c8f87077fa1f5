"""Issue 41 (evening minor 5): a player who leaves does not leave the others guessing. Every
seat's screen says, where the away seat is named (the header, the prompt while the table waits
for it), whether a bot will play for them and when: the host's ``--absent-bot`` reaches every
seat in the table's info (protocol 9)."""

from __future__ import annotations

import re

import pytest

import net.table.away
from net.doors.host import Host
from net.table.settings import HostLimits, TableSettings
from net.wire.client import Client
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.connect import join_launcher
from tui.pilot import browser_of, seated, wait_until
from tui.settings import Settings
from tui.table.away import Absence

pytestmark = pytest.mark.xdist_group("zeroconf")


@pytest.mark.parametrize(
    ("after", "said"),
    [
        (40.0, r"Bo is away — a bot plays for them in (39|40) s"),
        (None, r"Bo is away — the host can let a bot play"),
    ],
)
async def test_a_seat_is_told_when_a_bot_plays_for_the_player_it_waits_for(
    monkeypatch, after, said
):
    monkeypatch.setattr(net.table.away, "LEFT_GRACE", 0.0)  # the leaving is told at once
    limits = HostLimits(fsync=False, absent_bot_after=after)
    host = Host(TableSettings.new("swapo", seats=2, seed=0), limits)  # seat 0 acts first
    port = await host.start("127.0.0.1", 0)
    bo = Client("127.0.0.1", port, name="Bo")
    await bo.connect()
    launcher = join_launcher("127.0.0.1", port, name="Eve")
    app = make_app(launcher=launcher, settings=Settings(name="Eve"), browser=browser_of())
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated(pilot)
            assert screen.table_info["absent_bot"] == after  # every seat is told the setting
            game = host.table.rules.game
            assert game.pending() == [0] and "Bo is away" not in screen.prompt.plain
            await bo.close()
            await wait_until(pilot, lambda: "Bo is away" in screen.prompt.plain)
            assert re.search(said, screen.prompt.plain), screen.prompt.plain
            header = str(screen.query_one("#header").render())
            mark = r"Bo away \d+ s \(bot in (39|40) s\)" if after else r"Bo away \d+ s(?! \()"
            assert re.search(mark, header), header
    finally:
        await host.close()


@pytest.mark.unit
def test_the_words_of_an_away_seat():
    waiting = Absence("Bo", 12.0, covered=False, after=30.0)
    assert waiting.mark() == "Bo away 12 s (bot in 18 s)"
    assert waiting.sentence(hosting=False) == "Bo is away — a bot plays for them in 18 s"
    due = Absence("Bo", 31.0, covered=False, after=30.0)
    assert due.sentence(hosting=False) == "Bo is away — a bot plays for them in a moment"
    covered = Absence("Bo", 150.0, covered=True, after=30.0)
    assert covered.mark() == "Bo away 2 min (bot plays)"
    assert covered.sentence(hosting=False) == "Bo is away — a bot plays for them"
    never = Absence("Bo", 12.0, covered=False, after=None)
    assert never.mark() == "Bo away 12 s"
    assert never.sentence(hosting=False) == "Bo is away — the host can let a bot play"
    assert never.sentence(hosting=True) == "Bo is away — m lets a bot play for them"
