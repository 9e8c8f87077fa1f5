"""The CPU the live table spends to draw one new state — against Textual's floor, in one run.

    .venv/bin/python bench/bench_draw.py [--states N] [--size 80x24] [--game G] [--profile FILE]

For every registered game (engine.GAMES) the real app is seated, in this process, at an
in-memory table (``tui.pilot.MemoryClient``, as the screen tests seat it), then stops
listening and is sent seat 0's states through real games played by the normal bots
(``tui.pilot.seat_states``: every view, legal list and public event the table would be sent;
the round ends, which open the results panel, left out), one at a time, each awaited until
the screen has painted it. The CPU of the whole process over those states (``process_time``:
taking the state in, drawing every widget, Textual's compositor, whatever else the loop ran
meanwhile) is divided by their number.

The floor, measured the same way in the same run: a minimal Textual app whose one ``Static``
fills the same window, given new text of the window's size each step. The figure that
compares from run to run and machine to machine is the ratio to it (CPU per state ÷ the
floor's); the milliseconds are printed beside it for reading only. Each game is measured
``--rounds`` times, each time right after the floor (a busy machine weighs on both alike): the
ratio printed is the median of those rounds' ratios, the milliseconds the least.

``--profile FILE`` writes a cProfile of the games' states (not the floor) to FILE.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import engine  # noqa: E402
from bench.aside import set_aside  # noqa: E402

STATES = 80
ROUNDS = 3
SIZES = ((80, 24), (120, 40))


def painted_at(future: asyncio.Future) -> None:
    """Called after the screen's refresh: the state is on the screen."""
    if not future.done():
        future.set_result(None)


async def floor_cpu(count: int, size: tuple[int, int]) -> float:
    """Textual's floor: one full-window ``Static`` given a new window of text ``count`` times;
    the CPU per step (s)."""
    from textual.app import App
    from textual.widgets import Static

    width, height = size

    class Floor(App[None]):
        CSS = "Static { width: 1fr; height: 1fr; }"

        def compose(self):
            yield Static("", id="text")

    def page(i: int) -> str:
        return "\n".join(
            "".join(chr(0x41 + (i + row + col) % 26) for col in range(width))
            for row in range(height)
        )

    app = Floor()
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.1)
        text = app.query_one("#text", Static)
        pages = [page(i) for i in range(count)]
        start = time.process_time()
        for shown in pages:
            painted = asyncio.get_running_loop().create_future()
            text.update(shown)
            app.call_later(app.screen.call_after_refresh, painted_at, painted)
            await painted
        return (time.process_time() - start) / count


async def game_cpu(
    game: str, count: int, size: tuple[int, int], profile: cProfile.Profile | None
) -> float:
    """The CPU per state (s) of the seated table drawing ``count`` of ``game``'s states."""
    from tui.app import make_app
    from tui.pilot import MemoryClient, browser_of, local_launcher, seat_states, seated
    from tui.settings import Settings

    states = seat_states(game, count)
    client = MemoryClient(game, seat=0, seed=1, name="bench")
    settings = Settings(color=True, name="bench", cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=size) as pilot:
        screen = await seated(pilot)
        screen.stop_listening()  # from now on the bench is the table
        await pilot.pause(0.1)
        version = screen.version
        painted: asyncio.Future | None = None

        def drawn(_state) -> None:  # the state is taken: wait for the refresh that shows it
            if painted is not None:
                app.call_later(screen.call_after_refresh, painted_at, painted)

        screen.watch(screen, "state", drawn, init=False)
        if profile is not None:
            profile.enable()
        start = time.process_time()
        for view, legal, events in states:
            version += 1
            message = {"t": "state", "version": version, "view": view, "legal": legal,
                       "events": events}  # fmt: skip
            painted = asyncio.get_running_loop().create_future()
            screen.receive(message)  # posted, taken, drawn: as from the connection
            await painted
        spent = time.process_time() - start
        if profile is not None:
            profile.disable()
        return spent / count


def main() -> None:
    set_aside()  # the bench's records, journals and settings are not the user's
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=STATES)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--size", action="append", help="WxH (default: 80x24 and 120x40)")
    parser.add_argument("--game", action="append", choices=list(engine.GAMES))
    parser.add_argument("--profile", help="write a cProfile of the games' states here")
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.size] if args.size else SIZES
    games = args.game or list(engine.GAMES)
    profile = cProfile.Profile() if args.profile else None

    ratios: list[float] = []
    for width, height in sizes:
        size = (width, height)
        asyncio.run(floor_cpu(10, size))  # warm: Textual's imports and caches
        floors: list[float] = []
        cpus: dict[str, list[tuple[float, float]]] = {game: [] for game in games}
        for _ in range(args.rounds):
            for game in games:  # the floor next to each game: the same load on both
                floor = asyncio.run(floor_cpu(args.states, size))
                cpu = asyncio.run(game_cpu(game, args.states, size, profile))
                floors.append(floor)
                cpus[game].append((cpu, cpu / floor))
        print(f"{width}x{height} floor (one full-window Static): {min(floors) * 1000:.2f} ms/step")
        for game in games:
            cpu = min(c for c, _ in cpus[game])
            ratio = statistics.median(r for _, r in cpus[game])
            ratios.append(ratio)
            print(f"  {game:8} {cpu * 1000:6.2f} ms/state  {ratio:5.2f}× floor")
    print(f"mean ratio {statistics.mean(ratios):.2f}× floor")
    if profile is not None:
        profile.dump_stats(args.profile)


if __name__ == "__main__":
    main()
