"""A paced 秘十 table resumed from its journal (issue 24, defect 3), over real sockets: the
frames' version hides the deal's private decisions, and after ``--resume`` it goes on from the
version the seats last saw instead of jumping by the number of hidden decisions."""

from __future__ import annotations

import asyncio

import pytest
from rawpeer import RawPeer

from net.doors.host import Host
from net.table.settings import HostLimits, TableSettings
from net.wire.codec import encode

SETTINGS = {"seats": 4, "bots": 3, "options": {"hands": 1, "declare_window": 0}}


def join(token=None):
    message = {"t": "join", "name": "Ann", "seat": None, "spectator": False}
    return encode({**message, "auth": None, "token": token})


async def my_turn_after_the_deal(peer: RawPeer) -> tuple[dict, str]:
    """The person's first state of its own turn after the deal (one the host does not take
    for it), and its token."""
    token = ""
    while True:
        message = await peer.next(10)
        if message["t"] == "welcome":
            token = message["token"]
        if message["t"] != "state" or message["view"]["phase"] == "deal":
            continue
        if message["legal"] and message["legal"] != [{"type": "pass"}]:
            return message, token


@pytest.mark.parametrize("seed", [3, 4])
async def test_a_resumed_paced_table_goes_on_at_the_version_its_seats_saw(seed, tmp_path):
    journal = tmp_path / "mishi.journal"
    host = Host(
        TableSettings.new("mishi", **SETTINGS, seed=seed, deal_tick=0.002),
        HostLimits(fsync=False),
        journal=journal,
    )
    port = await host.start("127.0.0.1", 0)
    peer = await RawPeer.open(port)
    await peer.next()  # hello
    peer.send(join())
    seen, token = await my_turn_after_the_deal(peer)
    hidden = host.table.rules.version - seen["version"]
    assert hidden > 0  # the deal's private decisions are not counted on the wire
    await host.close()  # the person's turn: nothing moves until it acts
    later = [m for m in await peer.until_closed() if m["t"] == "state"]
    assert not later or later[-1]["version"] == seen["version"]

    resumed = Host.resume(journal, HostLimits(fsync=False))
    port = await resumed.start("127.0.0.1", 0)
    try:
        back = await RawPeer.open(port)
        await back.next()  # hello
        back.send(join(token))
        state = await back.next()
        while state["t"] != "state":
            state = await back.next()
        assert state["view"] == seen["view"] and state["legal"] == seen["legal"]
        assert state["version"] == seen["version"], (
            f"jumped by {state['version'] - seen['version']}"
        )
        back.send(encode({"t": "act", "version": state["version"], "action": state["legal"][0]}))
        moved = await back.next()
        while moved["t"] != "state":
            moved = await back.next()
        assert moved["version"] > state["version"]  # the act was taken at that version
    finally:
        await asyncio.wait_for(resumed.close(), 5)


async def test_after_a_paced_deal_the_moves_asked_for_are_not_counted_as_flood():
    """Issue 24: whether an act was asked for was checked before the wire version was turned
    back into the table's, so after a paced deal every move of a person counted against its
    rate. With a rate this low, three moves that count would hold the person for minutes."""
    host = Host(
        TableSettings.new("mishi", **SETTINGS, seed=4, deal_tick=0.002),
        HostLimits(rate=0.01, burst=3, flood_cut_after=600),
    )
    port = await host.start("127.0.0.1", 0)
    try:
        peer = await RawPeer.open(port)
        await peer.next()  # hello
        peer.send(join())
        moves = 0
        async with asyncio.timeout(30):
            while not host.table.rules.over:
                message = await peer.next(30)
                if message["t"] != "state" or not message["legal"] or message["view"]["over"]:
                    continue
                if message["legal"] == [{"type": "pass"}] and message["view"]["phase"] == "bao":
                    continue  # the host passes for it after the window
                action = message["legal"][0]
                peer.send(encode({"t": "act", "version": message["version"], "action": action}))
                moves += 1
        assert moves > 10 and host.table.rules.version - message["version"] > 0  # a deal was paced
    finally:
        await asyncio.wait_for(host.close(), 5)
