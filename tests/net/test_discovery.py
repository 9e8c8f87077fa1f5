"""Zeroconf on the loopback interface only: tables appear, update and disappear."""

from __future__ import annotations

import asyncio

import pytest
from lan_wait import BOUND, until_found

from net.client import Client
from net.discovery import Advertiser, Browser, TableInfo, find_tables, parse_table

# Zeroconf on loopback: tables advertised by one test must not appear in another's lobby.
pytestmark = pytest.mark.xdist_group("zeroconf")


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
