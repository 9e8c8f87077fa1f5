"""Zeroconf on the loopback interface only: tables appear, update and disappear."""

from __future__ import annotations

import asyncio

import pytest
from lan_wait import BOUND, until_found

from net.doors.discovery import Advertiser, Browser, TableInfo, find_tables, parse_table
from net.wire.client import Client

# Zeroconf on loopback: tables advertised by one test must not appear in another's lobby.
pytestmark = pytest.mark.xdist_group("zeroconf")
# The tests of lost news and gone hosts mostly wait (on time-outs, on addresses running out):
# a second chain beside the first, which would otherwise end the run later. Like every test
# here, each looks only at its own tables.
BESIDE = pytest.mark.xdist_group("zeroconf-beside")


async def test_table_appears_updates_and_disappears(toy, hosts):
    host = await hosts(toy, seats=3, bots=1, seed=1, name="Den.of\x1bkotatsu", password="pw")
    news: asyncio.Queue = asyncio.Queue()
    browser = Browser(
        lambda table: news.put_nowait(("added", table)),
        lambda key: news.put_nowait(("removed", key)),
        bind="127.0.0.1",
    )
    await browser.start()
    advertiser = Advertiser(host, host.port, bind="127.0.0.1")

    async def next_news() -> tuple[str, object]:
        """The next news of *this* table (another process may advertise on loopback too)."""
        while True:
            kind, item = await asyncio.wait_for(news.get(), BOUND)
            ours = item.port == host.port if isinstance(item, TableInfo) else item in keys
            if ours:
                return kind, item

    keys: set[object] = set()

    try:
        await advertiser.start()
        kind, first = await next_news()
        assert kind == "added" and isinstance(first, TableInfo)
        keys.add(first.key)
        assert (first.name, first.game, first.taken, first.seats) == ("Den.ofkotatsu", "toy", 1, 3)
        assert first.password and first.address == "127.0.0.1" and first.port == host.port
        player = Client("127.0.0.1", host.port, name="p", password="pw")
        await player.connect()
        kind, update = await next_news()
        assert kind == "added" and update.key == first.key and update.taken == 2
        await player.close()
    finally:
        await advertiser.close()
    assert await next_news() == ("removed", first.key)
    assert first.key not in browser.tables
    await browser.close()


async def test_find_tables_lists_what_is_advertised(toy, hosts):
    host = await hosts(toy, seats=2, seed=1, name="Listed")
    advertiser = Advertiser(host, host.port, bind="127.0.0.1")
    await advertiser.start()

    def listed(tables: list[TableInfo]) -> list[tuple]:
        return [(t.name, t.game, t.taken, t.seats, t.port) for t in tables if t.port == host.port]

    try:  # one browse window may close before a busy machine answers: look until it is there
        tables = await until_found(lambda: find_tables(1.5, bind="127.0.0.1"), listed)
    finally:
        await advertiser.close()
    assert listed(tables) == [("Listed", "toy", 0, 2, host.port)]


@BESIDE
async def test_a_lost_answer_is_asked_for_again(toy, hosts, monkeypatch):
    """Zeroconf tells of a table's name once: when the answer with its details is lost (a
    busy machine, an answer taken by another program on the port), the browser asks again
    rather than never showing the table. Its questions ask for multicast answers."""
    from zeroconf import DNSQuestionType
    from zeroconf.asyncio import AsyncServiceInfo

    host = await hosts(toy, seats=2, seed=1, name="Asked twice")
    asked: list[object] = []
    real = AsyncServiceInfo.async_request

    async def lossy(self, zc, timeout, question_type=None, *args, **kwargs):
        asked.append(question_type)
        if len(asked) == 1:
            return False  # the first answer never comes
        return await real(self, zc, timeout, question_type, *args, **kwargs)

    monkeypatch.setattr(AsyncServiceInfo, "async_request", lossy)
    found: asyncio.Queue = asyncio.Queue()
    browser = Browser(found.put_nowait, lambda key: None, bind="127.0.0.1")
    await browser.start()
    advertiser = Advertiser(host, host.port, bind="127.0.0.1")
    try:
        await advertiser.start()
        while (table := await asyncio.wait_for(found.get(), BOUND)).port != host.port:
            pass
    finally:
        await advertiser.close()
        await browser.close()
    assert table.name == "Asked twice"
    assert len(asked) >= 2 and set(asked) == {DNSQuestionType.QM}


