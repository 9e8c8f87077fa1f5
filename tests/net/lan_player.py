"""A LAN player for the namespace test: find a table by zeroconf on ``--bind``, join it, play
with the game's bot, and report each step as one JSON line on stdout. Needs the repository on
PYTHONPATH (the test sets it)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys

import engine
from net.doors.discovery import Browser
from net.table.resultswait import ends_round
from net.wire.client import Client, Staying


def report(**fields) -> None:
    print(json.dumps(fields), flush=True)


async def main(bind: str, name: str, delay: float) -> int:
    seen = asyncio.Event()
    tables = []

    def added(table) -> None:
        tables.append(table)
        seen.set()

    browser = Browser(added, lambda key: None, bind)
    await browser.start()
    try:
        await asyncio.wait_for(seen.wait(), 15)
    except TimeoutError:
        report(event="no tables")
        return 1
    finally:
        await browser.close()
    table = tables[0]
    report(event="found", name=table.name, address=table.address, port=table.port)
    client = Client(
        table.address,
        table.port,
        name=name,
        staying=Staying(ping_interval=0.2, dead_after=0.8, connect_timeout=1.0, backoff_max=0.3),
    )
    await client.connect()
    report(event="seated", seat=client.seat)
    bot = engine.make_bot(client.table["game"], client.seat, 1)
    async for message in client.messages():
        if message["t"] == "connection":
            report(event=message["status"])
        if message["t"] != "state":
            continue
        report(event="state", version=message["version"])
        if message["view"]["over"]:
            report(event="over", result=message["view"]["result"])
            await client.close()
            return 0
        if ends_round(message["events"]):  # it reads no results panel
            with contextlib.suppress(ConnectionError):
                await client.results_seen(message["version"])
        if message["legal"] and message["version"] == client.version:
            await asyncio.sleep(delay)
            with contextlib.suppress(ConnectionError):
                await client.act(bot.act(message["view"], message["legal"]), message["version"])
    return 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--bind", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--delay", type=float, default=0.0)
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.bind, args.name, args.delay)))
