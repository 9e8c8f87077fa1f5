"""A mixed table (issue 39): a host with a screen (the real app, played by a person who reads
the screen, tests/person), a bot, and a plain player who joined over 127.0.0.1 from a terminal
of their own (``kotatsu join ADDR --plain`` in a pseudo-terminal) finish a game together; and
a watcher follows a table with ``kotatsu join ADDR --spectate --plain``."""

from __future__ import annotations

import asyncio
import re

from net.doors.opening import TablePlan
from net.table.settings import HOSTED, TableSettings
from tests.person.person import Person, own_host
from tests.plain.driver import ESCAPE, Player
from tui.app import make_app
from tui.connect import host_launcher
from tui.pilot import browser_of, seated, table_screen, wait_until
from tui.settings import Settings


def hosted(game: str, tmp_path, seats: int, bots: int, **options: object):
    launcher = host_launcher(
        TablePlan(
            TableSettings.new(game, seats=seats, bots=bots, seed=11, options=options, hints=True),
            limits=HOSTED._replace(bot_delay=0),
            journal=str(tmp_path / "table.journal"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    settings = Settings(name="Eli", cursor_blink=False, lang="en")
    return make_app(launcher=launcher, settings=settings, browser=browser_of())


async def test_a_screen_player_a_bot_and_a_plain_player_finish_a_game(tmp_path) -> None:
    app = hosted("swoop", tmp_path, seats=3, bots=1, hands=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: table_screen(app) is not None, 15)
        port = table_screen(app).client.port
        plain = Player("join", f"127.0.0.1:{port}", "--plain", "--name", "Pim")
        playing = asyncio.ensure_future(asyncio.to_thread(plain.play_out))
        await seated(pilot)
        person = Person(pilot, own_host, seed=3, again=False, review=False, label="mixed")
        await person.play_game()
        await asyncio.wait_for(playing, 60)  # the plain player heard the game end
        assert own_host(app).over()
    assert plain.quit() == 0
    said = plain.text()
    assert "Eli" in said and "Game over" in said  # the screen player's moves, in words
    assert not ESCAPE.search(plain.raw)


async def test_a_plain_watcher_follows_a_table_in_lines(tmp_path) -> None:
    app = hosted("swoop", tmp_path, seats=3, bots=2, hands=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: table_screen(app) is not None, 15)
        port = table_screen(app).client.port
        await seated(pilot)
        watcher = Player("join", f"127.0.0.1:{port}", "--spectate", "--plain", "--name", "Wu")
        await asyncio.to_thread(watcher.wait_for, r"^Plain table")
        person = Person(pilot, own_host, seed=4, again=False, review=False, label="watched")
        await person.play_game()
        await asyncio.to_thread(watcher.wait_for, r"^Game over")
    said = watcher.text()
    assert watcher.quit() == 0
    assert "Eli played" in said
    assert not re.search(r"^Type ", said, re.M)  # a watcher is asked nothing
    assert not ESCAPE.search(watcher.raw)
