"""What makes a replay's steps quick changes nothing on the screen: the results panel a
replay keeps and shows again (tui/replay/panels.py) says what a new panel would, round after
round and back again; and the log going back and forth (``WrappingLog.restore``, wrapping no
entry twice) shows what writing its lines afresh shows."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from tests.tui.test_replay_screen import SETTINGS, replay_of
from tui.pilot import screen_lines, wait_until
from tui.replay.run import ReplayApp
from tui.replay.screen import Replayer
from tui.table.results import ResultsPanel
from tui.widgets.log import WrappingLog


async def panels_on_the_way(game: str, *, kept: bool) -> list[list[str]]:
    """Every results panel reached jumping round by round to the end, then back to a
    round's end and on again (the screen's text each time); ``kept``: as the replay shows
    them, else a new panel pushed each time, as at a live table."""
    replay = replay_of(game)
    replayer = Replayer(replay, 0)
    if not kept:
        replayer.screen.over_table = None
    app = ReplayApp(replayer, settings=SETTINGS)
    seen: list[list[str]] = []
    async with app.run_test(size=(100, 30)) as pilot:
        screen = replayer.screen
        await wait_until(pilot, lambda: screen.states_seen > 0)

        async def panels() -> None:
            await pilot.pause()
            while app.screen is not screen:
                await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
                await pilot.pause()
                seen.append(screen_lines(app))
                await pilot.press("enter")
                await pilot.pause()

        while replayer.position < replay.positions - 1:
            await pilot.press("right_square_bracket")
            await panels()
        for key in ("left_square_bracket", "left_square_bracket", "right_square_bracket"):
            await pilot.press(key)
            await panels()
        await pilot.press("home")
        await panels()
        await pilot.press("end")
        await panels()
    return seen


@pytest.mark.parametrize("game", ["swoop", "mishi"])
async def test_a_kept_results_panel_says_what_a_new_one_would(game):
    kept = await panels_on_the_way(game, kept=True)
    new = await panels_on_the_way(game, kept=False)
    assert len(kept) > 3 and any("Final" in "".join(lines) for lines in kept)
    assert kept == new, game


class Logged(App[None]):
    CSS = "WrappingLog { width: 24; height: 6; }"

    def compose(self) -> ComposeResult:
        yield WrappingLog(id="log")


async def test_a_log_restored_back_and_forth_shows_what_fresh_lines_show():
    words = [Text(f"line {n} " + "word " * (n % 7)) for n in range(40)]
    entries = tuple((n, text) for n, text in enumerate(words))
    async with Logged().run_test() as pilot:
        log = pilot.app.query_one(WrappingLog)
        for tag, text in entries[:10]:
            log.add(text, tag)
        await pilot.pause()
        at_ten = [line.plain for line in log.lines]
        log.restore(entries)  # on to the end
        await pilot.pause()
        at_end = [line.plain for line in log.lines]
        first_wrap = log.lines[-1]
        log.restore(entries[:10])  # back
        await pilot.pause()
        assert [line.plain for line in log.lines] == at_ten
        log.restore(entries)  # and on again: the same lines, not wrapped again
        await pilot.pause()
        assert [line.plain for line in log.lines] == at_end
        assert log.lines[-1] is first_wrap
        fresh = WrappingLog()
        await pilot.app.mount(fresh, before=log)
        fresh.styles.width, fresh.styles.height = 24, 6
        for tag, text in entries:
            fresh.add(text, tag)
        await pilot.pause()
        assert [line.plain for line in fresh.lines] == at_end
