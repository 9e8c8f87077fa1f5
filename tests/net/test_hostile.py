"""Hostile peers over real sockets: each gets an error or is dropped, the others play on, and
nothing (connections, tasks) is left behind."""

from __future__ import annotations

import asyncio
import struct

import pytest
from rawpeer import RawPeer, error_code

from net.doors.botclient import run_bot_client
from net.wire.codec import encode
from net.wire.reasons import family

HOSTILE_BYTES = {
    "garbage": b"\x00\x00\x00\x05\xc1\xc1\xc1\xc1\xc1",
    "oversized": struct.pack(">I", 10_000_000) + b"x" * 100,
    "not a map": encode(["join"]),  # type: ignore[arg-type]
    "wrong types": encode(
        {"t": "join", "name": 5, "seat": "one", "spectator": 0, "auth": None, "token": None}
    ),
    "ping first": encode({"t": "ping", "n": 1}),
    "ext type": struct.pack(">I", 3) + b"\xd4\x01\x00",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE_BYTES))
async def test_hostile_handshakes_are_dropped(kind, toy, hosts):
    host = await hosts(toy, seats=2, seed=1)
    peer = await RawPeer.open(host.port)
    peer.send(HOSTILE_BYTES[kind])
    got = await peer.until_closed()
    assert got[0]["t"] == "hello"
    assert family(error_code(got)) == "protocol"
    await asyncio.sleep(0)
    assert not host.connections and host.table.rules.seating.taken_count == 0


async def test_silent_peers_time_out(toy, hosts):
    host = await hosts(toy, seats=2, seed=1, handshake_timeout=0.2, idle_timeout=0.3)
    mute = await RawPeer.open(host.port)
    assert error_code(await mute.until_closed()) == "idle"
    joined_then_mute = await RawPeer.open(host.port)
    joined_then_mute.join()
    got = await joined_then_mute.until_closed()
    assert [m["t"] for m in got[:3]] == ["hello", "welcome", "lobby"]
    assert error_code(got) == "idle"
    # before the start nothing is lost: the silent player's seat is free for someone else
    assert host.table.rules.seating[0].name is None and host.table.rules.seating.taken_count == 0


async def test_flooder_is_dropped(toy, hosts):
    host = await hosts(toy, seats=2, seed=1, rate=10, burst=20, flood_cut_after=0.5)
    peer = await RawPeer.open(host.port)
    peer.join()
    peer.send(b"".join(encode({"t": "ping", "n": i}) for i in range(200)))
    got = await peer.until_closed()
    assert error_code(got) == "flood"
    assert 10 <= sum(m["t"] == "pong" for m in got) < 40


async def test_others_play_on_while_a_seated_peer_misbehaves(toy, hosts):
    host = await hosts(toy, seats=3, seed=2, absent_bot_after=0.0)
    peer = await RawPeer.open(host.port)
    peer.join("mallory")
    players = [
        asyncio.create_task(run_bot_client("127.0.0.1", host.port, n, seed=i))
        for i, n in enumerate("ab")
    ]
    started = asyncio.get_running_loop().create_future()
    rules = host.table.rules
    host.listeners.append(lambda h: rules.started and not started.done() and started.set_result(1))
    await asyncio.wait_for(started, 10)  # mallory misbehaves mid-game, holding a seat
    big = encode({"t": "chat", "text": "x" * 1000, "to": None})
    peer.send(big[:4] + b"\xc1" + big[5:])  # a frame whose body is garbage
    got = await peer.until_closed()
    assert family(error_code(got)) == "protocol"
    results = await asyncio.wait_for(asyncio.gather(*players), 10)
    assert results == [host.table.rules.game.result()] * 2
    assert host.table.rules.seating[0].name == "mallory"


async def test_nothing_is_left_after_many_hostile_peers(toy, hosts):
    host = await hosts(toy, seats=2, seed=1, handshake_timeout=0.5, pending_per_address=20)
    tasks_before = set(host._tasks)
    peers = [await RawPeer.open(host.port) for _ in range(20)]
    for i, peer in enumerate(peers):
        peer.send(list(HOSTILE_BYTES.values())[i % len(HOSTILE_BYTES)])
    for peer in peers:
        await peer.until_closed()
    handlers = set(host._tasks) - tasks_before
    if handlers:
        await asyncio.wait(handlers, timeout=5)
    assert not host.connections and set(host._tasks) == tasks_before
    assert host.table.rules.seating.taken_count == 0


async def test_too_many_connections_are_turned_away(toy, hosts):
    host = await hosts(toy, seats=2, seed=1, pending_per_address=2)
    held = [await RawPeer.open(host.port) for _ in range(2)]
    extra = await RawPeer.open(host.port)
    got = await extra.until_closed()
    assert [m["t"] for m in got] == ["error"] and got[0]["code"] == "full.joining"
    assert 0 < got[0]["retry"] <= host.limits.handshake_timeout
    for peer in held:
        peer.writer.close()
