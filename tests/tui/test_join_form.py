"""The join form at a real table with a password on 127.0.0.1: a wrong password keeps the form
open, says so under the password field, clears the password and keeps the address; the right
one then seats the player."""

from __future__ import annotations

import pytest

from net.doors.host import Host
from net.table.settings import HostLimits, TableSettings
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.lobby.forms import JoinForm
from tui.pilot import browser_of, table_screen, wait_until
from tui.settings import Settings


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


async def test_a_wrong_password_keeps_the_join_form_open_with_the_error():
    settings = TableSettings.new("swapo", seats=2, bots=1, seed=1, password="sesame")
    limits = HostLimits(fsync=False, guess_delay=0.0)
    host = Host(settings, limits)
    port = await host.start("127.0.0.1", 0)
    app = make_app(settings=Settings(name="Eli", cursor_blink=False), browser=browser_of())
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            await wait_until(pilot, lambda: isinstance(app.screen, JoinForm))
            form = app.screen
            address = form.query_one("#address")
            password = form.query_one("#password")
            address.value = f"127.0.0.1:{port}"
            password.focus()
            await pilot.press(*"open", "enter")
            error = form.query_one("#form-error")
            await wait_until(pilot, lambda: "wrong password" in str(error.render()))
            assert app.screen is form  # still open
            assert password.value == "" and password.has_focus
            assert address.value == f"127.0.0.1:{port}"
            await pilot.press(*"sesame", "enter")
            await wait_until(pilot, lambda: table_screen(app) is not None)
            await seated_screen(pilot, app)
    finally:
        await host.close()


@pytest.mark.parametrize("given", [None, "open"])
async def test_a_table_joined_from_the_command_line_without_its_password_asks_for_it(given):
    """``kotatsu join ADDR`` at a table with a password, without it (or with a wrong one):
    the join form opens at that address, in its password field."""
    from tui.connect import join_launcher

    settings = TableSettings.new("swapo", seats=2, bots=1, seed=1, password="sesame")
    host = Host(settings, HostLimits(fsync=False, guess_delay=0.0))
    port = await host.start("127.0.0.1", 0)
    launcher = join_launcher("127.0.0.1", port, name="Eli", password=given)
    app = make_app(
        launcher=launcher, settings=Settings(name="Eli", cursor_blink=False), browser=browser_of()
    )
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(
                pilot, lambda: isinstance(app.screen, JoinForm) and app.screen.query("#password")
            )
            form = app.screen
            password = form.query_one("#password")
            await wait_until(pilot, lambda: password.has_focus)
            assert form.query_one("#address").value == f"127.0.0.1:{port}"
            assert password.value == ""
            await pilot.press(*"sesame", "enter")
            await wait_until(pilot, lambda: table_screen(app) is not None)
            await seated_screen(pilot, app)
    finally:
        await host.close()


async def seated_screen(pilot, app) -> None:
    """The table screen has mounted (its prompt asks): leaving the test before that tears the
    app down under a screen still composing (red once on a busy machine)."""
    await wait_until(pilot, lambda: bool(str(table_screen(app).prompt.render()).strip()))
