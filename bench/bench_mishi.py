"""Mi Shi figures: random-playout speed and the bot's strength against random players.

1. Random playouts (legal_actions + apply, step form): actions/s and hands/s.
2. One MishiBot against three random players, one-hand games, the bot's seat rotating:
   how often the bot is among the hand's winners, and its mean score per hand. The fair share
   is measured, not assumed: the same games with a random player in the bot's seat.
3. Bots in seats 0 and 2 against random players in 1 and 3 (teams change every hand, so this
   is the bots' mean score per hand, not a team result).
4. As 2, against "calm" random players that never go alone: uniformly random players go alone
   half the time they may, lose those hands badly, and so flatter everyone else.

Run: .venv/bin/python bench/bench_mishi.py [--hands 500] [--playouts 100]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.bots import Bot, RandomBot
from engine.mishi.bot import MishiBot


def random_playouts(games: int) -> tuple[int, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        g = engine.new_game("mishi", 4, options={"hands": 1}, seed=seed)
        players = [RandomBot(s, seed * 4 + s) for s in range(4)]
        while not g.over:
            (seat,) = g.pending()
            g.apply(seat, players[seat].act({}, g.legal_actions(seat)))
            actions += 1
    return actions, time.perf_counter() - start


class CalmRandomBot(RandomBot):
    """Random, except that it never goes alone."""

    def act(self, view: dict, legal: list[dict]) -> dict:
        if view["phase"] == "bao":
            return {"type": "pass"}
        return super().act(view, legal)


def match(
    hands: int, smart_seats: Callable[[int], set[int]], baseline: type[Bot] = RandomBot
) -> tuple[list[int], list[int]]:
    """Play one-hand games; per game, the seats given by ``smart_seats(i)`` are MishiBots.
    Returns (wins of the smart seats, their score sums)."""
    wins, scores = [], []
    for i in range(hands):
        seed = 10_000 + i
        g = engine.new_game("mishi", 4, options={"hands": 1}, seed=seed)
        smart = smart_seats(i)
        players: list[Bot] = [
            MishiBot(s, seed * 4 + s) if s in smart else baseline(s, seed * 4 + s) for s in range(4)
        ]
        while not g.over:
            (seat,) = g.pending()
            g.apply(seat, players[seat].act(g.view(seat), g.legal_actions(seat)))
        result = g.result()
        watched = smart or {i % 4}
        wins.append(sum(1 for s in watched if s in result["winners"]))
        scores.append(sum(result["scores"][s] for s in watched))
    return wins, scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--playouts", type=int, default=100)
    args = parser.parse_args()

    actions, seconds = random_playouts(args.playouts)
    print(
        f"random playouts: {args.playouts} hands, {actions} actions in {seconds:.2f} s = "
        f"{actions / seconds:,.0f} actions/s, {args.playouts / seconds:.1f} hands/s"
    )

    n = args.hands
    start = time.perf_counter()
    bot_wins, bot_scores = match(n, lambda i: {i % 4})
    fair_wins, fair_scores = match(n, lambda i: set())
    print(
        f"1 bot vs 3 random, {n} hands: bot among the winners in {sum(bot_wins) / n:.1%} "
        f"(a random player in its seat: {sum(fair_wins) / n:.1%} - the fair share); "
        f"mean score per hand {sum(bot_scores) / n:+.2f} (random player: "
        f"{sum(fair_scores) / n:+.2f})"
    )
    pair_wins, pair_scores = match(n, lambda i: {0, 2})
    print(
        f"bots in seats 0+2 vs random in 1+3, {n} hands: mean score per bot per hand "
        f"{sum(pair_scores) / (2 * n):+.2f}; a bot among the winners in "
        f"{sum(1 for w in pair_wins if w) / n:.1%} of hands"
    )
    calm_wins, calm_scores = match(n, lambda i: {i % 4}, CalmRandomBot)
    calm_fair, calm_fair_scores = match(n, lambda i: set(), CalmRandomBot)
    print(
        f"1 bot vs 3 calm random (never go alone), {n} hands: bot among the winners in "
        f"{sum(calm_wins) / n:.1%} (fair share, a calm random player in its seat: "
        f"{sum(calm_fair) / n:.1%}); mean score per hand {sum(calm_scores) / n:+.2f} "
        f"(calm random player: {sum(calm_fair_scores) / n:+.2f})"
    )
    print(f"(matches took {time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
