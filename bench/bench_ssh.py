"""``kotatsu serve`` against the app in a local terminal, in the same run.

    .venv/bin/python bench/bench_ssh.py [--starts 5] [--keys 20] [--sessions 10]

Each figure is taken twice: over SSH (asyncssh's client to an in-process ``kotatsu serve`` on
127.0.0.1, so the child is the real lobby on the server's pty) and locally (the same lobby
command and environment on a pty of our own, no SSH in between).

1. Connect -> lobby painted: from opening the connection (or spawning the app) until the
   lobby's footer has arrived at the terminal, p50/p99.
2. Key -> screen change: in the lobby, from sending ``b`` until the "Play against bots" form has
   arrived at the terminal, p50/p99 (escape closes it between tries).
3. Memory per session with N sessions seated at tables (SwaPo against three bots each): the
   proportional set size (PSS) of every app process, plus for SSH the server's own growth,
   divided by N.
4. The door (net/doors/sshdoor.py), against a server with a password: wrong passwords one
   connection may try before it is closed; wrong passwords per second from one address over
   eight connections for ``--guess-seconds``; and connect -> lobby painted (password given)
   while ``--flood`` sockets from another address send only the SSH banner and hold on,
   with the server's log lines during it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import asyncssh  # noqa: E402

from bench.aside import set_aside  # noqa: E402
from net.doors.ssh import (  # noqa: E402
    ServeConfig,
    SSHGameServer,
    child_env,
    lobby_command,
    read_pty,
    set_winsize,
)
from net.doors.sshdoor import MAX_AUTH_TRIES  # noqa: E402

ANSI = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")
LOBBY = "play vs bots"
FORM = "Play against bots"
SIZE = (100, 30)


def seen(data: bytes, text: str) -> bool:
    return text in ANSI.sub(b"", data).decode("utf-8", "replace")


class Terminal:
    """One app on a terminal: ``send`` keys, ``until`` some text has arrived."""

    def __init__(self) -> None:
        self.buffer = b""
        self.arrived = asyncio.Event()
        self.pids: list[int] = []

    def feed(self, data: bytes) -> None:
        self.buffer += data
        self.arrived.set()

    async def until(self, text: str, timeout: float = 60.0) -> None:
        async with asyncio.timeout(timeout):
            while not seen(self.buffer, text):
                self.arrived.clear()
                await self.arrived.wait()

    async def quiet(self, gap: float = 0.3) -> None:
        """Wait until nothing has arrived for ``gap`` seconds, then forget what came."""
        while True:
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), gap)
            except TimeoutError:
                self.buffer = b""
                return

    def send(self, keys: bytes) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError


class LocalTerminal(Terminal):
    """The lobby on a pty of our own, with the environment ``kotatsu serve`` would give it."""

    async def open(self) -> None:
        self.master, slave = os.openpty()
        set_winsize(self.master, *SIZE)
        os.set_blocking(self.master, False)
        self.proc = await asyncio.create_subprocess_exec(
            *lobby_command(False),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=child_env("xterm-256color", "bench"),
            start_new_session=True,
        )
        os.close(slave)
        self.pids = [self.proc.pid]
        asyncio.get_running_loop().add_reader(self.master, self._read)

    def _read(self) -> None:
        data = read_pty(self.master)
        if data is None:
            return
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
        self.feed(data)

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    async def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        await self.proc.wait()
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)


class SshTerminal(Terminal):
    """The lobby over SSH, through asyncssh's client."""

    def __init__(self, server: SSHGameServer) -> None:
        super().__init__()
        self.server = server

    async def open(self) -> None:
        before = {s.proc.pid for s in self.server.sessions if s.proc is not None}
        self.conn = await asyncssh.connect(
            "127.0.0.1", self.server.port, username="bench", known_hosts=None
        )
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=SIZE, encoding=None
        )
        self.reader = asyncio.get_running_loop().create_task(self._read())
        while not (pids := {s.proc.pid for s in self.server.sessions if s.proc} - before):
            await asyncio.sleep(0.01)
        self.pids = list(pids)

    async def _read(self) -> None:
        while chunk := await self.proc.stdout.read(65536):
            self.feed(chunk)

    def send(self, keys: bytes) -> None:
        self.proc.stdin.write(keys)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reader


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def kib(pid: int, field: str = "Pss") -> int:
    """A process's PSS (or RSS) in KiB, 0 if it is gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    found = re.search(rf"^{field}:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) if found else 0


def tree(pid: int) -> list[int]:
    """``pid`` and every descendant (hosts and bots the app may have spawned)."""
    out = [pid]
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            children = (task / "children").read_text().split()
            for child in children:
                out.extend(tree(int(child)))
    return out


async def connect_times(make, count: int) -> list[float]:
    times = []
    for _ in range(count):
        term = make()
        start = time.perf_counter()
        await term.open()
        await term.until(LOBBY)
        times.append(time.perf_counter() - start)
        await term.close()
    return times


async def key_times(make, count: int) -> list[float]:
    term = make()
    await term.open()
    await term.until(LOBBY)
    await term.quiet()
    times = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            term.send(b"b")
            await term.until(FORM)
            times.append(time.perf_counter() - start)
            await term.quiet()
            term.send(b"\x1b")
            await term.until(LOBBY)
            await term.quiet()
    finally:
        await term.close()
    return times


async def memory(make, sessions: int) -> float:
    """KiB per session with ``sessions`` apps seated at SwaPo tables."""
    base = kib(os.getpid())
    terms = []
    try:
        for _ in range(sessions):
            term = make()
            await term.open()
            terms.append(term)
        for term in terms:
            await term.until(LOBBY)
            term.send(b"b")
            await term.until(FORM)
            term.send(b"\t\r")
            await term.until("You (bench)")
        await asyncio.sleep(1.0)
        apps = sum(kib(pid) for term in terms for root in term.pids for pid in tree(root))
        server = max(0, kib(os.getpid()) - base) if isinstance(terms[0], SshTerminal) else 0
        return (apps + server) / sessions
    finally:
        for term in terms:
            await term.close()


def line(label: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"  {label:<28} p50 {percentile(ms, 0.5):7.1f} ms   p99 {percentile(ms, 0.99):7.1f} ms"
        f"   mean {statistics.mean(ms):7.1f} ms  (n={len(ms)})"
    )


async def run(starts: int, keys: int, sessions: int) -> None:
    with tempfile.TemporaryDirectory() as state:
        server = SSHGameServer(
            ServeConfig(
                bind="127.0.0.1",
                port=0,
                host_key=Path(state) / "key",
                max_sessions=sessions + 2,
            )
        )
        await server.start()
        try:
            for name, make in (
                ("local pty", LocalTerminal),
                ("over SSH", lambda: SshTerminal(server)),
            ):
                print(f"{name}:")
                print(line("connect -> lobby painted", await connect_times(make, starts)))
                print(line("key -> screen change", await key_times(make, keys)))
                per = await memory(make, sessions)
                print(
                    f"  memory per session (PSS)     {per / 1024:7.1f} MiB  ({sessions} at tables)"
                )
        finally:
            await server.close()


class Guesser(asyncssh.SSHClient):
    """One wrong password after another on one connection."""

    def __init__(self, tries: list[int]) -> None:
        self.tries = tries

    def password_auth_requested(self) -> str:
        self.tries[0] += 1
        return f"wrong{self.tries[0]}"


async def guesses_on_one(port: int, tries: list[int]) -> None:
    with contextlib.suppress(asyncssh.Error, OSError):
        async with asyncssh.connect(
            "127.0.0.1",
            port,
            username="eve",
            known_hosts=None,
            client_factory=lambda: Guesser(tries),
            local_addr=("127.0.0.3", 0),
            preferred_auth="password",
        ):
            pass


async def door(seconds: float, flood: int) -> None:
    """Section 4: the door of a server with a password."""
    with tempfile.TemporaryDirectory() as state:
        said: list[str] = []
        server = SSHGameServer(
            ServeConfig(bind="127.0.0.1", port=0, host_key=Path(state) / "key", password="pw")
        )
        server.quiet.say = said.append
        await server.start()
        try:
            one = [0]
            await guesses_on_one(server.port, one)
            print(
                f"  wrong passwords on one connection before it closes: {one[0]}"
                f" (limit {MAX_AUTH_TRIES})"
            )
            many = [0]
            tasks = [asyncio.create_task(_guess_forever(server.port, many)) for _ in range(8)]
            await asyncio.sleep(seconds)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            print(
                f"  wrong passwords/s from one address, 8 connections: "
                f"{many[0] / seconds:.2f} ({many[0]} in {seconds:.0f} s)"
            )
            said.clear()
            refused = server.acceptor.refused if server.acceptor else 0
            held = []
            for _ in range(flood):
                with contextlib.suppress(OSError):
                    _r, writer = await asyncio.open_connection(
                        "127.0.0.1", server.port, local_addr=("127.0.0.2", 0)
                    )
                    writer.write(b"SSH-2.0-flood\r\n")
                    held.append(writer)
            await asyncio.sleep(0.5)
            times = []
            for _ in range(3):
                term = PasswordTerminal(server)
                start = time.perf_counter()
                await term.open()
                await term.until(LOBBY)
                times.append(time.perf_counter() - start)
                await term.close()
            print(line(f"login during {len(held)}-socket flood", times))
            refused = (server.acceptor.refused if server.acceptor else 0) - refused
            print(
                f"  flood sockets refused at once: {refused}; "
                f"server log lines during it: {len(said)}"
            )
            for writer in held:
                writer.close()
        finally:
            await server.close()


async def _guess_forever(port: int, count: list[int]) -> None:
    while True:
        await guesses_on_one(port, count)


class PasswordTerminal(SshTerminal):
    async def open(self) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1", self.server.port, username="bench", password="pw", known_hosts=None
        )
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=SIZE, encoding=None
        )
        self.reader = asyncio.get_running_loop().create_task(self._read())


def main() -> None:
    set_aside()  # the bench's records, journals and settings are not the user's
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--guess-seconds", type=float, default=20.0)
    parser.add_argument("--flood", type=int, default=1100)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # the flood's own sockets
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.flood + 512)), hard))
    print(f"bench_ssh: {os.cpu_count()} cores, {SIZE[0]}x{SIZE[1]} terminals")
    asyncio.run(run(args.starts, args.keys, args.sessions))
    print("the door:")
    asyncio.run(door(args.guess_seconds, args.flood))


if __name__ == "__main__":
    main()
