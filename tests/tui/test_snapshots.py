"""Snapshots of the real app at 80×24 and 120×40 (fixed seeds, bots without delay).

Update after an intended change with ``pytest tests/tui/test_snapshots.py --snapshot-update``
and look at the report before committing the new SVGs.
"""

from __future__ import annotations

import pytest

from tests.tui.conftest import FakeTable, table_app
from tests.tui.test_swapo_screen import play_my_turns
from tui.app import make_app
from tui.pilot import browser_of, seated, settle, wait_until
from tui.settings import Settings

SIZES = [(80, 24), (120, 40)]

LAN = [
    FakeTable("a", "friday", "swapo", "ace", 3, 4, False, 1, "192.168.1.20", 7717),
    FakeTable("b", "lunch", "swoop", "", 5, 6, True, 1, "192.168.1.31", 7717),
    FakeTable("c", "秘十 night", "mishi", "", 2, 4, False, 1, "192.168.1.40", 7717),
]


async def quiet(pilot) -> None:
    """No toasts in snapshots (they come and go with time)."""
    pilot.app.clear_notifications()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lobby(snap_compare, size):
    settings = Settings(name="Eli", color=True, cursor_blink=False)
    app = make_app(settings=settings, browser=browser_of(*LAN))
    assert snap_compare(app, terminal_size=size, run_before=quiet)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_swapo_choosing_cards(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        await pilot.press("2", "2", "space", "right", "right")
        await quiet(pilot)

    assert snap_compare(table_app(seed=2), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_swapo_dagger_taking_positions(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await wait_until(pilot, lambda: screen.decisions.step == "arrange")
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        await settle(pilot)
        await pilot.press("1", "2", "3")
        await quiet(pilot)

    app = table_app(seed=2, options={"variant": "dagger,asterisk"})
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_swapo_ace_reveal(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await play_my_turns(pilot, screen, until_round=2)
        await wait_until(pilot, lambda: screen.decisions.reveal is not None)
        await settle(pilot)
        await quiet(pilot)

    app = table_app(seed=4, options={"variant": "ace"})
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_swapo_ace_power_turn(snap_compare):
    from tests.tui.test_swapo_screen import play_until_power

    async def run_before(pilot):
        screen = await seated(pilot)
        await play_until_power(pilot, screen)
        await settle(pilot)
        await quiet(pilot)

    app = table_app(seed=2, options={"variant": "ace"})
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_swapo_results_panel(snap_compare):
    from tests.tui.test_swapo_round_results import NORMAL, Scripted, app_at
    from tui.table.panel import ResultsPanel

    async def run_before(pilot):
        screen = await seated(pilot)
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.decisions.step == "give")
        await pilot.press("1", "2", "enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, ResultsPanel))
        await quiet(pilot)

    app = app_at(NORMAL, {1: Scripted(), 2: Scripted(0, ["6C", "10S"])})
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
