"""Soak: one host process, 25 tables, bot clients that drop and come back, for M minutes.

Every table is a real ``net.doors.host.Host`` with its journal, in this process and its one
event loop,
on 127.0.0.1 (ephemeral ports). Its seats are played by bot clients (``net.doors.botclient``) over
real sockets; each client drops now and then (closes its connection without a word to the
game), waits a moment and joins again with its seat's token. When a table's game is over it is
checked and a new game starts there, until the time is up.

The check, per finished game: the journal is replayed through the engine from the start, and
every state any client saw (its version and its own view) must come out of that replay the
same. A state a client saw is what the host acknowledged, so a version the journal cannot
reproduce, or reproduces differently, is an acknowledged action lost. It must be 0.

Printed at the end: games finished per table, acknowledged actions lost, client drops and
rejoins, and the host's RSS at the start and the end.

Run: .venv/bin/python bench/bench_soak.py [--minutes 10] [--tables 25] [--seed 1]

Games are short (SwaPo 5 rounds, Swoop and Mi Shi one hand), four easy bot clients a table,
each waiting 0.05 s before a move and dropping every 5 s on average; journals without fsync
(the order of journal and send is the same with it). The 100 bot clients run in this
process too, so the RSS is theirs and the host's together.

Figures, 2026-11-23, ``--minutes 2`` (2 cores shared with other work), two runs:

    games finished: 300 / 341, fewest at a table 8 / 8 (per table: SwaPo 15-20, Swoop 8-12,
                    Mi Shi 8-9)
    acknowledged actions lost: 0 / 0
    drops: 2061 / 2015, every one rejoined its seat with its token, 0 joins retried
    RSS: 27.2 MB before the tables, 34.6 / 33.9 MB 10 s in, 39.4 / 40.1 MB at the end
         (every 10 s: 27 34 35 36 36 37 37 38 38 39 39 39 40 40)

Figures, 2026-11-24, ``--minutes 10`` (the issue's length; an otherwise idle 2-core machine):

    games finished: 2214, fewest at a table 57 (SwaPo 127-141, Swoop 63-67, Mi Shi 60-68)
    acknowledged actions lost: 0
    drops: 9812, every one rejoined its seat with its token, 0 joins retried
    RSS: 26.6 MB before the tables, 35.5 MB 10 s in, 50.5 MB at the end, 50.8 MB at most
         (every 10 s it climbs to ~49 MB by minute 6, then stays at 49-51 MB: it levels off)

The early creep is not objects kept alive by the host: tracemalloc over a 6-table run shows
the Python heap smaller at the end than 20 s in (allocator pages and caches filling up).
The check finds losses: replaying journals cut by 3 actions reports them (34 in a short run).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import engine  # noqa: E402
from bench.aside import set_aside  # noqa: E402
from net.doors.botclient import play_seat  # noqa: E402
from net.doors.host import Host  # noqa: E402
from net.kept.journal import read_journal  # noqa: E402
from net.table.settings import HostLimits, TableSettings  # noqa: E402
from net.wire.client import Client, Staying  # noqa: E402
from net.wire.codec import encode  # noqa: E402

GAMES = tuple(engine.GAMES)  # every registered game
SHORT = {"swapo": {"rounds": 5}, "swoop": {"hands": 1}, "mishi": {"hands": 1}}
SEATS = 4
DROP_EVERY = 5.0
"""Mean seconds a client plays before it drops (exponential)."""
MOVE_DELAY = 0.05
"""Seconds a bot client waits before each move (a game takes seconds, not milliseconds)."""


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def digest(view: Any) -> bytes:
    """A view as the wire carries it (tuples and lists pack alike, so a replayed view and a
    received one compare)."""
    return hashlib.blake2b(encode({"v": view}), digest_size=12).digest()


@dataclass
class Seen:
    """What one game's clients saw: (version, seat) -> digest of the view."""

    states: dict[tuple[int, int], bytes] = field(default_factory=dict)
    conflicts: int = 0

    def saw(self, seat: int, message: dict[str, Any]) -> None:
        key, value = (message["version"], seat), digest(message["view"])
        if self.states.setdefault(key, value) != value:
            self.conflicts += 1


class Watched:
    """A client as ``play_seat`` uses it, noting every state it receives."""

    def __init__(self, client: Client, seen: Seen) -> None:
        self.client, self.seen = client, seen

    async def messages(self) -> Any:
        async for message in self.client.messages():
            if message["t"] == "state" and self.client.seat is not None:
                self.seen.saw(self.client.seat, message)
            yield message

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


@dataclass
class Tally:
    games: list[int]
    lost: int = 0
    drops: int = 0
    rejoins: int = 0
    failed_joins: int = 0


