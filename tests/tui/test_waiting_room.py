"""The waiting room at a real table on 127.0.0.1: the seats numbered as the game numbers them
(so ``/w N`` reaches the same person before and after the start), whispers that work before
the start (or say why not), and the log telling who sat down and who left."""

from __future__ import annotations

import asyncio

import pytest

from net.doors.host import Host
from net.table.decisions import FillWithBots
from net.table.settings import HostLimits, TableSettings
from net.wire.client import Client
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.connect import join_launcher
from tui.pilot import browser_of, table_screen, wait_until
from tui.settings import Settings
from tui.widgets.chat import ChatPane


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


class Heard:
    """A client's messages, collected as they come (read by a task)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.messages: list[dict] = []
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.client.messages():
            self.messages.append(message)

    def chats(self) -> list[dict]:
        return [m for m in self.messages if m["t"] == "chat"]

    async def close(self) -> None:
        await self.client.close()
        self.task.cancel()


def logged(screen) -> list[str]:
    """Every line the log has written (the pane is hidden while the chat is open at 80
    columns: its lines are wrapped when it is next shown)."""
    return screen.log_pane.lines_written


async def test_the_waiting_room_numbers_seats_as_the_game_and_whispers_reach_the_same_person():
    host = Host(TableSettings.new("swapo", seats=4, seed=3), HostLimits(fsync=False))
    port = await host.start("127.0.0.1", 0)
    ann = Client("127.0.0.1", port, name="Ann")
    await ann.connect()
    bo = Client("127.0.0.1", port, name="Bo")
    await bo.connect()
    heard_ann, heard_bo = Heard(ann), Heard(bo)
    launcher = join_launcher("127.0.0.1", port, name="Eli")
    app = make_app(
        launcher=launcher, settings=Settings(name="Eli", cursor_blink=False), browser=browser_of()
    )
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: table_screen(app) is not None)
            screen = table_screen(app)
            await wait_until(pilot, lambda: len(screen.people.players) == 4)
            assert screen.me == 2  # Ann 0, Bo 1, Eli 2, a free seat 3
            seats = str(screen.query_one("#seats").render())
            # the game's numbering: the others clockwise from me (3, 0, 1), then me
            assert seats.splitlines()[:4] == [" 1 (free seat)", " 2 Ann", " 3 Bo", "   You"]
            assert [screen.seats.digit(s) for s in (3, 0, 1)] == ["1", "2", "3"]

            await pilot.press("c", *"/w 2 psst", "enter")
            await wait_until(pilot, lambda: any(m["text"] == "psst" for m in heard_ann.chats()))
            (whisper,) = heard_ann.chats()
            assert whisper["to"] == 0 and whisper["from"] == 2
            assert not heard_bo.chats()  # nobody else hears it

            await pilot.press(*"/w 1 hello?", "enter")  # still open; the free seat: said why not
            chat = screen.query_one(ChatPane)
            await wait_until(pilot, lambda: "not connected" in chat.lines[-1])
            assert chat.lines[-1] == "✗ Not sent: that player is not connected"

            await heard_bo.close()  # Bo leaves; Cy sits down in the free seat
            await wait_until(pilot, lambda: "Bo left the table" in logged(screen))
            cy = Client("127.0.0.1", port, name="Cy")
            await cy.connect()
            await wait_until(pilot, lambda: "Cy sat down" in logged(screen))
            host.decide(FillWithBots())  # Bo's seat: a bot; the game starts
            await wait_until(pilot, lambda: bool(screen.view))
            # Ann is still 2 in the game: the same whisper reaches her
            assert screen.seats.digit(0) == "2"
            await pilot.press(*"/w 2 still you?", "enter")  # the chat stays open
            await wait_until(
                pilot, lambda: any(m["text"] == "still you?" for m in heard_ann.chats())
            )
            await cy.close()
    finally:
        await heard_ann.close()
        await host.close()


def test_the_hosts_menu_numbers_seats_as_the_table_does():
    from types import SimpleNamespace

    from tui.table.host_menu import host_choices

    seats = [
        SimpleNamespace(index=i, name=name, bot=False, taken=True, connected=True, covered=False)
        for i, name in enumerate(["Ann", "Bo", "Eli"])
    ]
    rules = SimpleNamespace(
        started=True,
        over=False,
        game=SimpleNamespace(over=False),
        seating=SimpleNamespace(seats=seats),
        watchers=SimpleNamespace(listing=lambda: []),
    )
    choices = host_choices(SimpleNamespace(table=SimpleNamespace(rules=rules)), me=2)
    removes = [text for text, confirm, _decision in choices if confirm == "remove"]
    assert removes == ["Remove Ann (seat 1)", "Remove Bo (seat 2)"]  # clockwise from Eli
    from net.table.decisions import Remove

    decided = [decision for _text, confirm, decision in choices if confirm == "remove"]
    assert decided == [Remove(0), Remove(1)], "each line removes the seat it names"


def test_a_notice_numbers_a_seat_as_the_table_does():
    from tui.table.news import renumbered
    from tui.table.people import seat_digit

    notice = {"code": "taken_over", "params": {"seat": 0, "number": 1, "name": "Ann"}}
    mine = renumbered(notice, lambda s: seat_digit(s, 2, 4))  # I sit at 2 of 4
    assert mine["params"]["number"] == 2  # Ann is 2 at my table: 3, 0, 1 clockwise
    assert renumbered(notice, lambda s: "")["params"]["number"] == 1  # no digit: as sent


def test_the_hosts_menu_counts_the_empty_seats_in_words():
    from types import SimpleNamespace

    import lang
    from tui.table.host_menu import host_choices

    def fills(free: int, code: str = "en") -> str:
        seats = [
            SimpleNamespace(index=i, name=None if i >= 4 - free else f"P{i}", bot=False,
                            taken=i < 4 - free, connected=True, covered=False)
            for i in range(4)
        ]  # fmt: skip
        rules = SimpleNamespace(
            started=False,
            over=False,
            game=SimpleNamespace(over=False),
            seating=SimpleNamespace(seats=seats, taken_count=4 - free),
            controls=SimpleNamespace(can_start_now=lambda: True),
            watchers=SimpleNamespace(listing=lambda: []),
        )
        with lang.scope(code):
            choices = host_choices(SimpleNamespace(table=SimpleNamespace(rules=rules)), me=0)
        return next(text for text, confirm, _decision in choices if confirm == "fill_with_bots")

    assert fills(1) == "Fill the empty seat with a bot"
    assert fills(2) == "Fill the 2 empty seats with bots"
    assert fills(1, "hi") == "खाली सीट बॉट से भरें" and fills(3, "hi") == "3 खाली सीटें बॉट से भरें"
    assert fills(2, "ja") == "空席2つをボットで埋める"
