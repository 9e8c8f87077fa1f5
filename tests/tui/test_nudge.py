"""A nudge when it is your turn (tui/table/nudge.py): the rule, and the real app's terminal
output captured at an in-process table."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tui.app import make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated, settle, wait_until
from tui.settings import Settings
from tui.table.nudge import TurnNudge


@pytest.mark.unit
def test_the_rule_nudges_on_the_change_to_asked_only():
    rung: list[int] = []
    nudge = TurnNudge(lambda: rung.append(1))
    assert nudge.see(True) is False  # the first state: the player has just sat down
    nudge.see(True)  # still asked (a refusal, a redraw, the next step): nothing
    nudge.see(False)
    assert nudge.see(True) is True  # others played, now it is mine
    nudge.see(True)
    assert len(rung) == 1
    nudge.see(False)
    nudge.see(True)
    assert len(rung) == nudge.sent == 2


@pytest.mark.unit
def test_the_rule_is_silent_when_off():
    rung: list[int] = []
    nudge = TurnNudge(lambda: rung.append(1), enabled=False)
    for asked in (False, True, False, True):
        nudge.see(asked)
    assert rung == []


class Recording(MemoryClient):
    """A MemoryClient that notes, for each state it sends, whether the seat is asked."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.asked: list[bool] = []

    def _publish(self, events: list[dict]) -> None:
        super()._publish(events)
        live = not self.game.over and self.seat is not None
        self.asked.append(bool(live and self.game.legal_actions(self.seat)))


def turns_handed_over(asked: list[bool]) -> int:
    """How many times the table started waiting for the seat after it was not."""
    return sum(1 for before, now in pairwise(asked) if now and not before)


async def play_turns(pilot, screen, client: Recording, turns: int, written: list[str]) -> None:
    """Play ``turns`` of my turns: keys that only choose first (no nudge), then an action."""
    for _ in range(turns):
        await wait_until(pilot, lambda: bool(screen.legal) or screen.view.get("over"))
        await settle(pilot)
        if screen.view.get("over"):
            return
        before = len(written)
        await pilot.press("right", "left", "space", "escape")  # choosing: I am acting
        assert len(written) == before
        screen.send(screen.legal[-1])
        await wait_until(pilot, lambda: client.acts and screen.version == client.version)


async def test_the_nudge_is_sent_once_per_turn_and_never_on_my_own_actions():
    client = Recording("swoop", 3, options={"first_player": 1, "target": 1000}, seed=5)
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    written: list[str] = []
    app.terminal_out.attach(written.append)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await play_turns(pilot, screen, client, 6, written)
        await settle(pilot)
    handed = turns_handed_over(client.asked)
    assert handed >= 3
    assert len(written) == handed == screen.turn_nudge.sent
    for sequence in written:
        assert sequence.startswith("\a")  # the bell
        assert "\x1b]9;kotatsu: Your turn at Swoop\x1b\\" in sequence


async def test_no_nudge_when_the_player_turned_it_off():
    client = Recording("swoop", 3, options={"first_player": 1, "target": 1000}, seed=5)
    settings = Settings(name="Eli", color=True, cursor_blink=False, nudge=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    written: list[str] = []
    app.terminal_out.attach(written.append)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await play_turns(pilot, screen, client, 4, written)
    assert turns_handed_over(client.asked) >= 2
    assert written == []


@pytest.mark.unit
def test_a_question_the_others_may_not_know_of_is_asked_in_secret():
    """Mi Shi's declaring during the deal tells that you drew a ten: the table screen does
    not nudge for it (``asked_openly``); a trick to follow is asked openly."""
    from tui.games.mishi.flow import MishiDecisions

    flow = MishiDecisions(0)
    flow.update({"phase": "deal", "pending": [0], "hand": ["10S"]}, [{"type": "pass"}])
    assert flow.asked_in_secret()
    flow.update({"phase": "play", "pending": [0], "hand": ["10S"]}, [{"type": "pass"}])
    assert not flow.asked_in_secret()
