"""Network figures over loopback (host in its own process, clients in this one).

1. Latency: a 10-seat table, act -> the last client holds the new state, p50 and p99.
2. Load: one host process serving 25 tables of 4 bot clients each: actions/s, act -> own new
   state p99, and the number of errors (rejections, drops), which should be 0.
3. The same load with one more table in that host where three hard bots (the host's own,
   thinking in its process pool) play one client: the other tables' act -> own new state
   p99 should not move (issue 15).

Run: .venv/bin/python bench/bench_net.py [--game swapo] [--rounds 20] [--tables 25]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import engine  # noqa: E402
from bench.aside import set_aside  # noqa: E402
from net.doors.host import Host  # noqa: E402
from net.table.resultswait import ends_round  # noqa: E402
from net.table.settings import TableSettings  # noqa: E402
from net.wire.client import Client  # noqa: E402

LENGTH_OPTION = {"swapo": "rounds", "swoop": "hands", "mishi": "hands"}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def spawn_tables(game: str, tables: int, seats: int, length: int, hard: bool = False):
    """A child process hosting ``tables`` tables (and, with ``hard``, one more where the
    host's hard bots hold three of four seats); returns it and the ports it listens on."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve",
        str(tables),
        "--game",
        game,
        "--seats",
        str(seats),
        "--rounds",
        str(length),
        *(["--hard-table"] if hard else []),
        stdout=asyncio.subprocess.PIPE,
        cwd=ROOT,
    )
    line = await asyncio.wait_for(proc.stdout.readline(), 30)
    return proc, json.loads(line)


async def serve(game: str, tables: int, seats: int, length: int, hard: bool) -> None:
    """The child: host the tables (journals fsync'd in a temporary directory) until all end."""
    with tempfile.TemporaryDirectory() as tmp:
        hosts = [
            Host(
                TableSettings.new(game, seats=seats, options={LENGTH_OPTION[game]: length}, seed=i),
                journal=Path(tmp) / f"t{i}.journal",
            )
            for i in range(tables)
        ]
        if hard:  # the last port: three hard bots of the host's and one seat for a client
            hosts.append(
                Host(
                    TableSettings.new(
                        game,
                        seats=4,
                        bots=3,
                        level="hard",
                        options={LENGTH_OPTION[game]: length},
                        seed=tables,
                    ),
                    journal=Path(tmp) / "hard.journal",
                )
            )
        ports = [await h.start("127.0.0.1", 0) for h in hosts]
        print(json.dumps(ports), flush=True)
        await asyncio.gather(*(h.wait_over() for h in hosts))
        for h in hosts:
            await h.close()


async def latency(game: str, seats: int, length: int) -> list[float]:
    proc, (port,) = await spawn_tables(game, 1, seats, length)
    clients = [Client("127.0.0.1", port, name=f"p{i}") for i in range(seats)]
    for c in clients:
        await c.connect()
    sent: dict[int, float] = {}
    arrived: dict[int, list[float]] = {}

    async def player(client: Client) -> None:
        bot = engine.make_bot(game, client.seat, client.seat)
        async for m in client.messages():
            if m["t"] != "state":
                continue
            arrived.setdefault(m["version"], []).append(time.perf_counter())
            if m["view"]["over"]:
                return
            if ends_round(m["events"]):  # no results panel to read: the host's bots go on
                await client.results_seen(m["version"])
            if m["legal"] and m["version"] == client.version:
                action = bot.act(m["view"], m["legal"])
                sent.setdefault(m["version"] + 1, time.perf_counter())
                await client.act(action, m["version"])

    await asyncio.gather(*(player(c) for c in clients))
    for c in clients:
        await c.close()
    await proc.wait()
    return [max(arrived[v]) - t for v, t in sent.items() if len(arrived.get(v, ())) == seats]


async def load(
    game: str, tables: int, length: int, hard: bool = False
) -> tuple[int, float, list[float], int]:
    """Bot clients at every table; with ``hard``, one more table against the host's hard
    bots, whose client's own waits (the hard bots think between its turns) are not counted."""
    proc, ports = await spawn_tables(game, tables, 4, length, hard)
    errors = 0
    waits: list[float] = []
    actions = 0

    async def player(client: Client, counted: bool = True) -> None:
        nonlocal errors, actions
        bot = engine.make_bot(game, client.seat, client.seat)
        sent_at, sent_version = None, 0
        async for m in client.messages():
            if m["t"] in ("rejected", "error", "connection"):
                errors += m["t"] != "connection" or m["status"] != "closed"
                continue
            if m["t"] != "state":
                continue
            if sent_at is not None and m["version"] > sent_version:
                if counted:
                    waits.append(time.perf_counter() - sent_at)
                sent_at = None
            if m["view"]["over"]:
                return
            if ends_round(m["events"]):  # no results panel to read: the host's bots go on
                await client.results_seen(m["version"])
            if m["legal"] and m["version"] == client.version:
                action = bot.act(m["view"], m["legal"])
                sent_at, sent_version = time.perf_counter(), m["version"]
                actions += 1
                await client.act(action, m["version"])

    plain = ports[:tables]
    clients = [Client("127.0.0.1", p, name=f"b{i}") for p in plain for i in range(4)]
    against_hard = [Client("127.0.0.1", port, name="h") for port in ports[tables:]]
    for c in (*clients, *against_hard):
        await c.connect()
    start = time.perf_counter()
    await asyncio.gather(
        *(player(c) for c in clients), *(player(c, counted=False) for c in against_hard)
    )
    elapsed = time.perf_counter() - start
    for c in (*clients, *against_hard):
        await c.close()
    await proc.wait()
    return actions, elapsed, waits, errors


def main() -> None:
    set_aside()  # the bench's records, journals and settings are not the user's
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="swapo", choices=sorted(LENGTH_OPTION))
    parser.add_argument("--rounds", type=int, default=20, help="rounds/hands per game")
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seats", type=int, default=10)
    parser.add_argument("--serve", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--hard-table", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.game, args.serve, args.seats, args.rounds, args.hard_table))
        return
    seats = min(args.seats, engine.GAMES[args.game].MAX_SEATS)
    samples = asyncio.run(latency(args.game, seats, args.rounds))
    ms = [s * 1000 for s in samples]
    print(
        f"{args.game} {seats} seats over loopback, act -> last client has the new state: "
        f"{len(ms)} actions, p50 {statistics.median(ms):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms"
    )
    for hard in (False, True):
        actions, elapsed, waits, errors = asyncio.run(
            load(args.game, args.tables, max(1, args.rounds // 4), hard)
        )
        wms = [w * 1000 for w in waits]
        beside = " + 1 table of 3 hard host bots" if hard else ""
        print(
            f"one host, {args.tables} tables x 4 bot clients{beside} ({args.game}): {actions} "
            f"actions in {elapsed:.2f} s = {actions / elapsed:.0f} actions/s, the {args.tables} "
            f"tables' act -> own new state p50 {statistics.median(wms):.2f} ms, "
            f"p99 {percentile(wms, 0.99):.2f} ms, errors {errors}"
        )


if __name__ == "__main__":
    main()
