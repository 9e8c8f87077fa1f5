"""Tournaments: seat rotation, the statistics, and ``kotatsu sim --json``."""

from __future__ import annotations

import json

from engine.tournament import GameRecord, play_game, seating, summarize, table, wilson
from tui.cli import main


def test_seats_rotate():
    kinds = ["hard", "normal", "normal", "normal"]
    seen = {seating(kinds, i).index("hard") for i in range(4)}
    assert seen == {0, 1, 2, 3}
    assert sorted(seating(kinds, 5)) == sorted(kinds)


def test_summary_shares_ties_and_measures_times():
    records = [
        GameRecord(["a", "b"], [3, 3], [0, 1], 1, [("a", 0.010), ("b", 0.001)]),
        GameRecord(["b", "a"], [5, 1], [0], 1, [("a", 0.030), ("b", 0.002)]),
    ]
    out = summarize("swapo", ["a", "b"], records)
    assert out["game"] == "swapo" and out["games"] == 2
    assert out["bots"]["a"]["win_share"] == 0.25
    assert out["bots"]["b"]["win_share"] == 0.75
    assert out["bots"]["b"]["fair_multiple"] == 1.5  # two seats: a fair share is half
    assert out["bots"]["a"]["mean_score"] == 2.0
    assert out["bots"]["a"]["decision_ms_p99"] == 30.0
    assert set(out["bots"]["a"]) == {
        "seats",
        "win_share",
        "win_share_ci",
        "fair_multiple",
        "fair_multiple_ci",
        "mean_score",
        "mean_score_ci",
        "decision_ms_p50",
        "decision_ms_p99",
    }
    assert "a" in table(out)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert 0.39 < lo < 0.41 and 0.59 < hi < 0.61
    assert wilson(0, 0) == (0.0, 0.0)


def test_play_game_times_decisions_with_an_injected_timer():
    ticks = iter(range(10**6))
    record = play_game("swapo", ["normal", "random"], seed=1, timer=lambda: next(ticks))
    assert record.decisions and all(t == 1 for _, t in record.decisions)
    assert len(record.scores) == 2


def test_sim_json(capsys):
    argv = ["sim", "swapo", "--seats", "3", "--bots", "normal,random", "--games", "3", "--json"]
    assert main([*argv, "--seed", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "swapo" and out["games"] == 3
    assert set(out["bots"]) == {"normal", "random"}
    assert out["bots"]["random"]["seats"] == 2


def test_sim_refuses_unknown_levels(capsys):
    assert main(["sim", "swoop", "--bots", "hard,genius"]) == 2
    assert "genius" in capsys.readouterr().err


def test_sim_draws_no_progress_bar_where_stderr_is_not_a_terminal(capsys):
    """A log or a pipe gets the result, not hundreds of ``[####...] 3/20 games`` updates."""
    argv = ["sim", "swapo", "--seats", "2", "--bots", "random", "--games", "3", "--json"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["games"] == 3


def test_sim_draws_its_progress_bar_on_a_terminal(capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    argv = ["sim", "swapo", "--seats", "2", "--bots", "random", "--games", "3", "--json"]
    assert main(argv) == 0
    assert "3/3 games" in capsys.readouterr().err


def test_sim_help_gives_the_defaults(capsys):
    import pytest

    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for said in ("(default: the game's", "(default: hard,normal", "(default: 1)", "(default: 0.7"):
        assert said in out, said
