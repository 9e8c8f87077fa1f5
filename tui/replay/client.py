"""A table client that plays back a game record: nothing is sent anywhere.

``ReplayClient`` speaks the ``net.client.Client`` API (docs/contracts.md), as tui/pilot.py's
``LocalClient`` does, so the game's real table screen reads it like a live table: a ``lobby``
with the record's seats, then one ``state`` per position of the record — the chosen seat's
view (a spectator's for None), the public events that led there, and no legal actions. The
replay screen takes in the states before ``position`` without drawing (the log, the scores
and the game's own memory are built exactly as at the table), then draws the one at it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from typing import Any

from engine import Game
from engine.record import Replay


class ReplayClient:
    """Plays ``replay`` from ``seat``'s chair up to ``position`` (and on, one ``step`` at a
    time); ``open``: every hand shown too (a finished game's full record only)."""

    def __init__(
        self, replay: Replay, seat: int | None, position: int = 0, *, open_hands: bool = False
    ) -> None:
        record = replay.record
        self.replay = replay
        self.seat = seat
        self.position = max(0, min(position, replay.positions - 1))
        self.open_hands = open_hands and replay.can_open
        self.token: str | None = None
        self.version = self.position
        self.table: dict[str, Any] | None = {
            "name": record["table"],
            "game": record["game"],
            "options": record["options"],
            "seats": record["seats"],
            "password": False,
        }
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.closed = False
        self._game: Game | None = None  # a full record's game at ``position``, once stepped

    async def connect(self) -> None:
        """Queue the seating and every state up to ``position`` (the last one drawn)."""
        players = [
            {"name": p["name"], "bot": p["kind"] == "bot", "connected": True}
            for p in self.replay.record["players"]
        ]
        self.inbox.put_nowait({"t": "lobby", "players": players, "started": True})
        for k, (view, events) in enumerate(self.replay.walk(self.seat, self.position)):
            self.inbox.put_nowait(self._state(k, view, events))

    def _state(self, k: int, view: Mapping[str, Any], events: list) -> dict[str, Any]:
        return {"t": "state", "version": k, "view": view, "events": events, "legal": []}

    def step(self) -> bool:
        """The next position's state (False at the end)."""
        if self.position + 1 >= self.replay.positions:
            return False
        self.position += 1
        self.version = self.position
        events = self.replay.events[self.position]
        if self.replay.kind == "seat":
            view = self.replay.views[self.position]
        else:
            if self._game is None:
                self._game = self.replay.at(self.position - 1)
            entry = self.replay.record["actions"][self.position - 1]
            self._game.apply(entry["seat"], entry["action"])
            view = self._game.view(self.seat)
        self.inbox.put_nowait(self._state(self.position, view, events))
        return True

    def hands(self) -> list[list[str]] | None:
        """Every hand now, when shown open."""
        return self.replay.open_hands(self.position) if self.open_hands else None

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        while not self.closed:
            message = await self.inbox.get()
            yield message
            if message.get("t") == "connection":
                return

    async def act(self, action: dict, version: int | None = None) -> None:
        """A replay takes no actions (the screen offers none: no legal actions are given)."""

    async def results_seen(self, version: int) -> None:
        """Nobody waits for a replay's results panels."""

    async def chat(self, text: str, to: int | None = None) -> None:
        """Nobody to talk to."""

    async def close(self) -> None:
        self.closed = True
        self.inbox.put_nowait({"t": "connection", "status": "closed"})
