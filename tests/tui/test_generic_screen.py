"""The plain table every game gets until it has its own part of the table."""

from __future__ import annotations

from net.table.settings import TableSettings
from tests.tui.conftest import SIZE
from tui import games as screens
from tui.app import make_app
from tui.connect import play_launcher
from tui.pilot import browser_of, seated, settle, wait_until
from tui.settings import Settings
from tui.table.generic import GenericTable, action_words


async def test_any_game_is_playable_from_its_legal_actions(monkeypatch):
    monkeypatch.setattr(screens, "own_part", lambda game: None)
    launcher = play_launcher(
        TableSettings.practice("swoop", bots=2, seed=3), name="Eli", bot_delay=0
    )
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        assert isinstance(screen.part, GenericTable)
        await wait_until(pilot, lambda: bool(screen.legal))
        shown = str(screen.query_one("#generic-actions").render())
        assert action_words(screen.legal[0]) in shown
        before = screen.version
        await pilot.press("down", "up", "enter")
        await wait_until(pilot, lambda: screen.version != before)
        await settle(pilot)
        assert screen.prompt.reason is None


def test_each_game_finds_its_own_table_by_its_folder():
    import engine

    for game in engine.GAMES:
        part = screens.own_part(game)
        assert part is not None and game == part.GAME
        assert screens.table_screen_for(game).keywords["part"] is part


def test_a_name_the_engine_does_not_know_gets_the_generic_table():
    """The name comes from the host: nothing but the engine's games is imported."""
    for name in ("", "generic", "os", "../swapo", "swapo.screen", "__init__", "toy"):
        assert screens.own_part(name) is None
        assert screens.table_screen_for(name).keywords["part"] is GenericTable
