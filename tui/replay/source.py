"""A record as the table screen's source of messages: nothing is sent anywhere.

``RecordSource`` speaks the ``net.wire.client.Client`` API (docs/contracts.md) where a live table
has its connection, so the game's real table screen (and its ``TableLink``) reads it as it
reads a host: the seat it is shown from, the table's name, game, options and seats. It sends
nothing (a replay takes no actions, closes no results panel for anyone, talks to nobody) and
gives no messages: the replay's controls (tui/replay/controls.py) hand the screen its states.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from engine.record import Replay


class RecordSource:
    """The table screen's link to ``replay``, from ``seat``'s chair (None: a spectator's)."""

    def __init__(self, replay: Replay, seat: int | None) -> None:
        record = replay.record
        self.replay = replay
        self.seat = seat
        self.token: str | None = None
        self.table: dict[str, Any] | None = {
            "name": record["table"],
            "game": record["game"],
            "options": record["options"],
            "seats": record["seats"],
            "password": False,
        }
        self.closed = asyncio.Event()

    def players(self) -> list[dict[str, Any]]:
        """The seating, as a table's ``lobby`` gives it."""
        return [
            {"name": p["name"], "bot": p["kind"] == "bot", "connected": True}
            for p in self.replay.record["players"]
        ]

    async def connect(self) -> None:
        """Nothing to connect to."""

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """Nothing comes from a record until it is closed."""
        await self.closed.wait()
        return
        yield  # an async generator that yields nothing

    async def act(self, action: dict, version: int | None = None) -> None:
        """A replay takes no actions (the screen offers none)."""

    async def results_seen(self, version: int) -> None:
        """Nobody waits for a replay's results panels."""

    async def chat(self, text: str, to: int | None = None) -> None:
        """Nobody to talk to."""

    async def hint(self) -> None:
        """No hints in a replay."""

    async def close(self) -> None:
        self.closed.set()
