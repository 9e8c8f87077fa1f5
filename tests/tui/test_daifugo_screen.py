"""The 大富豪 table played by keys at 80×24: a whole game against bots (the exchange, plays
with named jokers, passes, the deals' results), what the table says at a glance (whose lead,
what is on top, who passed, the order in force and the lock), and its snapshots."""

from __future__ import annotations

import random

import pytest

from tests.engine.test_daifugo_helpers import table
from tests.tui.conftest import client_app
from tui.pilot import MemoryClient, screen_lines, seated, settle, wait_until
from tui.table.panel import ResultsPanel

SIZES = [(80, 24), (120, 40)]


def daifugo_app(seed: int = 5, deals: int = 2, **kw):
    client = MemoryClient("daifugo", 4, seat=0, seed=seed, options={"deals": deals}, **kw)
    return client_app(client), client


async def step_to(pilot, model, attribute: str, index: int) -> None:
    """Bring ``model``'s cursor (or joker choice) to ``index``: it is put beside it and takes
    the last step with → or ← (every step of a longer walk is that same move)."""
    if getattr(model, attribute) != index:
        right = getattr(model, attribute) < index
        setattr(model, attribute, index - 1 if right else index + 1)
        await pilot.press("right" if right else "left")
    assert getattr(model, attribute) == index


async def play(pilot, screen, action: dict) -> None:
    """Play ``action`` by keys: walk to each card, space, enter (and the joker's name)."""
    model = screen.part.model
    if action["type"] == "pass":
        await pilot.press("p")
        return
    taken: list[int] = []
    for code in action["cards"]:
        index = next(i for i, c in enumerate(model.hand) if c == code and i not in taken)
        taken.append(index)
        await step_to(pilot, model, "cursor", index)
        await pilot.press("space")
    await pilot.press("enter")
    if model.naming:
        choice = next(n for n, a in enumerate(model.naming) if a == action)
        await step_to(pilot, model, "choice", choice)
        await pilot.press("enter")


async def play_until(
    pilot, screen, done, rng: random.Random, *, close=True, keys: bool = True
) -> None:
    """Play random legal actions by keys (jokers named) until ``done()`` (``keys`` False:
    each sent as it is, the same actions without walking the cards)."""
    app = pilot.app
    for _step in range(600):
        await settle(pilot)
        if done():
            return
        if isinstance(app.screen, ResultsPanel):
            if app.screen.final or not close:
                return
            await pilot.press("enter")
            continue
        if screen.part.game_view.over:
            return
        if not screen.legal or screen.part.model.step() == "wait":
            await pilot.pause()
            continue
        plays = [a for a in screen.legal if a["type"] != "pass"]
        named = [a for a in plays if a.get("as")]
        action = rng.choice(named or plays or screen.legal)
        if keys:
            await play(pilot, screen, action)
        else:
            screen.send(action)
    raise AssertionError("the game did not get there")


async def test_a_whole_game_is_played_by_keys_with_its_exchange_and_results():
    app, client = daifugo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        seen: dict[str, str] = {}

        def watch() -> bool:
            """The screen's text the first time the exchange asks me to give, and the first
            time a results panel shows."""
            view = screen.part.game_view
            if (
                view.phase == "exchange"
                and screen.part.model.step() == "give"
                and "give" not in seen
            ):
                seen["give"] = "\n".join(screen_lines(app))
            if isinstance(app.screen, ResultsPanel) and "results" not in seen:
                seen["results"] = "\n".join(screen_lines(app))
            return False

        await play_until(pilot, screen, watch, random.Random(5))
        assert isinstance(app.screen, ResultsPanel) and app.screen.final
        assert "Final scores" in app.screen.title_text
        assert "Give " in seen["give"] and "enter gives" in seen["give"]
        assert "Deal 1" in seen["results"] and "Tycoon" in seen["results"]
        assert any(a.get("as") for a in client.acts)  # a joker was named by keys


async def test_the_trick_reads_at_a_glance_at_80x24():
    """Whose lead, what is on top and by whom, who passed, the order and the lock."""
    hands = [["5S", "9C", "JK", "6D"], ["4H", "KD"], ["6C", "7C"], ["8S", "QH"]]
    game = table(hands, turn=0, trick=[(2, ["4D"], []), (3, ["5D"], [])], revolution=True)
    game.passed = [False, True, False, False]
    game.lock = ["D"]
    client = MemoryClient("daifugo", 4, seat=0, seed=1)
    client.game = game
    app = client_app(client)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        await wait_until(pilot, lambda: bool(screen.legal))
        await settle(pilot)
        text = "\n".join(screen_lines(app))
        assert "On top: 5♦ by Bot 4 · led by Bot 3" in text
        assert "revolution: 3 high, 2 low" in text and "locked ♦" in text
        assert "passed" in text.split("\n")[2]  # Bot 2's line
        assert "▶ You" in text
        assert "Beat 5♦" in text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_daifugo_exchange(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        rng = random.Random(5)
        await play_until(pilot, screen, lambda: screen.part.model.step() == "give", rng, keys=False)
        await settle(pilot)

    app, _client = daifugo_app()
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_daifugo_naming_a_joker(snap_compare, size):
    async def run_before(pilot):
        screen = await seated(pilot)
        await wait_until(pilot, lambda: screen.part.model.step() == "play")
        model = screen.part.model
        for code in ("5S", "JK"):
            index = model.hand.index(code)
            while model.cursor != index:
                await pilot.press("right" if model.cursor < index else "left")
            await pilot.press("space")
        await pilot.press("enter")
        await settle(pilot)

    hands = [["5S", "9C", "JK", "6D", "KH", "KS"], ["4H", "KD"], ["6C", "7C"], ["8S", "QH"]]
    client = MemoryClient("daifugo", 4, seat=0, seed=1)
    client.game = table(hands, turn=0)
    app = client_app(client)
    assert snap_compare(app, terminal_size=size, run_before=run_before)
