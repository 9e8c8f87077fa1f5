"""Play again (same seats, a new deal) where the final panel offers it: at ``kotatsu play``
and at a table this process hosts where every other seat is its bot (``kotatsu host --bots``,
the lobby's b and h): a new game at the same address, advertised again. Where other people
sit, this process cannot deal for them: the panel does not offer it."""

from __future__ import annotations

import asyncio

import pytest

import engine
from net.doors.opening import TablePlan, default_journal
from net.table.settings import HOSTED, TableSettings
from net.wire.client import Client
from tests.tui.conftest import SIZE
from tui.app import make_app
from tui.connect import host_launcher, play_launcher
from tui.pilot import browser_of, seated, table_screen, wait_until
from tui.settings import Settings
from tui.table.panel import ResultsPanel


async def play_to_the_final_panel(app, pilot, screen) -> ResultsPanel:
    """Play my seat's decisions with a bot's choices, closing each round's panel."""
    bot = engine.make_bot(screen.view.get("game") or "swapo", screen.me, 1)
    acted = -1
    while not (isinstance(app.screen, ResultsPanel) and app.screen.final):
        if isinstance(app.screen, ResultsPanel):
            await pilot.press("enter")
        elif screen.legal and screen.version != acted and screen.me in screen.view["pending"]:
            acted = screen.version
            await screen.client.act(bot.act(screen.view, screen.legal))
        await pilot.pause(0.02)
    return app.screen


def settings() -> Settings:
    return Settings(name="Eli", cursor_blink=False)


async def test_play_again_at_kotatsu_play_deals_a_new_game():
    launcher = play_launcher(
        TableSettings.practice("swapo", bots=1, seed=1, options={"rounds": 1}), bot_delay=0
    )
    app = make_app(launcher=launcher, settings=settings(), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        first = await seated(pilot)
        panel = await play_to_the_final_panel(app, pilot, first)
        assert panel.again
        await pilot.press("a")
        await wait_until(pilot, lambda: table_screen(app) not in (None, first))
        again = await seated(pilot)
        assert not again.view.get("over") and app.return_code is None


@pytest.mark.xdist_group("zeroconf")
async def test_play_again_at_a_hosted_table_of_bots_deals_there_again():
    launcher = host_launcher(
        TablePlan(
            TableSettings.new(
                "swapo",
                seats=2,
                bots=1,
                seed=1,
                options={"rounds": 1},
                name="again",
                results_wait=0,
            ),
            limits=HOSTED._replace(bot_delay=0),
            journal=default_journal("swapo"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    app = make_app(launcher=launcher, settings=settings(), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        first = await seated(pilot)
        address, host = app.seat.address, app.seat.host
        panel = await play_to_the_final_panel(app, pilot, first)
        assert panel.again
        await pilot.press("a")
        await wait_until(pilot, lambda: table_screen(app) not in (None, first))
        again = await seated(pilot)
        assert not again.view.get("over") and not again.people.closed_reason
        assert app.seat.address == address  # the same table, where it was
        assert app.seat.host is not host and app.seat.host.table.rules.name == "again"
        assert app.seat.host.table.settings().seed != host.table.settings().seed


@pytest.mark.xdist_group("zeroconf")
async def test_a_hosted_table_with_other_people_does_not_offer_it():
    launcher = host_launcher(
        TablePlan(
            TableSettings.new("swapo", seats=2, bots=0),
            limits=HOSTED._replace(bot_delay=0),
            journal=default_journal("swapo"),
            bind="127.0.0.1",
        ),
        player_name="Eli",
    )
    app = make_app(launcher=launcher, settings=settings(), browser=browser_of())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: table_screen(app) is not None)
        assert app.seat.deals_again()  # alone so far: a table of its own
        host, port = app.seat.address.rsplit(":", 1)
        friend = Client(host, int(port), name="Bo")
        await friend.connect()
        try:
            await wait_until(pilot, lambda: table_screen(app).states_seen > 0)
            assert not app.seat.deals_again()
        finally:
            await friend.close()
            await asyncio.sleep(0)
