"""Start to first card on a pseudo-terminal, against a minimal Textual app (issue 37's aim: at
most 1.5× the floor).

    .venv/bin/python bench/bench_start.py [--runs N] [--game GAME ...]

Each run spawns a fresh ``python -m tui play GAME`` on a pty of 80×24 (the real terminal
driver, the real command line: arguments, settings, the host and its bots, the table's
screen) and times it from the spawn to the first card on the screen: the first suit glyph the
terminal is sent, or a face-down card's shade (Swoop's cards have no suits). The floor is a
minimal Textual app (one Static showing a card, and a Footer) spawned and timed the same way.
The runs of each are interleaved, so a busy machine slows both alike; the medians are
compared. The CPU time each process spent to that moment (user + system, from ``wait4``) is
compared too: on a shared machine it moves less than the wall time. bench/bench_tui.py
measures the headless start and the repaints.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import engine  # noqa: E402
from bench.aside import set_aside  # noqa: E402

RUNS = 15
CARDS = tuple(s.encode() for s in "♠♥♦♣▒")  # a suit, or a face-down card
FLOOR = """
from textual.app import App
from textual.widgets import Footer, Static

class Floor(App):
    BINDINGS = [("q", "quit", "quit")]

    def compose(self):
        yield Static("3\u2660")
        yield Footer()

Floor().run()
"""


def first_card(argv: list[str], env: dict[str, str], limit: float = 30.0) -> tuple[float, float]:
    """Spawn ``argv`` on a new pty; the wall time to the first card glyph it writes, and the
    CPU time it had spent by then (it is killed there)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, in the repository, on the pty
        os.chdir(ROOT)
        os.execve(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    seen = b""
    found = None
    while found is None and time.perf_counter() - start < limit:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            seen += os.read(fd, 65536)
        except OSError:  # the child ended
            break
        if any(mark in seen for mark in CARDS):
            found = time.perf_counter() - start
    os.kill(pid, signal.SIGKILL)
    _, _, usage = os.wait4(pid, 0)
    os.close(fd)
    if found is None:
        tail = seen[-300:].decode(errors="replace")
        raise RuntimeError(f"{' '.join(argv[-3:])}: no card on the screen ({tail!r})")
    return found, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--game", action="append", choices=sorted(engine.GAMES))
    args = parser.parse_args()
    set_aside()  # nothing of the user's read or kept; a config as a returning player's:
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "kotatsu" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('name = "bench"\n', encoding="utf-8")  # (else the app asks for one)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["TERM"] = "xterm-256color"
    commands = {"floor": [sys.executable, "-c", FLOOR]}
    for game in args.game or list(engine.GAMES):
        commands[game] = [sys.executable, "-m", "tui", "play", game, "--seed", "1"]
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for run in range(args.runs + 1):  # the first round unmeasured: bytecode, disk caches
        for name, argv in commands.items():
            took, spent = first_card(argv, env)
            if run:
                wall[name].append(took)
                cpu[name].append(spent)
    floor_wall, floor_cpu = statistics.median(wall["floor"]), statistics.median(cpu["floor"])
    print(
        f"start to first card on a pty, median of {args.runs} runs (load {os.getloadavg()[0]:.1f})"
    )
    for name in commands:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        print(
            f"{name:8} wall {w * 1000:5.0f} ms ({w / floor_wall:.2f}× floor)"
            f"   cpu {c * 1000:5.0f} ms ({c / floor_cpu:.2f}× floor)"
        )


if __name__ == "__main__":
    main()
