"""People at a table, with real processes on 127.0.0.1: a player who crashes comes back with
``kotatsu join`` to the same seat; the host lets a bot play for an away player, who takes the
seat back; a host that quits tells its clients."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import signal
import struct
import sys
import termios
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from processes import ROOT, cli_env, run_cli, start_host

from net.doors.botclient import play_seat
from net.doors.host import Host
from net.table.decisions import Cover
from net.table.settings import HostLimits, TableSettings
from net.wire.client import Client, Staying
from net.wire.reasons import notice_sentence

pytestmark = pytest.mark.xdist_group("zeroconf")  # the headless host advertises itself


class Tui:
    """``kotatsu ARGS`` (the app) on its own pseudo-terminal, its output drained."""

    def __init__(self, proc: asyncio.subprocess.Process, master: int) -> None:
        self.proc, self.master = proc, master
        self.output = bytearray()
        asyncio.get_running_loop().add_reader(master, self._read)

    def _read(self) -> None:
        try:
            self.output += os.read(self.master, 65536)
        except OSError:
            asyncio.get_running_loop().remove_reader(self.master)

    async def press(self, key: bytes) -> None:
        """Type ``key``, then wait until the app has drawn something (at most 0.2 s: a key
        may draw nothing), as a person types the next key once the screen answered."""
        loop = asyncio.get_running_loop()
        drawn, deadline = len(self.output), loop.time() + 0.2
        os.write(self.master, key)
        while len(self.output) == drawn and loop.time() < deadline:
            await asyncio.sleep(0.01)

    async def kill(self) -> None:
        if self.proc.returncode is None:
            os.killpg(self.proc.pid, signal.SIGKILL)  # a crash: nothing is said to anyone
            await self.proc.wait()
        if self.master >= 0:
            asyncio.get_running_loop().remove_reader(self.master)
            os.close(self.master)
            self.master = -1


async def tui(*args: str, env: dict[str, str]) -> Tui:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    os.set_blocking(master, False)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tui.cli",
        *args,
        cwd=ROOT,
        env={**env, "TERM": "xterm-256color"},
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    return Tui(proc, master)


class Watcher:
    """A spectator in the test: the lobby and chat lines everyone sees."""

    def __init__(self, port: int) -> None:
        self.client = Client("127.0.0.1", port, name="watcher", spectator=True)
        self.players: list[dict[str, Any]] = []
        self.version = -1
        self.notices: list[str] = []
        self._changed = asyncio.Event()

    async def __aenter__(self) -> Watcher:
        await self.client.connect()
        self._task = asyncio.get_running_loop().create_task(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._task.cancel()
        await self.client.close()

    async def _read(self) -> None:
        async for message in self.client.messages():
            if message["t"] == "lobby":
                self.players = message["players"]
            elif message["t"] == "state":
                self.version = message["version"]
            elif message["t"] == "notice":
                self.notices.append(notice_sentence(message["code"], message["params"]))
            self._changed.set()

    async def until(self, check: Callable[[], bool], timeout: float = 30) -> None:
        async with asyncio.timeout(timeout):
            while not check():
                self._changed.clear()
                await self._changed.wait()


def env_for(tmp_path: Path) -> dict[str, str]:
    return {**cli_env(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}


async def kept_token(state: Path) -> Path:
    """The one seat file the player's process keeps (once it has written its token)."""
    async with asyncio.timeout(10):
        while True:
            seats = state / "kotatsu" / "seats"
            kept = [p for p in seats.iterdir() if p.stat().st_size] if seats.exists() else []
            if kept:
                (path,) = kept
                return path
            await asyncio.sleep(0.05)


def seat0(watcher: Watcher) -> dict[str, Any]:
    return watcher.players[0] if watcher.players else {}


async def test_a_player_who_crashes_comes_back_to_the_same_seat_with_kotatsu_join(tmp_path):
    env = env_for(tmp_path)
    host, port = await start_host(
        "swapo", "--headless", "--bind", "127.0.0.1", "--seats", "2", "--bots", "1", env=env
    )
    try:
        async with Watcher(port) as watcher:
            ann = await tui("join", f"127.0.0.1:{port}", "--name", "Ann", env=env)
            await watcher.until(lambda: seat0(watcher).get("connected") is True)
            await watcher.until(lambda: watcher.version >= 0)
            assert seat0(watcher)["name"] == "Ann"
            await kept_token(tmp_path)
            await ann.kill()  # mid-hand, without a word
            await watcher.until(lambda: "away" in seat0(watcher))
            assert seat0(watcher)["away"]["bot"] is False
            await watcher.until(
                lambda: "Ann left the table; their seat waits for them" in watcher.notices
            )
            kept = await kept_token(tmp_path)
            assert oct(kept.stat().st_mode & 0o777) == "0o600" and len(kept.read_text()) == 32
            version = watcher.version
            back = await tui("join", f"127.0.0.1:{port}", "--name", "Ann", env=env)
            try:
                await watcher.until(lambda: seat0(watcher).get("connected") is True)
                assert "away" not in seat0(watcher) and seat0(watcher)["name"] == "Ann"
                assert [p["name"] for p in watcher.players] == ["Ann", "Bot 2"]
                await watcher.until(lambda: "Ann is back" in watcher.notices)
                assert watcher.version >= version
            finally:
                await back.kill()
    finally:
        host.kill()
        await host.wait()


