"""How fast the table shows up and how fast it follows the game.

    .venv/bin/python bench/bench_tui.py

1. Start-up: the wall time from spawning ``kotatsu play swapo`` (a fresh Python process,
   headless driver) to the first painted table — host started, client joined, first state
   received and drawn.
2. Repaint: with the app seated at a table, the time from a new ``state`` message arriving at
   the screen to the screen having been refreshed (Textual's compositor has run), p50/p99.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STARTS = 5
REPAINTS = 300

CHILD = """
import sys, time
sys.argv = ["kotatsu", "play", "swapo", "--seed", "1", "--name", "bench"]
from tui.cli import build_parser, parse_options
from tui.app import make_app
from tui.screens.table import TableScreen
args = build_parser().parse_args(sys.argv[1:])
args.options = parse_options(args.option)
app = make_app(args)

async def first_paint(pilot):
    while not (isinstance(app.screen, TableScreen) and app.screen.states_seen):
        await pilot.pause(0.001)
    await pilot.pause()
    print("PAINTED", flush=True)
    app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=first_paint)
"""


def startup_times() -> list[float]:
    times = []
    for _ in range(STARTS):
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == "PAINTED":
                times.append(time.perf_counter() - start)
                break
        proc.wait(timeout=30)
    return times


async def repaint_times() -> list[float]:
    from tui.app import make_app
    from tui.connect import play_launcher
    from tui.screens.table import TableScreen
    from tui.settings import Settings

    class NoBrowser:
        def __init__(self, *_):
            pass

        async def start(self):
            pass

        async def close(self):
            pass

    launcher = play_launcher("swapo", seed=1, name="bench", bot_delay=0)
    app = make_app(launcher=launcher, settings=Settings(name="bench"), browser=NoBrowser)
    samples: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        while not (isinstance(app.screen, TableScreen) and app.screen.states_seen):
            await pilot.pause(0.01)
        await pilot.pause(0.3)
        screen = app.screen
        base = {"t": "state", "version": screen.version, "legal": screen.legal, "events": []}
        views = [dict(screen.view), dict(screen.view, pile=screen.view["pile"] - 1)]
        for i in range(REPAINTS):
            painted = asyncio.get_running_loop().create_future()
            message = dict(base, view=views[i % 2])
            start = time.perf_counter()
            screen.receive(message)
            screen.call_after_refresh(lambda f=painted: f.done() or f.set_result(None))
            await painted
            samples.append(time.perf_counter() - start)
    return samples


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    starts = startup_times()
    print(
        f"start to first painted table (kotatsu play swapo, headless, {len(starts)} runs): "
        f"median {statistics.median(starts) * 1000:.0f} ms, best {min(starts) * 1000:.0f} ms"
    )
    repaints = asyncio.run(repaint_times())
    p50, p99 = percentile(repaints, 0.5) * 1000, percentile(repaints, 0.99) * 1000
    print(
        f"state arrived to repainted ({len(repaints)} states, 80x24): "
        f"p50 {p50:.2f} ms, p99 {p99:.2f} ms"
    )


if __name__ == "__main__":
    main()
