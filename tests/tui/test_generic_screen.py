"""The plain table every game gets until it has its own screen."""

from __future__ import annotations

from tests.tui.conftest import SIZE
from tui import games as screens
from tui.app import make_app
from tui.connect import play_launcher
from tui.pilot import browser_of, seated, settle, wait_until
from tui.settings import Settings
from tui.table.generic import GenericTableScreen, action_words


async def test_any_game_is_playable_from_its_legal_actions(monkeypatch):
    monkeypatch.setattr(screens, "TABLE_SCREENS", {})
    launcher = play_launcher("swoop", bots=2, seed=3, name="Eli", bot_delay=0)
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        assert isinstance(screen, GenericTableScreen)
        await wait_until(pilot, lambda: bool(screen.legal))
        shown = str(screen.query_one("#generic-actions").render())
        assert action_words(screen.legal[0]) in shown
        before = screen.version
        await pilot.press("down", "up", "enter")
        await wait_until(pilot, lambda: screen.version != before)
        await settle(pilot)
        assert screen.prompt.reason is None