async def test_the_host_lets_a_bot_play_for_an_away_player_who_takes_the_seat_back(tmp_path):
    env = env_for(tmp_path)
    host = Host(
        TableSettings.new("swapo", seats=2, bots=1, seed=3), HostLimits(bot_delay=0.3, fsync=False)
    )
    port = await host.start("127.0.0.1", 0)
    try:
        async with Watcher(port) as watcher:
            ann = await tui("join", f"127.0.0.1:{port}", "--name", "Ann", env=env)
            await watcher.until(lambda: seat0(watcher).get("connected") is True)
            await kept_token(tmp_path)
            await ann.kill()
            await watcher.until(lambda: "away" in seat0(watcher))
            with pytest.raises(ValueError):
                host.decide(Cover(1))  # a bot's seat has no player to stand in for
            host.decide(Cover(0))
            await watcher.until(lambda: seat0(watcher).get("away", {}).get("bot") is True)
            version = watcher.version
            await watcher.until(lambda: watcher.version > version)  # the bot plays Ann's seat
            back = await tui("join", f"127.0.0.1:{port}", "--name", "Ann", env=env)
            try:
                await watcher.until(lambda: seat0(watcher).get("connected") is True)
                assert "away" not in seat0(watcher)
                assert not host.table.rules.seating[0].covered and not host.table.bot_plays(0)
            finally:
                await back.kill()
    finally:
        await host.close()


async def test_when_the_absent_bot_timer_covers_a_seat_everyone_sees_it_at_once():
    host = Host(
        TableSettings.new("swapo", seats=2, bots=1, seed=3),
        HostLimits(absent_bot_after=0.3, fsync=False),
    )
    port = await host.start("127.0.0.1", 0)
    try:
        async with Watcher(port) as watcher:
            ann = Client("127.0.0.1", port, name="Ann")
            await ann.connect()
            await watcher.until(lambda: watcher.version >= 0)
            await ann.close()  # Ann leaves mid-game; 0.3 s later a bot plays for her
            # (her leaving alone is told after net.table.away.LEFT_GRACE: the cover tells it first)
            await watcher.until(
                lambda: seat0(watcher).get("away", {}).get("bot") is True, timeout=3
            )
            assert "a bot plays for Ann until they come back" in watcher.notices
            assert host.table.rules.seating[0].covered and host.table.bot_plays(0)
    finally:
        await host.close()


async def test_a_host_that_quits_tells_its_clients(tmp_path):
    env = env_for(tmp_path)
    host, port = await start_host(
        "swoop", "--headless", "--bind", "127.0.0.1", "--seats", "3", env=env
    )
    try:
        bots = [
            asyncio.ensure_future(run_cli("bot", "--join", f"127.0.0.1:{port}", env=env))
            for _ in range(2)
        ]
        async with Watcher(port) as watcher:
            await watcher.until(lambda: sum(bool(p["name"]) for p in watcher.players) == 2)
        host.send_signal(signal.SIGINT)
        for code, _, err in await asyncio.gather(*bots):
            assert code == 1 and "kotatsu: the host closed the table" in err
        assert await asyncio.wait_for(host.wait(), 10) == 130
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()


def free_port() -> int:
    """A port free now, and one no other socket on this machine is handed while no host
    holds it (before the host binds it, and between the killed host and the resumed one):
    below the kernel's ephemeral range, where bind() to port 0 and connect() take theirs, as
    the other test workers' hosts and clients do all the time."""
    import random
    import socket

    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    while True:
        port = random.randrange(low // 2, low)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


class Recorder:
    """Bo, in this process: a bot playing its seat through a real ``Client`` (which reconnects
    by itself with its token), keeping every state it saw, to compare its hand before and
    after the host's crash. Its moves are dropped until ``go`` (thought of, never sent)."""

    def __init__(self, port: int) -> None:
        self.client = Client("127.0.0.1", port, name="Bo", staying=Staying(give_up_after=60.0))
        self.states: list[dict[str, Any]] = []
        self.acted: list[dict[str, Any]] = []
        self.restored, self.go = -1, False

    async def messages(self) -> Any:
        async for message in self.client.messages():
            if message["t"] == "state":
                self.states.append(message)
            elif message["t"] == "connection" and message["status"] == "restored":
                self.restored = len(self.states)  # the next state is the first after
            yield message

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        if self.go:
            await self.client.act(action, version)
            self.acted.append(action)

    def __getattr__(self, name: str) -> Any:  # seat, table, version: the client's
        return getattr(self.client, name)

    def hand(self) -> list[str]:
        return list(self.states[-1]["view"]["hand"])


async def until(check: Callable[[], bool], timeout: float = 30) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.05)


