"""The replay screen (tui/replay/): the real table screen of the game driven by a record.
Stepping forward reaches the screens the live table had, per seat; stepping back, jumping and
switching seats reach the very same screens again (the whole screen's text); the hands open,
rounds jumped; the keys in the footer."""

from __future__ import annotations

import asyncio
import copy
import functools
import json

import pytest

import engine
from engine import record as rec
from tui.games import table_screen_for
from tui.pilot import screen_lines, wait_until
from tui.replay.run import ReplayApp
from tui.replay.screen import Replayer
from tui.replay.source import RecordSource
from tui.replay.track import Walk
from tui.settings import Settings

SETTINGS = Settings(ascii_only=False, color=True, name="Ann", cursor_blink=False)


def played(game_name: str, seed: int = 4, options: dict | None = None) -> dict:
    """A whole game of the normal bots, recorded (a fresh copy: a test may change it)."""
    return json.loads(recorded(game_name, seed, json.dumps(options, sort_keys=True)))


@functools.cache
def recorded(game_name: str, seed: int, options: str) -> bytes:
    """The record of a whole game, as a file holds it: played once per game, seed and
    options (``json.dumps``) for all the tests that replay it."""
    seats = engine.GAMES[game_name].DEFAULT_SEATS
    game = engine.new_game(game_name, seats, json.loads(options), seed=seed)
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
    when = ("2026-01-01T00:00:00Z", "2026-01-01T00:30:00Z")
    sitting = rec.Sitting("20260101-000000-aaaaaa", "den", players, *when)
    return json.dumps(rec.full_record(sitting, game, seed=seed, actions=actions)).encode()


def replay_of(game_name: str, options: dict | None = None) -> rec.Replay:
    return rec.load(recorded(game_name, 4, json.dumps(options, sort_keys=True)))


def log_lines(screen) -> list[str]:
    return [line.plain for line in screen.log_pane.lines]


async def at_replay(pilot, *, close_panels: bool = False):
    """The replay's table screen once it has drawn its position; ``close_panels``: enter on
    the results panels over it."""
    app = pilot.app
    replayer = app.replayer
    await wait_until(pilot, lambda: replayer.screen in app.screen_stack)
    screen = replayer.screen
    await wait_until(pilot, lambda: screen.states_seen > 0 and screen.version == replayer.position)
    await pilot.pause()  # the table's frame (a round's results panel opens after it)
    covered = app.screen is not screen or replayer.panel is not None
    while close_panels and replayer.panel is not None:
        await pilot.press("enter")
    if not close_panels:
        await wait_until(pilot, lambda: app.screen is screen and replayer.panel is None)
    if covered:  # the table's frame once it shows again (else the one above was the last)
        await pilot.pause()
    return screen


class LiveClient(RecordSource):
    """The live table's messages, one state at a time: the game's real screen (not driven
    by a replay) reads them as it reads a host."""

    def __init__(self, replay: rec.Replay, seat: int | None) -> None:
        super().__init__(replay, seat)
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.states = replay.walk(seat)
        self.version = -1

    async def connect(self) -> None:
        self.inbox.put_nowait({"t": "lobby", "players": self.players(), "started": True})
        self.step()

    def step(self) -> None:
        view, events = next(self.states)
        self.version += 1
        state = {"t": "state", "version": self.version, "view": view, "events": events}
        self.inbox.put_nowait({**state, "legal": []})

    async def messages(self):
        while True:
            yield await self.inbox.get()


async def live_table(pilot, replay: rec.Replay, seat: int, steps: int):
    """The live table over the replay, in the same app (its settings, its size): the game's
    own registered screen, fed state after state up to ``steps``; the screen, and its log's
    lines and its view at each state."""
    from tui.seat import Seat

    app, client = pilot.app, LiveClient(replay, seat)
    screen = table_screen_for(str(replay.record["game"]))(Seat(client, [], "live"), SETTINGS)
    screen.read_only = True  # watched, as a replay is: the seat named, never "You"
    await client.connect()
    await app.push_screen(screen)
    await wait_until(pilot, lambda: screen.states_seen == 1)
    live = [(log_lines(screen), screen.view)]
    for k in range(1, steps + 1):
        client.step()
        await wait_until(pilot, lambda k=k: screen.states_seen == k + 1)
        while app.screen is not screen:  # a results panel, as at the table
            await pilot.press("enter")
        live.append((log_lines(screen), screen.view))
    await wait_until(pilot, lambda: not screen.rounds.opening)  # the last state's panel
    while app.screen is not screen:
        await pilot.press("enter")
    return screen, live


