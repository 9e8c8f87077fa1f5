"""A table rebuilt from its journal keeps how well its bots play (the header's ``level``),
and rebuilding does not make its searching bots think again over every recorded move."""

from __future__ import annotations

import asyncio

from awaiting import next_of

import engine
from engine.search import SearchBot
from net.doors import hostbots
from net.doors.host import Host
from net.kept.journal import read_journal
from net.table.settings import HostLimits
from net.wire.client import Client, Staying


async def play_until(client: Client, version: int) -> None:
    """Play the normal bot's choices for ``client`` until the table reaches ``version``."""
    bot = engine.make_bot("swapo", client.seat or 0, 0)
    async for message in client.messages():
        if message["t"] != "state":
            continue
        if message["version"] >= version or message["view"]["over"]:
            return
        if message["legal"] and message["version"] == client.version:
            await client.act(bot.act(message["view"], message["legal"]))


async def test_hard_bots_come_back_hard_without_searching_the_past(hosts, tmp_path, monkeypatch):
    monkeypatch.setattr(hostbots, "THINK", 0.05)  # quick searches while the game is played
    journal = tmp_path / "hard.journal"
    first = await hosts(
        "swapo",
        seats=3,
        seed=4,
        bots=2,
        level="hard",
        journal=journal,
        fsync=False,
        results_wait=0,
    )
    player = Client("127.0.0.1", first.port, name="p", staying=Staying(reconnect=False))
    await player.connect()
    await asyncio.wait_for(play_until(player, 12), 30)
    by_bot = len(read_journal(journal).by_bot)
    assert by_bot > 0
    await first.close()
    token = player.token
    await player.close()

    followed: list[int] = []
    real_follow = SearchBot.follow
    real_decide = SearchBot.__dict__["_decide"]  # the table's own pool forks after the patch

    def follow(self, view, legal, action):
        followed.append(self.seat)
        real_follow(self, view, legal, action)

    def no_search(self, *args):
        raise AssertionError("a rebuilt table searched a recorded move again")

    monkeypatch.setattr(SearchBot, "follow", follow)
    monkeypatch.setattr(SearchBot, "_decide", no_search)
    second = Host.resume(journal, HostLimits(fsync=False))
    assert second.bots.level == "hard" and second.table.settings().level == "hard"
    assert len(followed) == by_bot
    for seat in (None, 0, 1, 2):
        assert second.table.rules.game.view(seat) == first.table.rules.game.view(seat)
    monkeypatch.setattr(SearchBot, "_decide", real_decide)
    port = await second.start("127.0.0.1", 0)
    try:
        again = Client("127.0.0.1", port, token=token)
        await again.connect()
        version = second.table.rules.version
        await asyncio.wait_for(play_until(again, version + 3), 30)  # the hard bots play on
        assert second.table.rules.version >= version + 3 or second.table.rules.game.over
        await again.close()
    finally:
        await second.close()


async def test_a_journal_without_a_level_resumes_with_normal_bots(hosts, tmp_path, monkeypatch):
    """Journals written before the level was kept: normal bots, as before."""

    def old_header(self: Host) -> dict:  # without the level
        return {k: v for k, v in self.table.settings().header().items() if k != "level"}

    monkeypatch.setattr(Host, "_header", old_header)
    journal = tmp_path / "old.journal"
    first = await hosts("swapo", seats=2, seed=3, bots=1, level="hard", journal=journal)
    player = Client("127.0.0.1", first.port, name="p", staying=Staying(reconnect=False))
    await player.connect()
    await next_of(player, "state")
    await first.close()
    await player.close()
    assert "level" not in read_journal(journal).header
    monkeypatch.undo()
    assert Host.resume(journal, HostLimits(fsync=False)).bots.level == "normal"
