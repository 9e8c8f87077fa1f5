"""The plain lobby (``kotatsu --plain`` alone, tui/plain/lobby.py): the tables on the LAN said
one a line with a number, a table joined by typing its number. One test finds a table
advertised by zeroconf on 127.0.0.1 (as tests/net/test_discovery.py does); the other reads
the lobby's words with a stand-in for the LAN (no socket)."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from types import SimpleNamespace

import pytest

from net.doors.discovery import Advertiser, Browser, TableInfo
from tests.net.lan_wait import BOUND, held_ports
from tui.cli import build_parser, prepared
from tui.plain.lobby import PlainLobby


async def typed(queue: asyncio.Queue[str]) -> AsyncIterator[str]:
    while True:
        yield await queue.get()


def secret(queue: asyncio.Queue[str], secrets: list[str]) -> Callable[[], Awaitable[str]]:
    """The lobby's way to read a password: the next line, kept in ``secrets`` (at a terminal
    it is not shown: tests/plain/test_plain_games.py)."""

    async def read() -> str:
        secrets.append(await queue.get())
        return secrets[-1]

    return read


def advertised(port: int, password: str | None) -> Advertiser:
    """A table as the LAN sees it (what ``Advertiser`` reads of a host; nobody listens)."""
    seating = type("Seating", (), {"taken_count": 1, "__len__": lambda self: 3})()
    rules = SimpleNamespace(
        name="Den", game_name="swoop", locked=bool(password), info={"hints": True},
        game=SimpleNamespace(options={"hands": 1}), seating=seating,
    )  # fmt: skip
    host = SimpleNamespace(listeners=[], table=SimpleNamespace(rules=rules))
    return Advertiser(host, port, "127.0.0.1")


@pytest.mark.xdist_group("zeroconf")  # zeroconf on loopback: one worker, one after another
async def test_a_table_on_the_lan_is_said_and_joined_by_its_number() -> None:
    lines: list[str] = []
    heard = asyncio.Event()
    lobby = PlainLobby(
        lambda line: (lines.append(line), heard.set()),
        build_parser,
        prepared,
        ["--lang", "en", "--plain"],
        browser=lambda found, gone: Browser(found, gone, "127.0.0.1"),
    )
    queue: asyncio.Queue[str] = asyncio.Queue()
    with held_ports() as [port]:
        advertiser = advertised(port, password="pw")
        await lobby.start()
        await advertiser.start()
        try:
            async with asyncio.timeout(BOUND):
                while not (ours := [line for line in lines if f"127.0.0.1:{port}" in line]):
                    heard.clear()
                    await heard.wait()
            number = ours[0].removeprefix("New table ").partition(":")[0]
            assert ours[0].endswith(f"127.0.0.1:{port}, with a password"), ours
            settings = lines[lines.index(ours[0]) + 1]
            assert settings.startswith("  Settings: Hands: 1 · Hints on"), settings
            queue.put_nowait(number)
            queue.put_nowait("pw")  # the password, asked for on a line of its own
            secrets: list[str] = []
            chosen = await asyncio.wait_for(
                lobby.choose(typed(queue), secret(queue, secrets)), BOUND
            )
        finally:
            await advertiser.close()
            await lobby.close()
    assert secrets == ["pw"]  # read as a secret
    assert "This table asks for a password (not shown as you type): type it," in "\n".join(lines)
    assert chosen is not None and chosen.command == "join"
    assert (chosen.address, chosen.password, chosen.plain) == (("127.0.0.1", port), "pw", True)


@pytest.mark.unit
def test_the_lobby_says_tables_coming_and_going_and_reads_what_is_typed() -> None:
    class Nowhere:
        """The LAN, as the test tells it."""

        def __init__(self, found, gone) -> None:
            self.found, self.gone = found, gone

        async def start(self) -> None:
            pass

        async def close(self) -> None:
            pass

    def table(key: str, port: int, taken: int, variant: str = "ace") -> TableInfo:
        return TableInfo(key, key, "swapo", variant, taken, 4, False, 1, "10.0.0.2", port)

    async def run() -> tuple[list[str], list]:
        lines: list[str] = []
        lobby = PlainLobby(lines.append, build_parser, prepared, ["--plain"], browser=Nowhere)
        await lobby.start()
        lan = lobby.browser
        assert lobby.listing() == ["No table found on this network yet; still looking."]
        lan.found(table("Ann", 7001, 2))
        lan.found(table("Bo", 7002, 4))
        lan.found(table("Ann", 7001, 3))  # a seat taken on the way: not news
        lan.found(table("Ann", 7001, 3))  # the same again: not news
        lan.found(table("Ann", 7001, 4))  # full: news
        lan.found(table("Bo", 7002, 3))  # a seat freed: news
        lan.found(table("Bo", 7002, 3, "ace,dagger"))  # new settings: news
        lan.gone("Ann")
        queue: asyncio.Queue[str] = asyncio.Queue()
        for line in ("list", "1", "zz", "play nothing", "watch 2 --name Wu"):
            queue.put_nowait(line)
        chosen = await lobby.choose(typed(queue), secret(queue, []))
        return lines, [chosen.address, chosen.spectate, chosen.name]

    lines, chosen = asyncio.run(run())
    assert lines[:8] == [
        "New table 1: Ann, SwaPo Ace, 2 of 4 seats taken, at 10.0.0.2:7001",
        "  Settings: Variants: Ace",
        "New table 2: Bo, SwaPo Ace, 4 of 4 seats taken, at 10.0.0.2:7002, full: watch it",
        "  Settings: Variants: Ace",
        "Table 1, Ann, is full now: watch 1 to watch it",
        "Table 2, Bo, has a free seat: 3 of 4 seats taken",
        "Table 2, Bo, has new settings. Settings: Variants: Ace, Dagger †",
        "Table 1, Ann, is gone",
    ]
    assert lines[8].startswith("Type a table's number to join it")
    assert lines[9].startswith("2: Bo")  # list: the tables there now, by their numbers
    assert "No table 1: type list to hear the tables" in lines
    assert "Not a command: zz" in lines
    assert any("invalid choice: 'nothing'" in line for line in lines)  # the command line's
    assert chosen == [("10.0.0.2", 7002), True, "Wu"]


@pytest.mark.unit
def test_join_asks_a_tables_password_as_a_secret_and_again_when_wrong(capsys) -> None:
    # kotatsu join ADDRESS --plain at a table with a password: asked for, not shown (the
    # Typed's secret), the table tried with it; a wrong one is asked for again
    from tui.connect import JoinError
    from tui.plain.run import joined

    args = argparse.Namespace(command="join", password=None)
    tried: list[str | None] = []
    answers = ["nope", "pw"]

    class Secret:
        async def secret(self) -> str:
            return answers.pop(0)

    def launcher() -> Callable[[], Awaitable[str]]:
        async def launch() -> str:
            tried.append(args.password)
            if args.password != "pw":
                code = "password.wrong" if args.password else "password.needed"
                raise JoinError("no", code=code)
            return "seated"

        return launch

    seat = asyncio.run(joined(args, launcher(), Secret(), launcher))  # type: ignore[arg-type]
    assert (seat, tried) == ("seated", [None, "nope", "pw"])
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("This table asks for a password (not shown as you type)")
    assert said[1].startswith("Wrong password. Type it again (not shown as you type)")