def lost_in(journal: Path, game_name: str, seen: Seen) -> int:
    """States the clients saw that the journal's replay does not give back (0 is right)."""
    data = read_journal(journal)
    head = data.header
    game = engine.new_game(game_name, head["seats"], head["options"], head["seed"])
    by_version: dict[int, list[tuple[int, bytes]]] = {}
    for (version, seat), value in seen.states.items():
        by_version.setdefault(version, []).append((seat, value))
    lost = seen.conflicts
    for version in range(len(data.actions) + 1):
        for seat, value in by_version.pop(version, []):
            lost += digest(game.view(seat)) != value
        if version < len(data.actions):
            seat, action = data.actions[version]
            game.apply(seat, action)
    lost += sum(len(states) for states in by_version.values())  # seen, never journalled
    return lost  # a game the journal does not finish left its last states unmatched above


async def player(port: int, name: str, seen: Seen, rng: random.Random, tally: Tally) -> None:
    """One seat to the end of the game, dropping and coming back with its token."""
    client = Client("127.0.0.1", port, name=name, staying=Staying(reconnect=False))
    await client.connect()
    seat, token = client.seat, client.token
    while True:
        playing = asyncio.ensure_future(
            play_seat(Watched(client, seen), kind="easy", delay=MOVE_DELAY)
        )  # type: ignore[arg-type]
        done, _ = await asyncio.wait({playing}, timeout=rng.expovariate(1 / DROP_EVERY))
        if done:
            await client.close()
            return
        playing.cancel()  # the player's machine drops off
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await playing
        await client.close()
        tally.drops += 1
        await asyncio.sleep(rng.uniform(0.2, 2.0))
        while True:
            client = Client(
                "127.0.0.1",
                port,
                name=name,
                seat=seat,
                token=token,
                staying=Staying(reconnect=False),
            )
            try:
                await client.connect()
                break
            except Exception:  # e.g. the host has not seen the old connection go yet
                tally.failed_joins += 1
                await asyncio.sleep(0.5)
        assert client.seat == seat
        tally.rejoins += 1


async def table(index: int, until: float, base: Path, rng: random.Random, tally: Tally) -> None:
    """Games at one table, one after another, until the time is up."""
    game_no = 0
    while time.monotonic() < until:
        game = GAMES[index % len(GAMES)]
        journal = base / f"t{index}-g{game_no}.journal"
        settings = TableSettings.new(
            game, seats=SEATS, options=SHORT[game], seed=rng.randrange(1 << 30), deal_tick=0
        )
        host = Host(settings, HostLimits(fsync=False, takeover_every=0.0), journal=journal)
        port = await host.start("127.0.0.1", 0)
        seen = Seen()
        players = [player(port, f"p{index}.{s}", seen, rng, tally) for s in range(SEATS)]
        try:
            await asyncio.gather(*players)
            await host.wait_over()
        finally:
            await host.close()
        tally.lost += lost_in(journal, game, seen)
        tally.games[index] += 1
        game_no += 1
        journal.unlink()


async def sample(rss: list[float]) -> None:
    """The process's RSS every 10 s (the first after 10 s: every table is playing)."""
    while True:
        await asyncio.sleep(10)
        rss.append(rss_mb())


async def soak(minutes: float, tables: int, seed: int) -> None:
    tally = Tally([0] * tables)
    rss = [rss_mb()]
    until = time.monotonic() + minutes * 60
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        sampler = asyncio.ensure_future(sample(rss))
        await asyncio.gather(
            *(
                table(i, until, Path(tmp), random.Random(seed * 1000 + i), tally)
                for i in range(tables)
            )
        )
        sampler.cancel()
    elapsed = time.perf_counter() - began
    print(
        f"soak: {tables} tables × {SEATS} bot clients, {elapsed / 60:.1f} min (asked {minutes:g})"
    )
    for i, games in enumerate(tally.games):
        print(f"  table {i:2d} ({GAMES[i % len(GAMES)]}): {games} games finished")
    print(f"games finished: {sum(tally.games)} (fewest at a table: {min(tally.games)})")
    print(f"acknowledged actions lost: {tally.lost}")
    print(
        f"drops: {tally.drops}, rejoins with the token: {tally.rejoins}, "
        f"joins retried: {tally.failed_joins}"
    )
    print(
        f"host RSS: {rss[0]:.1f} MB before the tables, {rss[1]:.1f} MB with them all playing "
        f"(10 s in), {rss_mb():.1f} MB at the end, {max(rss):.1f} MB at most"
    )
    print("host RSS every 10 s (MB):", " ".join(f"{mb:.0f}" for mb in rss))


def main() -> None:
    set_aside()  # the bench's records, journals and settings are not the user's
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(soak(args.minutes, args.tables, args.seed))


if __name__ == "__main__":
    main()
