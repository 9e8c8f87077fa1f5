"""The widgets that let a table follow the game without laying the screen out at every state
(issue 13's repaint figures): they must still show exactly what Textual's own would."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Footer

from tui.app import make_app
from tui.pilot import LocalClient, browser_of, local_launcher, seated
from tui.settings import Settings
from tui.widgets.footer import WordedFooter
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
        shown = str(log.render()).splitlines()
        assert len(shown) == 5 and shown[-1].strip() == "cells"
        assert shown[0] == "line 10"
        assert all(len(line) <= 20 for line in log.lines)
        log.scroll_back(WrappingLog.WHEEL_STEP)  # what a notch of the mouse wheel does
        await pilot.pause()
        assert str(log.render()).splitlines()[0] == "line 7"
        log.add("newest")  # scrolled back: what is shown stays put
        await pilot.pause()
        assert str(log.render()).splitlines()[0] == "line 7"
        log.scroll_back(-100)
        await pilot.pause()
        assert str(log.render()).splitlines()[-1] == "newest"


@pytest.mark.parametrize("game", ["swapo", "swoop", "mishi"])
async def test_the_footer_shows_the_keys_textual_would_through_a_game(game):
    """The footer reads the keys itself and draws them on one line: at every state its keys
    are what Textual's own Footer, mounted beside it, shows."""
    client = LocalClient(game)
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        footer = screen.query_one(WordedFooter)
        plain = Footer(compact=True)
        await screen.mount(plain)
        screen.refresh_bindings()  # both footers lay their keys out now
        await pilot.pause()
        await pilot.pause()
        seen = set()
        for _ in range(40):
            legal = screen.legal
            if not legal or screen.view.get("over"):
                break
            shown = [(key.key, key.description, not key.enabled) for key in footer.wanted_keys()]
            wanted = [
                (key.key, key.description, key.has_class("-disabled")) for key in plain.children
            ]
            assert shown == wanted
            seen.add(tuple(shown))
            await client.act(legal[0])
            await pilot.pause()
            await pilot.pause()
        assert len(seen) >= 2  # the keys did change on the way
