"""The widgets that let a table follow the game without laying the screen out at every state
(issue 13's repaint figures): they must still show exactly what Textual's own would. The
footer is followed through a game in tests/tui/test_paint.py, which follows a game state by
state already: at every state its keys are Textual's own Footer's."""

from __future__ import annotations

import asyncio

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical

from tui.pilot import screen_lines
from tui.widgets.log import WrappingLog
from tui.widgets.steady import Steady


class Harness(App[None]):
    CSS = "#box { width: 20; height: 12; } WrappingLog { height: 5; }"

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Steady("one line", id="steady")
            yield WrappingLog(id="log")


async def test_steady_grows_and_shrinks_with_its_lines():
    app = Harness()
    async with app.run_test(size=(40, 14)) as pilot:
        steady = app.query_one(Steady)
        await pilot.pause()
        assert steady.region.height == 1
        steady.show(Text("one\ntwo\nthree"))
        await pilot.pause()
        assert steady.region.height == 3
        # a line longer than the width wraps: the widget takes the wrapped height
        steady.show("a line that is far longer than twenty cells")
        await pilot.pause()
        assert steady.region.height == 3
        steady.show("short")
        await pilot.pause()
        assert steady.region.height == 1
        assert "short" in str(steady.render())
        # the same line count: the content changes, the size does not
        steady.show("other")
        await pilot.pause()
        assert steady.region.height == 1 and "other" in str(steady.render())


async def test_the_log_shows_the_newest_lines_wrapped_and_scrolls_back():
    app = Harness()
    async with app.run_test(size=(40, 14)) as pilot:
        log = app.query_one(WrappingLog)
        await pilot.pause()
        for n in range(12):
            log.add(f"line {n}")
        log.add("a long line that wraps at twenty cells")
        await pilot.pause()
        shown = [line.plain for line in log.shown]
        assert len(shown) == 5 and shown[-1].strip() == "cells"
        assert shown[0] == "line 10"
        assert all(len(line) <= 20 for line in log.lines)
        log.scroll_back(WrappingLog.WHEEL_STEP)  # what a notch of the mouse wheel does
        await pilot.pause()
        assert log.shown[0].plain == "line 7"
        log.add("newest")  # scrolled back: what is shown stays put
        await pilot.pause()
        assert log.shown[0].plain == "line 7"
        log.scroll_back(-100)
        await pilot.pause()
        assert log.shown[-1].plain == "newest"


def layouts_of(app) -> list[int]:
    """A list that grows by one each time the screen is laid out."""
    seen: list[int] = []
    box = app.query_one("#box")
    app.screen.screen_layout_refresh_signal.subscribe(box, lambda _: seen.append(1))
    return seen


async def test_a_new_log_line_paints_without_laying_the_screen_out():
    app = Harness()
    async with app.run_test(size=(40, 14)) as pilot:
        log = app.query_one(WrappingLog)
        await pilot.pause()
        layouts = layouts_of(app)
        for n in range(8):
            log.add(f"event {n}")
            await pilot.pause()
        log.add(Text("a styled line", style="bold"))
        log.add(Text.assemble("plain ", ("red", "red")))
        await pilot.pause()
        assert layouts == []
        region = log.region
        rows = [row[: region.width] for row in screen_lines(app)[region.y : region.bottom]]
        assert [row.rstrip() for row in rows] == [
            "event 5",
            "event 6",
            "event 7",
            "a styled line",
            "plain red",
        ]
        # the Text's own style and its spans are painted over the widget's own style
        styled = log.render_line(3)
        assert all(segment.style.bold for segment in styled if segment.text.strip())
        red = [segment for segment in log.render_line(4) if segment.text == "red"]
        assert red and red[0].style.color.name == "red"
        assert all(segment.style.bgcolor == log.rich_style.bgcolor for segment in styled)


async def test_a_new_log_line_converts_only_that_line():
    app = Harness()
    async with app.run_test(size=(40, 14)) as pilot:
        log = app.query_one(WrappingLog)
        for n in range(20):
            log.add(f"line {n}")
        await pilot.pause()
        height = log.content_size.height
        painted = [log.render_line(y) for y in range(height)]
        log.add("one more")
        await pilot.pause()
        # every line that stays in view is the strip painted before, one row up
        assert all(log.render_line(y - 1) is painted[y] for y in range(1, height))
        assert log.render_line(height - 1).text.rstrip() == "one more"
        assert log.shown[-1].plain == "one more"


async def test_the_log_follows_the_theme():
    app = Harness()
    async with app.run_test(size=(40, 14)) as pilot:
        log = app.query_one(WrappingLog)
        log.add("coloured")
        await pilot.pause()
        before = log.render_line(0)
        log.styles.background = "darkred"
        await pilot.pause()
        after = log.render_line(0)
        assert before.text == after.text
        assert {segment.style.bgcolor for segment in after} == {log.rich_style.bgcolor}
        assert before != after


@pytest.mark.parametrize("widget", ["steady", "log"])
@pytest.mark.paints  # it counts what is painted: every refresh is rendered
async def test_a_change_is_painted_before_the_frame_that_shows_it(widget):
    """A changed widget makes its lines at its own next turn (tui/widgets/prepaint.py): the
    frame that shows the change only gathers them, and shows exactly the new lines."""
    app = Harness()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        steady, log = app.query_one(Steady), app.query_one(WrappingLog)
        log.add("before")
        steady.show("measured")  # its height known: the next line of one row only repaints
        await pilot.pause()
        if widget == "steady":
            steady.show("one more")  # the same height: a repaint, no layout
        else:
            log.add("after")
        await asyncio.sleep(0)  # the widget's turn: well before the screen's next tick
        await asyncio.sleep(0)
        made_in_frame: list[int] = []
        shown = steady if widget == "steady" else log
        painted_by = shown.render_line
        shown.render_line = lambda y: made_in_frame.append(y) or painted_by(y)  # type: ignore[method-assign]
        await pilot.pause()
        assert made_in_frame == []
        lines = [row.rstrip() for row in screen_lines(app)]
        assert lines[0] == ("one more" if widget == "steady" else "measured")
        assert "after" in lines or widget == "steady"