GONE_HOST = """
import asyncio, sys
from types import SimpleNamespace
from net.doors.discovery import Advertiser

class Seating:
    taken_count = 0
    def __len__(self):
        return 3

rules = SimpleNamespace(name="Gone", game_name="toy", locked=False, info={},
                        game=SimpleNamespace(options={}), seating=Seating())
host = SimpleNamespace(listeners=[], table=SimpleNamespace(rules=rules))

async def main():
    await Advertiser(host, int(sys.argv[1]), "127.0.0.1", ttl=1).start()
    print("up", flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


@BESIDE
async def test_a_host_gone_without_a_goodbye_leaves_the_list_and_a_live_one_stays(toy, hosts):
    """A host killed (no goodbye) leaves the lobbies once its address has run out and it no
    longer answers; a live table is asked again and stays. (python-zeroconf keeps a table's
    name 20 minutes at least, whatever its host says: without this look, a dead table stayed
    listed that long.) Here the addresses live 1 s, and the lobby looks every 0.5 s and waits
    1 s twice for an answer."""
    import os
    import signal
    import sys

    from tests.net.processes import ROOT

    live = await hosts(toy, seats=2, seed=1, name="Alive")
    added: dict[int, str] = {}
    removed: list[str] = []
    browser = Browser(
        lambda table: added.setdefault(table.port, table.key),
        removed.append,
        bind="127.0.0.1",
        alive_every=0.5,
        alive_timeouts=(1000, 1000),
    )
    await browser.start()
    advertiser = Advertiser(live, live.port, bind="127.0.0.1", ttl=1)
    await advertiser.start()
    gone_port = live.port + 1 if live.port < 65535 else live.port - 1  # never connected to
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", GONE_HOST, str(gone_port), cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        assert (await asyncio.wait_for(child.stdout.readline(), BOUND)).strip() == b"up"
        async with asyncio.timeout(BOUND):
            while not {live.port, gone_port} <= set(added):
                await asyncio.sleep(0.05)
        child.send_signal(signal.SIGKILL)
        async with asyncio.timeout(BOUND):
            while added[gone_port] not in removed:
                await asyncio.sleep(0.05)
        # meanwhile the live table was asked again at every look past its address's life
        assert added[live.port] not in removed and added[live.port] in browser.tables
    finally:
        if child.returncode is None:
            child.kill()
        await child.wait()
        await advertiser.close()
        await browser.close()


@BESIDE
async def test_a_table_whose_news_was_lost_is_listed_at_the_next_fresh_ask(toy, hosts):
    """Multicast loses packets (Wi-Fi): a lobby that heard nothing of a table lists it when
    it next asks afresh who is there, not twenty minutes later. Here everything the first
    zeroconf browser tells is lost, and the lobby asks again after 1 s."""
    host = await hosts(toy, seats=2, seed=1, name="Heard late")
    advertiser = Advertiser(host, host.port, bind="127.0.0.1")
    await advertiser.start()
    found: asyncio.Queue = asyncio.Queue()
    browser = Browser(found.put_nowait, lambda key: None, bind="127.0.0.1", ask_again_every=1.0)
    heard = browser._on_change

    def first_browser_deaf(zeroconf, service_type, name, state_change):
        if first is not None and browser.browser is first:
            return  # lost on the way
        heard(zeroconf, service_type, name, state_change)

    first = None
    browser._on_change = first_browser_deaf  # type: ignore[method-assign]
    try:
        await browser.start()
        first = browser.browser
        await asyncio.sleep(0.8)
        assert found.empty()  # nothing heard yet
        while (table := await asyncio.wait_for(found.get(), BOUND)).port != host.port:
            pass
        assert table.name == "Heard late" and browser.browser is not first
    finally:
        await advertiser.close()
        await browser.close()


def test_foreign_records_are_ignored():
    from zeroconf import ServiceInfo

    bogus = ServiceInfo(
        "_kotatsu._tcp.local.",
        "x._kotatsu._tcp.local.",
        addresses=[b"\x7f\x00\x00\x01"],
        port=1,
        properties={"seats": "many"},
    )
    assert parse_table(bogus) is None