# Each game once, from seat 0 or seat 2 in turn: the first seat and one that is not (a record
# read from either is stepped by the same code, whose game is what differs).
@pytest.mark.parametrize(
    ("game", "seat"), [(game, 2 * (i % 2)) for i, game in enumerate(engine.GAMES)]
)
async def test_stepping_reaches_the_live_screens_forward_and_back(game, seat):
    replay = replay_of(game)
    steps = min(replay.positions - 1, 24)
    app = ReplayApp(Replayer(replay, seat), settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await at_replay(pilot)
        first = (log_lines(screen), screen.view)
        # the whole screen at the steps it is looked at again, going back and jumping
        again = {*range(4), *range(max(steps - 6, 0), steps)}
        forward = {0: screen_lines(app)}
        live_screen, live = await live_table(pilot, replay, seat, steps)
        await app.pop_screen()
        screen = await at_replay(pilot)
        assert screen_lines(app) == forward[0], "the replay as it was, uncovered"
        assert type(screen.part) is type(live_screen.part)  # the real one
        assert type(screen) is type(live_screen)
        assert first == live[0]
        name = replay.record["players"][seat]["name"]
        awaited = 0
        for k in range(1, steps + 1):
            await pilot.press("right")
            screen = await at_replay(pilot, close_panels=True)
            assert (log_lines(screen), screen.view) == live[k], f"step {k}"
            if k in again:
                forward[k] = screen_lines(app)
            if seat in (screen.view.get("pending") or []) and not screen.view.get("over"):
                # the seat decides nothing here: the prompt names it as it names the others
                # ("Ann is choosing whom to swap with…", "Ann to play…"), never "You is
                # choosing…" or "the table to play…"
                awaited += 1
                words = screen.prompt.plain
                assert name in words and "You " not in words, (k, words)
                assert "the table" not in words, (k, words)
        assert awaited, "the replayed seat was never awaited in these steps"
        # back one by one, then jumps: the whole screen as it was at that step
        for k in [*range(steps - 1, max(steps - 6, 0) - 1, -1)]:
            await pilot.press("left")
            screen = await at_replay(pilot, close_panels=True)
            assert app.replayer.position == k
            assert (log_lines(screen), screen.view) == live[k], f"back to {k}"
            assert screen_lines(app) == forward[k], f"screen back at {k}"
        await pilot.press("home")
        screen = await at_replay(pilot, close_panels=True)
        assert screen_lines(app) == forward[0]
        for k in range(1, 4):  # forward again from a jump
            await pilot.press("right")
            screen = await at_replay(pilot, close_panels=True)
            assert screen_lines(app) == forward[k], f"step {k} after a jump"
        await pilot.press("tab")  # another seat, and round to this one again
        other = await at_replay(pilot, close_panels=True)
        assert other is not screen and other.me != seat
        while app.replayer.seat != seat:
            await pilot.press("tab")
            await at_replay(pilot, close_panels=True)
        assert app.replayer.screen is screen and screen_lines(app) == forward[3]


def test_every_hand_walked_through_once_is_the_records_at_each_position():
    """The hands a replay shows open are worked out walking the game once and kept
    (tui/replay/track.py ``Walk``): at each position asked, in any order (a jump, back to
    the deal, on), they are what the record shows there (``Replay.open_hands``, played from
    the deal): what was kept is not changed by the game played on."""
    for game in engine.GAMES:
        replay = replay_of(game)
        walk = Walk(replay, rec.OpenHands.of)
        far = min(24, replay.positions - 2)
        for k in (far, 0, far + 1):
            assert walk[k] == replay.open_hands(k), (game, k)


def footer_words(app) -> dict[str, str]:
    from tui.widgets.footer import WordedFooter

    return {k.action: k.description for k in app.screen.query_one(WordedFooter).wanted_keys()}


async def test_open_hands_seats_rounds_the_ends_and_the_keys_over_a_results_panel():
    """The replay's keys in the footer (worded, the toggles saying what they do now), every
    hand open and closed again, another seat, the round's start and the game's end (its final
    results panel), the start, playing on and pausing. A results panel in a replay holds
    nothing (as a table's holds its keys until enter): the replay's keys (End, ?) close it
    and do what they do (the rules over the final panel's table; escape closes both)."""
    from tui.dialogs import RulesScreen
    from tui.table.panel import ResultsPanel

    replay = replay_of("mishi")
    app = ReplayApp(Replayer(replay, 0), settings=SETTINGS)
    replayer = app.replayer
    async with app.run_test(size=(110, 34)) as pilot:
        screen = await at_replay(pilot)
        keys = footer_words(app)
        assert keys["replay_step(-1)"] == "step" and keys["replay_open"] == "open"
        assert "chat" not in keys and "pick" not in keys and "leave" not in keys
        assert keys["replay_leave"] == "leave" and keys["scores"]
        assert "replay 0/" in screen.query_one("#header").render().plain
        await pilot.press("right_square_bracket")  # the next hand's start
        # the hand's results panel, as at the table
        screen = await at_replay(pilot, close_panels=True)
        assert replayer.position == replay.marks[1]
        closed = screen_lines(app)
        pane = replayer.controls
        assert not pane.display or pane.size.height == 0
        await pilot.press("o")
        await pilot.pause()
        assert replayer.open_hands and pane.size.height > 0
        keys = footer_words(app)  # the toggle says what it does now
        assert keys.get("replay_open('hide')") == "hide" and "replay_open" not in keys
        shown = replay.open_hands(replay.marks[1])
        assert replayer.hands() == shown, "the hands shown open are the record's"
        hands = shown.hands if shown else []
        assert shown and "Bot 2" in str(pane.render()) and "Ann" in str(pane.render())
        # the buried cards beside the declarer's hand (a new hand: the kitty on its own line)
        assert "buried" in str(pane.render()) or "kitty:" in str(pane.render())
        assert "every hand open" in screen.query_one("#header").render().plain
        await pilot.press("o")  # and closed again: the screen as it was
        await pilot.pause()
        assert not replayer.open_hands and screen_lines(app) == closed
        assert footer_words(app)["replay_open"] == "open"
        await pilot.press("tab")
        screen = await at_replay(pilot, close_panels=True)
        assert replayer.seat == 1 and screen.me == 1
        assert screen.view["seat"] == 1 and screen.view["hand"] == hands[1]
        await pilot.press("end")
        await wait_until(pilot, lambda: replayer.panel is not None)
        assert "Final" in replayer.panel.title
        assert "Final" in str(app.screen.query_one("#results-title").render())
        await pilot.press("enter")
        screen = await at_replay(pilot)
        assert replayer.position == replay.positions - 1 and screen.view["over"]
        await pilot.press("home")
        screen = await at_replay(pilot)
        assert replayer.position == 0
        assert footer_words(app)["replay_play"] == "play on"
        await pilot.press("space")  # play on, by itself
        await wait_until(pilot, lambda: replayer.position >= 2, timeout=10)
        keys = footer_words(app)
        assert keys.get("replay_play('pause')") == "pause" and "replay_play" not in keys
        await pilot.press("space")
        assert replayer.controls.player is None
        await pilot.pause()
        assert footer_words(app)["replay_play"] == "play on"
        # the keys over a results panel: ] to the next hand's start, where its panel shows
        await pilot.press("right_square_bracket")
        await wait_until(pilot, lambda: replayer.panel is not None)
        assert replayer.position == replay.marks[1], "] to the next hand's start"
        await pilot.press("end")  # the game's end, not held by the hand's panel
        await wait_until(pilot, lambda: replayer.position == replay.positions - 1)
        await wait_until(pilot, lambda: replayer.panel is not None and replayer.panel.final)
        await pilot.press("question_mark")  # the rules, over the final panel's table
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, (RulesScreen, ResultsPanel)))
        await pilot.press("home")
        await at_replay(pilot)
        assert replayer.position == 0, "home after the rules over the final panel"
        await pilot.press("q")
        await wait_until(pilot, lambda: not app.is_running)


