"""A results panel holds the table's keys until enter, but not the way out: ``q`` leaves
(with the usual confirm) as the line under it says. In a replay the panel holds nothing: the
replay's keys (End, ?, →…) close it and do what they do."""

from __future__ import annotations

from net.table.settings import TableSettings
from tests.tui.test_play_again import play_to_the_final_panel
from tests.tui.test_replay_screen import SETTINGS, at_replay, replay_of
from tui.app import make_app
from tui.connect import play_launcher
from tui.dialogs import ConfirmLeave, RulesScreen
from tui.pilot import browser_of, seated, wait_until
from tui.replay.run import ReplayApp
from tui.replay.screen import Replayer
from tui.settings import Settings
from tui.table.panel import ResultsPanel


async def test_q_at_a_results_panel_asks_to_leave_and_leaves():
    launcher = play_launcher(
        TableSettings.practice("swapo", bots=1, seed=1, options={"rounds": 1}), bot_delay=0
    )
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        panel = await play_to_the_final_panel(app, pilot, screen)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("n")  # stay: the table, the panel closed
        await wait_until(pilot, lambda: app.screen is screen)
        assert panel not in app.screen_stack
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: app.return_code is not None)


async def test_a_replays_keys_work_over_its_results_panel():
    replay = replay_of("mishi")
    app = ReplayApp(Replayer(replay, 0), settings=SETTINGS)
    replayer = app.replayer
    async with app.run_test(size=(110, 34)) as pilot:
        await at_replay(pilot)
        await pilot.press("right_square_bracket")  # the next hand's start: its panel shows
        await wait_until(pilot, lambda: replayer.panel is not None)
        await pilot.press("end")  # the game's end, not held by the hand's panel
        await wait_until(pilot, lambda: replayer.position == replay.positions - 1)
        await wait_until(pilot, lambda: replayer.panel is not None and replayer.panel.final)
        await pilot.press("question_mark")  # the rules, over the final panel's table
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, (RulesScreen, ResultsPanel)))
        await pilot.press("home")
        await at_replay(pilot)
        assert replayer.position == 0
