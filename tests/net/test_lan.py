"""A real LAN in network namespaces: a host and two players on a bridge, found by zeroconf; one
player's link is cut mid-game and restored, it rejoins, the game finishes.

Only as root (network namespaces); every namespace is removed afterwards, whatever happens.
The machine's own interfaces are never touched: everything lives in namespaces made here.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys

import pytest
from processes import ROOT

import engine

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="network namespaces need root"),
    pytest.mark.skipif(shutil.which("ip") is None, reason="iproute2 (ip) is not installed"),
    pytest.mark.skipif(engine.GAMES["swoop"] is engine.Game, reason="swoop has not landed"),
]

PREFIX = f"kt{os.getpid() % 100000}"
BRIDGE = f"{PREFIX}br"
NODES = {"h": "10.77.0.1", "a": "10.77.0.2", "b": "10.77.0.3"}


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.fixture
def lan():
    """Three namespaces joined by a bridge that lives in a fourth; removed afterwards."""
    made = []
    try:
        ip("netns", "add", BRIDGE)
        made.append(BRIDGE)
        ip("-n", BRIDGE, "link", "add", "br0", "type", "bridge")
        ip("-n", BRIDGE, "link", "set", "br0", "up")
        for node, address in NODES.items():
            ns = PREFIX + node
            ip("netns", "add", ns)
            made.append(ns)
            ip(
                "-n",
                BRIDGE,
                "link",
                "add",
                f"v{node}",
                "type",
                "veth",
                "peer",
                "name",
                "eth0",
                "netns",
                ns,
            )
            ip("-n", BRIDGE, "link", "set", f"v{node}", "master", "br0", "up")
            ip("-n", ns, "addr", "add", f"{address}/24", "dev", "eth0")
            ip("-n", ns, "link", "set", "eth0", "up")
            ip("-n", ns, "link", "set", "lo", "up")
        yield {node: PREFIX + node for node in NODES}
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"cannot build namespaces here: {exc.stderr.decode().strip()}")
    finally:
        for ns in reversed(made):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


async def in_ns(ns: str, *argv: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        "ip",
        "netns",
        "exec",
        ns,
        *argv,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def events_until(proc, wanted, seen: list[dict], timeout: float = 20) -> dict:
    async with asyncio.timeout(timeout):
        while line := await proc.stdout.readline():
            event = json.loads(line)
            seen.append(event)
            if wanted(event):
                return event
    raise AssertionError(f"player ended without {wanted}: {seen[-3:]}")


async def test_lan_discovery_play_link_cut_and_rejoin(lan, tmp_path):
    host = await in_ns(
        lan["h"],
        sys.executable,
        "-m",
        "tui.cli",
        "host",
        "swoop",
        "--headless",
        "--json",
        "--bind",
        NODES["h"],
        "--seats",
        "3",
        "--bots",
        "1",
        "--seed",
        "3",
        "--name",
        "LAN den",
        "--bot-delay",
        "0.02",
        "--option",
        "hands=1",
        "--journal",
        str(tmp_path / "lan.journal"),
    )
    players = {}
    try:
        for node in ("a", "b"):
            players[node] = await in_ns(
                lan[node],
                sys.executable,
                "tests/net/lan_player.py",
                "--bind",
                NODES[node],
                "--name",
                node,
                "--delay",
                "0.02",
            )
        seen = {node: [] for node in players}
        for node, proc in players.items():
            found = await events_until(proc, lambda e: e["event"] == "found", seen[node])
            assert (found["name"], found["address"]) == ("LAN den", NODES["h"])
        await events_until(players["a"], lambda e: e.get("version", 0) >= 8, seen["a"])
        ip("-n", lan["a"], "link", "set", "eth0", "down")
        await events_until(players["a"], lambda e: e["event"] == "lost", seen["a"])
        ip("-n", lan["a"], "link", "set", "eth0", "up")
        await events_until(players["a"], lambda e: e["event"] == "restored", seen["a"])
        results = []
        for node, proc in players.items():
            over = await events_until(proc, lambda e: e["event"] in ("over", "closed"), seen[node])
            assert over["event"] == "over", seen[node][-5:]
            results.append(over["result"])
            assert await asyncio.wait_for(proc.wait(), 10) == 0
        out, err = await asyncio.wait_for(host.communicate(), 10)
        assert host.returncode == 0, err.decode()
        final = json.loads(out)  # the result, and the game, the record and the players by name
        assert results == [{key: final[key] for key in results[0]}] * 2
    finally:
        for proc in (host, *players.values()):
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
