"""The screen tests' table (tui/pilot.py ``MemoryClient``) is the real sans-I/O table in this
process: it says what a host says (the table info with every declared setting, a lobby, the
states, a refusal in the table's words), its bots answer at once, and what it is sent is
checked as a host checks it. No app, no socket."""

from __future__ import annotations

import asyncio

import pytest

from net.table.settings import SETTINGS
from net.wire.messages import check_host
from tui.pilot import MemoryClient

pytestmark = pytest.mark.unit


def inbox(client: MemoryClient) -> list[dict]:
    got = []
    while not client.inbox.empty():
        got.append(client.inbox.get_nowait())
    return got


def test_it_says_what_a_host_says_and_its_bots_answer_at_once():
    async def play() -> None:
        client = MemoryClient("swoop", 4, seed=3, settings={"hints": True})
        await client.connect()
        assert client.seat == 0 and client.table is not None
        assert {s.key for s in SETTINGS} <= set(client.table)  # the clock too: no drift
        assert client.table["hints"] is True and client.table["name"] == "local"
        got = inbox(client)
        for message in got:
            check_host(message)
        assert [m["t"] for m in got][:2] == ["lobby", "lobby"] and got[-1]["t"] == "state"
        assert client.game.pending() == [0] and got[-1]["legal"]  # the bots played up to me
        assert got[-1]["version"] == client.version == client._table.pacer.wire_version
        action = got[-1]["legal"][0]
        await client.act(action)
        after = inbox(client)
        assert after[0]["version"] == client.version - len(after) + 1  # one state a move
        assert client.game.pending() == [0] or client.game.over
        await client.act({"type": "nonsense"})
        [rejected] = inbox(client)
        assert rejected["t"] == "rejected" and client.acts == [action, {"type": "nonsense"}]
        await client.hint()
        [notice] = inbox(client)
        assert notice["code"] == "hint_asked" and client.hinted == [client.version]
        await client.close()
        assert inbox(client)[-1] == {"t": "connection", "status": "closed"}

    asyncio.run(play())


def test_scripted_bots_and_a_new_name_replace_the_tables_before_connect():
    class First:
        asked = 0

        def act(self, view, legal):
            self.asked += 1
            return legal[0]

    async def play() -> None:
        client = MemoryClient("swoop", 3, seed=5, options={"first_player": 2})
        bots = client.bots = {1: First(), 2: First()}
        client.table = {**(client.table or {}), "name": "bots"}  # the pictures' header
        await client.connect()
        assert client.table["name"] == "bots"
        moved = [seat for seat, _ in client._table.rules.actions]
        assert moved and set(moved) <= {1, 2} and client.game.pending() == [0]
        assert bots[1].asked + bots[2].asked == len(moved)

    asyncio.run(play())


def test_a_spectator_watches_a_table_of_bots_to_its_end():
    async def play() -> None:
        client = MemoryClient("swoop", 3, seat=None, seed=2)
        await client.connect()
        got = inbox(client)
        assert client.seat is None and client.game.over
        assert got[-1]["t"] == "state" and got[-1]["view"]["over"] and got[-1]["legal"] == []

    asyncio.run(play())
