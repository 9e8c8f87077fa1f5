"""The app as a whole: lobby navigation, leaving a table, peer text shown literally."""

from __future__ import annotations

import asyncio

import pytest
from rich.text import Text
from textual.widgets import OptionList

from net.doors.discovery import TableInfo
from net.doors.host import Host
from net.doors.opening import TablePlan, default_journal
from net.table.settings import HOSTED, HostLimits, TableSettings
from net.wire.client import Client
from tests.tui.conftest import SIZE, FakeTable, table_app
from tui.app import make_app
from tui.connect import join_launcher, play_launcher
from tui.dialogs import ConfirmLeave, RulesScreen, ScoresScreen
from tui.lobby.forms import JoinForm, TableForm
from tui.lobby.screen import LobbyScreen
from tui.pilot import browser_of, seated, wait_until
from tui.settings import Settings
from tui.widgets.chat import ChatPane
from tui.widgets.footer import WordedFooter

HOSTILE_NAME = "[red]x[/] \x1b[31mEvil\x1b[0m"
HOSTILE_CHAT = "[@click=app.quit]boom[/] \x1b]0;pwned\x07[b]bold[/b] \x1b[2J"


def table(key: str, name: str, port: int, *, password: bool = False) -> FakeTable:
    return FakeTable(key, name, "swapo", "ace", 1, 4, password, 1, "127.0.0.1", port)


async def test_lobby_lists_tables_opens_each_form_and_the_forms_start_and_join_tables():
    """One lobby, each check said by its assert's message: it lists the tables found (a
    peer's name literally), the cursor stays on its table as tables come and go, and enter
    on a password table asks for the password first; each form (join, host, bots) shows its
    own keys. The bots form checks its fields and starts a table; q, y returns to the lobby;
    the join form refuses what is not an address, then joins a table by its address and
    password."""
    tables = [table("a", "friday", 7717), table("b", "s [b]lunch[/]", 7718, password=True)]
    app = make_app(settings=Settings(name="Eli"), browser=browser_of(*tables))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen), "the app opens on the lobby"
        options = lobby.query_one("#tables", OptionList)
        await wait_until(pilot, lambda: options.option_count == 2)
        shown = [options.get_option_at_index(i).prompt for i in range(2)]
        assert all(isinstance(p, Text) for p in shown), "the rows are Text"
        assert any("s [b]lunch[/]" in p.plain for p in shown), "a peer's name, literally"
        await pilot.press("down")
        assert options.highlighted == 1, "down: the second table"
        lobby.table_removed("a")  # tables come and go live; the cursor stays on its table
        removed = options.option_count == 1 and options.highlighted == 0
        assert removed, "a table removed: the cursor stays on its table"
        lobby.table_added(tables[0])
        added = options.option_count == 2 and options.highlighted == 1
        assert added, "a table added: the cursor stays on its table"
        await pilot.press("enter")  # the password table asks for the password first
        assert isinstance(app.screen, JoinForm), "a password table: the join form"
        address = app.screen.query_one("#address").value
        assert address == "127.0.0.1:7718", "the join form: the table's address"
        await pilot.press("escape")
        for key, form in (("a", JoinForm), ("h", TableForm), ("b", TableForm)):
            await pilot.press(key)
            assert isinstance(app.screen, form), f"{key}: its form"
            await pilot.pause()  # the form's own keys, not the lobby's under it
            keys = app.screen.query_one(WordedFooter).shown_keys()
            shown = [(k.key_display, k.description) for k in keys]
            starts = [("enter", "start")] if form is TableForm else []
            assert sorted(shown) == sorted([*starts, ("esc", "cancel")]), f"{key}: its keys"
            if key != "b":
                await pilot.press("escape")
                assert app.screen is lobby, f"{key}, esc: back at the lobby"
        # The bots form (open) checks its fields and starts a table.
        form = app.screen
        form.query_one("#bots").value = "10"
        await pilot.click("#ok")
        error = str(form.query_one("#form-error").render())
        assert "bots: from 1 to 9" in error, "bots form: too many bots"
        form.query_one("#bots").value = "2"
        await pilot.pause(0.3)  # a button ignores presses while it shows the last one
        await pilot.click("#ok")
        screen = await seated(pilot)
        assert screen.view["seats"] == 3 and screen.me == 0, "bots form: a table of three"
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        # The join form refuses what is not an address, then joins by address and password.
        await pilot.press("a")
        app.screen.query_one("#address").value = "not an address"
        await pilot.press("enter")
        assert isinstance(app.screen, JoinForm), "join form: kept on a bad address"
        error = str(app.screen.query_one("#form-error").render())
        assert "HOST:PORT" in error, "join form: says what an address is"
        host = Host(
            TableSettings.new(
                "swapo", seats=2, options={}, seed=5, bots=1, name="by address", password="sesame"
            )
        )
        port = await host.start("127.0.0.1", 0)
        try:
            app.screen.query_one("#address").value = f"127.0.0.1:{port}"
            app.screen.query_one("#password").value = "sesame"
            await pilot.press("enter")
            screen = await seated(pilot)
            header = str(screen.query_one("#header").render())
            assert 'table "by address"' in header, "join form: at the table by address"
        finally:
            await host.close()


