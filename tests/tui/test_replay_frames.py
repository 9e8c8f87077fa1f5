"""A replay's steps are painted whole, and what makes them quick changes nothing on the
screen: the first frame after a step, a results panel or not, is already the screen the step
leads to; the results panel a replay shows on its table screen itself (tui/replay/panels.py)
shows what a panel screen over the table shows, as a live table pushes one, round after round
and back again; and the log going back and forth (``WrappingLog.restore``, wrapping no entry
twice) shows what writing its lines afresh shows."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from tests.tui.test_replay_screen import SETTINGS, replay_of
from tui.pilot import screen_lines, wait_until
from tui.replay.run import ReplayApp
from tui.replay.screen import Replayer
from tui.table.results import ResultsPanel
from tui.widgets.log import EventLog, WrappingLog


@asynccontextmanager
async def replaying(game: str, *, on_table: bool = True) -> AsyncIterator[tuple]:
    """A replay of ``game`` from seat 0 once it shows the deal: (pilot, replayer).
    ``on_table``: its results panels as the replay shows them, else each a screen pushed over
    the table, as at a live table."""
    replayer = Replayer(replay_of(game), 0)
    if not on_table:
        replayer.screen.over_table = None
    app = ReplayApp(replayer, settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: replayer.screen.states_seen > 0)
        yield pilot, replayer


async def panels_on_the_way(game: str, *, on_table: bool) -> list[list[str]]:
    """Every results panel reached jumping round by round to the end, then back to a
    round's end and on again (the screen's text each time); ``on_table``: as the replay shows
    them, else a panel screen pushed over the table each time, as at a live table."""
    seen: list[list[str]] = []
    async with replaying(game, on_table=on_table) as (pilot, replayer):
        app, screen, replay = pilot.app, replayer.screen, replayer.replay

        def shown() -> bool:
            if on_table:
                return replayer.panel is not None and app.screen is screen
            return isinstance(app.screen, ResultsPanel) and replayer.panel is None

        async def panels() -> None:
            await pilot.pause()
            while shown():
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
async def test_a_results_panel_on_the_replay_screen_shows_what_a_panel_screen_shows(game):
    on_table = await panels_on_the_way(game, on_table=True)
    pushed = await panels_on_the_way(game, on_table=False)
    assert len(on_table) > 3 and any("Final" in "".join(lines) for lines in on_table)
    assert on_table == pushed, game


async def test_the_first_frame_after_a_step_is_the_whole_step_a_results_panel_too():
    """Step by step through a SwaPo game (a round's end every few steps): the first frame
    painted after each step already shows the new position, and on a round's end its results
    panel over the dimmed table; nothing changes after it. (A panel pushed as a screen of its
    own was first painted over the table as it was before the step.)"""
    async with replaying("swapo") as (pilot, replayer):
        app, replay = pilot.app, replayer.replay
        await pilot.pause(0.1)
        panels = 0
        for _ in range(replay.positions - 1):
            while replayer.panel is not None:
                await pilot.press("enter")
                await pilot.pause()
            first: asyncio.Future[list[str]] = asyncio.get_running_loop().create_future()
            replayer.controls.action_replay_step(1)  # what the key does, timed as the bench
            await asyncio.sleep(0)
            app.screen.call_after_refresh(
                lambda first=first: first.done() or first.set_result(screen_lines(app))
            )
            frame = await first
            await pilot.pause(0.1)
            assert frame == screen_lines(app), replayer.position
            if replayer.panel is not None:
                panels += 1
                assert replayer.panel.title[:24] in "\n".join(frame)  # (it may wrap)
        assert panels >= 2  # the first round's and the final one


async def test_a_results_panel_on_the_replay_takes_the_keys_as_a_panel_screen_does():
    """Under the panel nothing of the table or the replay moves (the footer says only enter,
    as a panel screen's footer does), a click on the table (the open hands' pane, which takes
    the replay's keys) leaves the keys with the panel, enter closes it and the table's and
    the replay's keys work again."""
    from tests.tui.test_replay_screen import footer_words

    async with replaying("mishi") as (pilot, replayer):
        app, screen = pilot.app, replayer.screen
        await pilot.press("o")  # every hand open, in a pane over the table
        before = footer_words(app)
        assert "replay_step(-1)" in before and "scores" in before
        await pilot.press("right_square_bracket")
        await wait_until(pilot, lambda: replayer.panel is not None)
        at = replayer.position
        assert app.screen is screen and screen.under_panel
        assert footer_words(app) == {"answer('next')": "continue"}
        for key in ("right", "left", "end", "space", "s", "tab", "t", "q"):
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen and replayer.position == at and replayer.panel is not None
        await pilot.click("#open-hands")
        await pilot.press("enter")
        await wait_until(pilot, lambda: replayer.panel is None)
        assert not screen.under_panel and footer_words(app) == before
        await pilot.press("right")
        await wait_until(pilot, lambda: replayer.position == at + 1)


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


async def test_a_log_restored_keeps_the_lines_it_has_in_common():
    """A memory's log and the log on show share their first lines by identity (the entries
    themselves are kept, and ``keep`` keeps them too), so a replay stepping back puts back
    only the lines that differ, whatever restores came before."""
    entries = tuple((n // 10, Text(f"line {n}")) for n in range(30))
    async with Logged().run_test() as pilot:
        log = EventLog()
        await pilot.app.mount(log)
        log.restore(entries[:25])
        log.keep(lambda tag: tag != 0)  # an old round forgotten
        memory = log.kept()
        assert memory == entries[10:25]
        log.restore(entries[10:])  # on
        await pilot.pause()
        appended: list[object] = []
        append = log._append
        log._append = lambda entry: appended.append(entry) or append(entry)  # type: ignore[method-assign]
        log.restore(memory)  # back: nothing to put back, only lines to drop
        assert appended == []
        log.restore(entries[10:])  # on again: only the five lines after the memory
        assert appended == list(entries[25:])
        assert all(mine is theirs for mine, theirs in zip(log.kept(), entries[10:], strict=True))
