"""``h`` at the table: a hint for learners where the host allows them (tui/table/hints.py)."""

from __future__ import annotations

import pytest

from engine.hints import Hint, hint
from net.table.settings import TableSettings
from tests.tui.conftest import client_app, log_text
from tui.app import make_app
from tui.pilot import MemoryClient, browser_of, seated, settle, wait_until
from tui.settings import Settings
from tui.table.hints import action_words, hint_line
from tui.widgets.cards import CardStyle
from tui.widgets.chat import ChatPane

OPTIONS = {"first_player": 1, "target": 1000}


def swoop_app(*, hints: bool) -> tuple:
    client = MemoryClient("swoop", 3, options=OPTIONS, seed=5, settings={"hints": hints})
    return client_app(client), client


async def test_h_shows_the_bots_choice_and_why_and_the_table_hears_it_once():
    app, client = swoop_app(hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: bool(screen.legal))
        await settle(pilot)
        expected = hint("swoop", 0, screen.view, screen.legal)
        assert expected is not None
        acts_before = list(client.acts)
        await pilot.press("h")
        await wait_until(pilot, lambda: "asked for a hint" in log_text(screen))
        line = hint_line(
            expected,
            screen.face.hint_cards(expected.action),
            screen.face.hint_card,
            screen.seats.name,
            "swoop",
        )
        assert line.startswith("Hint: ")
        assert line in log_text(screen)
        assert "Eli asked for a hint" in log_text(screen)  # the table's notice, in the log
        chat = screen.query_one(ChatPane)
        assert not any("asked for a hint" in line for line in chat.lines)  # not in the talk
        assert client.acts == acts_before  # nothing was played
        assert client.hinted == [screen.version]
        await pilot.press("h")  # again this turn: the table is not told twice
        await settle(pilot)
        assert log_text(screen).count("asked for a hint") == 1
        assert screen.check_action("hint", ()) is True


async def test_without_hints_h_moves_the_cursor_and_tells_nobody():
    app, client = swoop_app(hints=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: bool(screen.legal))
        await settle(pilot)
        assert screen.check_action("hint", ()) is False
        await pilot.press("right", "right")
        at = screen.part.model.cursor
        await pilot.press("h")
        assert screen.part.model.cursor == at - 1  # h is ← as ever
        await settle(pilot)
        assert client.hinted == []
        assert "Hint:" not in log_text(screen)


async def test_no_hint_when_it_is_not_my_turn():
    app, client = swoop_app(hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        screen.state = type(screen.state)(screen.version, screen.view, [])
        assert screen.check_action("hint", ()) is False
        await pilot.press("h")
        await settle(pilot)
        assert client.hinted == []


@pytest.mark.unit
@pytest.mark.parametrize(
    ("game", "action", "cards", "words"),
    [
        ("swoop", {"type": "play", "cards": ["7S"], "table": [1]}, ["7S", "7H"], "play 7♠ 7♥"),
        ("swapo", {"type": "swap", "target": 2, "cards": ["3C"]}, ["3C"], "swap 3♣ with Bo"),
        ("swapo", {"type": "swap", "target": 2, "take": [0], "give": [2, 3]}, [], "swap 2 pos"),
        ("swapo", {"type": "declare", "rank": "K"}, [], "declare the joker as K"),
        ("mishi", {"type": "declare", "cards": ["10S"]}, ["10S"], "show 10♠"),
        ("swapo", {"type": "stab", "target": 2, "card": "QS"}, ["QS"], "stab Bo's Q♠"),
        ("swoop", {"type": "flip", "slot": 1}, [], "turn a mystery card"),
        ("mishi", {"type": "pass"}, [], "pass"),
    ],
)
def test_actions_in_words_as_each_game_declares_them(game, action, cards, words):
    assert action_words(action, cards, CardStyle().label, lambda s: "Bo", game).startswith(words)


@pytest.mark.unit
def test_a_reason_with_cards_and_a_count_is_worded_in_the_cards_style():
    feed = Hint({"type": "play", "cards": ["KH"]}, "mishi.feed", {"seat": 2})
    words = hint_line(feed, ["KH"], CardStyle(ascii_only=True).label, lambda s: "Bo", "mishi")
    assert words == "Hint: play KH — Bo on your side is winning this trick: give it points"
    pile = Hint({"type": "play", "cards": ["KH"], "table": []}, "swoop.take_pile", {"n": 1})
    assert "take its 1 card" in hint_line(pile, ["KH"], CardStyle().label, str, "swoop")
    alone = Hint({"type": "bao", "cards": ["10S", "10S"]}, "mishi.alone", {"suit": "S"})
    assert "trumps in ♠" in hint_line(alone, ["10S", "10S"], CardStyle().label, str, "mishi")
    assert "trumps in S" in hint_line(alone, ["10S"], str, str, "mishi", glyphs=False)


async def test_a_bot_that_fails_costs_the_hint_and_not_the_table(monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("phase")

    monkeypatch.setattr("tui.table.hints.bot_hint", broken)
    app, client = swoop_app(hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: bool(screen.legal))
        await settle(pilot)
        await pilot.press("h")
        assert "No hint for this question." in screen.prompt.plain
        assert client.hinted == []


async def test_over_the_wire_the_host_tells_the_table():
    """``kotatsu play``: a real host on 127.0.0.1 with hints on; the notice comes back."""
    from tui.connect import play_launcher

    launcher = play_launcher(
        TableSettings.practice("swoop", bots=2, seed=3), name="Eli", bot_delay=0
    )
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(launcher=launcher, settings=settings, browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        assert screen.table_info["hints"] is True
        await wait_until(pilot, lambda: bool(screen.legal))
        await settle(pilot)
        await pilot.press("h")
        await wait_until(pilot, lambda: "Eli asked for a hint" in log_text(screen))
        assert "Hint: " in log_text(screen)


@pytest.mark.unit
def test_no_hint_while_swapo_declarations_are_sealed():
    from tui.games.swapo.flow import SwapoDecisions

    flow = SwapoDecisions(0)
    flow.state = flow.parsed.of({"phase": "declare"})
    assert flow.asked_sealed()
    flow.state = flow.parsed.of({"phase": "swap"})
    assert not flow.asked_sealed()
