"""Honest play under abuse (issue 12), in one process tree over loopback, for a bounded time.

The host runs in its own process, serving rounds of ``--tables`` tables (4 seats each, every
fifth one with a password); this process plays every seat with an honest bot client at full
speed, round after round, for ``--seconds``: every other round alone, the others with an
attacker process at them: 64 slowloris sockets (a join dribbled a byte at a time, from
127.0.0.2), chat flooders (spectators sending as fast as they can, from 127.0.0.4) and a
wrong-password guesser (from 127.0.0.3). Printed for each kind of round: honest act -> own new
state p50/p99, honest clients cut (aim: 0), games finished / started; and the attack's own
counters. Aim: attacked p99 within 2x of alone.

Run: .venv/bin/python bench/bench_abuse.py [--seconds 120] [--tables 25] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import engine  # noqa: E402
from bench.aside import set_aside  # noqa: E402
from net.doors.host import Host  # noqa: E402
from net.table.settings import TableSettings  # noqa: E402
from net.wire.client import Client  # noqa: E402
from net.wire.codec import encode  # noqa: E402

GAME, SEATS, PASSWORD = "swapo", 4, "honest"
ROUND_LIMIT = 90.0  # a round whose games have not all ended by then counts them unfinished


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def locked(i: int) -> bool:
    return i % 5 == 0


async def child(*args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        *args,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        cwd=ROOT,
    )


# -- the host process ---------------------------------------------------------------------
async def serve(tables: int, rounds: int) -> None:
    """Each line on stdin starts a round: ``tables`` new tables, their ports printed as JSON."""
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    running: set[asyncio.Task] = set()
    with tempfile.TemporaryDirectory() as tmp:
        n = 0
        while await reader.readline():
            hosts = []
            for i in range(tables):
                n += 1
                hosts.append(
                    Host(
                        TableSettings.new(
                            GAME,
                            seats=SEATS,
                            options={"rounds": rounds},
                            seed=n,
                            password=PASSWORD if locked(i) else None,
                        ),
                        journal=Path(tmp) / f"t{n}.journal",
                    )
                )
            ports = [await h.start("127.0.0.1", 0) for h in hosts]
            print(json.dumps(ports), flush=True)
            for h in hosts:
                task = loop.create_task(close_when_over(h))
                running.add(task)
                task.add_done_callback(running.discard)
        for task in running:
            task.cancel()


async def close_when_over(host: Host) -> None:
    try:
        await asyncio.wait_for(host.wait_over(), ROUND_LIMIT + 10)
        await asyncio.sleep(0.5)  # let the last states out
    finally:
        await host.close()


# -- the honest players ---------------------------------------------------------------------
class Tally:
    def __init__(self) -> None:
        self.waits: list[float] = []
        self.cut = 0
        self.games = 0
        self.finished = 0


async def honest(port: int, seat_name: str, password: str | None, tally: Tally) -> bool:
    """One seat played to the end by the game's bot; True if it saw the end uncut."""
    client = Client("127.0.0.1", port, name=seat_name, password=password)
    try:
        await client.connect()
    except Exception:
        tally.cut += 1
        return False
    bot = engine.make_bot(GAME, client.seat, client.seat)
    sent_at, sent_version, cut = None, 0, False
    try:
        async for m in client.messages():
            if m["t"] == "error" or (m["t"] == "connection" and m["status"] == "lost"):
                cut = True
            if m["t"] != "state":
                continue
            if sent_at is not None and m["version"] > sent_version:
                tally.waits.append(time.perf_counter() - sent_at)
                sent_at = None
            if m["view"]["over"]:
                tally.cut += cut
                return not cut
            if m["legal"] and m["version"] == client.version:
                action = bot.act(m["view"], m["legal"])
                sent_at, sent_version = time.perf_counter(), m["version"]
                with contextlib.suppress(ConnectionError):
                    await client.act(action, m["version"])
    finally:
        await client.close()
    tally.cut += 1
    return False


async def play_round(ports: list[int], tally: Tally) -> None:
    async def table(i: int, port: int) -> None:
        password = PASSWORD if locked(i) else None
        seats = [honest(port, f"h{i}.{s}", password, tally) for s in range(SEATS)]
        done = await asyncio.gather(*seats)
        tally.finished += all(done)

    tally.games += len(ports)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(
            asyncio.gather(*(table(i, p) for i, p in enumerate(ports))), ROUND_LIMIT
        )


async def rounds(host: Any, attacker: Any, seconds: float) -> tuple[Tally, Tally]:
    """Rounds of fresh tables, alternately alone and attacked (so a busy machine weighs on
    both alike), until ``seconds`` have passed."""
    alone, attacked = Tally(), Tally()
    stop = time.monotonic() + seconds
    n = 0
    while time.monotonic() < stop or n < 2:
        host.stdin.write(b"round\n")
        ports = json.loads(await host.stdout.readline())
        under_attack = n % 2 == 1
        attacker.stdin.write((json.dumps(ports if under_attack else []) + "\n").encode())
        tally = attacked if under_attack else alone
        await play_round(ports, tally)
        print(
            f"  round {n} {'attacked' if under_attack else 'alone'}: games "
            f"{tally.finished}/{tally.games}, cut {tally.cut}",
            file=sys.stderr,
            flush=True,
        )
        n += 1
    return alone, attacked


