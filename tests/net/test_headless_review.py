"""A headless host stays up after the game while people are still at the table, so that their
``r review the game`` is answered; it ends once they have left (a table of bots alone ends at
once, tests/net/test_cli.py)."""

from __future__ import annotations

import asyncio

import pytest
from processes import cli_env, start_host

from net.doors.botclient import play_seat
from net.wire.client import Client

pytestmark = pytest.mark.xdist_group("zeroconf")


async def test_a_headless_host_answers_reviews_until_the_people_leave(tmp_path):
    host, port = await start_host(
        "swoop", "--headless", "--bind", "127.0.0.1", "--bots", "3", "--seats", "4",
        "--option", "hands=1", env=cli_env(tmp_path),
    )  # fmt: skip
    client = Client("127.0.0.1", port, name="Eve")
    try:
        await client.connect()
        assert await play_seat(client, kind="normal") is not None
        head = (await asyncio.wait_for(host.stdout.readline(), 10)).decode()
        assert head.split() == ["player", "score"]  # the result is printed at once
        assert host.returncode is None  # and the table is still there
        await client.review()
        async with asyncio.timeout(10):
            async for message in client.messages():
                if message["t"] == "record":
                    break
        await client.close()
        _, err = await asyncio.wait_for(host.communicate(), 10)
        assert host.returncode == 0
        assert "stays open" in err.decode()
    finally:
        await client.close()
        if host.returncode is None:
            host.kill()
            await host.wait()
