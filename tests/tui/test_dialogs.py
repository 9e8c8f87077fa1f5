"""The scores dialog marks the leader: the highest total, or the lowest in a penalty game."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.style import Style as VisualStyle
from textual.widgets import Static

from tui.dialogs import ScoresScreen


def leaders(screen: ScoresScreen) -> list[str]:
    out = []
    for static in screen.query(".score-name").results(Static):
        text = static.visual if hasattr(static, "visual") else static.renderable
        spans = getattr(text, "spans", [])
        leader = screen.look("leader")  # the leader's total: green (dialogs.tcss)
        assert leader.color is not None and leader.color.number == 2
        if any(span.style == VisualStyle.from_rich_style(leader) for span in spans):
            out.append(str(text).split()[0])
    return out


@pytest.mark.parametrize(("low_wins", "expected"), [(False, ["Bo"]), (True, ["Aki"])])
async def test_scores_mark_the_leader(low_wins, expected):
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ScoresScreen(["Aki", "Bo", "Chen"], [[0, 0, 0], [10, 90, 40]], low_wins=low_wins)
        await app.push_screen(screen)
        await pilot.pause()
        assert leaders(screen) == expected


async def test_scores_mark_nobody_when_all_are_level():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ScoresScreen(["Aki", "Bo"], [[0, 0]], low_wins=True)
        await app.push_screen(screen)
        await pilot.pause()
        assert leaders(screen) == []


def box_of(screen):
    """The dialog's box on its screen: the first child (the footer comes after it)."""
    return screen.children[0].region


@pytest.mark.parametrize("name", ["name", "host menu", "leave", "confirm", "quit"])
async def test_every_dialog_opens_in_the_middle(name):
    """The name dialog, the host's m menu and the leave dialog opened top-left, the others
    in the middle."""
    from tui.dialogs import Confirm, ConfirmLeave
    from tui.lobby.forms import NameForm
    from tui.table.host_menu import HostMenu

    screens = {
        "name": lambda: NameForm("Eli", first=False),
        "host menu": lambda: HostMenu([("Start now", "start", None), ("Close", "close", None)]),
        "leave": lambda: ConfirmLeave(detail="Your seat stays yours."),
        "confirm": lambda: Confirm("Close the table?", "For everyone."),
        "quit": lambda: ConfirmLeave("Close the table and quit?", "It closes it."),
    }
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screens[name]()
        await app.push_screen(screen)
        await pilot.pause()
        box = box_of(screen)
        left, right = box.x, 80 - box.right
        top, bottom = box.y, 23 - box.bottom  # the footer's line below
        assert abs(left - right) <= 1 and left > 0, (left, right)
        assert abs(top - bottom) <= 1 and top > 0, (top, bottom)
