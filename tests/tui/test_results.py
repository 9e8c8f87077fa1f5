"""Snapshots of the results panel (80×24) and of a table under NO_COLOR."""

from __future__ import annotations

from tests.tui.test_table_screen import local_app, round_over
from tui.pilot import seated
from tui.settings import Settings


async def final_results(pilot) -> None:
    screen = await seated(pilot)
    screen.rounds.round_rows.clear()
    for n, points in ((1, [0, 26, 0, 0]), (2, [13, 0, 0, 0])):
        screen.rounds.note_event(round_over(n, points), screen.version, over=False)
    screen.view = {
        **screen.view,
        "over": True,
        "result": {"winners": [1]},
        "scores": [13, 26, 0, 0],
    }
    screen.game_over()
    pilot.app.clear_notifications()
    await pilot.pause()


def test_results_panel_at_80x24(snap_compare):
    app, _ = local_app("swapo", seed=3)
    assert snap_compare(app, terminal_size=(80, 24), run_before=final_results)


def test_results_panel_under_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = local_app("swapo", seed=3, settings=Settings(name="Eli", cursor_blink=False))
    assert snap_compare(app, terminal_size=(80, 24), run_before=final_results)


def test_a_copy_of_the_rounds_has_no_panel_on_its_way():
    """A replay keeps memories of the table ahead of the reader (each part's snapshot, in
    idle time); one taken while a panel was opening, restored, held the replay still for
    good (] did nothing at a hand's end on a busy machine): a copy has no panel on its way."""
    from types import SimpleNamespace

    from tui.table.round_end import RoundEnd

    rounds = RoundEnd(SimpleNamespace())  # type: ignore[arg-type]
    rounds.opening = True
    rounds.waiting.append(({"type": "hand_end"}, 3))
    kept = RoundEnd(SimpleNamespace())  # type: ignore[arg-type]
    kept.restore(rounds.snapshot())
    assert kept.opening is False and rounds.opening is True
    assert kept.waiting == rounds.waiting and kept.waiting is not rounds.waiting
