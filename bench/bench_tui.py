"""How fast the table shows up and how fast it follows the game — against Textual's floor.

    .venv/bin/python bench/bench_tui.py [--starts N] [--repaints N] [--opens N] [--only PART]

For each game, and in the same run for the floor Textual itself sets (a minimal app with one
Static and a Footer, measured the same way):
1. Start-up: the wall time from spawning ``kotatsu play GAME`` (a fresh Python process,
   headless driver) to the first painted table — host started, client joined, first state
   received and drawn. The floor: spawn to the first painted Static.
2. Repaint: with the app seated at a table, the time from a new ``state`` message arriving at
   the screen to the screen having been refreshed (Textual's compositor has run, taken in the
   refresh's own callback), p50/p99.
   The states are seat 0's through real games played by the normal bots (every view, legal
   list and public event the table would be sent), so each repaint draws a real change. The
   floor: a Static's update to the refresh.
3. The rules help (``?``): the CPU time from pushing the help's screen (the game's rules in each
   language, a table's keys before them) to its first refresh with every widget mounted, in a
   fresh app at 80×24 (the first opening a player sees), the least of ``--opens`` tries. The
   floor: a modal screen with one Static and the app's footer, opened the same way.
The ratios to the floor are printed (issue 13's aims: start ≤ 1.5×, repaint p99 ≤ 1.25×).

    .venv/bin/python bench/bench_tui.py --only rules    # the help's figures alone
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from net.table.settings import TableSettings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import engine  # noqa: E402
from bench.aside import set_aside  # noqa: E402

STARTS = 5
REPAINTS = 300
OPENS = 3
GAMES = tuple(engine.GAMES)  # every registered game

FLOOR_CHILD = """
from textual.app import App
from textual.widgets import Footer, Static

class Floor(App):
    BINDINGS = [("q", "quit", "quit")]

    def compose(self):
        yield Static("kotatsu")
        yield Footer()

async def first_paint(pilot):
    await pilot.pause()
    print("PAINTED", flush=True)
    pilot.app.exit()

Floor().run(headless=True, size=(80, 24), auto_pilot=first_paint)
"""

CHILD = """
import sys, time
sys.argv = ["kotatsu", "play", "GAME", "--seed", "1", "--name", "bench"]
from tui.cli import build_parser, parse_options
from tui.app import make_app
from tui.collector import Collector
from tui.table.screen import TableScreen
args = build_parser().parse_args(sys.argv[1:])
args.options = parse_options(args.option)
collector = Collector()
app = make_app(args, collector=collector)
collector.start()

async def first_paint(pilot):
    while not (isinstance(app.screen, TableScreen) and app.screen.states_seen):
        await pilot.pause(0.001)
    await pilot.pause()
    print("PAINTED", flush=True)
    app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=first_paint)
"""


def startup_times(code: str, runs: int) -> list[float]:
    """Spawn-to-first-paint wall times of ``runs`` fresh processes, after one unmeasured
    run. The children cache their bytecode, as an installed kotatsu does (some sandboxes set
    PYTHONDONTWRITEBYTECODE, which would recompile the project at every start)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for run in range(runs + 1):
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == "PAINTED":
                if run:
                    times.append(time.perf_counter() - start)
                break
        proc.wait(timeout=30)
    return times


def painted_at(future: asyncio.Future) -> None:
    """Called after the screen's refresh: the time it was done (not the time the waiting
    bench wakes up, which would count whatever else the loop runs first)."""
    if not future.done():
        future.set_result(time.perf_counter())


async def floor_repaint_times(count: int, size: tuple[int, int] = (80, 24)) -> list[float]:
    """Textual's floor: one Static updated ``count`` times, each timed to its refresh."""
    from textual.app import App
    from textual.widgets import Footer, Static

    class Floor(App[None]):
        def compose(self):
            yield Static("kotatsu", id="text")
            yield Footer()

    app = Floor()
    samples: list[float] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.2)
        text = app.query_one("#text", Static)
        for i in range(count):
            painted = asyncio.get_running_loop().create_future()
            start = time.perf_counter()
            text.update(f"kotatsu {i}")
            app.call_after_refresh(painted_at, painted)
            samples.append(await painted - start)
    return samples


async def repaint_times(game: str, count: int) -> list[float]:
    """Seat 0's states through a real game (``tui.pilot.seat_states``), each sent to the seated
    screen as the connection would, timed from arrival to the refreshed screen."""
    from tui.app import make_app
    from tui.collector import Collector
    from tui.connect import play_launcher
    from tui.pilot import seat_states
    from tui.settings import Settings

    class NoBrowser:
        def __init__(self, *_):
            pass

        async def start(self):
            pass

        async def close(self):
            pass

    states = seat_states(game, count)
    launcher = play_launcher(TableSettings.practice(game, seed=1), name="bench", bot_delay=0)
    collector = Collector()
    app = make_app(
        launcher=launcher, settings=Settings(name="bench"), browser=NoBrowser, collector=collector
    )
    collector.start()  # as `kotatsu` does before it runs the app (tui/cli.py)
    try:
        return await _repaints(app, states)
    finally:
        collector.stop()