async def test_lobby_says_it_is_searching_when_nothing_is_found():
    app = make_app(settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lobby = app.screen
        status = str(lobby.query_one("#lobby-status").render())
        assert "Searching for tables" in status
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert app.screen is lobby
        first = lobby.browser
        await pilot.press("r")  # look again: a fresh browser
        await wait_until(pilot, lambda: lobby.browser is not None and lobby.browser is not first)
        assert first.closed


async def test_joining_a_discovered_table_from_the_lobby():
    host = Host(TableSettings.new("swapo", seats=2, options={}, seed=5, bots=1, name="friday"))
    port = await host.start("127.0.0.1", 0)
    try:
        app = make_app(
            settings=Settings(name="Eli"), browser=browser_of(table("f", "friday", port))
        )
        async with app.run_test(size=SIZE) as pilot:
            options = app.screen.query_one("#tables", OptionList)
            await wait_until(pilot, lambda: options.option_count == 1)
            await pilot.press("enter")
            screen = await seated(pilot)
            assert screen.me == 0 and screen.view["seats"] == 2
            assert 'table "friday"' in str(screen.query_one("#header").render())
    finally:
        await host.close()


async def test_a_practice_table_picks_by_mouse_shows_a_lost_link_chats_whispers_and_leaves():
    """One practice table against bots (a real host on 127.0.0.1), each check said by its
    assert's message, in this order:

    - cards can be picked with the mouse (80×24);
    - the connection lost and restored are shown (header, prompt, a toast);
    - leaving asks first (the dialog's own keys), n stays; the scores and the rules open
      over the table and esc closes them;
    - at 120×40, chat is sent from the input, and whispers go to the numbered opponent;
    - q then y leaves: a table opened from the command line, leaving quits the app."""
    app = table_app(seed=2)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await seated(pilot)
        # Cards can be picked with the mouse.
        await wait_until(pilot, lambda: screen.decisions.step == "target")
        await pilot.press("1", "1")
        row = screen.query_one("#hand")
        width = 7 if screen.large else 5
        await pilot.click(row, offset=(width * 2 + 1, 1))
        assert screen.decisions.picked == [2], "mouse: the third card is picked"
        await pilot.press("escape")
        # The connection lost and restored are shown.
        screen.receive({"t": "connection", "status": "lost"})
        await pilot.pause()
        header = screen.query_one("#header")
        assert "reconnecting" in str(header.render()), "lost: the header says reconnecting"
        assert "Connection lost" in screen.prompt.plain, "lost: the prompt says so"
        toasts = [str(n.message) for n in app._notifications]
        assert any("Connection lost" in toast for toast in toasts), "lost: a toast says so"
        screen.receive({"t": "connection", "status": "restored"})
        await pilot.pause()
        assert "reconnecting" not in str(header.render()), "restored: the header"
        assert "Connection lost" not in screen.prompt.plain, "restored: the prompt"
        # Leaving asks first; the scores and the rules open over the table.
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmLeave), "q asks first"
        await pilot.pause()
        footer = app.screen.query_one(WordedFooter)  # the dialog's keys, not the table's
        keys = [(k.key_display, k.description) for k in footer.shown_keys()]
        assert keys == [("y", "leave"), ("n", "stay")], "the leave dialog's own keys"
        await pilot.press("n")
        assert app.screen is screen, "n stays"
        await pilot.press("s")
        assert isinstance(app.screen, ScoresScreen), "s: the scores"
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert app.screen is not screen, "?: the rules"
        await pilot.press("escape")
        assert app.screen is screen, "esc: back at the table"
        # At 120×40: chat is sent from the input.
        await pilot.resize_terminal(120, 40)
        await pilot.press("c")
        for ch in "hi all":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        chat = screen.query_one(ChatPane)
        await wait_until(pilot, lambda: any("hi all" in line for line in chat.lines))
        await pilot.press("escape")
        assert not screen.has_class("-chatting"), "chat: esc closes the input"
        # Whispers go to the numbered opponent.
        sent = []

        async def fake_chat(text, to=None):
            sent.append((text, to))

        screen.client.chat = fake_chat
        await pilot.press("c")
        screen.query_one("#chat-input").value = "/w 2 meet me at the swap"
        await pilot.press("enter")
        await wait_until(pilot, lambda: sent)
        whispered = [("meet me at the swap", screen.seats.others()[1])]
        assert sent == whispered, "whisper: to the second opponent"
        await pilot.press("escape")
        # q, y: a table opened from the command line: leaving quits the app.
        await pilot.press("q")
        await pilot.press("y")
        await wait_until(pilot, lambda: app.return_code is not None)
        assert app.seat is None, "left: no seat"