# -- the attackers --------------------------------------------------------------------------
class Attack:
    def __init__(self) -> None:
        self.ports: list[int] = []
        self.locked: list[int] = []
        self.count = {"slowloris_opened": 0, "chat_sent": 0, "flooders_cut": 0, "guesses": 0}

    async def connect(self, source: str, ports: list[int]) -> tuple | None:
        if not ports:
            await asyncio.sleep(0.1)
            return None
        try:
            return await asyncio.open_connection(
                "127.0.0.1", random.choice(ports), local_addr=(source, 0)
            )
        except OSError:
            await asyncio.sleep(0.1)
            return None

    async def slowloris(self) -> None:
        frame = encode(
            {"t": "join", "name": "x" * 90, "seat": None, "spectator": True}
            | {"auth": None, "token": None}
        )
        while True:
            pair = await self.connect("127.0.0.2", self.ports)
            if pair is None:
                continue
            reader, writer = pair
            self.count["slowloris_opened"] += 1
            with contextlib.suppress(Exception):
                for i in range(len(frame)):
                    writer.write(frame[i : i + 1])
                    with contextlib.suppress(TimeoutError):
                        if not await asyncio.wait_for(reader.read(65536), 1.0):
                            break
            writer.close()
            await asyncio.sleep(0.1)

    async def chat_flood(self) -> None:
        join = {"t": "join", "name": "spam", "seat": None, "spectator": True, "auth": None}
        batch = b"".join(encode({"t": "chat", "text": f"spam {i}", "to": None}) for i in range(50))
        while True:
            pair = await self.connect("127.0.0.4", [p for p in self.ports if p not in self.locked])
            if pair is None:
                continue
            reader, writer = pair
            drain = asyncio.create_task(self._discard(reader))
            with contextlib.suppress(Exception):
                writer.write(encode({**join, "token": None}))
                while not drain.done():
                    writer.write(batch)
                    await writer.drain()
                    self.count["chat_sent"] += 50
                    await asyncio.sleep(0)  # drain() need not yield; the others must run
            self.count["flooders_cut"] += 1
            drain.cancel()
            writer.close()
            await asyncio.sleep(0.1)

    async def _discard(self, reader: asyncio.StreamReader) -> None:
        while await reader.read(65536):
            pass

    async def guesser(self) -> None:
        join = {"t": "join", "name": "guess", "seat": None, "spectator": True, "token": None}
        while True:
            pair = await self.connect("127.0.0.3", self.locked)
            if pair is None:
                continue
            reader, writer = pair
            with contextlib.suppress(Exception):
                await asyncio.wait_for(reader.read(65536), 5)
                writer.write(encode({**join, "auth": os.urandom(32)}))
                self.count["guesses"] += 1
                while await asyncio.wait_for(reader.read(65536), 60):
                    pass
            writer.close()


async def attack(slowloris: int, floods: int) -> None:
    """Reads each round's ports (JSON lines) on stdin; prints its counters at EOF."""
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    state = Attack()
    tasks = [loop.create_task(state.slowloris()) for _ in range(slowloris)]
    tasks += [loop.create_task(state.chat_flood()) for _ in range(floods)]
    tasks.append(loop.create_task(state.guesser()))
    while line := await reader.readline():
        state.ports = json.loads(line)
        state.locked = [p for i, p in enumerate(state.ports) if locked(i)]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps(state.count), flush=True)


# -- the run --------------------------------------------------------------------------------
def report(name: str, tally: Tally) -> float:
    ms = [w * 1000 for w in tally.waits]
    p99 = percentile(ms, 0.99)
    print(
        f"{name:>9}: {len(ms)} honest acts, act -> own new state p50 "
        f"{statistics.median(ms) if ms else float('nan'):.2f} ms, p99 {p99:.2f} ms; "
        f"honest clients cut {tally.cut}; games finished {tally.finished}/{tally.games}"
    )
    return p99


async def run(args: argparse.Namespace) -> None:
    host = await child("--serve", "--tables", str(args.tables), "--rounds", str(args.rounds))
    attacker = await child("--attack", "--slowloris", str(args.slowloris))
    alone, attacked = await rounds(host, attacker, args.seconds)
    assert attacker.stdin is not None and attacker.stdout is not None
    attacker.stdin.close()
    counts = json.loads(await asyncio.wait_for(attacker.stdout.readline(), 30))
    await attacker.wait()
    assert host.stdin is not None
    host.stdin.close()
    await host.wait()
    print(
        f"{args.tables} tables x {SEATS} honest bot clients ({GAME}, {args.rounds} rounds a "
        f"game), {args.seconds:.0f} s, rounds alternately alone and attacked"
    )
    base = report("alone", alone)
    worse = report("attacked", attacked)
    print(f"   attack: {json.dumps(counts)}")
    print(f"   p99 attacked / alone: {worse / base:.2f} (aim <= 2)")


def main() -> None:
    set_aside()  # the bench's records, journals and settings are not the user's
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=2, help="SwaPo rounds per game")
    parser.add_argument("--slowloris", type=int, default=64)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--attack", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.tables, args.rounds))
    elif args.attack:
        asyncio.run(attack(args.slowloris, floods=5))
    else:
        asyncio.run(run(args))


if __name__ == "__main__":
    main()
