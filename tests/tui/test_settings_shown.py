"""A table's settings are seen before anyone sits: in the lobby (from the table's LAN
advertisement, checked by the game's own option checks) and in the waiting room."""

from __future__ import annotations

from types import SimpleNamespace

import tui.connect as connect
from net.doors.discovery import (
    options_of,
    options_text,
    settings_of,
    settings_text,
    table_properties,
)
from net.doors.opening import TablePlan
from net.table.settings import HOSTED, TableSettings
from tests.tui.conftest import SIZE, FakeTable
from tui.app import make_app
from tui.lobby.screen import LobbyScreen
from tui.pilot import browser_of, wait_until
from tui.settings import Settings


def test_the_advertised_options_are_the_changed_ones_and_are_checked_when_read():
    text = options_text("swapo", {"variant": ["ace", "dagger"], "rounds": 3, "decks": 1})
    assert text == "variant=ace,dagger rounds=3"
    assert options_of("swapo", text) == (("variant", ("dagger", "ace")), ("rounds", 3))
    hostile = "variant=evil rounds=-1 nope=1 =x decks=2 " + "x" * 300
    assert options_of("swapo", hostile) == (("decks", 2),)
    assert options_of("nogame", text) == ()


def test_the_advertised_settings_are_what_every_joiner_is_told_and_are_checked_when_read():
    """The lobby showed only the game's options: hints, the turn clock and take-backs came
    only after sitting down. They are in the table's ``hello`` to anyone who connects, so the
    advertisement may carry them too."""
    info = {"hints": True, "clock": 30.0, "bank": 60.0, "takebacks": "ask", "password": True}
    text = settings_text(info)
    assert text == "hints=1 clock=30 bank=60 takebacks=ask spectators=all"
    assert settings_of(text) == (("hints", True), ("clock", 30.0), ("bank", 60.0),
                                 ("takebacks", "ask"), ("spectators", "all"))  # fmt: skip
    assert settings_of(settings_text({"clock": None, "bank": 0.0})) == (
        ("hints", False), ("clock", None), ("bank", 0.0), ("takebacks", "off"),
        ("spectators", "all"))  # fmt: skip
    assert settings_of("hints=1 clock=30 bank=60 takebacks=ask") == (  # an older host's
        ("hints", True), ("clock", 30.0), ("bank", 60.0), ("takebacks", "ask"))  # fmt: skip
    hostile = "hints=yes clock=-5 bank=1e9 takebacks=evil spectators=some x=1 =2 " + "y" * 300
    assert settings_of(hostile) == ()
    rules = SimpleNamespace(
        game=SimpleNamespace(options={}), game_name="swoop", name="friday", locked=False,
        seating=TwoSeats(), info=info,
    )  # fmt: skip
    host = SimpleNamespace(table=SimpleNamespace(rules=rules))
    assert table_properties(host)["set"] == text


class TwoSeats(list):
    """A table's seating as the advertisement reads it: one of two seats taken."""

    taken_count = 1

    def __init__(self) -> None:
        super().__init__([None, None])


async def test_the_lobby_shows_the_settings_of_the_table_under_the_cursor():
    tables = [
        FakeTable("a", "friday", "swapo", "ace", 3, 4, False, 1, "192.168.1.20", 7717,
                  options=(("variant", ("ace",)), ("rounds", 3)),
                  settings=(("hints", True), ("clock", 30.0), ("bank", 60.0),
                            ("takebacks", "ask"))),
        FakeTable("b", "lunch", "swoop", "", 2, 4, False, 1, "192.168.1.31", 7717),
    ]  # fmt: skip
    app = make_app(settings=Settings(name="Eli"), browser=browser_of(*tables))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        details = lobby.query_one("#lobby-details")
        await wait_until(pilot, lambda: "Rounds: 3" in str(details.render()))
        assert "Settings: Variants: Ace · Rounds: 3" in str(details.render())
        told = "Hints on · Turn clock 30 s · Time bank 60 s · Take-backs ask"
        assert told in str(details.render())  # the table's settings, not only the game's
        await pilot.press("down")
        await wait_until(pilot, lambda: "defaults" in str(details.render()))


async def test_the_waiting_room_shows_the_settings(monkeypatch, tmp_path):
    async def advertise(host, bind, port):
        return None

    monkeypatch.setattr(connect, "_advertise", advertise)
    launcher = connect.host_launcher(
        TablePlan(
            TableSettings.new("swapo", seats=3, options={"rounds": 2, "variant": "ace"}),
            limits=HOSTED,
            journal=str(tmp_path / "t.journal"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        from tui.pilot import table_screen

        await wait_until(pilot, lambda: table_screen(app) is not None)
        screen = table_screen(app)
        await wait_until(pilot, lambda: "Settings:" in "\n".join(screen_text(app)))
        assert any("Variants: Ace · Rounds: 2" in line for line in screen_text(app))
        await screen.seat_link.close()


def screen_text(app) -> list[str]:
    from tui.pilot import screen_lines

    return screen_lines(app)


async def test_the_mishi_waiting_room_wraps_its_settings_and_says_there_is_a_password(
    monkeypatch, tmp_path
):
    """Mi Shi's waiting room cut its settings line at 80 columns (`Take-backs ask` was never
    seen), and no waiting room said the table has a password."""

    async def advertise(host, bind, port):
        return None

    monkeypatch.setattr(connect, "_advertise", advertise)
    launcher = connect.host_launcher(
        TablePlan(
            TableSettings.new(
                "mishi",
                options={"hands": 1},
                password="tea",
                hints=True,
                clock=30,
                bank=60,
                takebacks="ask",
            ),
            limits=HOSTED,
            journal=str(tmp_path / "t.journal"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
        password="tea",
    )
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        from tui.pilot import table_screen

        await wait_until(pilot, lambda: table_screen(app) is not None)
        screen = table_screen(app)
        await wait_until(pilot, lambda: "Settings:" in "\n".join(screen_text(app)))
        text = " ".join(line.strip(" │") for line in screen_text(app))
        assert "Take-backs ask" in text and "Time bank 60 s" in text
        assert "Password needed to join" in text
        await screen.seat_link.close()
