"""Snapshots of the results panel (80×24) and of a table under NO_COLOR."""

from __future__ import annotations

from tests.tui.test_table_screen import local_app
from tui.pilot import seated
from tui.settings import Settings


async def final_results(pilot) -> None:
    screen = await seated(pilot)
    screen.rounds.round_rows.clear()
    for n, points in ((1, [0, 26, 0, 0]), (2, [13, 0, 0, 0])):
        screen.rounds.note_event(
            {"type": "round_over", "round": n, "points": points}, screen.version, over=False
        )
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


def test_a_due_panel_opens_even_if_its_table_is_never_painted_again():
    """A panel waits for its table's next frame (its first frame is over the table as the
    state left it); a table that is never painted again (another screen over it as the
    state came, a busy replay) still gets its panel, by a timer, so a replay held while a
    panel is opening is never held for good (it stopped at a hand's end once, under load)."""
    from types import SimpleNamespace

    from tui.table.round_end import OPEN_AT_THE_LATEST, RoundEnd

    timers: list[tuple[float, object]] = []
    shown: list[object] = []
    table = SimpleNamespace(
        quiet=False,
        over_table=lambda panel, answered: shown.append(panel),
        call_after_refresh=lambda callback: True,  # never painted again
        app=SimpleNamespace(set_timer=lambda delay, callback: timers.append((delay, callback))),
    )
    rounds = RoundEnd(table)  # type: ignore[arg-type]
    rounds.push("the panel", lambda answer: None)  # type: ignore[arg-type]
    assert rounds.opening and shown == []
    ((delay, fire),) = timers
    assert delay == OPEN_AT_THE_LATEST
    fire()  # type: ignore[operator]
    assert not rounds.opening and shown == ["the panel"]
    fire()  # type: ignore[operator]  # the frame came after all: opened once only
    assert shown == ["the panel"]
