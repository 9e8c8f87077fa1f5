"""Shared fixtures for the net tests: the toy game, and hosts that are always closed."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from sshprobe import serve  # noqa: F401  (the SSH tests' fixture)
from toygame import ToyBot, ToyGame

import engine
from net.doors.host import Host
from net.table.settings import LIMIT_NAMES, HostLimits, TableSettings


def make_host(game: str, *, journal=None, **given) -> Host:
    """A ``Host`` of ``game`` from keywords of both ``TableSettings.new`` and ``HostLimits``."""
    limits = {k: given.pop(k) for k in list(given) if k in LIMIT_NAMES}
    return Host(TableSettings.new(game, **given), HostLimits(**limits), journal=journal)


@pytest.fixture
def toy(monkeypatch):
    """Register the toy game as ``"toy"`` for the duration of a test."""
    monkeypatch.setitem(engine.GAMES, "toy", ToyGame)
    monkeypatch.setitem(engine.BOTS, "toy", ToyBot)
    return "toy"


@pytest.fixture
async def hosts():
    """Make hosts with ``await hosts(game, ...)`` (``make_host``'s keywords); every one is
    closed afterwards."""
    made: list[Host] = []

    async def make(game: str, **kwargs) -> Host:
        host = make_host(game, **kwargs)
        made.append(host)
        await host.start("127.0.0.1", 0)
        return host

    yield make
    for host in made:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(host.close(), 5)