async def test_hostile_names_and_chat_are_shown_literally():
    host = Host(TableSettings.new("swapo", seats=3, options={}, seed=7, bots=1, name="t"))
    port = await host.start("127.0.0.1", 0)
    evil = Client("127.0.0.1", port, name=HOSTILE_NAME)
    try:
        app = make_app(
            launcher=join_launcher("127.0.0.1", port, name="Eli"),
            settings=Settings(name="Eli"),
            browser=browser_of(),
        )
        async with app.run_test(size=SIZE) as pilot:
            await evil.connect()
            drain = asyncio.create_task(_drain(evil))
            screen = await seated(pilot)
            await evil.chat(HOSTILE_CHAT)
            chat = screen.query_one(ChatPane)
            await wait_until(pilot, lambda: chat.lines)
            seats = screen.query_one("#seats").render()
            assert "[red]x[/]" in str(seats)
            line = chat.lines[-1]
            assert "[@click=app.quit]boom[/]" in line and "[b]bold[/b]" in line
            assert "\x1b" not in line and "\x07" not in line
            assert all(ch.isprintable() for ch in line)
            logged = screen.log_pane.lines_written[-1]
            assert "[@click=app.quit]boom[/]" in logged
            # Opening the chat and clicking around must not run the peer's "action".
            await pilot.press("c")
            assert chat.query_one("#chat-input").has_focus
            await pilot.press("escape")
            assert app.is_running
            drain.cancel()
    finally:
        await evil.close()
        await host.close()


async def _drain(client: Client) -> None:
    async for _ in client.messages():
        pass


