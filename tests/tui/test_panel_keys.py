"""A results panel holds the table's keys until enter, but not the way out: ``q`` leaves
(with the usual confirm) as the line under it says. (In a replay the panel holds nothing: the
replay's keys close it and do what they do, tests/tui/test_replay_screen.py.)"""

from __future__ import annotations

from net.table.settings import TableSettings
from tests.tui.test_play_again import play_to_the_final_panel
from tui.app import make_app
from tui.connect import play_launcher
from tui.dialogs import ConfirmLeave
from tui.pilot import browser_of, seated, wait_until
from tui.settings import Settings


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
