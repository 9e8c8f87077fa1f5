"""SwaPo Ace's sealed joker step at a `kotatsu play`-like table (a real host on 127.0.0.1 and
its bots), by keys: with several decks every seat takes ``decks`` sealed steps, and a person
answers once per joker held (once if none) and the table goes on to the powers."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZE, table_app
from tests.tui.test_swapo_screen import take_any_turn
from tui.pilot import settle, wait_until


async def play_to_the_powers(pilot, screen) -> tuple[list[str], int]:
    """Play by keys until the sealed step is over: the prompts of the sealed step, in order,
    and the jokers in my hand then."""
    asked: list[str] = []
    jokers = 0
    for _ in range(100):
        if screen.view.get("phase") not in ("swap", "give", "arrange", "declare"):
            return asked, jokers
        await settle(pilot, 0.05)
        assert screen.prompt.reason is None, screen.prompt.reason
        if screen.decisions.step == "declare":
            asked.append(screen.prompt.plain)
            jokers = screen.decisions.hand.count("JK")
            await pilot.press("enter")
            # the question stays until the table goes on, or a new one comes
            await wait_until(
                pilot,
                lambda: screen.view.get("phase") != "declare" or screen.decisions.step != "wait",
            )
        elif screen.decisions.step == "wait":
            await wait_until(
                pilot, lambda: screen.decisions.step != "wait" or screen.view.get("over")
            )
        else:
            await take_any_turn(pilot, screen)
    raise AssertionError("the sealed step never ended")


@pytest.mark.parametrize(
    ("variant", "decks", "seed"),
    [("ace", 2, 1), ("ace", 4, 8), ("ace", 3, 5), ("dagger,asterisk,ace", 2, 3)],
)
async def test_the_sealed_step_goes_on_whatever_the_decks(variant, decks, seed):
    options = {"variant": variant, "rounds": 1, "decks": decks}
    app = table_app(seed=seed, options=options, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "part", None) is not None)
        screen = app.screen
        await wait_until(pilot, lambda: screen.states_seen > 0)
        asked, jokers = await play_to_the_powers(pilot, screen)
        assert screen.view.get("phase") in ("power", "over") or screen.decisions.reveal is not None
        # once per joker held, or once if none: never the padding steps
        assert len(asked) == max(1, jokers), asked
