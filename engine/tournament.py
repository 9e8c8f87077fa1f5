"""Bot tournaments, without I/O or clocks: who sits where, one game, and the statistics.

The caller (``kotatsu sim``) runs the games (in parallel if it likes), injects a ``timer`` to
measure decisions (the engine reads no clock) and prints the summary.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import make_bot, new_game
from .base import IllegalAction

Z95 = 1.959964


def seating(kinds: list[str], index: int) -> list[str]:
    """The kinds by seat in game ``index``: the list rotated one seat per game."""
    n = len(kinds)
    shift = index % n
    return kinds[n - shift :] + kinds[: n - shift]


@dataclass
class GameRecord:
    """One finished game: kinds and scores by seat, winners, and each decision's (kind, s)."""

    kinds: list[str]
    scores: list[float]
    winners: list[int]
    hands: int
    decisions: list[tuple[str, float]] = field(default_factory=list)


def play_game(
    name: str,
    kinds: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    timer: Callable[[], float] | None = None,
    limit: float | None = None,
) -> GameRecord:
    """Play one game of ``name`` with a bot of ``kinds[s]`` at each seat.

    ``timer`` (seconds) measures each decision; with ``limit`` a hard bot stops searching once
    ``limit`` seconds of its decision have passed."""
    game = new_game(name, len(kinds), options=options, seed=seed)
    started = [0.0]

    def deadline() -> bool:
        return timer is not None and limit is not None and timer() - started[0] > limit

    bots = [
        make_bot(
            name,
            s,
            seed * 31 + s,
            kind=k,
            deadline=deadline if k == "hard" and limit is not None else None,
        )
        for s, k in enumerate(kinds)
    ]
    record = GameRecord(list(kinds), [], [], 0)
    while not game.over:
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        view = game.view(seat)
        started[0] = timer() if timer else 0.0
        action = bots[seat].act(view, legal)
        if timer is not None:
            record.decisions.append((kinds[seat], timer() - started[0]))
        try:
            game.apply(seat, action)
        except IllegalAction:
            game.apply(seat, legal[0])
    result = game.result()
    record.scores = [float(v) for v in result["scores"]]
    record.winners = list(result["winners"])
    record.hands = len(result.get("rounds") or result.get("hands") or result.get("history") or [])
    return record


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % interval (normal approximation)."""
    n = len(values)
    if not n:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share ``wins / n`` (ties count as fractions)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def summarize(name: str, kinds: list[str], records: list[GameRecord]) -> dict:
    """The ``--json`` object of kotatsu sim: per kind, wins (also as a multiple of the fair
    share, one win in as many games as there are seats), mean score, decision times."""
    bots: dict[str, dict] = {}
    fair = 1 / len(kinds)
    for kind in dict.fromkeys(kinds):
        wins: list[float] = []
        scores: list[float] = []
        times: list[float] = []
        for r in records:
            for s, k in enumerate(r.kinds):
                if k == kind:
                    wins.append(1 / len(r.winners) if s in r.winners else 0.0)
                    scores.append(r.scores[s])
            times += [t for k, t in r.decisions if k == kind]
        lo, hi = wilson(sum(wins), len(wins))
        mean, mlo, mhi = interval(scores)
        bots[kind] = {
            "seats": kinds.count(kind),
            "win_share": round(sum(wins) / len(wins), 4) if wins else 0.0,
            "win_share_ci": [round(lo, 4), round(hi, 4)],
            "fair_multiple": round(sum(wins) / len(wins) / fair, 2) if wins else 0.0,
            "fair_multiple_ci": [round(lo / fair, 2), round(hi / fair, 2)],
            "mean_score": round(mean, 3),
            "mean_score_ci": [round(mlo, 3), round(mhi, 3)],
            "decision_ms_p50": round(1000 * percentile(times, 0.5), 2),
            "decision_ms_p99": round(1000 * percentile(times, 0.99), 2),
        }
    return {"game": name, "games": len(records), "bots": bots}


def table(summary: dict) -> str:
    """The summary as a plain text table."""
    head = f"{summary['game']}: {summary['games']} games"
    rows = [
        head,
        f"{'bot':<8}{'seats':>6}  {'wins':>6} {'95% CI':>15} {'× fair':>6}  {'mean score':>10}"
        f" {'95% CI':>19}  {'p50 ms':>8} {'p99 ms':>8}",
    ]
    for kind, b in summary["bots"].items():
        lo, hi = b["win_share_ci"]
        mlo, mhi = b["mean_score_ci"]
        rows.append(
            f"{kind:<8}{b['seats']:>6}  {100 * b['win_share']:>5.1f}%"
            f" [{100 * lo:5.1f}, {100 * hi:5.1f}] {b['fair_multiple']:>5.2f}×"
            f"  {b['mean_score']:>10.2f} [{mlo:8.2f}, {mhi:8.2f}]"
            f"  {b['decision_ms_p50']:>8.1f} {b['decision_ms_p99']:>8.1f}"
        )
    return "\n".join(rows)
