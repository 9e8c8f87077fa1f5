"""Game records: their size, how fast `kotatsu history` lists many, how fast a replay steps.

    .venv/bin/python bench/bench_records.py [--games N] [--records N] [--steps N]

1. Bytes per game, for each game: whole games played by the normal bots (default seats and
   options), kept as the host keeps them (full record, JSON as written) and as a joined seat
   keeps them (seat 0's record: every state it was sent, as format version 2 keeps it — the
   changes from frame to frame — and as version 1 kept it, every view whole).
2. `kotatsu history` over 10,000 records (a fresh process, as a player runs it), against a
   floor measured in the same run: the same command over an empty store (the process's start
   and imports). Also the listing alone, in this process.
3. Each kind of replay step (forward, back, a round back and on, start, end, another seat in
   the middle of the game: a new one, one seen before):
   the time from the key's action to the replay screen refreshed, p50/p99 over a real game
   (a step forward or back that lands on a round's end, where its results panel shows over
   the table as it did at the table, counted apart: ", a panel"),
   against a frame at 60 Hz (16.7 ms) and against the floor of a Static's repaint measured the
   same way (its p99).
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import engine  # noqa: E402
from bench.aside import set_aside  # noqa: E402
from bench.bench_tui import floor_repaint_times, painted_at  # noqa: E402
from engine import record as rec  # noqa: E402

FRAME = 1 / 60


def play(game_name: str, seed: int) -> tuple[dict, dict, dict]:
    """One game by the normal bots: (the full record, seat 0's record, and the same as
    format version 1 kept it: every view whole)."""
    game = engine.new_game(game_name, engine.GAMES[game_name].DEFAULT_SEATS, seed=seed)
    bots = [engine.make_bot(game_name, s, seed=seed * 10 + s) for s in range(game.seats)]
    actions, frames = [], [{"view": game.view(0), "events": []}]
    while not game.over:
        seat = game.pending()[0]
        action = bots[seat].act(game.view(seat), game.legal_actions(seat))
        actions.append((seat, copy.deepcopy(action)))
        events = game.apply(seat, action)
        frames.append({"view": game.view(0), "events": events})
    players = [rec.player("Ann", False)] + [
        rec.player(f"Bot {s + 1}", True, "normal") for s in range(1, game.seats)
    ]
    when = ("2026-01-01T00:00:00Z", "2026-01-01T00:30:00Z")
    sitting = rec.Sitting(f"20260101-000000-{seed:06x}", "bench", players, *when)
    full = rec.full_record(sitting, game, seed=seed, actions=actions)
    seat = rec.seat_record(
        rec.Sitting(f"20260101-000000-{seed:06x}-seat", "bench", players, *when),
        game=game_name,
        options=game.options,
        seats=game.seats,
        seat=0,
        frames=frames,
    )
    whole = dict(seat, version=1, frames=json.loads(json.dumps(frames)))
    return full, seat, whole


def size(record: dict) -> int:
    return len(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode())


def sizes(games: int) -> dict[str, list[dict]]:
    kept: dict[str, list[dict]] = {}
    for name in engine.GAMES:
        played = [play(name, seed) for seed in range(1, games + 1)]
        full, seat, whole = zip(*played, strict=True)
        kept[name] = list(full)
        actions = statistics.mean(len(r["actions"]) for r in full)
        print(
            f"{name:6} bytes per game: full {statistics.mean(map(size, full)):,.0f} "
            f"(min {min(map(size, full)):,}, max {max(map(size, full)):,}; "
            f"{actions:.0f} actions), seat record {statistics.mean(map(size, seat)):,.0f} "
            f"(max {max(map(size, seat)):,}; version 1, every view whole: "
            f"{statistics.mean(map(size, whole)):,.0f})"
        )
    return kept


def history_time(data: str, runs: int = 3) -> float:
    env = {**os.environ, "XDG_DATA_HOME": data, "PYTHONPATH": str(ROOT)}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "tui", "history"], env=env, check=True, capture_output=True
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def history(kept: dict[str, list[dict]], count: int) -> None:
    from net.kept.records import RecordStore

    samples = [r for records in kept.values() for r in records]
    with tempfile.TemporaryDirectory() as full, tempfile.TemporaryDirectory() as empty:
        store = RecordStore(Path(full) / "kotatsu" / "records", fsync=False)
        for i in range(count):
            record = dict(samples[i % len(samples)], id=f"20260101-000000-{i:06x}")
            store.save(record)
        start = time.perf_counter()
        listed = store.listing()
        alone = time.perf_counter() - start
        assert len(listed) == count
        floor = history_time(empty)
        many = history_time(full)
    print(
        f"kotatsu history, {count:,} records: {many:.3f} s; floor (empty store, same command) "
        f"{floor:.3f} s; ratio {many / floor:.2f}; the listing alone {alone * 1000:.0f} ms"
    )


async def floor_paint(count: int) -> list[float]:
    return await floor_repaint_times(count, size=(100, 30))


async def timed(app, act) -> float:
    """``act()`` (a key's action), timed to the refresh of the screen it leaves on show: a
    results panel that opens once the table has painted the step (tui/table/round_end.py
    ``push``) is timed to its own first frame."""
    start = time.perf_counter()
    act()
    await asyncio.sleep(0)  # a screen switched to is current from the next turn of the loop
    screen = app.screen
    while True:
        painted = asyncio.get_running_loop().create_future()
        screen.call_after_refresh(painted_at, painted)
        end = await painted
        if app.screen is screen:
            return end - start
        screen = app.screen  # a panel opened after that frame


async def step_paint(record: dict, steps: int) -> dict[str, list[float]]:
    """Each kind of replay step, timed from the key's action to the refreshed screen: forward,
    back, a round/hand back and on, start and end, another seat (a new one, and back to one
    seen); the first jump to the end before any memory ahead is kept ("cold"). The process
    collects its garbage as `kotatsu replay` does (tui/collector.py)."""
    from tui.collector import Collector
    from tui.replay.run import ReplayApp
    from tui.replay.screen import Replayer
    from tui.settings import Settings

    replay = rec.load(json.dumps(record).encode())
    collector = Collector()
    app = ReplayApp(Replayer(replay, 0), settings=Settings(name="bench"), collector=collector)
    times: dict[str, list[float]] = {}
    collector.start()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            replayer = app.replayer
            while replayer.screen.states_seen == 0:
                await pilot.pause(0.01)
            await pilot.pause(0.2)

            async def table() -> None:  # close a results panel, as the reader does
                closed = False
                while replayer.panel is not None:
                    await pilot.press("enter")
                    closed = True
                # the table undimmed and painted before the next key, as a reader's next key
                # comes (not timed with it)
                await pilot.pause(0.1 if closed else 0.02)

            async def time_of(kind: str, act) -> None:
                await table()
                took = await timed(app, act)
                if kind in ("forward", "back") and replayer.panel is not None:
                    kind += ", a panel"  # it landed on a round's end: its results panel shows
                times.setdefault(kind, []).append(took)

            controls = replayer.controls
            await time_of("end, cold", lambda: controls.action_replay_end(1))
            await time_of("start", lambda: controls.action_replay_end(0))
            for _ in range(min(steps, replay.positions - 2)):
                await time_of("forward", lambda: controls.action_replay_step(1))
            track = replayer.track
            while track.fill_ahead():  # the memories ahead, kept while the reader looks
                await pilot.pause(0.01)
            for _ in range(min(steps, replayer.position)):
                await time_of("back", lambda: controls.action_replay_step(-1))
            for _ in range(max(4, steps // 10)):
                await time_of("end", lambda: controls.action_replay_end(1))
                await time_of("round back", lambda: controls.action_replay_round(-1))
                await time_of("round on", lambda: controls.action_replay_round(1))
                await time_of("start", lambda: controls.action_replay_end(0))
            # another seat in the middle of the game, as a reader tabs while reading: a seat
            # seen for the first time is built and brought there from the deal
            replayer.move(replay.positions // 2)
            await pilot.pause(0.2)
            await time_of("another seat, new", lambda: controls.action_replay_seat())
            for _ in range(len(replay.seats) - 1):  # round to seat 0 again, each seen once
                await time_of("another seat, new", lambda: replayer.controls.action_replay_seat())
            for _ in range(max(4, steps // 10)):
                await time_of("another seat, seen", lambda: replayer.controls.action_replay_seat())
    finally:
        collector.stop()
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    set_aside()  # the bench's records, journals and settings are not the user's
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--steps", type=int, default=150)
    args = parser.parse_args()
    kept = sizes(args.games)
    history(kept, args.records)
    floor = asyncio.run(floor_paint(args.steps))
    floor99 = percentile(floor, 0.99)
    print(
        f"floor (a Static's repaint, timed the same way): p50 {percentile(floor, 0.5) * 1000:.2f}"
        f" ms, p99 {floor99 * 1000:.2f} ms; a frame at 60 Hz: {FRAME * 1000:.1f} ms"
    )
    for name, records in kept.items():
        times = asyncio.run(step_paint(records[0], args.steps))
        actions = len(records[0]["actions"])
        print(f"{name:6} replay steps ({actions} actions), from the key to the refreshed screen:")
        for kind, samples in times.items():
            p50, p99 = percentile(samples, 0.5), percentile(samples, 0.99)
            print(
                f"  {kind:19} n={len(samples):3}: p50 {p50 * 1000:6.2f} ms, p99 "
                f"{p99 * 1000:6.2f} ms = {p99 / FRAME:.2f}× a frame, {p99 / floor99:.2f}× the "
                "floor's p99"
            )


if __name__ == "__main__":
    main()
