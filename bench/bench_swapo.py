"""SwaPo figures: random-playout speed per variant mix, and the bot's win rate vs random.

Run: .venv/bin/python bench/bench_swapo.py [--games N]
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.bots import RandomBot
from engine.swapo import BOT
from engine.swapo.options import VARIANTS

COMBINATIONS = [list(c) for k in range(4) for c in itertools.combinations(VARIANTS, k)]


def playout_speed(variant: list[str], seconds: float = 1.5, seats: int = 4) -> tuple[float, int]:
    """Actions per second of random playouts (one legal_actions + one apply per action)."""
    rng = random.Random(1)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = engine.new_game("swapo", seats, {"variant": variant}, seed=games)
        while not g.over:
            seat = g.pending()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            actions += 1
        games += 1
    return actions / (time.perf_counter() - start), games


def win_rate(variant: list[str], games: int, seats: int = 4) -> float:
    """Share of games the bot wins (a shared win counts 1/winners) against random players."""
    total = 0.0
    for i in range(games):
        bot_seat = i % seats
        players = [
            BOT(s, seed=i) if s == bot_seat else RandomBot(s, seed=i * 31 + s) for s in range(seats)
        ]
        g = engine.new_game("swapo", seats, {"variant": variant}, seed=10_000 + i)
        while not g.over:
            seat = g.pending()[0]
            g.apply(seat, players[seat].act(g.view(seat), g.legal_actions(seat)))
        winners = g.result()["winners"]
        if bot_seat in winners:
            total += 1 / len(winners)
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per win-rate figure")
    parser.add_argument("--seconds", type=float, default=1.5, help="time per speed figure")
    args = parser.parse_args()
    print("SwaPo random playouts, 4 players (one legal_actions + one apply per action)")
    for variant in COMBINATIONS:
        rate, games = playout_speed(variant, args.seconds)
        name = "+".join(variant) or "normal"
        print(f"  {name:<22} {rate:>10,.0f} actions/s  ({games} games)")
    print(f"\nBot vs 3 random players, {args.games} games each (fair share 25.0%)")
    for variant in ([], ["dagger"], ["asterisk"], ["ace"], ["dagger", "asterisk", "ace"]):
        name = "+".join(variant) or "normal"
        print(f"  {name:<22} bot wins {100 * win_rate(variant, args.games):5.1f}%")


if __name__ == "__main__":
    main()
