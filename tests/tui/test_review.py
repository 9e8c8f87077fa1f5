"""Review together from the table: the final results panel offers it (r), the host serves the
whole game (a real Host on 127.0.0.1, `kotatsu play`'s), and the replay screen opens on it with
every hand open; q goes back to the table, whose own key (r) reviews it again once the final
panel is closed. Before the end no panel and no key offers it."""

from __future__ import annotations

import engine
from tests.tui.conftest import table_app
from tui.pilot import seated, wait_until
from tui.replay.controls import ReplayControls
from tui.table.panel import ResultsPanel
from tui.widgets.footer import WordedFooter


async def test_the_final_panel_offers_the_review_and_the_host_serves_it():
    app = table_app(bots=3, seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await seated(pilot)
        bot = engine.make_bot("swapo", 0, 1)
        acted = -1

        def table_keys() -> str:
            keys = screen.query_one(WordedFooter).wanted_keys()
            return " ".join(f"{k.key_display} {k.description}" for k in keys)

        assert "review" not in table_keys()
        while not screen.view.get("over"):
            if isinstance(app.screen, ResultsPanel):
                assert not app.screen.review  # only the game's final panel offers it
                await pilot.press("enter")
            elif app.screen is screen and "review" in table_keys():
                raise AssertionError(f"r review offered before the end: {table_keys()}")
            elif screen.legal and screen.version != acted and 0 in screen.view["pending"]:
                acted = screen.version
                await screen.client.act(bot.act(screen.view, screen.legal))
            await pilot.pause(0.02)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel) and app.screen.final)
        panel = app.screen
        await wait_until(pilot, lambda: panel.query_one(WordedFooter).wanted_keys())
        assert panel.review and "r review" in " ".join(
            f"{k.key_display} {k.description}" for k in panel.query_one(WordedFooter).wanted_keys()
        )
        await pilot.press("r")
        await wait_until(pilot, lambda: bool(app.screen.query(ReplayControls)), timeout=10)
        replay = app.screen
        await wait_until(pilot, lambda: replay.states_seen > 0)
        controls = replay.query_one(ReplayControls)
        assert controls.replayer.open_hands and controls.replayer.replay.kind == "full"
        assert controls.size.height > 0 and "Bot 2: " in str(controls.render())
        assert replay is not screen and type(replay) is type(screen)  # the real table screen
        await pilot.press("end")
        await wait_until(pilot, lambda: controls.replayer.panel is not None)
        final = controls.replayer.panel
        assert final.final and not final.review  # the replay's own final panel offers no more
        await pilot.press("enter")
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is screen)
        # the final panel is closed: the table's own key reviews the game again, and the
        # prompt says so
        await wait_until(pilot, lambda: "r review" in table_keys())
        assert screen.prompt.plain == "Game over · r review the game · s scores · q leave"
        assert screen.decisions.idle_words() == screen.prompt.plain
        await pilot.press("r")
        await wait_until(pilot, lambda: bool(app.screen.query(ReplayControls)), timeout=10)
        again = app.screen
        assert again is not screen and again.query_one(ReplayControls).replayer.open_hands
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is screen)
