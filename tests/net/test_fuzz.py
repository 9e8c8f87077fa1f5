"""Random well-formed but hostile message sequences from a seated peer against a live host:
the host answers or drops, never crashes, and a well-behaved player is still served."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from net.doors.host import Host
from net.table.settings import TableSettings
from net.wire.client import Client, Staying

card = st.sampled_from(["10H", "QS", "JK", "AS", "2C", "BJ", "XX", ""])
value = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | card | st.binary(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
action = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "pass", "bid", "swap", "take", "bury", "x"])},
    optional={
        "card": card,
        "cards": st.lists(card, max_size=3),
        "seat": st.integers(-1, 9),
        "extra": value,
    },
)
message = st.one_of(
    st.builds(lambda v, a: {"t": "act", "version": v, "action": a}, st.integers(-1, 5), action),
    st.builds(
        lambda t, to: {"t": "chat", "text": t, "to": to},
        st.text(max_size=30),
        st.none() | st.integers(-2, 12),
    ),
)

MARKER = "end of the fuzz"
CASES = [("swoop", 3, {"hands": 1}), ("swapo", 3, {"rounds": 1}), ("mishi", 4, {"hands": 1})]


@pytest.mark.parametrize(("game", "seats", "options"), CASES)
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(messages=st.lists(message, min_size=1, max_size=25))
def test_random_messages_never_break_the_host(game, seats, options, messages):
    if engine.GAMES[game] is engine.Game:
        pytest.skip(f"{game} has not landed")
    asyncio.run(asyncio.wait_for(exchange(game, seats, options, messages), 10))


async def exchange(game: str, seats: int, options: dict, messages: list[dict]) -> None:
    host = Host(TableSettings.new(game, seats=seats, options=options, seed=1, bots=seats - 2))
    port = await host.start("127.0.0.1", 0)
    try:
        fuzzer = Client("127.0.0.1", port, name="fuzz", staying=Staying(reconnect=False))
        await fuzzer.connect()
        honest = Client("127.0.0.1", port, name="honest", staying=Staying(reconnect=False))
        await honest.connect()
        for m in messages:
            if m["t"] == "act":
                await fuzzer.act(m["action"], m["version"])
            else:
                await fuzzer.chat(m["text"], m["to"])
        await fuzzer.chat(MARKER)
        async for got in fuzzer.messages():  # the host answers in order: the marker comes last
            assert got["t"] not in ("error", "connection"), got
            if got["t"] == "rejected":
                assert got["code"] != "engine_failed", got
            if got["t"] == "chat" and got["text"] == MARKER:
                break
        await honest.chat("still there?")
        async for got in honest.messages():
            if got["t"] == "chat" and got["text"] == "still there?":
                break
        await fuzzer.close()
        await honest.close()
    finally:
        await host.close()
