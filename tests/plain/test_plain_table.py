"""The plain table's lines for the messages it is given (tui/plain/table.py), with a stand-in
client: no socket, no app."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import engine
from tui.plain.cards import SpokenCards
from tui.plain.commands import run_command
from tui.plain.table import PlainTable

pytestmark = pytest.mark.unit


class Client:
    """What the plain table asks of ``net.wire.client.Client``: the seat, the table, the sends."""

    seat = 0

    def __init__(self) -> None:
        self.table: dict[str, Any] = {"game": "a game with no table of its own", "hints": False}
        self.sent: list[dict] = []

    async def act(self, action: dict) -> None:
        self.sent.append(action)

    async def results_seen(self, version: int) -> None:
        pass


def state(version: int) -> dict:
    """A real state of a game the plain table has no words of its own for here (the table's
    game is another): its legal actions as a numbered list. Seed 3: seat 0 leads."""
    game = engine.new_game("swoop", 3, seed=3)
    legal = game.legal_actions(0)
    return {"t": "state", "version": version, "view": game.view(0), "legal": legal}


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
        assert table.client.sent == [state(1)["legal"][0]]
        await table.take(state(2))
        assert lines[asked:] and lines[asked:] == lines[asked - len(lines[asked:]) : asked]

    asyncio.run(play())


async def seated_at(game: str, seats: int, **options: object) -> tuple[PlainTable, list[str]]:
    """A plain table at the real table in this process (tui.pilot.MemoryClient: bots at once)."""
    from tui.pilot import MemoryClient

    client = MemoryClient(game, seats, options=dict(options), seed=3, settings={"hints": True})
    lines: list[str] = []
    table = PlainTable(client, lines.append, SpokenCards())
    await client.connect()
    await drained(table)
    return table, lines


async def drained(table: PlainTable) -> None:
    inbox = table.client.inbox
    while not inbox.empty():
        await table.take(inbox.get_nowait())


def test_a_dagger_row_is_ordered_by_typing_its_cards() -> None:
    async def play() -> None:
        table, lines = await seated_at("swapo", 4, variant="dagger", rounds=1)
        hand = list(table.view["hand"])
        asked = [line for line in lines if line.startswith("Type ")]
        assert asked[-1].startswith("Type cards")  # the row's cards are what is typed
        wanted = [hand[2], hand[0]]  # these two first, the rest as they lie
        await run_command(table, " ".join(code.lower() for code in wanted))
        rest = [code for code in hand if code not in wanted]
        assert table.client.acts[-1] == {"type": "arrange", "order": wanted + rest}

    asyncio.run(play())


def test_a_take_back_request_is_answered_with_yes_or_no() -> None:
    async def play() -> None:
        table, lines = await seated_at("swoop", 3, hands=1)
        await run_command(table, "yes")
        assert lines[-1] == "Nobody is asking to take back now"
        asked = {"t": "takeback", "id": 7, "seat": 1, "voters": [0, 2], "open": True}
        await table.take({**asked, "seconds": 20})
        assert lines[-1] == "Let them take it back? Type yes or no"
        await run_command(table, "no")
        assert table.client.votes == [(7, False)]

    asyncio.run(play())


def test_a_whisper_goes_to_the_seat_named_by_its_number() -> None:
    async def play() -> None:
        table, lines = await seated_at("swapo", 3, rounds=1, adult_talk=True)
        await run_command(table, "/w 2 psst")
        await drained(table)
        assert table.client.inbox.empty()
        assert any("not connected" in line for line in lines)  # a bot: nobody to whisper to
        await table.take({"t": "chat", "from": 0, "name": "Eli", "text": "psst", "to": 1})
        assert "You whisper to Bot 2: psst" in lines  # the table's echo to its sender
        await run_command(table, "/w 9 psst")
        assert lines[-1].startswith("Whisper with /w NUMBER TEXT")

    asyncio.run(play())


def test_the_turn_clock_is_said_in_words() -> None:
    async def play() -> None:
        table, lines = await seated_at("swoop", 3, hands=1)
        await table.take({"t": "clock", "seats": [{"seat": 0, "left": 19.5, "bank": 0}]})
        assert lines[-1] == "20 seconds left"
        assert table.clock_warning is not None  # told again 10 seconds before the end
        await table.take({"t": "clock", "seats": []})
        assert table.clock_warning is None

    asyncio.run(play())


def test_log_reads_the_last_events() -> None:
    async def play() -> None:
        table, lines = await seated_at("swoop", 3, hands=1)
        said = list(table.lines[-2:])
        await run_command(table, "log 2")
        assert lines[-2:] == said

    asyncio.run(play())


def test_a_swapo_swap_is_one_line_swap_cards_with_a_name() -> None:
    async def play() -> None:
        table, lines = await seated_at("swapo", 3, rounds=1)
        hand = list(table.view["hand"])
        await run_command(table, " ".join(hand[:4]))  # Bot 3 asked for four: given
        await drained(table)
        hand = list(table.view["hand"])
        assert table.game.flow().step == "target"  # now my own swap
        await run_command(table, f"swap {hand[0]} {hand[1]} with bot 2")
        sent = table.client.acts[-1]
        assert sent["type"] == "swap" and sent["target"] == 1
        assert sorted(sent["cards"]) == sorted(hand[:2])
        await run_command(table, "swap 7h with Nobody")
        assert lines[-1].startswith("Not possible") or table.game.flow().step != "target"

    asyncio.run(play())


def test_cards_asked_for_are_given_with_give_cards_to_a_name() -> None:
    async def play() -> None:
        table, _lines = await seated_at("swapo", 3, rounds=1)
        hand = list(table.view["hand"])  # Bot 3 asks for four
        await run_command(table, f"give {' '.join(hand[:4])} to Bot 3")
        assert table.client.acts[-1] == {"type": "give", "cards": sorted(hand[:4])}

    asyncio.run(play())


def test_nothing_is_asked_before_the_first_state() -> None:
    # a Swoop question with no view named "table's turn — on an empty pile"
    async def play() -> None:
        from tui.pilot import MemoryClient

        lines: list[str] = []
        table = PlainTable(MemoryClient("swoop", 3), lines.append, SpokenCards())
        players = [{"name": "Eli", "bot": False, "connected": True}]
        await table.take({"t": "lobby", "players": players, "started": False})
        assert not [line for line in lines if "turn" in line], lines

    asyncio.run(play())