async def test_an_unfinished_record_says_so_and_opens_no_hands():
    record = played("swapo")
    record["actions"] = record["actions"][:5]
    record.update(finished=False, result=None, ended=None)
    replay = rec.load(json.dumps(record).encode())
    app = ReplayApp(Replayer(replay, 0, 5), settings=SETTINGS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_replay(pilot)
        header = screen.query_one("#header").render().plain
        assert "the game stopped here, unfinished" in header and len(header.rstrip()) <= 80
        assert "replay_open" not in footer_words(app)
        await pilot.press("o")
        assert not app.replayer.open_hands


async def test_the_keys_are_worded_in_the_readers_language():
    app = ReplayApp(
        Replayer(replay_of("swoop"), 0), settings=Settings(lang="ja", cursor_blink=False)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await at_replay(pilot)
        words = footer_words(app)
        assert words["replay_step(-1)"] not in ("step", "") and words["replay_open"] != "open"


@pytest.mark.parametrize("game", ["swapo", "mishi"])
async def test_memories_kept_ahead_change_nothing_on_screen_and_are_bounded(game):
    """Between the reader's moves the screen's memories are kept ahead (a quiet catch-up,
    then the memory put back) as far as the next round's start and no further: nothing on
    the screen moves, and a jump then lands on the screen that stepping reached."""
    from tui.replay import track as tracks

    replay = replay_of(game)
    app = ReplayApp(Replayer(replay, 1), settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await at_replay(pilot)
        for _ in range(5):
            await pilot.press("right")
            screen = await at_replay(pilot, close_panels=True)
        shown, log = screen_lines(app), log_lines(screen)
        track = app.replayer.track
        while track.fill_ahead():
            await pilot.pause()
        await pilot.pause()
        assert screen_lines(app) == shown and log_lines(screen) == log
        assert track.at == app.replayer.position == 5
        assert len(track.memories) <= tracks.KEPT
        ahead = min(m for m in replay.marks if m > 5)  # where ] jumps
        assert ahead - track.every < max(track.memories) <= ahead
        await pilot.press("end")
        await at_replay(pilot, close_panels=True)
        await pilot.press("home")
        await at_replay(pilot, close_panels=True)
        for _ in range(5):
            await pilot.press("right")
            screen = await at_replay(pilot, close_panels=True)
        assert screen_lines(app) == shown and log_lines(screen) == log


async def test_nobody_talks_in_a_replay_the_log_has_the_side_at_any_width():
    """The chat pane a live table shows beside the log in a wide window (and beside it from
    160 columns) is hidden in a replay (its rules outrank the table's), and the log fills the
    side, at every width."""
    from tui.widgets.chat import ChatPane
    from tui.widgets.log import EventLog

    app = ReplayApp(Replayer(replay_of("swoop"), 0), settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await at_replay(pilot)
        for size in ((100, 30), (120, 34), (170, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            side, log = screen.query_one("#side"), screen.query_one(EventLog)
            assert not screen.query_one(ChatPane).display, size
            assert log.display and log.size.width >= side.size.width - 1, size
            assert log.size.height >= side.size.height - 1, size


@pytest.mark.parametrize("game", list(engine.GAMES))
async def test_a_replay_names_its_seat_and_never_calls_the_reader_you(game):
    """Di opening Ann's record is not Ann: the seat shown is named ("Hand 1 · Ann draws
    first", "Declarers Ann + Bot 3") wherever the table said "You", and the header keeps
    "as seen by Ann"."""
    replay = replay_of(game)
    app = ReplayApp(Replayer(replay, 0), settings=Settings(name="Di", cursor_blink=False))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await at_replay(pilot)
        seen: list[str] = []
        for _step in range(min(replay.positions - 1, 60)):
            # the step's own action (→, as the tests above press it), without waiting for
            # every widget of the screen after the key as a key press does
            app.replayer.controls.action_replay_step(1)
            screen = await at_replay(pilot, close_panels=True)
            seen.append("\n".join(screen_lines(app)))
        await pilot.press("end")
        last = replay.positions - 1
        await wait_until(pilot, lambda: app.replayer.position == last)
        await pilot.pause()  # the final results panel, where the game has one
        seen.append("\n".join(screen_lines(app)))
        screen = await at_replay(pilot, close_panels=True)
        assert app.replayer.position == last
        seen += log_lines(screen)
        shown = "\n".join(seen)
        assert "as seen by Ann" in screen.query_one("#header").render().plain
        assert "Ann" in "\n".join(log_lines(screen))
        for you in ("You ", "You:", " You", "You\n"):
            assert you not in shown, you


async def test_every_hand_open_at_80x24_fits_beside_the_table_under_the_title():
    """``o`` at 80×24: the hands take the side column (the log's place while they show),
    under the title bar, never above it, each seat's hand there whole."""
    replay = replay_of("swoop")
    app = ReplayApp(Replayer(replay, 0), settings=SETTINGS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_replay(pilot)
        await pilot.press("right_square_bracket")
        screen = await at_replay(pilot, close_panels=True)
        await pilot.press("o")
        await pilot.pause()
        pane = app.replayer.controls
        lines = screen_lines(app)
        assert "every hand open" in lines[0]  # the title bar stays the first line
        side = screen.query_one("#side").region
        assert pane.region.y >= 1 and side.contains_region(pane.region)
        assert pane.region.height > 0 and not screen.log_pane.display
        assert pane.virtual_size.height <= pane.region.height  # nothing cut off
        shown = "\n".join(lines)
        for name in ("Ann", "Bot 1", "Bot 2", "Bot 3"):
            assert f"{name}:" in shown
        await pilot.press("o")
        await pilot.pause()
        assert screen.log_pane.display and pane.region.height == 0
