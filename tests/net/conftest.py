"""Shared fixtures for the net tests: the toy game, and hosts that are always closed."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from sshprobe import serve  # noqa: F401  (the SSH tests' fixture)
from toygame import ToyBot, ToyGame

import engine
from net.host import Host


@pytest.fixture
def toy(monkeypatch):
    """Register the toy game as ``"toy"`` for the duration of a test."""
    monkeypatch.setitem(engine.GAMES, "toy", ToyGame)
    monkeypatch.setitem(engine.BOTS, "toy", ToyBot)
    return "toy"


@pytest.fixture
async def hosts():
    """Make hosts with ``await hosts(game, ...)``; every one is closed afterwards."""
    made: list[Host] = []

    async def make(*args, **kwargs) -> Host:
        host = Host(*args, **kwargs)
        made.append(host)
        await host.start("127.0.0.1", 0)
        return host

    yield make
    for host in made:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(host.close(), 5)
