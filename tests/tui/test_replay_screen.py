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


def replay_on_stack(app):
    return next((s for s in reversed(app.screen_stack) if isinstance(s, ReplayControls)), None)


async def at_replay(pilot, old=None, *, close_panels: bool = False):
    """The replay screen once it has drawn (a new one, when ``old`` is given); ``close_panels``:
    enter on the results panels over it."""
    app = pilot.app
    await wait_until(pilot, lambda: replay_on_stack(app) not in (None, old))
    screen = replay_on_stack(app)
    await wait_until(pilot, lambda: screen.states_seen > 0)
    await pilot.pause()
    while close_panels and app.screen is not screen:
        await pilot.press("enter")
    if not close_panels:
        await wait_until(pilot, lambda: app.screen is screen)
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
            screen = await at_replay(pilot, screen, close_panels=True)
            assert screen.replay_client.position == k
            assert (log_lines(screen), screen.view) == live[k], f"back to {k}"
            # the same table: the log's lines are compared above; its scrolling and the
            # prompt's kept height (a line that grew at a state before stays, at the table
            # too: tui/widgets/steady.py) may differ after a jump
            assert table_area(app) == table_area_of(forward[k]), f"screen back at {k}"


def footer_words(app) -> dict[str, str]:
    from tui.widgets.footer import WordedFooter

    return {k.action: k.description for k in app.screen.query_one(WordedFooter).wanted_keys()}


async def test_open_hands_seats_rounds_and_the_ends():
    replay = replay_of("mishi")
    app = ReplayApp(ReplayClient(replay, 0), settings=SETTINGS)
    async with app.run_test(size=(110, 34)) as pilot:
        screen = await at_replay(pilot)
        keys = footer_words(app)
        assert keys["replay_step(-1)"] == "step" and keys["replay_open"] == "open"
        assert "chat" not in keys and "pick" not in keys
        assert "replay 0/" in screen.query_one("#header").render().plain
        await pilot.press("right_square_bracket")  # the next hand's start
        # the hand's results panel, as at the table
        screen = await at_replay(pilot, screen, close_panels=True)
        assert screen.replay_client.position == replay.marks[1]
        await pilot.press("o")
        screen = await at_replay(pilot, screen, close_panels=True)
        pane = screen.query_one("#open-hands")
        assert screen.replay_client.open_hands and pane.display
        hands = replay.open_hands(replay.marks[1])
        assert hands and "Bot 2" in str(pane.render()) and "Ann" in str(pane.render())
        await pilot.press("tab")  # out of the open view: a seat's again
        screen = await at_replay(pilot, screen, close_panels=True)
        assert not screen.replay_client.open_hands and not screen.query_one("#open-hands").display
        await pilot.press("tab")
        screen = await at_replay(pilot, screen, close_panels=True)
        assert screen.replay_client.seat == 1 and screen.me == 1
        assert screen.view["seat"] == 1 and screen.view["hand"] == hands[1]
        await pilot.press("end")
        await wait_until(pilot, lambda: app.screen is not screen)
        await wait_until(
            pilot, lambda: "Final" in str(app.screen.query("#results-title").first().render())
        )
        await pilot.press("enter")
        screen = await at_replay(pilot)
        assert screen.replay_client.position == replay.positions - 1 and screen.view["over"]
        await pilot.press("home")
        screen = await at_replay(pilot, screen)
        assert screen.replay_client.position == 0
        await pilot.press("space")  # play on, by itself
        await wait_until(pilot, lambda: screen.replay_client.position >= 2, timeout=10)
        await pilot.press("space")
        assert screen.player is None
        await pilot.press("q")
        await wait_until(pilot, lambda: not app.is_running)


async def test_an_unfinished_record_says_so_and_opens_no_hands():
    record = played("swapo")
    record["actions"] = record["actions"][:5]
    record.update(finished=False, result=None, ended=None)
    replay = rec.load(json.dumps(record).encode())
    app = ReplayApp(ReplayClient(replay, 0, 5), settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await at_replay(pilot)
        assert "unfinished" in screen.query_one("#header").render().plain
        assert "replay_open" not in footer_words(app)
        await pilot.press("o")
        assert not screen.replay_client.open_hands


async def test_the_keys_are_worded_in_the_readers_language():
    app = ReplayApp(
        ReplayClient(replay_of("swoop"), 0), settings=Settings(lang="ja", cursor_blink=False)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await at_replay(pilot)
        words = footer_words(app)
        assert words["replay_step(-1)"] not in ("step", "") and words["replay_open"] != "open"