@pytest.mark.xdist_group("zeroconf")
async def test_hosting_shows_the_waiting_room_until_the_table_fills():
    from tui.connect import host_launcher
    from tui.table.screen import TableScreen

    launcher = host_launcher(
        TablePlan(
            TableSettings.new("swapo", seats=3, bots=1, name="friday"),
            limits=HOSTED,
            journal=default_journal("swapo"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        await wait_until(pilot, lambda: "Waiting for players 2/3" in screen.prompt.plain)
        address = app.seat.address
        assert f"kotatsu join {address}" in screen.prompt.plain
        assert "(free seat)" in str(screen.query_one("#seats").render())
        host, port = address.rsplit(":", 1)
        friend = Client(host, int(port), name="Bo")
        await friend.connect()
        drain = asyncio.create_task(_drain(friend))
        try:
            await wait_until(pilot, lambda: screen.states_seen > 0)
            assert "Bo" in str(screen.query_one("#seats").render())
        finally:
            drain.cancel()
            await friend.close()


async def test_a_spectator_sees_no_hand_and_every_seat():
    host = Host(
        TableSettings.new("swapo", seats=3, options={}, seed=9, bots=3, name="show"),
        HostLimits(bot_delay=1.0),  # the table is seen before the bots move (and settles)
    )
    port = await host.start("127.0.0.1", 0)
    try:
        launcher = join_launcher("127.0.0.1", port, name="Eli", spectate=True)
        app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated(pilot)
            assert screen.me is None and screen.view["hand"] is None
            assert "Watching" in str(screen.query_one("#me-label").render())
            assert not screen.query_one("#hand").display
            seats = str(screen.query_one("#seats").render())
            assert all(f"Bot {n}" in seats for n in (1, 2, 3)) or screen.view.get("revealed")
    finally:
        await host.close()


async def test_resizing_moves_the_chat_beside_the_table_and_grows_the_cards():
    app = table_app(seed=2, bots=5, options={"variant": "dagger"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        # Six seats in Dagger (two rows of cards while taking) need small cards at 80x24.
        assert not screen.has_class("-wide") and not screen.large
        assert not screen.query_one(ChatPane).display
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert screen.has_class("-wide") and screen.large
        assert screen.query_one(ChatPane).display


def test_the_cli_refuses_a_table_that_cannot_be_made(capsys):
    from tui.cli import main

    assert main(["play", "swapo", "--option", "variant=bogus"]) == 2
    assert "unknown variant 'bogus'" in capsys.readouterr().err
    assert main(["play", "mishi", "--bots", "1"]) == 2
    assert "exactly 4 players, not 2" in capsys.readouterr().err


@pytest.mark.xdist_group("zeroconf")
async def test_the_lobby_finds_a_table_advertised_on_loopback():
    from net.doors.discovery import Advertiser, Browser

    host = Host(
        TableSettings.new(
            "swapo", seats=4, options={"variant": "ace"}, seed=3, bots=2, name="loop table"
        )
    )
    port = await host.start("127.0.0.1", 0)
    advertiser = Advertiser(host, port, "127.0.0.1")
    await advertiser.start()
    try:
        app = make_app(
            settings=Settings(name="Eli"),
            browser=lambda added, removed: Browser(added, removed, bind="127.0.0.1"),
        )
        async with app.run_test(size=SIZE) as pilot:
            options = app.screen.query_one("#tables", OptionList)

            def ours() -> list[str]:  # other tables on this machine's loopback may show too
                lines = (options.get_option_at_index(i).prompt for i in range(options.option_count))
                return [str(line) for line in lines if f"127.0.0.1:{port}" in str(line)]

            await wait_until(pilot, lambda: len(ours()) == 1, timeout=45)  # a bound
            line = ours()[0]
            assert "loop table" in line and "SwaPo Ace" in line and "2/4" in line
            assert f"127.0.0.1:{port}" in line
    finally:
        await advertiser.close()
        await host.close()


async def test_a_host_that_goes_away_and_comes_back(tmp_path):
    journal = tmp_path / "table.journal"
    host = Host(
        TableSettings.new("swapo", seats=2, options={}, seed=4, bots=1, name="flaky"),
        HostLimits(fsync=False),
        journal=journal,
    )
    port = await host.start("127.0.0.1", 0)
    launcher = join_launcher("127.0.0.1", port, name="Eli")
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    revived = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated(pilot)
            await host.close()
            header = screen.query_one("#header")
            await wait_until(pilot, lambda: "reconnecting" in str(header.render()))
            assert "Connection lost" in screen.prompt.plain
            revived = Host.resume(journal, HostLimits(fsync=False))
            await revived.start("127.0.0.1", port)
            await wait_until(pilot, lambda: screen.connection == "restored", timeout=10)
            assert "reconnecting" not in str(header.render())
            await wait_until(pilot, lambda: "Connection lost" not in screen.prompt.plain)
    finally:
        if revived is not None:
            await revived.close()


async def test_no_color_draws_plain_cards_with_their_glyphs(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(
        launcher=play_launcher(
            TableSettings.practice("swapo", bots=1, seed=2), name="Eli", bot_delay=0
        ),
        settings=Settings(name="Eli"),  # colour follows NO_COLOR
        browser=browser_of(),
    )
    assert not app.settings.color
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        hand = screen.query_one("#hand").render()
        # colour and glyphs are separate choices: no colour, the suits still ♠♥♦♣
        assert all(screen.cards.label(code) in hand.plain for code in screen.decisions.hand)
        assert any(glyph in hand.plain for glyph in "♠♥♦♣")
        assert not any(span.style and "red" in str(span.style) for span in hand.spans)


async def test_a_listed_table_nobody_answers_at_is_marked_in_the_lobby():
    """A table in the list whose host is gone (no goodbye: the lobby drops it only when it
    stops answering discovery too): joining it says nobody listens there, and its row says
    "no answer" until news of the table comes."""
    import socket

    with socket.socket() as closed:  # bound, never listening: a join is refused at once
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        gone = TableInfo("g", "gone", "swapo", "", 1, 4, False, 1, "127.0.0.1", port)
        app = make_app(settings=Settings(name="Eli"), browser=browser_of(gone))
        async with app.run_test(size=SIZE) as pilot:
            lobby = app.screen
            options = lobby.query_one("#tables", OptionList)
            await wait_until(pilot, lambda: options.option_count == 1)
            assert "no answer" not in options.get_option_at_index(0).prompt.plain
            await pilot.press("enter")
            await wait_until(
                pilot, lambda: "no answer" in options.get_option_at_index(0).prompt.plain
            )
            assert app.screen is lobby
            lobby.table_added(gone)  # news of it: the mark goes
            assert "no answer" not in options.get_option_at_index(0).prompt.plain
