"""After a Swoop hand every card left is turned up in the results panel, so each penalty can
be checked card by card (the hand's end event carries them: nothing is secret any more)."""

from __future__ import annotations

from tests.tui.test_swoop_flow import GOING_OUT
from tests.tui.test_swoop_screen import go_out, swoop_app
from tui.pilot import seated, wait_until
from tui.table.panel import ResultsPanel


async def results_of_the_hand(pilot):
    screen = await seated(pilot)
    await go_out(pilot, screen)
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ResultsPanel))
    pilot.app.clear_notifications()
    await pilot.pause()
    return screen


async def test_the_last_hands_results_turn_up_every_card_left_and_they_add_up():
    """The hand that ends the game has its own rows in the final panel, and every card a
    seat had left is shown with its points: they add up to the penalty."""
    app = swoop_app(GOING_OUT, first=0, options={"hands": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await results_of_the_hand(pilot)
        panel = app.screen
        assert panel.final
        rows = [row.plain for row in panel.rows]
        text = "\n".join(rows)
        assert "in hand" not in text and "face down" not in text
        for name in ("Bot 2", "Bot 3"):
            row = next(r for r in rows if r.startswith(name))
            total, _, cards = row.partition("+")[2].partition(" ")
            values = [int(card.split()[-1]) for card in cards.split(" · ")]
            assert int(total) == sum(values) > 0 and len(values) > 11, row


def test_snapshot_results_panel_with_turned_up_cards(snap_compare):
    app = swoop_app(GOING_OUT, first=0, options={"hands": 1})
    assert snap_compare(app, terminal_size=(80, 24), run_before=results_of_the_hand)
