"""Hints for learners: what a hint costs on the player's side (engine/hints.py), against the
normal bot's own decision on the same states, measured in the same run.

A hint makes a fresh bot, copies the view and asks it to explain itself; the figure to watch is
the ratio (a hint should stay a few bot decisions, far under a screen frame).

Run: .venv/bin/python bench/bench_hints.py [states per game]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.hints import hint

GAMES = (("swoop", 4, {}), ("swapo", 4, {"variant": "ace"}), ("mishi", 4, {}))


def states(name: str, seats: int, options: dict, count: int) -> list[tuple[int, dict, list]]:
    """``count`` decisions (seat, view, legal) from games of normal bots."""
    out: list[tuple[int, dict, list]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        game = engine.new_game(name, seats, options, seed=seed)
        bots = {s: engine.make_bot(name, s, seed + s) for s in range(seats)}
        while not game.over and len(out) < count:
            seat = game.pending()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            out.append((seat, view, legal))
            game.apply(seat, bots[seat].act(view, legal))
    return out


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    for name, seats, options in GAMES:
        decisions = states(name, seats, options, count)
        bots = {s: engine.make_bot(name, s, 1) for s in range(seats)}
        start = time.perf_counter()
        for seat, view, legal in decisions:
            bots[seat].act(view, legal)
        acting = time.perf_counter() - start
        start = time.perf_counter()
        for seat, view, legal in decisions:
            hint(name, seat, view, legal)
        hinting = time.perf_counter() - start
        per_hint = hinting / len(decisions) * 1000
        print(
            f"{name}: {len(decisions)} states · a hint {per_hint:.2f} ms · "
            f"{hinting / acting:.1f}× the bot's own decision"
        )


if __name__ == "__main__":
    main()
