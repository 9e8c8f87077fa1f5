"""Closing a round's results panel tells the host (``results_seen``), whose bots wait for it
(net/table/resultswait.py); the game's final panel tells nobody (a game played to it in ASCII,
whose end, final panel and scores are checked on the way). With ``kotatsu play``'s real host,
the bots wait behind my panel and the game goes on once I close it."""

from __future__ import annotations

from net.doors.opening import TablePlan
from net.table.settings import HOSTED, TableSettings
from tests.tui.conftest import SIZE, client_app, table_app
from tests.tui.test_swapo_round_results import NORMAL, Scripted, stacked
from tests.tui.test_swapo_screen import play_my_turns
from tui.app import make_app
from tui.dialogs import ScoresScreen
from tui.pilot import MemoryClient, browser_of, seated, settle, wait_until
from tui.settings import Settings
from tui.table.panel import ResultsPanel
from tui.table.results import END_EVENTS


class Recording(MemoryClient):
    """A MemoryClient that remembers the version of every state whose events end a round."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.round_ends: list[int] = []

    def _publish(self, events: list[dict]) -> None:
        super()._publish(events)
        if any(e.get("type") in END_EVENTS for e in events):
            self.round_ends.append(self.version)


async def test_closing_a_rounds_panel_sends_results_seen_for_that_round():
    client = Recording("swapo", 3, options={"first_dealer": 0}, deck=stacked(NORMAL))
    client.bots = {1: Scripted(), 2: Scripted(0, ["6C", "10S"])}
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        await pilot.press("p")  # as in test_swapo_round_results: my give ends round 1
        await wait_until(pilot, lambda: screen.decisions.step == "give")
        await pilot.press("1", "2", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        await settle(pilot)
        assert client.round_ends and client.seen == []  # the panel is up: nothing said yet
        await pilot.press("enter")
        await wait_until(pilot, lambda: client.seen)
        assert client.seen == client.round_ends[:1]


async def test_ascii_cards_and_the_game_over_results_whose_final_panel_sends_nothing():
    """A two-player, one-round game that ends without sudden death, in ASCII, each check said
    by its assert's message: the hand is drawn in ASCII; at the game's end the final results
    panel shows and stays until enter, the prompt says the game is over and the scores are on
    `s`; closing the final panel tells nobody (no ``results_seen``)."""
    client = Recording("swapo", 2, options={"rounds": 1}, seed=1)
    app = client_app(client, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        hand_text = str(screen.query_one("#hand").render())
        drawn = all(code in hand_text for code in screen.decisions.hand)
        assert drawn, "ascii: every card by its code"
        assert "♠" not in hand_text and "♥" not in hand_text, "ascii: no suit glyphs"
        await play_my_turns(pilot, screen, until_round=99)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel))
        assert app.screen.final and screen.view["over"], "the final panel, the game over"
        assert "Game over" in screen.prompt.plain, "the prompt: game over"
        assert "Final scores" in app.screen.title_text, "the final panel's title"
        await pilot.press("enter")  # the results stay until enter
        assert app.screen is screen, "enter closes the final panel"
        await settle(pilot)
        assert client.round_ends and client.seen == [], "the final panel sends nothing"
        await pilot.press("s")
        assert isinstance(app.screen, ScoresScreen), "s: the scores"


async def play_until_panel(pilot, screen) -> None:
    """Play my SwaPo decisions with keys (keep my hand, give the first cards asked for)
    until a results panel is up."""
    app = pilot.app
    while not isinstance(app.screen, ResultsPanel):
        await settle(pilot)
        step = screen.decisions.step
        if isinstance(app.screen, ResultsPanel):
            break
        if step == "target":
            await pilot.press("p")
        elif step == "give":
            for _ in range(screen.view["give"]["k"]):
                faces, _ = screen.part.hand_faces()
                index = next(i for i, f in enumerate(faces) if f.enabled and not f.picked)
                while screen.decisions.cursor != index:
                    await pilot.press("right" if screen.decisions.cursor < index else "left")
                await pilot.press("space")
            await pilot.press("enter")
        elif step in ("arrange", "declare"):
            await pilot.press("enter")
        elif step == "power":
            await pilot.press("p")
        elif step == "wait":
            await wait_until(
                pilot,
                lambda: screen.decisions.step != "wait" or isinstance(app.screen, ResultsPanel),
            )


async def test_against_bots_they_wait_for_my_panel_and_play_on_after_it():
    app = table_app(seed=2, bots=2, options={"rounds": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        host = app.seat.closers[0].__self__  # play_launcher's Host (its close is the closer)
        await play_until_panel(pilot, screen)
        await settle(pilot)
        version = host.table.rules.version
        assert not screen.view["over"] and host.table.rules.results.waiting == {0}
        await pilot.pause(0.3)  # the bots play at once (bot_delay=0), were they let
        assert host.table.rules.version == version and host.table.rules.results.holds
        await pilot.press("enter")
        await wait_until(pilot, lambda: not host.table.rules.results.holds)
        await wait_until(pilot, lambda: host.table.rules.version > version or screen.legal)
        await play_my_turns(pilot, screen, until_round=99)  # round 2 to the end
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsPanel) and app.screen.final)
        assert host.table.rules.over


async def test_after_my_panel_the_table_says_whom_it_waits_for(monkeypatch, tmp_path):
    """Eli hosts, Ann joins from another client and keeps her panel open: once Eli closes his,
    the notice line says the table waits for Ann; when she closes hers, it no longer does."""
    import asyncio

    from net.table.resultswait import ends_round
    from net.wire.client import Client
    from tui import connect

    async def no_advert(*_):
        return None

    monkeypatch.setattr(connect, "_advertise", no_advert)
    launcher = connect.host_launcher(
        TablePlan(
            TableSettings.new("swapo", seats=3, bots=1, seed=2, options={"rounds": 2}),
            limits=HOSTED._replace(bot_delay=0),
            journal=str(tmp_path / "t.journal"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    app = make_app(launcher=launcher, settings=Settings(name="Eli"), browser=browser_of())
    release = asyncio.Event()

    async def ann(port: int) -> None:
        """Ann plays her first legal action at each turn, and sits on the round's panel."""
        client = Client("127.0.0.1", port, name="Ann")
        await client.connect()
        async for message in client.messages():
            if message["t"] != "state":
                continue
            if ends_round(message["events"]) and not message["view"].get("over"):
                await release.wait()
                await client.results_seen(message["version"])
            elif message["legal"]:
                await client.act(message["legal"][0], message["version"])

    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.seat is not None and app.seat.host is not None)
        host = app.seat.host
        other = asyncio.create_task(ann(host.port))
        try:
            screen = await seated(pilot)
            await play_until_panel(pilot, screen)
            seat = next(s.index for s in host.table.rules.seating.seats if s.name == "Ann")
            await wait_until(pilot, lambda: host.table.rules.results.waiting == {0, seat})
            notice = screen.query_one("#table-notice")
            await pilot.press("enter")  # Eli closes his panel; Ann's is still open
            await wait_until(pilot, lambda: host.table.rules.results.waiting == {seat})
            await wait_until(pilot, lambda: "Waiting for Ann" in str(notice.render()))
            assert str(notice.render()) == "Waiting for Ann to close the results…"
            release.set()
            await wait_until(pilot, lambda: not host.table.rules.results.holds)
            await wait_until(pilot, lambda: "Waiting for" not in str(notice.render()))
        finally:
            other.cancel()
