"""Zeroconf on the loopback interface only: tables appear, update and disappear."""

from __future__ import annotations

import asyncio

from net.client import Client
from net.discovery import Advertiser, Browser, TableInfo, find_tables, parse_table


async def wait_for(predicate, timeout: float = 10.0) -> None:
    """Wait for a condition that callbacks make true (polling an event-driven dict)."""
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.02)


async def test_table_appears_updates_and_disappears(toy, hosts):
    host = await hosts(toy, seats=3, bots=1, seed=1, name="Den.of\x1bkotatsu", password="pw")
    added: list[TableInfo] = []
    removed: list[str] = []
    changed = asyncio.Event()

    def on_added(table: TableInfo) -> None:
        added.append(table)
        changed.set()

    def on_removed(key: str) -> None:
        removed.append(key)
        changed.set()

    browser = Browser(on_added, on_removed, bind="127.0.0.1")
    await browser.start()
    advertiser = Advertiser(host, host.port, bind="127.0.0.1")
    try:
        await advertiser.start()
        await asyncio.wait_for(changed.wait(), 10)
        first = added[-1]
        assert (first.name, first.game, first.taken, first.seats) == ("Den.ofkotatsu", "toy", 1, 3)
        assert first.password and first.address == "127.0.0.1" and first.port == host.port
        player = Client("127.0.0.1", host.port, name="p", password="pw")
        await player.connect()
        await wait_for(lambda: added[-1].taken == 2)
        await player.close()
    finally:
        await advertiser.close()
    await wait_for(lambda: removed == [first.key])
    await browser.close()


async def test_find_tables_lists_what_is_advertised(toy, hosts):
    host = await hosts(toy, seats=2, seed=1, name="Listed")
    advertiser = Advertiser(host, host.port, bind="127.0.0.1")
    await advertiser.start()
    try:
        tables = await find_tables(1.5, bind="127.0.0.1")
    finally:
        await advertiser.close()
    assert [(t.name, t.game, t.taken, t.seats, t.port) for t in tables if t.name == "Listed"] == [
        ("Listed", "toy", 0, 2, host.port)
    ]


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