async def _repaints(app, states) -> list[float]:
    from tui.table.screen import TableScreen

    samples: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        while not (isinstance(app.screen, TableScreen) and app.screen.states_seen):
            await pilot.pause(0.01)
        await pilot.pause(0.3)
        screen = app.screen
        screen.stop_listening()  # from now on the bench is the table
        version = screen.version
        painted: asyncio.Future | None = None

        def drawn(_state) -> None:  # the state is taken: time the refresh that shows it
            if painted is not None:
                # asked from the app's turn, after the widgets have told the screen what to
                # paint: asked from here (the screen's turn), Textual ran it at once when the
                # screen found nothing to paint yet, before any paint (half the samples)
                app.call_later(screen.call_after_refresh, painted_at, painted)

        screen.watch(screen, "state", drawn, init=False)
        for view, legal, events in states:
            version += 1
            message = {
                "t": "state",
                "version": version,
                "view": view,
                "legal": legal,
                "events": events,
            }
            painted = asyncio.get_running_loop().create_future()
            start = time.perf_counter()
            screen.receive(message)  # posted, taken, drawn: as from the connection
            samples.append(await painted - start)
    return samples


#: The keys a table puts before the rules (tui/table/keys.py), as a help's first section.
RULES_KEYS = "## Keys at the table now\n\n- `←→` move\n- `space` pick\n- `enter` swap\n\n"


async def open_cpu(code: str, make_screen, size: tuple[int, int] = (80, 24)) -> float:
    """CPU seconds from pushing ``make_screen()`` over the lobby of a fresh app (in language
    ``code``, pushed from the app's own turn, as a key would) to its first refresh with no
    widget still being mounted."""
    from tui.app import make_app
    from tui.pilot import browser_of
    from tui.settings import Settings

    settings = Settings(name="bench", lang=code, cursor_blink=False)
    app = make_app(settings=settings, browser=browser_of())
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.1)
        start = time.process_time()
        screen = make_screen()
        app.call_later(app.push_screen, screen)
        shown = -1
        while app.screen is not screen or len(screen.walk_children()) != shown:
            shown = len(screen.walk_children()) if app.screen is screen else -1
            await pilot.pause()
        painted = asyncio.get_running_loop().create_future()
        screen.call_after_refresh(painted_at, painted)
        await painted
        return time.process_time() - start


def rules_open_figures(opens: int) -> None:
    """The rules help's opening CPU for every game and language, against the floor."""
    from textual.screen import ModalScreen
    from textual.widgets import Static

    import lang
    from tui.dialogs import RulesScreen
    from tui.widgets.footer import WordedFooter

    class FloorScreen(ModalScreen[None]):
        def compose(self):
            yield Static("kotatsu")
            yield WordedFooter()

    def least(code: str, make_screen) -> float:
        return min(asyncio.run(open_cpu(code, make_screen)) for _ in range(opens))

    floor = least(lang.DEFAULT, FloorScreen)
    print(f"floor (a modal Static + footer): open {floor * 1000:.1f} ms CPU (least of {opens})")
    worst = 0.0
    for game, cls in engine.GAMES.items():
        cells = []
        for code in lang.LANGUAGES:

            def rules(game: str = game, title: str = cls.TITLE) -> RulesScreen:
                return RulesScreen(game, title, keys=RULES_KEYS)

            cpu = least(code, rules)
            worst = max(worst, cpu)
            cells.append(f"{code} {cpu * 1000:.0f}")
        print(f"{game:7} rules open, ms CPU: " + ", ".join(cells))
    print(f"rules help open: worst {worst * 1000:.0f} ms CPU ({worst / floor:.1f}× floor)")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    set_aside()  # the bench's records, journals and settings are not the user's
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=STARTS)
    parser.add_argument("--repaints", type=int, default=REPAINTS)
    parser.add_argument("--opens", type=int, default=OPENS)
    parser.add_argument("--only", choices=("tables", "rules"), help="one part of the bench")
    args = parser.parse_args()
    if args.only != "rules":
        table_figures(args.starts, args.repaints)
    if args.only != "tables":
        rules_open_figures(args.opens)


def table_figures(starts: int, repaints: int) -> None:
    """Each game's start-up and repaint figures, against the floor."""
    floor_start = statistics.median(startup_times(FLOOR_CHILD, starts))
    floor_paint = asyncio.run(floor_repaint_times(repaints))
    floor_p99 = percentile(floor_paint, 0.99)
    print(
        f"floor (one Static + Footer): start {floor_start * 1000:.0f} ms (median of "
        f"{starts}); repaint p50 {percentile(floor_paint, 0.5) * 1000:.2f} ms, "
        f"p99 {floor_p99 * 1000:.2f} ms"
    )
    for game in GAMES:
        start = statistics.median(startup_times(CHILD.replace("GAME", game), starts))
        paints = asyncio.run(repaint_times(game, repaints))
        p50, p99 = percentile(paints, 0.5), percentile(paints, 0.99)
        print(
            f"{game:6} start {start * 1000:.0f} ms ({start / floor_start:.2f}× floor); "
            f"repaint p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms "
            f"({p99 / floor_p99:.2f}× floor p99)"
        )


if __name__ == "__main__":
    main()
