"""Strangers cannot hold the door (issue 24, defect 6 and its "Also"): a newcomer, a spectator
and a returning player get in at their first try past strangers holding every joining place;
otherwise the wait told is at most the door's patience (under one handshake deadline). A wrong
table password is answered late, the right one at once, whatever else its address sends.

Real sockets on 127.0.0.x; counts and the ``retry`` the host tells, never clocks."""

from __future__ import annotations

import asyncio
import contextlib

from rawpeer import RawPeer, error_code

from net.doors.gate import Guesses
from net.wire.client import Client, Staying
from net.wire.codec import encode
from net.wire.messages import Refused, password_key, password_proof


def join_frame(name: str = "raw", **fields) -> bytes:
    join = {"t": "join", "name": name, "seat": None, "spectator": False, "auth": None}
    return encode({**join, "token": None, **fields})


async def until(predicate, timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


async def hold(port: int, sources: list[str], count: int) -> list[RawPeer]:
    """Strangers from ``sources`` (in turn) open ``count`` sockets that never join; each
    waits for its hello, so the host has taken it in (or refused it)."""
    held = []
    for i in range(count):
        with contextlib.suppress(OSError, ConnectionError, TimeoutError):
            peer = await RawPeer.open(port, source=sources[i % len(sources)])
            held.append(peer)
            await peer.next(2.0)
    return held


async def test_strangers_from_six_addresses_do_not_keep_anyone_waiting(toy, hosts):
    started = await hosts(toy, seats=2, bots=1, seed=1)  # 8 per address, 32 in all, 10 s
    ann = Client("127.0.0.1", started.port, "ann", staying=Staying(reconnect=False))
    await ann.connect()
    token = ann.token
    await ann.close()
    await until(lambda: started.table.rules.seating[0].peer is None and started.table.rules.started)
    sources = [f"127.0.0.{i}" for i in range(2, 8)]
    first_try = {"staying": Staying(retry_for=0, reconnect=False)}  # told `full`: they give up
    held = await hold(started.port, sources, 6 * 8)  # every place is a stranger's
    assert len(started.doorway) == 32
    back = Client("127.0.0.1", started.port, "ann", token=token, **first_try)
    await back.connect()
    assert back.seat == 0
    held += await hold(started.port, sources, 12)  # refilled
    assert len(started.doorway) == 32
    watcher = Client("127.0.0.1", started.port, "cy", spectator=True, **first_try)
    await watcher.connect()
    assert watcher.seat is None
    waiting = await hosts(toy, seats=3, seed=1)
    held += await hold(waiting.port, sources, 6 * 8)
    assert len(waiting.doorway) == 32
    new = Client("127.0.0.1", waiting.port, "bo", **first_try)
    await new.connect()
    assert new.seat == 0
    for client in (back, watcher, new):
        await client.close()
    for peer in held:
        peer.writer.close()


async def test_a_door_of_distinct_strangers_says_to_wait_less_than_a_handshake(toy, hosts):
    host = await hosts(toy, seats=2, bots=1, seed=1, pending_total=8, handshake_timeout=10.0)
    held = await hold(host.port, [f"127.0.1.{i}" for i in range(1, 9)], 8)
    assert len(host.doorway) == 8  # one place each: nobody is greedier than a newcomer
    peer = await RawPeer.open(host.port)
    got = await peer.until_closed()
    assert error_code(got) == "full.joining"
    retry = got[-1]["retry"]
    assert 0 < retry <= host.doorway.patience < host.limits.handshake_timeout
    late = Client("127.0.0.1", host.port, "ann", staying=Staying(reconnect=False))
    await late.connect()  # tries again after `retry` and takes the oldest stranger's place
    assert late.seat == 0
    await late.close()
    for held_peer in held:
        held_peer.writer.close()


async def proof_join(peer: RawPeer, password: str, name: str) -> None:
    hello = await peer.next()
    auth = password_proof(password_key(password, hello["salt"]), hello["nonce"])
    peer.send(join_frame(name, auth=auth))


async def test_a_wrong_password_is_answered_late_and_the_right_one_at_once(toy, hosts):
    """Every SSH player joins from the server's address: one player's typos must not hold
    back the right password of another."""
    host = await hosts(toy, seats=3, seed=1, password="sesame")
    slept: list[float] = []
    release = asyncio.Event()

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        await release.wait()

    host.guesses = Guesses(0.25, 30.0, sleep=sleep)
    for n in range(1, 4):  # typos: each answered only after its (doubling) delay
        typo = await RawPeer.open(host.port, source="127.0.0.5")
        await proof_join(typo, "sesam", "typo")
        await until(lambda n=n: len(slept) == n)
        assert host.guesses.failures("127.0.0.5") == n
        release.set()
        assert error_code(await typo.until_closed()) == "password.wrong"
        release.clear()
    assert slept == [0.25, 0.5, 1.0]
    right = await RawPeer.open(host.port, source="127.0.0.5")
    await proof_join(right, "sesame", "ann")
    assert (await right.next())["t"] == "welcome"  # not delayed: no sleep for it
    assert slept == [0.25, 0.5, 1.0] and host.guesses.failures("127.0.0.5") == 0

    pending = await RawPeer.open(host.port, source="127.0.0.5")  # a wrong proof pending ...
    await proof_join(pending, "nope", "eve")
    await until(lambda: len(slept) == 4)
    second = await RawPeer.open(host.port, source="127.0.0.5")  # ... the right one: at once
    await proof_join(second, "sesame", "bo")
    assert (await second.next())["t"] == "welcome"
    third = await RawPeer.open(host.port, source="127.0.0.5")  # another wrong one: its own wait
    await proof_join(third, "nope", "eve")
    await until(lambda: len(slept) == 5)
    elsewhere = await RawPeer.open(host.port, source="127.0.0.6")  # other addresses: at once
    await proof_join(elsewhere, "sesame", "cy")
    assert (await elsewhere.next())["t"] == "welcome"
    release.set()
    assert error_code(await pending.until_closed()) == "password.wrong"
    assert error_code(await third.until_closed()) == "password.wrong"


async def test_guesses_judge_every_proof_at_once_and_log_each_address_once():
    """A right password is never held up by wrong ones from its address (attack-3 defect 6:
    a same-address attacker keeping one wrong proof pending kept the right one out)."""
    logged: list[str] = []
    guesses = Guesses(0.01, 0.02, first_wrong=logged.append)
    verdicts = [await guesses.judge("a", lambda: False) for _ in range(5)]
    assert verdicts == [False] * 5 and logged == ["a"]
    release = asyncio.Event()

    async def sleep(seconds: float) -> None:
        await release.wait()

    held = Guesses(0.25, 30.0, first_wrong=logged.append, sleep=sleep, pending_per_address=2)
    wrong = [asyncio.ensure_future(held.attempt("b", _wrong)) for _ in range(2)]
    await until(lambda: len(held.pending) == 2)
    assert await held.judge("b", lambda: True)  # at once, two wrong ones pending
    third = asyncio.ensure_future(held.judge("b", lambda: False))  # the oldest gives way
    done, _ = await asyncio.wait(wrong, timeout=5.0, return_when=asyncio.FIRST_COMPLETED)
    assert done == {wrong[0]} and isinstance(wrong[0].exception(), Refused)
    assert len(held.pending) == 2 and not third.done()
    release.set()
    assert await third is False
    assert logged == ["a", "b", "b"]  # the right one ended b's run of wrong ones


def _wrong() -> None:
    raise Refused("password.wrong")
