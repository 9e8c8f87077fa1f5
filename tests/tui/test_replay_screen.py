"""The replay screen (tui/replay/): the real table screen of the game driven by a record.
Stepping forward reaches the screens the live table had, per seat; stepping back reaches the
same screens again; the hands open, seats switched, rounds jumped; the keys in the footer."""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine import record as rec
from tui.app import KotatsuApp
from tui.games import table_screen_for
from tui.pilot import browser_of, screen_lines, wait_until
from tui.replay.client import ReplayClient
from tui.replay.run import ReplayApp
from tui.replay.screen import ReplayControls
from tui.settings import Settings

SETTINGS = Settings(ascii_only=False, color=True, name="Ann", cursor_blink=False)


def played(game_name: str, seed: int = 4) -> dict:
    game = engine.new_game(game_name, engine.GAMES[game_name].DEFAULT_SEATS, seed=seed)
    bots = [engine.make_bot(game_name, s, seed=s) for s in range(game.seats)]
    actions = []
    while not game.over:
        seat = game.pending()[0]
        action = bots[seat].act(game.view(seat), game.legal_actions(seat))
        actions.append((seat, copy.deepcopy(action)))
        game.apply(seat, action)
    players = [rec.player("Ann", False)] + [
        rec.player(f"Bot {s}", True) for s in range(1, game.seats)
    ]
    return rec.full_record(
        record_id="20260101-000000-aaaaaa", game=game, seed=seed, table="den", players=players,
        started="2026-01-01T00:00:00Z", ended="2026-01-01T00:30:00Z", actions=actions,
    )  # fmt: skip


def replay_of(game_name: str) -> rec.Replay:
    return rec.load(json.dumps(played(game_name)).encode())


def log_lines(screen) -> list[str]:
    return [line.plain for line in screen.log_pane.lines]


def table_area_of(lines: list[str]) -> list[str]:
    """The rows above the notice line, without the log column."""
    return [line.rsplit("│", 1)[0] for line in lines[:-5]]


def table_area(app) -> list[str]:
    return table_area_of(screen_lines(app))


async def at_replay(pilot):
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReplayControls))
    screen = pilot.app.screen
    await wait_until(pilot, lambda: screen.states_seen > 0)
    await pilot.pause()
    return screen


class LiveClient(ReplayClient):
    """The live table's messages, one state at a time: the game's real screen (not the
    replay's) reads them as it reads a host."""


@pytest.mark.parametrize("game", list(engine.GAMES))
@pytest.mark.parametrize("seat", [0, 2])
async def test_stepping_reaches_the_live_screens_forward_and_back(game, seat):
    replay = replay_of(game)
    steps = min(replay.positions - 1, 24)
    # the live table: the game's own registered screen, fed state after state
    live_client = LiveClient(replay, seat)
    live_app = KotatsuApp(SETTINGS, browser=browser_of())
    live = []
    async with live_app.run_test(size=(100, 30)) as pilot:
        from tui.connect import Seat

        screen = table_screen_for(game)(Seat(live_client, [], "live"), SETTINGS)
        assert not isinstance(screen, ReplayControls)
        await live_client.connect()
        await live_app.push_screen(screen)
        await wait_until(pilot, lambda: screen.states_seen == 1)
        live.append((log_lines(screen), screen.view))
        for k in range(1, steps + 1):
            live_client.step()
            await wait_until(pilot, lambda k=k: screen.states_seen == k + 1)
            while live_app.screen is not screen:  # a results panel, as at the table
                await pilot.press("enter")
            live.append((log_lines(screen), screen.view))
    app = ReplayApp(ReplayClient(replay, seat), settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await at_replay(pilot)
        forward = [screen_lines(app)]
        assert (log_lines(screen), screen.view) == live[0]
        for k in range(1, steps + 1):
            await pilot.press("right")
            await wait_until(pilot, lambda k=k: screen.states_seen == k + 1)
            while app.screen is not screen:
                await pilot.press("enter")
            assert (log_lines(screen), screen.view) == live[k], f"step {k}"
            await pilot.pause()
            forward.append(screen_lines(app))
        for k in range(steps - 1, max(steps - 4, 0) - 1, -1):
            await pilot.press("left")
            screen = await at_replay(pilot)
            assert screen.replay_client.position == k
            assert (log_lines(screen), screen.view) == live[k], f"back to {k}"
            # the same table: the log's lines are compared above; its scrolling and the
            # prompt's kept height (a line that grew at a state before stays, at the table
            # too: tui/widgets/steady.py) may differ after a jump
            assert table_area(app) == table_area_of(forward[k]), f"screen back at {k}"