async def listening(port: int, timeout: float = 30) -> None:
    async with asyncio.timeout(timeout):
        while True:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                await asyncio.sleep(0.2)
                continue
            writer.close()
            return


async def test_a_killed_host_is_resumed_with_its_screen_and_everyone_plays_on(tmp_path):
    env = env_for(tmp_path)
    (tmp_path / "config" / "kotatsu").mkdir(parents=True)
    (tmp_path / "config" / "kotatsu" / "config.toml").write_text('name = "Hana"\n')
    port, journal = free_port(), tmp_path / "friday.journal"
    common = ("--bind", "127.0.0.1", "--port", str(port))
    host = await tui(
        "host", "swapo", *common, "--seats", "2", "--seed", "1", "--name", "friday",
        "--journal", str(journal), env=env,
    )  # fmt: skip
    resumed = None
    bo, playing = Recorder(port), None
    try:
        await until(lambda: journal.exists() and b"Hana" in journal.read_bytes())
        await bo.client.connect()
        assert bo.client.seat == 1
        playing = asyncio.ensure_future(play_seat(bo, kind="normal", seed=1))  # type: ignore[arg-type]
        # seed 1: Bo deals, and the host dies while Bo thinks what to ask Hana for
        await until(lambda: bool(bo.states) and bo.states[-1]["view"]["pending"] == [1])
        before, bo.go = bo.hand(), True
        await host.kill()  # the host's machine dies mid-game, without a word
        resumed = await tui("host", "swapo", "--resume", str(journal), *common, env=env)
        await listening(port)
        await until(lambda: 0 <= bo.restored < len(bo.states))  # Bo's client is back by itself
        after = bo.states[bo.restored]
        assert after["version"] == 0 and after["view"]["pending"] == [1]
        assert after["view"]["hand"] == before  # the same cards, not only the same seat
        async with Watcher(port) as watcher:
            await watcher.until(
                lambda: (
                    [(p["name"], p["connected"]) for p in watcher.players]
                    == [("Hana", True), ("Bo", True)]
                )
            )
            await watcher.until(lambda: watcher.version == 1)  # Bo played on: asked Hana
            (asked,) = bo.acted
            assert asked["type"] == "swap" and asked["target"] == 0
            await until(lambda: b"pick the" in bytes(resumed.output))  # Hana's screen asks her
            for key in [b" ", b"\x1b[C"] * len(asked["cards"]) + [b"\r"]:  # pick, give
                await resumed.press(key)
            await watcher.until(lambda: watcher.version == 2)  # Hana played on
            assert not playing.done()
    finally:
        if playing is not None:
            playing.cancel()
        await bo.client.close()
        for proc in (host, resumed):
            if proc is not None:
                await proc.kill()


async def test_a_hung_up_terminal_leaves_as_q_would_and_the_game_is_kept(tmp_path):
    """The terminal window closed or the SSH link cut (SIGHUP), or SIGTERM: the app leaves
    as ``q`` would, so the host's game is kept as an unfinished record, not lost."""
    for signum in (signal.SIGHUP, signal.SIGTERM):
        data = tmp_path / f"data-{signum}"
        env = {**env_for(tmp_path), "XDG_DATA_HOME": str(data)}
        cy = await tui("--name", "Cy", "play", "swoop", "--seed", "2", env=env)
        try:
            async with asyncio.timeout(30):
                while b"pick" not in cy.output:  # seated: the table's keys are shown
                    await asyncio.sleep(0.05)
                # a game nobody acted in is not kept (history keeps no clutter): Cy plays a card
                await cy.press(b" ")
                await cy.press(b"\r")
                while b"You played" not in cy.output:
                    await asyncio.sleep(0.05)
            os.killpg(cy.proc.pid, signum)
            async with asyncio.timeout(30):
                await cy.proc.wait()
        finally:
            await cy.kill()
        listed = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui.cli", "history", "--json",
            cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, _ = await listed.communicate()
        (game,) = json.loads(out)
        assert game["game"] == "swoop" and game["finished"] is False, game
        assert "Cy" in game["players"]
