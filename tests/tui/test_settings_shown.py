"""A table's settings are seen before anyone sits: in the lobby (from the table's LAN
advertisement, checked by the game's own option checks) and in the waiting room."""

from __future__ import annotations

import tui.connect as connect
from net.discovery import options_of, options_text
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


async def test_the_lobby_shows_the_settings_of_the_table_under_the_cursor():
    tables = [
        FakeTable("a", "friday", "swapo", "ace", 3, 4, False, 1, "192.168.1.20", 7717,
                  options=(("variant", ("ace",)), ("rounds", 3))),
        FakeTable("b", "lunch", "swoop", "", 2, 4, False, 1, "192.168.1.31", 7717),
    ]  # fmt: skip
    app = make_app(settings=Settings(name="Eli"), browser=browser_of(*tables))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        details = lobby.query_one("#lobby-details")
        await wait_until(pilot, lambda: "Rounds: 3" in str(details.render()))
        assert "Settings: Variants: Ace · Rounds: 3" in str(details.render())
        await pilot.press("down")
        await wait_until(pilot, lambda: "defaults" in str(details.render()))


async def test_the_waiting_room_shows_the_settings(monkeypatch, tmp_path):
    async def advertise(host, bind, port):
        return None

    monkeypatch.setattr(connect, "_advertise", advertise)
    launcher = connect.host_launcher(
        "swapo",
        seats=3,
        options={"rounds": 2, "variant": "ace"},
        player_name="Eli",
        bind="127.0.0.1",
        journal=str(tmp_path / "t.journal"),
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
