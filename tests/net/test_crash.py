"""Crash and resume: SIGKILL a headless host mid-game, restart it with --resume, and check the
clients rejoin with their tokens, no acknowledged action is lost, and the game finishes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal

import pytest
from leakaudit import shadow_states
from processes import cli_env, start_host

import engine
from net.wire.client import Client, Staying

# Zeroconf on loopback: tables advertised by one test must not appear in another's lobby.
pytestmark = pytest.mark.xdist_group("zeroconf")


async def play(
    client: Client, seen: list[dict], log: list[dict], reached: asyncio.Event
) -> dict | None:
    """Play with the game's bot, recording every state and connection change; ``reached`` is
    set once the game is well under way."""
    bot = engine.make_bot(client.table["game"], client.seat, client.seat)
    async for message in client.messages():
        log.append(message)
        if message["t"] != "state":
            continue
        seen.append(message)
        if message["version"] >= 12:
            reached.set()
        if message["view"]["over"]:
            return message["view"]["result"]
        if message["legal"] and message["version"] == client.version:
            with contextlib.suppress(ConnectionError):
                await client.act(bot.act(message["view"], message["legal"]), message["version"])
    return None


@pytest.mark.skipif(engine.GAMES["swoop"] is engine.Game, reason="swoop has not landed")
async def test_sigkill_and_resume_loses_nothing_acknowledged(tmp_path):
    env = cli_env(tmp_path)
    journal = tmp_path / "crash.journal"
    host, port = await start_host(
        "swoop",
        "--headless",
        "--bind",
        "127.0.0.1",
        "--seats",
        "3",
        "--bots",
        "1",
        "--seed",
        "5",
        "--option",
        "hands=1",
        "--journal",
        str(journal),
        env=env,
    )
    clients = [Client("127.0.0.1", port, name=n, staying=Staying(backoff_max=0.1)) for n in "ab"]
    try:
        for client in clients:
            await client.connect()
        seen: dict[int, list[dict]] = {c.seat: [] for c in clients}
        logs: dict[int, list[dict]] = {c.seat: [] for c in clients}
        reached = asyncio.Event()
        games = [asyncio.create_task(play(c, seen[c.seat], logs[c.seat], reached)) for c in clients]
        await asyncio.wait_for(reached.wait(), 10)
        host.send_signal(signal.SIGKILL)  # mid-game, while everyone is playing
        await host.wait()
        acknowledged = {seat: states[-1]["version"] for seat, states in seen.items()}
        count_before = {seat: len(states) for seat, states in seen.items()}

        host, again = await start_host(
            "swoop",
            "--headless",
            "--json",
            "--bind",
            "127.0.0.1",
            "--resume",
            str(journal),
            env=env,
        )
        assert again == port  # the journal remembers the port so clients find the table
        results = await asyncio.wait_for(asyncio.gather(*games), 20)
        for client in clients:  # a headless host stays up for reviews until its people leave
            await client.close()
        out, _ = await asyncio.wait_for(host.communicate(), 10)
        assert host.returncode == 0
        final = json.loads(out.decode().strip().splitlines()[-1])
        # the JSON says more than the result (the game, the record, the players by name)
        assert results == [{key: final[key] for key in results[0]}] * 2
        for seat, log in logs.items():
            statuses = [m["status"] for m in log if m["t"] == "connection"]
            assert statuses[:2] == ["lost", "restored"]
            first_after = seen[seat][count_before[seat]]
            assert first_after["version"] >= acknowledged[seat]
        states = shadow_states(journal, [0, 1])
        for seat, got in seen.items():
            for state in got:  # every state any client saw, before and after, is in the replay
                assert state["view"] == states[state["version"]]["view"][seat]
        assert states[max(states)]["view"][0]["over"]
    finally:
        for client in clients:
            await client.close()
        if host.returncode is None:
            host.kill()
            await host.wait()
