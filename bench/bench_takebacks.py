"""Take-backs: what they cost the table, measured in the same run as the floor.

Per game, whole games of normal bots at the sans-I/O table's rules (net/table/rules.py ``play``,
no sockets, nobody joined): the time per action with take-backs off (the floor) and on (the
bookkeeping: the spectator's view before each action, the engine's ``shows_hidden`` and a copy
of the game at each step that showed something, engine/undo.py), as a ratio; and the time of
one take-back of the last action (a copy and a replay of the steps since the last showing),
as a multiple of one action.

Run: .venv/bin/python bench/bench_takebacks.py [games per game]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from net.table.rules import Rules
from net.table.settings import TableSettings

GAMES = (("swoop", 4, {}), ("swapo", 4, {"variant": "ace"}), ("mishi", 4, {}))


def settings(name: str, seats: int, options: dict, seed: int, mode: str) -> TableSettings:
    return TableSettings.new(name, seats=seats, options=options, seed=seed, takebacks=mode)


def play_games(name: str, seats: int, options: dict, games: int, mode: str) -> tuple[float, int]:
    """Seconds spent in the table's ``play`` over ``games`` whole games, and the actions."""
    spent, actions = 0.0, 0
    for seed in range(1, games + 1):
        rules: Rules[str] = Rules(settings(name, seats, options, seed, mode))
        rules.started = True
        bots = {s: engine.make_bot(name, s, seed + s) for s in range(seats)}
        game = rules.game
        while not game.over:
            seat = game.pending()[0]
            action = bots[seat].act(game.view(seat), game.legal_actions(seat))
            start = time.perf_counter()
            rules.play(seat, action, bot=True)
            spent += time.perf_counter() - start
            actions += 1
    return spent, actions


def take_backs(name: str, seats: int, options: dict, games: int) -> tuple[float, int]:
    """Seconds per take-back of the last action, wherever one is possible."""
    spent, count = 0.0, 0
    for seed in range(1, games + 1):
        rules: Rules[str] = Rules(settings(name, seats, options, seed, "free"))
        rules.started = True
        bots = {s: engine.make_bot(name, s, seed + s) for s in range(seats)}
        while not rules.game.over:
            game = rules.game
            seat = game.pending()[0]
            action = bots[seat].act(game.view(seat), game.legal_actions(seat))
            rules.play(seat, action, bot=True)
            tb = rules.takebacks
            if tb.steps and len(rules.actions) % 7 == 0:
                start = time.perf_counter()
                back, _step = tb.back(1)
                rules.taken_back(back, 1, None)
                spent += time.perf_counter() - start
                count += 1
                rules.play(seat, action, bot=True)  # the same action again: the game goes on
    return spent, count


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for name, seats, options in GAMES:
        off, n = play_games(name, seats, options, games, "off")
        on, _ = play_games(name, seats, options, games, "free")
        back, count = take_backs(name, seats, options, games)
        per = off / n
        print(
            f"{name}: {n} actions; per action {per * 1e6:.0f} µs off, {on / n * 1e6:.0f} µs on "
            f"(×{on / off:.2f}); a take-back {back / max(count, 1) * 1e6:.0f} µs "
            f"(×{back / max(count, 1) / per:.1f} an action, {count} measured)"
        )


if __name__ == "__main__":
    main()
