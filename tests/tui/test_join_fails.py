"""``kotatsu join ADDR`` where the table cannot be had: one line and exit status 2 (nobody
listening, a refusal), or just the password question (a table with a password); never a
traceback. The lobby's own joins say why in the lobby."""

from __future__ import annotations

import socket

import pytest

from net.doors.host import Host
from net.table.settings import HostLimits, TableSettings
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.connect import join_launcher
from tui.lobby.forms import JoinForm
from tui.pilot import browser_of, table_screen, wait_until
from tui.settings import Settings


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


def free_port() -> int:
    """A port on 127.0.0.1 where nothing listens (bound, then closed)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def joining(port: int, password: str | None = None, *, spectate: bool = False):
    launcher = join_launcher("127.0.0.1", port, name="Eli", password=password, spectate=spectate)
    settings = Settings(name="Eli", cursor_blink=False)
    return make_app(launcher=launcher, settings=settings, browser=browser_of())


async def test_joining_where_nobody_listens_ends_with_one_line_and_status_2():
    port = free_port()
    app = joining(port)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 2
    assert app.failure == (f"Nobody is listening at 127.0.0.1:{port} — is the table still open?")
    assert not app.lobbies()


async def test_a_table_that_refuses_the_join_ends_with_its_reason():
    host = Host(TableSettings.new("swapo", seats=2, bots=2, seed=1), HostLimits(fsync=False))
    port = await host.start("127.0.0.1", 0)
    app = joining(port)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.return_code is not None)
    finally:
        await host.close()
    assert app.return_code == 2 and app.failure
    assert "watch" in app.failure  # full: how to watch it instead, in the shell's words


async def test_a_wrong_password_asks_for_it_alone_and_says_why_in_the_form():
    settings = TableSettings.new("swapo", seats=2, bots=1, seed=1, password="sesame")
    host = Host(settings, HostLimits(fsync=False, guess_delay=0.0))
    port = await host.start("127.0.0.1", 0)
    app = joining(port, password="open")
    try:
        async with app.run_test(size=SIZE) as pilot:
            # the form on the screen at each look (the one that says why is looked for, not
            # the first one seen: on a busy machine that may be an earlier one)
            def said() -> bool:
                form = app.screen
                return (
                    isinstance(form, JoinForm)
                    and bool(form.query("#password"))
                    and "wrong password" in str(form.query_one("#form-error").render())
                )

            await wait_until(pilot, said)
            form = app.screen
            assert not app.lobbies()  # no lobby under it, no toast over its status line
            password = form.query_one("#password")
            await wait_until(pilot, lambda: password.has_focus)
            await pilot.press(*"sesame", "enter")
            await wait_until(pilot, lambda: table_screen(app) is not None)
    finally:
        await host.close()


async def test_kotatsu_join_spectate_still_watches_after_the_password_is_typed_again():
    """``kotatsu join ADDR --spectate`` at a table with a password: the password asked for
    again joins to watch, as the command said (it took a seat, or was refused a full table)."""
    settings = TableSettings.new("swapo", seats=2, bots=1, seed=1, password="sesame")
    host = Host(settings, HostLimits(fsync=False, guess_delay=0.0))
    port = await host.start("127.0.0.1", 0)
    app = joining(port, spectate=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(
                pilot, lambda: isinstance(app.screen, JoinForm) and app.screen.query("#password")
            )
            password = app.screen.query_one("#password")
            await wait_until(pilot, lambda: password.has_focus)
            await pilot.press(*"sesame", "enter")
            await wait_until(pilot, lambda: table_screen(app) is not None)
            assert app.seat is not None and app.seat.client.seat is None  # watching
            seating = host.table.rules.seating
            assert seating.taken_count == 1  # the free seat is still free (the bot's)
    finally:
        await host.close()


async def test_leaving_the_password_question_ends_with_status_2():
    settings = TableSettings.new("swapo", seats=2, bots=1, seed=1, password="sesame")
    host = Host(settings, HostLimits(fsync=False, guess_delay=0.0))
    port = await host.start("127.0.0.1", 0)
    app = joining(port)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, JoinForm))
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.return_code is not None)
    finally:
        await host.close()
    assert app.return_code == 2


def test_the_command_prints_the_line_and_exits_2(monkeypatch, capsys):
    """What the app ended with is printed by ``kotatsu join`` on stderr, status 2."""
    from tui import cli

    port = free_port()
    monkeypatch.setenv("KOTATSU_PLAYER_NAME", "Eli")
    monkeypatch.setattr("tui.settings.load_name", lambda: "Eli")

    class Ended:
        return_code = 2
        failure = f"Nobody is listening at 127.0.0.1:{port} — is the table still open?"
        leave_on_signals = False

        def run(self) -> None:
            pass

    monkeypatch.setattr("tui.app.make_app", lambda *a, **k: Ended())
    assert cli.main(["join", f"127.0.0.1:{port}"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"kotatsu: {Ended.failure}"
