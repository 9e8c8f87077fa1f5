"""A take-back over real sockets on 127.0.0.1: asked of the table, answered, granted; and a
hostile answer refused without harm. (The rules themselves: test_takebacks.py, no sockets.)"""

from __future__ import annotations

import asyncio

from awaiting import next_of

from net.doors.botclient import run_bot_client
from net.wire.client import Client


async def test_a_take_back_asked_and_granted_over_the_wire(hosts):
    host = await hosts(
        "swoop", seats=3, bots=1, seed=5, options={"first_player": 0}, takebacks="ask"
    )
    ann = Client("127.0.0.1", host.port, name="Ann")
    bob = Client("127.0.0.1", host.port, name="Bob")
    await ann.connect()
    await bob.connect()
    assert ann.table["takebacks"] == "ask"
    first = await next_of(ann, "state", lambda m: bool(m["legal"]))
    play = first["legal"][0]
    await ann.act(play, first["version"])
    await next_of(bob, "state", lambda m: bool(m["legal"]))  # Bob's turn now
    # a hostile answer before anything is asked: refused, nothing breaks
    await bob.takeback_vote(99, True)
    assert (await next_of(bob, "rejected"))["code"] == "takeback_none"
    await ann.takeback()
    assert (await next_of(bob, "notice"))["code"] == "takeback_asked"
    asked = await next_of(bob, "takeback")
    assert asked["open"] and asked["seat"] == 0 and asked["voters"] == [1]
    await bob.takeback_vote(asked["id"], True)
    told = await next_of(bob, "notice", lambda m: m["code"].startswith("took_back"))
    assert told["params"]["name"] == "Ann"
    if play["type"] == "play":
        assert set(play["cards"]) <= set(told["params"]["cards"])
    again = await next_of(ann, "state", lambda m: bool(m["legal"]))
    assert again["view"]["hand"] == first["view"]["hand"]  # the card is back in her hand
    assert again["version"] > first["version"] + 1  # never down
    assert host.table.rules.actions == []
    await ann.close()
    await bob.close()


async def test_a_seated_bot_client_says_yes(hosts):
    """``kotatsu bot`` sits like a person, so it is asked: it agrees, as the host's bots do."""
    host = await hosts(
        "swoop", seats=3, bot_seats=[2], seed=5, options={"first_player": 0}, takebacks="ask"
    )
    ann = Client("127.0.0.1", host.port, name="Ann")
    await ann.connect()
    robo = asyncio.create_task(
        run_bot_client("127.0.0.1", host.port, "Robo", seat=1, delay=1.0, seed=1)
    )
    try:
        first = await next_of(ann, "state", lambda m: bool(m["legal"]))
        await ann.act(first["legal"][0], first["version"])
        await next_of(ann, "state", lambda m: 1 in m["view"]["pending"])  # Robo thinks
        await ann.takeback()
        asked = await next_of(ann, "takeback")
        assert asked["voters"] == [1]
        await next_of(ann, "notice", lambda m: m["code"].startswith("took_back"), timeout=10)
        again = await next_of(ann, "state", lambda m: bool(m["legal"]))
        assert again["view"]["hand"] == first["view"]["hand"]
    finally:
        robo.cancel()
        await asyncio.gather(robo, return_exceptions=True)
        await ann.close()
