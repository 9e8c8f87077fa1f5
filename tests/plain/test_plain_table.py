"""The plain table's lines for the messages it is given (tui/plain/table.py), with a stand-in
client: no socket, no app."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tui.plain.cards import SpokenCards
from tui.plain.commands import run_command
from tui.plain.table import PlainTable

pytestmark = pytest.mark.unit


class Client:
    """What the plain table asks of ``net.client.Client``: the seat, the table, the sends."""

    seat = 0

    def __init__(self) -> None:
        self.table: dict[str, Any] = {"game": "a game with no table of its own", "hints": False}
        self.sent: list[dict] = []

    async def act(self, action: dict) -> None:
        self.sent.append(action)

    async def results_seen(self, version: int) -> None:
        pass


def state(version: int) -> dict:
    view = {"pending": [0], "hand": ["7H"]}
    return {"t": "state", "version": version, "view": view, "legal": [{"type": "go"}]}


def test_the_same_question_asked_again_after_an_answer_is_said_again() -> None:
    # a seat that plays again is asked the same words again ("lead any group"): a new
    # question all the same, said again, or the player would wait for a question forever
    lines: list[str] = []
    table = PlainTable(Client(), lines.append, SpokenCards())

    async def play() -> None:
        await table.take(state(1))
        asked = len(lines)
        assert any(line.startswith("Type ") for line in lines)
        await run_command(table, "1")
        assert table.client.sent == [{"type": "go"}]
        await table.take(state(2))
        assert lines[asked:] and lines[asked:] == lines[asked - len(lines[asked:]) : asked]

    asyncio.run(play())
