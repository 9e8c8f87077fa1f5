"""``kotatsu sim``: a bot tournament with a progress bar (on stderr, when that is a terminal:
a log or a pipe gets none) and a table or JSON at the end.

The games and statistics are engine.tournament's (no I/O, no clock); this layer runs them in
worker processes, times the decisions and prints.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import engine
from engine.tournament import GameRecord, play_game, seating, summarize, table
from lang import _, ngettext
from net.wire.reasons import problem


def _one(task: tuple[str, list[str], int, dict[str, Any], float]) -> GameRecord:
    name, kinds, seed, options, think = task
    return play_game(name, kinds, seed, options, timer=time.perf_counter, limit=think)


def _bar(done: int, total: int, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    spent = time.monotonic() - started
    eta = spent / done * (total - done) if done else 0.0
    progress = ngettext(
        "{done}/{total} game  {spent}s elapsed, ~{eta}s left",
        "{done}/{total} games  {spent}s elapsed, ~{eta}s left",
        total,
    ).format(done=done, total=total, spent=f"{spent:.0f}", eta=f"{eta:.0f}")
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {progress} ")
    sys.stderr.flush()


def parse_bots(text: str, seats: int) -> list[str]:
    """``hard,normal`` (padded with the last kind to ``seats``) → a kind per seat."""
    kinds = ["normal" if k == "smart" else k for k in (p.strip() for p in text.split(",")) if k]
    bad = [k for k in kinds if k not in engine.LEVELS]
    if bad:
        raise ValueError(
            _("unknown bot level {level} ({levels})").format(
                level=repr(bad[0]), levels=", ".join(engine.LEVELS)
            )
        )
    if not kinds or len(kinds) > seats:
        raise ValueError(_("--bots: name 1 to {n} bot levels").format(n=seats))
    return kinds + [kinds[-1]] * (seats - len(kinds))


def run_sim(args: argparse.Namespace) -> int:
    name = args.game
    seats = args.seats or engine.GAMES[name].DEFAULT_SEATS
    try:
        kinds = parse_bots(args.bots, seats)
        engine.new_game(name, seats, args.options, seed=0)
    except ValueError as exc:
        print(f"kotatsu: {problem(exc)}", file=sys.stderr)
        return 2
    seed = 0 if args.seed is None else args.seed
    tasks = [
        (name, seating(kinds, i), seed * 100_003 + i, dict(args.options), args.think)
        for i in range(args.games)
    ]
    records: list[GameRecord] = []
    started = time.monotonic()
    shown = sys.stderr.isatty()  # a log or a pipe gets no bar redrawn hundreds of times

    def bar() -> None:
        if shown:
            _bar(len(records), len(tasks), started)

    bar()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for record in pool.map(_one, tasks):
                records.append(record)
                bar()
    else:
        for task in tasks:
            records.append(_one(task))
            bar()
    if shown:
        sys.stderr.write("\n")
    summary = summarize(name, kinds, records)
    print(json.dumps(summary) if args.json else table(summary))
    return 0
