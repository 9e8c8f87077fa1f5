"""A player who leaves a game and joins again gets their own log and chat back (the host keeps
what that seat was shown, net/table/memory.py): a real host on 127.0.0.1, two app runs one after the
other with the same kept seat."""

from __future__ import annotations

import asyncio

import pytest

from net.doors.host import Host
from net.table.settings import HostLimits, TableSettings
from net.wire.client import Client
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.connect import join_launcher
from tui.dialogs import ConfirmLeave
from tui.pilot import browser_of, seated, wait_until
from tui.settings import Settings
from tui.widgets.chat import ChatPane


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # where the seat is kept


def eli_app(port: int):
    launcher = join_launcher("127.0.0.1", port, name="Eli")
    settings = Settings(name="Eli", cursor_blink=False)
    return make_app(launcher=launcher, settings=settings, browser=browser_of())


async def test_a_returning_player_gets_their_log_and_chat_back_and_no_one_elses():
    host = Host(TableSettings.new("swapo", seats=3, seed=4), HostLimits(fsync=False))
    port = await host.start("127.0.0.1", 0)
    ann, bo = Client("127.0.0.1", port, name="Ann"), Client("127.0.0.1", port, name="Bo")
    await ann.connect()
    await bo.connect()
    try:
        app = eli_app(port)
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated(pilot)
            await ann.chat("hello Eli")
            await ann.chat("just for you", to=2)
            await wait_until(pilot, lambda: "just for you" in str(screen.query_one(ChatPane).lines))
            before = list(screen.log_pane.lines_written)
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmLeave))
            await pilot.press("y")
            await wait_until(pilot, lambda: app.return_code is not None)
        await ann.chat("a secret for Bo", to=1)  # never Eli's
        await ann.chat("while Eli is away")  # Eli did not see it: not given back
        await asyncio.sleep(0.1)

        again = eli_app(port)
        async with again.run_test(size=SIZE) as pilot:
            screen = await seated(pilot)
            assert screen.me == 2  # the same seat, through the kept token
            back = "— you are back: the lines above are from before —"
            await wait_until(pilot, lambda: back in screen.log_pane.lines_written)
            logged = screen.log_pane.lines_written
            earlier = logged[: logged.index(back)]
            # every line given back was on Eli's screen before; the chat lines all of them
            # (the lines a screen draws from its own view, like the round's first, it draws
            # again from the view it gets now)
            assert set(earlier) <= set(before)
            assert [line for line in earlier if line.startswith("» ")] == [
                "» Ann: hello Eli",
                "» Ann → you: just for you",
            ]
            chat = screen.query_one(ChatPane).lines
            assert chat[:3] == ["Ann: hello Eli", "Ann → you: just for you", back]
            shown = " ".join(logged + chat)
            assert "a secret for Bo" not in shown and "while Eli is away" not in shown
    finally:
        await ann.close()
        await bo.close()
        await host.close()
