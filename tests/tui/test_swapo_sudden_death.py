"""SwaPo's sudden death on screen: a person not in it is not stopped by a panel after each of
its rounds (the log tells them, the final panel sums them up); one in it sees each of its own.
"""

from __future__ import annotations

from tests.tui.conftest import SIZE
from tests.tui.test_swapo_round_results import Scripted, panel_text, stacked
from tui.app import KotatsuApp, make_app
from tui.pilot import MemoryClient, browser_of, local_launcher, seated, wait_until
from tui.settings import Settings
from tui.table.panel import ResultsPanel

SINGLES = ["2C", "5D", "9H", "JD", "KS"]
SEVENS = ["7S", "7H", "7D", "6C", "10S"]
EIGHTS = ["8S", "8H", "8D", "4C", "3S"]


def app_at(hands: list[list[str]], seed: int) -> KotatsuApp:
    """Three seats, one round, then sudden death (its deals from ``seed``); bots that pass."""
    options = {"first_dealer": 0, "rounds": 1}
    deck = stacked(hands)
    client = MemoryClient(  # its bots wait for my results panel, as a host's do
        "swapo", len(hands), options=options, deck=deck, seed=seed, settings={"results_wait": 30}
    )
    client.bots = {1: Scripted(), 2: Scripted()}
    settings = Settings(ascii_only=False, color=True, name="Eli", cursor_blink=False)
    return make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())


async def close_panel(pilot, app) -> None:
    """enter on the panel on show; back once the table or the next panel shows."""
    panel = app.screen
    await pilot.press("enter")
    await wait_until(pilot, lambda: app.screen is not panel)


async def panels_until_the_end(pilot, app, screen) -> list[str]:
    """Pass every swap of mine and close every panel until the game is over; the titles of
    the panels, in order (the final one left open)."""
    titles: list[str] = []
    for _ in range(200):
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ResultsPanel) or screen.decisions.can_pass_now(),
        )
        if isinstance(app.screen, ResultsPanel):
            titles.append(panel_text(app).splitlines()[0])
            if screen.view.get("over") and screen.rounds.final_shown:
                return titles
            await close_panel(pilot, app)
        else:
            await pilot.press("p")
    raise AssertionError(f"the game did not end: {titles}")


async def test_no_panel_for_the_sudden_death_rounds_of_others():
    hands = [SINGLES, SEVENS, EIGHTS]  # Bot 2 and Bot 3 share round 1: sudden death
    app = app_at(hands, seed=4)  # five rounds of it
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        titles = await panels_until_the_end(pilot, app, screen)
        rounds = screen.view["result"]["rounds"]
        assert len(rounds) == 6 and rounds[1]["sudden_death"]
        assert sorted(rounds[1]["players"]) == [1, 2]
        assert titles[0].startswith("Round 1 of 1") and titles[1].startswith("Final scores")
        assert len(titles) == 2, titles
        assert "enter to continue" not in screen.prompt.plain
        # the rounds' news is in the log (playing from memory: the last two rounds)
        log = "\n".join(screen.log_pane.lines_written)
        assert f"Round {len(rounds) - 1}: " in log and f"Round {len(rounds)}: " in log


async def test_those_in_the_sudden_death_see_each_of_its_rounds():
    hands = [SEVENS, EIGHTS, SINGLES]  # I share round 1 with Bot 2: we play on
    app = app_at(hands, seed=5)  # three rounds of it
    async with app.run_test(size=SIZE) as pilot:
        screen = await seated(pilot)
        titles = await panels_until_the_end(pilot, app, screen)
        rounds = screen.view["result"]["rounds"]
        assert len(rounds) == 4 and sorted(rounds[1]["players"]) == [0, 1]
        # each round's, the last one's in the final panel
        assert len(titles) == len(rounds), titles
        assert all(title.count("sudden death") == 1 for title in titles[1:]), titles
