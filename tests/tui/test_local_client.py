"""The in-process LocalClient drives a real table screen without a host."""

from __future__ import annotations

from tui.app import make_app
from tui.pilot import LocalClient, browser_of, local_launcher, seated
from tui.settings import Settings


async def test_a_table_screen_runs_on_a_local_client() -> None:
    client = LocalClient("swoop", 4, seed=3)
    settings = Settings(ascii_only=False, color=True, name="Eli", cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        assert screen.view["game"] == "swoop"
        assert screen.view["seat"] == 0
        # The bots played up to our turn (or the game waits on us).
        assert 0 in client.game.pending() or client.game.over
        action = client.game.legal_actions(0)[0]
        await client.act(action)
        assert client.acts == [action]
        await client.act({"type": "nonsense"})
        await pilot.pause(0.05)
        assert "nonsense" in (screen.prompt.reason or "")
