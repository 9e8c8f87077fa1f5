"""The lobby's cursor stays on its table (by its key) while others come and go; when that
table goes, the lobby says so and the cursor is on no table: enter joins nothing it was not
on (it used to slide onto a neighbour, which enter then joined)."""

from __future__ import annotations

from textual.widgets import OptionList

from tests.tui.conftest import SIZE, FakeTable
from tui.app import make_app
from tui.pilot import browser_of, wait_until
from tui.settings import Settings


def table(key: str, name: str, port: int) -> FakeTable:
    return FakeTable(key, name, "swapo", "ace", 1, 4, False, 1, "127.0.0.1", port)


async def test_the_cursors_table_going_is_said_and_nothing_else_is_chosen():
    tables = [table("a", "Ann's den", 7717), table("b", "Bo's", 7718), table("c", "Cy's", 7719)]
    app = make_app(settings=Settings(name="Eli"), browser=browser_of(*tables))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        options = lobby.query_one("#tables", OptionList)
        await wait_until(pilot, lambda: options.option_count == 3)
        assert options.highlighted == 0  # Ann's den
        lobby.table_added(table("0", "Al's", 7716))  # sorted before it: the cursor follows
        assert options.get_option_at_index(options.highlighted).id == "a"
        said = []
        lobby.notify = lambda message, *args, **kwargs: said.append(message)
        lobby.table_removed("a")
        assert options.highlighted is None
        assert any("Ann's den" in line for line in said)
        sat = []
        lobby.sit = sat.append  # whatever enter would join
        await pilot.press("enter")
        lobby.table_added(table("d", "Di's", 7720))  # news of another: still not chosen
        assert options.highlighted is None
        await pilot.press("enter")
        assert sat == []
        await pilot.press("down")  # the player chooses again
        assert options.highlighted is not None
