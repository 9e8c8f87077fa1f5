"""A record read as sentences (``kotatsu replay … --plain``, tui/plain/replay.py): one line per
event in the plain table's own words, stepped by typed commands. No socket, no app."""

from __future__ import annotations

import asyncio
import copy
import json

import pytest

import engine
from engine import record as rec
from tui.cli import build_parser
from tui.plain.cards import SpokenCards
from tui.plain.replay import PlainReplay

pytestmark = pytest.mark.unit


def swoop_record() -> rec.Replay:
    game = engine.new_game("swoop", 3, {"hands": 1}, seed=5)
    bots = [engine.make_bot("swoop", s, seed=s) for s in range(3)]
    actions = []
    while not game.over:
        seat = game.pending()[0]
        action = bots[seat].act(game.view(seat), game.legal_actions(seat))
        actions.append((seat, copy.deepcopy(action)))
        game.apply(seat, action)
    players = [rec.player("Ann", False), rec.player("Bo", True), rec.player("Cy", True)]
    when = ("2026-01-01T00:00:00Z", "2026-01-01T00:30:00Z")
    sitting = rec.Sitting("20260101-000000-aaaaaa", "den", players, *when)
    record = rec.full_record(sitting, game, seed=5, actions=actions)
    return rec.load(json.dumps(record).encode())


def test_a_record_is_read_move_by_move_in_sentences() -> None:
    lines: list[str] = []
    reader = PlainReplay(swoop_record(), 0, lines.append, SpokenCards())

    async def read() -> None:
        await reader.read()
        last = reader.last
        reader.say(reader.intro())
        reader.show(0)
        assert lines[0] == f"Replay of Swoop at den: {last} moves, from the seat of Ann."
        assert lines[-1].startswith("The deal: Your 11 cards: ")  # suits in words
        for typed in ("", "next", "back", "3", "end", "next", "back", "hand", "zz", "quit"):
            lines.append(f"> {typed}")
            if not await reader.step(typed):
                break
        assert lines[-1] == "> quit"

    asyncio.run(read())
    said = "\n".join(lines)
    assert "> \nMove 1 of " in said and "> next\nMove 2 of " in said
    assert "> back\nMove 1 of " in said and "> 3\nMove 3 of " in said
    end = said.split("> end\n")[1].split("\n> ")[0]
    assert end.startswith(f"Move {reader.last} of {reader.last}: ")
    assert "Final scores" in end  # the game's end, as the table said it
    assert said.split("> next\n")[2].startswith("That was the last move")
    assert said.split("> hand\n")[1].startswith(("Your ", "You hold no cards"))
    assert "> zz\nNot a command: zz — type help" in said
    assert not any(glyph in said for glyph in "♠♥♦♣\x1b")


def test_replay_takes_plain_after_the_record() -> None:
    args = build_parser().parse_args(["replay", "last", "--plain"])
    assert (args.command, args.record, args.plain) == ("replay", "last", True)
