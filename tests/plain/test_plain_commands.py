"""The plain table's sentences with a count or a name (tui/plain/games.py and each game's
plain.py): ``give 2 to Bo`` where the rules choose the cards, ``swap 2 with Bo``, ``declare
K``, ``declare 10h``. Each table is the engine's own, its bots played up to the question, and
the plain table reads it as the host would send it. No socket, no app."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest

import engine
import lang
from engine.base import Game
from tui.plain.cards import SpokenCards
from tui.plain.commands import run_command
from tui.plain.table import PlainTable
from tui.plain.words import command_words

pytestmark = pytest.mark.unit

NAMES = ["Ann", "Bo", "Cy", "Di"]


class Client:
    def __init__(self, game: str, seat: int) -> None:
        self.seat = seat
        self.table: dict[str, Any] = {"game": game, "hints": False}
        self.acts: list[dict] = []

    async def act(self, action: dict) -> None:
        self.acts.append(action)

    async def results_seen(self, version: int) -> None:
        pass


def asked(
    name: str, options: dict, seed: int, wanted: Callable[[Game, int], bool]
) -> tuple[PlainTable, list[str], Game]:
    """The plain table of the first seat the engine asks what ``wanted`` looks for (the bots
    play every other question)."""
    game = engine.new_game(name, 4, options, seed=seed)
    bots = [engine.make_bot(name, s, seed=s) for s in range(4)]
    while (seat := next((s for s in game.pending() if wanted(game, s)), None)) is None:
        mover = game.pending()[0]
        game.apply(mover, bots[mover].act(game.view(mover), game.legal_actions(mover)))
    lines: list[str] = []
    table = PlainTable(Client(name, seat), lines.append, SpokenCards())
    players = [{"name": n, "bot": False, "connected": True} for n in NAMES]
    state = {"t": "state", "version": 1, "view": game.view(seat), "events": []}

    async def seated() -> None:
        await table.take({"t": "lobby", "players": players, "started": True})
        await table.take({**state, "legal": game.legal_actions(seat)})

    asyncio.run(seated())
    return table, lines, game


def typed(table: PlainTable, lines: list[str], line: str) -> str:
    """What the table says first to ``line``."""
    before = len(lines)
    asyncio.run(run_command(table, line))
    return lines[before] if len(lines) > before else ""


def test_a_swapo_swap_is_named_by_its_count_and_the_cards_come_next() -> None:
    swap = lambda game, seat: game.view(seat)["phase"] == "swap"  # noqa: E731
    table, lines, game = asked("swapo", {"rounds": 1}, 3, swap)
    flow = table.game.flow()
    other = flow.others()[0]
    typed(table, lines, f"give 2 to {NAMES[other]}")  # the same as swap 2 with NAME
    assert (flow.step, flow.target, flow.k) == ("cards", other, 2)
    assert not table.client.acts
    hand = list(game.view(table.me)["hand"])
    typed(table, lines, f"{hand[0]} {hand[1]}")
    assert table.client.acts == [{"type": "swap", "target": other, "cards": sorted(hand[:2])}]


def test_a_joker_is_declared_by_its_rank() -> None:
    def joker(game: Game, seat: int) -> bool:
        return any(a["type"] == "declare" for a in game.legal_actions(seat))

    table, lines, _game = asked("swapo", {"variant": ["ace"]}, 0, joker)
    said = typed(table, lines, "declare")
    assert said == "Not possible: say the rank too: declare K, or the rank's number"
    said = typed(table, lines, "declare zz")
    assert said == "Not possible: zz is no rank a joker can stand for"
    typed(table, lines, "declare king")
    assert table.client.acts == [{"type": "declare", "rank": "K"}]


def test_a_mishi_ten_is_declared_by_its_card() -> None:
    def ten(game: Game, seat: int) -> bool:
        return any(a["type"] == "declare" for a in game.legal_actions(seat))

    table, lines, game = asked("mishi", {}, 0, ten)
    shown = next(a for a in game.legal_actions(table.me) if a["type"] == "declare")
    other = "declare 10h 10h" if shown["cards"] != ["10H", "10H"] else "declare 10s"
    said = typed(table, lines, other)
    assert said.startswith("Not possible: ") and not table.client.acts
    typed(table, lines, f"declare {' '.join(shown['cards']).lower()}")
    assert table.client.acts == [shown]


def test_table_says_whose_turn_and_the_cards_held_and_hand_groups_swoops_cards() -> None:
    turn = lambda game, seat: True  # noqa: E731  (the first seat asked)
    table, lines, game = asked("swoop", {"hands": 1}, 2, turn)
    view = game.view(table.me)
    typed(table, lines, "table")
    said = "\n".join(lines)
    assert "Turn: You" in said
    held = ", ".join(
        f"{'You' if seat == table.me else NAMES[seat]} {p['hand']}"
        for seat, p in enumerate(view["players"])
    )
    assert f"Cards held: {held}" in said
    first = typed(table, lines, "hand")
    assert first.startswith(f"In your hand ({len(view['hand'])}): ")
    assert lines[-2].startswith("Face up: ") and lines[-1] == (
        "Face down: 4 mystery cards, 0 free to turn"
    )


def test_no_hint_for_a_sealed_question() -> None:
    # SwaPo Ace's declarations are sealed: the table may not hear who is still declaring,
    # so no hint is given (a hint is told to the table), as on the screen
    def joker(game: Game, seat: int) -> bool:
        return any(a["type"] == "declare" for a in game.legal_actions(seat))

    table, lines, _game = asked("swapo", {"variant": ["ace"]}, 0, joker)
    table.table_info["hints"] = True
    assert typed(table, lines, "hint") == "No hint now"


def test_a_game_says_its_own_declare_word_in_its_own_sense() -> None:
    # ja: SwaPo declares a joker's rank (宣言), 秘十 shows a ten (亮主): each game's word is
    # the one typed, and said in its help, at its own table
    def joker(game: Game, seat: int) -> bool:
        return any(a["type"] == "declare" for a in game.legal_actions(seat))

    table, lines, _game = asked("swapo", {"variant": ["ace"]}, 0, joker)
    with lang.scope("ja"):
        assert command_words("swapo")["declare"] == "宣言"
        assert command_words("mishi")["declare"] == "亮主" == command_words()["declare"]
        typed(table, lines, "help")
        assert any(line.startswith("宣言 K") for line in lines)
        assert not any("亮主" in line for line in lines)
        typed(table, lines, "宣言 K")
    assert table.client.acts == [{"type": "declare", "rank": "K"}]


def seen_by_another(
    name: str, options: dict, seed: int, wanted: Callable[[Game], bool]
) -> tuple[PlainTable, list[str]]:
    """The plain table of a seat that is not asked now, once the bots' game is as ``wanted``
    (what ``table`` says when it is not the player's turn)."""
    game = engine.new_game(name, 4, options, seed=seed)
    bots = [engine.make_bot(name, s, seed=s) for s in range(4)]
    while not wanted(game):
        mover = game.pending()[0]
        game.apply(mover, bots[mover].act(game.view(mover), game.legal_actions(mover)))
    seat = next(s for s in range(4) if s not in game.pending())
    lines: list[str] = []
    table = PlainTable(Client(name, seat), lines.append, SpokenCards())
    players = [{"name": n, "bot": False, "connected": True} for n in NAMES]
    state = {"t": "state", "version": 1, "view": game.view(seat), "events": [], "legal": []}

    async def seated() -> None:
        await table.take({"t": "lobby", "players": players, "started": True})
        await table.take(state)

    asyncio.run(seated())
    typed(table, lines, "table")
    return table, lines


def test_table_says_each_games_own_state_when_it_is_not_your_turn() -> None:
    _t, said = seen_by_another("swoop", {"hands": 1}, 2, lambda g: bool(g.view(0)["pile"]))
    assert any(re.match(r"The pile: \d+ cards?; on top, \d+ of rank \w+$", s) for s in said)

    def trick(game: Game) -> bool:
        view = game.view(0)
        return view["phase"] == "play" and bool(view["trick"]) and len(game.pending()) == 1

    _t, said = seen_by_another("mishi", {"hands": 1}, 0, trick)
    assert any(re.match(r"Trumps: \w+, declared by (you|\w+)$", s) for s in said), said
    assert any(re.match(r"Trick \d+, led by \w+: \w+: .+", s) for s in said), said

    def revealed(game: Game) -> bool:
        return bool(game.view(0).get("revealed")) and len(game.pending()) < 4

    _t, said = seen_by_another("swapo", {"variant": ["ace"]}, 0, revealed)
    assert sum("'s hand, face up: " in s or s.startswith("Your hand, face up") for s in said) == 4
