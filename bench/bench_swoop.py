"""Swoop figures: random-playout speed, and the bot's average penalty against random players.

Run: .venv/bin/python bench/bench_swoop.py [hands]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.bots import RandomBot
from engine.swoop import BOT, GAME


def playout_speed(seats: int, games: int) -> tuple[float, int]:
    """Actions per second of uniformly random whole games (legal_actions + apply)."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = GAME(seats, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            seat = game.pending()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            actions += 1
    return actions / (time.perf_counter() - start), actions


def bot_vs_random(seats: int, hands: int) -> tuple[float, float]:
    """Average penalty per hand of one bot (seat rotating) and of its random opponents."""
    bot_total = random_total = 0
    for n in range(hands):
        game = engine.new_game("swoop", seats, options={"hands": 1}, seed=10_000 + n)
        bot_seat = n % seats
        players = [
            BOT(s, seed=n) if s == bot_seat else RandomBot(s, seed=n * 31 + s) for s in range(seats)
        ]
        while not game.over:
            seat = game.pending()[0]
            action = players[seat].act(game.view(seat), game.legal_actions(seat))
            game.apply(seat, action)
        penalties = game.result()["hands"][0]
        bot_total += penalties[bot_seat]
        random_total += sum(penalties) - penalties[bot_seat]
    return bot_total / hands, random_total / (hands * (seats - 1))


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for seats in (4, 8):
        speed, actions = playout_speed(seats, 30)
        print(f"random playouts, {seats} players: {speed:,.0f} actions/s ({actions} actions)")
    for seats in (4, 8):
        bot, rnd = bot_vs_random(seats, hands)
        print(
            f"{hands} hands, {seats} players, 1 bot vs random: bot average penalty {bot:.1f}, "
            f"random players' average {rnd:.1f}"
        )


if __name__ == "__main__":
    main()
