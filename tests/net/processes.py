"""Helpers for tests that run ``kotatsu`` as a separate process, as a user would."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cli_env(state_dir: Path) -> dict[str, str]:
    """The environment for a child: our sources importable, state kept in ``state_dir``."""
    return {**os.environ, "XDG_STATE_HOME": str(state_dir), "PYTHONPATH": str(ROOT)}


async def start_host(*args: str, env: dict) -> tuple[asyncio.subprocess.Process, int]:
    """``kotatsu host ARGS`` in a child process; returns it and its port, read from the one
    line the host prints on stderr when it listens."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tui.cli",
        "host",
        *args,
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    async with asyncio.timeout(60):  # only bounds a hang: 7 s on a busy machine
        while True:
            line = (await proc.stderr.readline()).decode()
            assert line, "the host exited before listening"
            if found := re.search(r" at [\d.]+:(\d+) ", line):
                return proc, int(found.group(1))


async def run_cli(*args: str, env: dict, timeout: float = 20) -> tuple[int, str, str]:
    """``kotatsu ARGS`` to the end: exit status, stdout, stderr."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tui.cli",
        *args,
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode, out.decode(), err.decode()
