"""A replay's round's end is painted in order, and what makes the replay's steps quick changes
nothing on the screen: the table paints a step first and a round's results panel opens over
the table as the step left it, holding the replay as it holds a table; the results panel a
replay keeps and shows again (tui/replay/panels.py) says what a new panel would, round after
round and back again; and the log going back and forth (``WrappingLog.restore``, wrapping no
entry twice) shows what writing its lines afresh shows."""

from __future__ import annotations

import asyncio

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from tests.tui.test_replay_screen import SETTINGS, replay_of
from tui.pilot import screen_lines, wait_until
from tui.replay.run import ReplayApp
from tui.replay.screen import Replayer
from tui.table.panel import ResultsPanel
from tui.widgets.log import EventLog, WrappingLog

SHORT = {"swoop": {"hands": 3}, "mishi": {"hands": 2}}  # a round's end, another and the last


async def panels_on_the_way(pilot, replayer: Replayer) -> list[list[str]]:
    """Every results panel reached jumping round by round to the end, then back to a
    round's end and on again (the screen's text each time), in ``replayer``'s replay shown
    on top of ``pilot``'s app."""
    app, replay, screen = pilot.app, replayer.replay, replayer.screen
    seen: list[list[str]] = []
    await wait_until(pilot, lambda: app.screen is screen and screen.states_seen > 0)

    async def panels() -> None:
        await pilot.pause()
        while app.screen is not screen:
            await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
            await pilot.pause()
            seen.append(screen_lines(app))
            await pilot.press("enter")
            await pilot.pause()

    for _ in range(replay.positions):  # ] jumps a round at least: bounded, never a hang
        if replayer.position >= replay.positions - 1:
            break
        await pilot.press("right_square_bracket")
        await panels()
    assert replayer.position == replay.positions - 1, (replayer.position, app.screen)
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
    """The panels as the replay shows them (one kept, shown again with each round's
    content), then as a new panel pushed each time, as at a live table: the same record
    replayed again over the first, in the same app."""
    replay = replay_of(game, SHORT[game])
    replayer = Replayer(replay, 0)
    again = Replayer(replay, 0)
    again.screen.over_table = None  # a new panel each time
    app = ReplayApp(replayer, settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        kept = await panels_on_the_way(pilot, replayer)
        await again.show(app)
        new = await panels_on_the_way(pilot, again)
    assert len(kept) > 3 and any("Final" in "".join(lines) for lines in kept)
    assert kept == new, game


async def test_a_rounds_panel_opens_after_the_table_has_painted_the_step_and_holds_the_replay():
    """Step by step through a SwaPo game (a round's end every few steps): the table paints
    each step with no panel over it; a round's panel opens only then, over the table as the
    step left it (its first frame is the screen from then on), and a key pressed before it
    opened does not move the replay past it. (Pushed in the turn
    that drew the step, the panel was painted first, over the table as it was before.)"""
    replayer = Replayer(replay_of("swapo"), 0)
    app = ReplayApp(replayer, settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = replayer.screen
        await wait_until(pilot, lambda: screen.states_seen > 0)
        panels = 0
        for _ in range(replayer.replay.positions - 1):
            at = replayer.position
            table_frame: list[bool] = []
            screen.call_after_refresh(lambda seen=table_frame: seen.append(replayer.panel is None))
            replayer.controls.action_replay_step(1)
            if not screen.rounds.opening:
                await wait_until(pilot, lambda seen=table_frame: bool(seen))
                continue
            panels += 1
            replayer.controls.action_replay_step(1)  # a key before the panel opened
            assert replayer.position == at + 1
            first: asyncio.Future[list[str]] = asyncio.get_running_loop().create_future()
            await wait_until(pilot, lambda: replayer.panel is not None)
            app.screen.call_after_refresh(
                lambda first=first: first.done() or first.set_result(screen_lines(app))
            )
            assert table_frame == [True]  # the table's frame came first, with no panel
            frame = await first
            await pilot.pause(0.1)
            assert replayer.position == at + 1 and replayer.panel is not None
            assert frame == screen_lines(app)  # the panel's first frame is whole
            # (a replay key pressed at the panel closes it and does its work: test_replay_screen)
            await pilot.press("enter")
            await wait_until(pilot, lambda: replayer.panel is None and app.screen is screen)
        assert panels >= 2  # the first round's and the final one


async def test_playing_on_waits_at_a_rounds_panel_until_it_is_closed():
    """Played on by itself (here at its fastest pace), the replay stops at a round's end while
    its results panel shows, as a table waits for it, and goes on once it is closed. (The
    table under the panel still counted as shown, and the replay stepped on under it.)"""
    replayer = Replayer(replay_of("swapo"), 0)
    app = ReplayApp(replayer, settings=SETTINGS)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: replayer.screen.states_seen > 0)
        await pilot.press("plus", "plus", "space")  # 4 positions a second
        await wait_until(pilot, lambda: replayer.panel is not None, timeout=10)
        at = replayer.position
        await pilot.pause(0.8)  # three ticks of the pace
        assert replayer.position == at and replayer.panel is not None
        await pilot.press("enter")
        await wait_until(pilot, lambda: replayer.position > at)


async def test_a_japanese_results_panel_shows_every_character_of_its_lines():
    """Nothing a panel says is cut: every line of each 秘十 hand's panel in Japanese (two
    cells a character) is on the screen whole, wherever the table's widgets under it have
    edges."""
    from rich.cells import cell_len

    replayer = Replayer(replay_of("mishi"), 0)
    app = ReplayApp(replayer, settings=SETTINGS.replace(lang="ja"))
    checked = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: replayer.screen.states_seen > 0)
        while replayer.position < replayer.replay.positions - 1:
            await pilot.press("right_square_bracket")
            await wait_until(pilot, lambda: replayer.panel is not None, timeout=20)
            await pilot.pause()
            words = replayer.panel
            shown = "\n".join(line.strip(" │") for line in screen_lines(app))
            lines = [row.plain.strip() for row in words.rows if row.plain.strip()]
            for line in lines:  # whole where it fits the panel's width, else up to its wrap
                assert (line if cell_len(line) <= 74 else line[:30]) in shown, line
            checked += sum(not c.isascii() for line in lines for c in line)
            while replayer.panel is not None:
                await pilot.press("enter")
                await pilot.pause()
    assert checked > 100


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
