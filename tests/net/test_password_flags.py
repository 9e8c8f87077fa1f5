"""Passwords off the command line: ``KOTATSU_PASSWORD``, ``--password-file FILE`` and a prompt
for ``--password`` alone, for ``host``, ``join``, ``bot`` and ``serve``; ``--password PW`` still
works and its help says it is visible. Real ``kotatsu`` processes on 127.0.0.1; no process
kotatsu starts itself carries the password in its argv."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

import pytest
from processes import ROOT, cli_env, run_cli, start_host

from net.doors.ssh import child_env, lobby_command
from tui.cli import build_parser
from tui.secret import ASK, PASSWORD_ENV, password_from

SECRET = "tangerine-owl-42"


def parsed(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


def test_each_way_gives_the_password(tmp_path):
    secret_file = tmp_path / "pw"
    secret_file.write_text(SECRET + "\nsecond line ignored\n")
    for command in (["host", "swapo"], ["join", "h:1"], ["bot", "--join", "h:1"], ["serve"]):
        env = {PASSWORD_ENV: SECRET, "OTHER": "x"}
        assert password_from(parsed(*command), env) == SECRET
        assert env == {"OTHER": "x"}  # taken out: nothing started from here inherits it
        assert password_from(parsed(*command), {}) is None
        args = parsed(*command, "--password-file", str(secret_file))
        assert password_from(args, {PASSWORD_ENV: "not this"}) == SECRET
        args = parsed(*command, "--password")
        assert args.password is ASK
        asked: list[str] = []

        def typed(prompt: str, asked: list[str] = asked) -> str:
            asked.append(prompt)
            return SECRET

        assert password_from(args, {}, ask=typed) == SECRET
        assert asked == ["Password: "]
        assert password_from(parsed(*command, "--password", "pw"), {PASSWORD_ENV: "x"}) == "pw"


def test_bad_ways_are_clear_errors(tmp_path):
    empty = tmp_path / "empty"
    empty.write_text("\n")
    cases = [
        (parsed("serve", "--password", "a", "--password-file", str(empty)), "not both"),
        (parsed("serve", "--password-file", str(empty)), "empty"),
        (parsed("serve", "--password-file", str(tmp_path / "none")), "cannot read"),
    ]
    for args, words in cases:
        with pytest.raises(ValueError, match=words):
            password_from(args, {})

    def interrupted(prompt: str) -> str:
        raise EOFError

    with pytest.raises(ValueError, match="no password typed"):
        password_from(parsed("join", "h:1", "--password"), {}, ask=interrupted)


def test_help_says_a_password_on_the_command_line_is_visible(capsys):
    for command in (["host", "swapo"], ["join", "h:1"], ["bot", "--join", "h:1"], ["serve"]):
        with pytest.raises(SystemExit):
            build_parser().parse_args([*command, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        assert "visible to every user of this machine (ps)" in out
        assert "KOTATSU_PASSWORD" in out and "--password-file" in out


def descendants(pid: int) -> list[int]:
    """``pid`` and every process under it (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rpartition(")")[2].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += children.get(current, [])
    return found


def argv_of(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc")
async def test_no_process_kotatsu_starts_shows_the_password(tmp_path):
    """A headless host given the password by the environment, its hard bot thinking in worker
    processes, and ``kotatsu bot`` given it by a file: the password is in no argv."""
    env = {**cli_env(tmp_path), PASSWORD_ENV: SECRET}
    host, port = await start_host(
        "swapo", "--headless", "--bind", "127.0.0.1", "--seats", "2", "--bots", "1",
        "--level", "hard", env=env,
    )  # fmt: skip
    secret_file = tmp_path / "pw"
    secret_file.write_text(SECRET + "\n")
    bot_env = {k: v for k, v in env.items() if k != PASSWORD_ENV}
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "bot", "--join", f"127.0.0.1:{port}",
        "--password-file", str(secret_file), cwd=ROOT, env=bot_env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    seen: dict[int, str] = {}
    try:
        async with asyncio.timeout(60):
            while not any(pid not in (host.pid, bot.pid) for pid in seen):  # a worker thought
                for pid in descendants(host.pid) + descendants(bot.pid):
                    seen[pid] = argv_of(pid) or seen.get(pid, "")
                assert bot.returncode is None, (await bot.stderr.read()).decode()
                await asyncio.sleep(0.05)
    finally:
        for proc in (bot, host):
            if proc.returncode is None:
                proc.terminate()
            await proc.wait()
    assert all("tui.cli" in seen[pid] for pid in (host.pid, bot.pid))
    assert len(seen) >= 3 and not [argv for argv in seen.values() if SECRET in argv]


async def test_a_typed_password_and_a_wrong_file_at_a_real_table(tmp_path):
    env = cli_env(tmp_path)
    env.pop(PASSWORD_ENV, None)
    host, port = await start_host(
        "swapo", "--headless", "--bind", "127.0.0.1", "--seats", "2", "--bots", "1",
        "--option", "rounds=1", "--password-file", str(_file(tmp_path, "right", SECRET)),
        env=env,
    )  # fmt: skip
    try:
        wrong = _file(tmp_path, "wrong", "guess")
        code, _, err = await run_cli(
            "bot", "--join", f"127.0.0.1:{port}", "--password-file", str(wrong), env=env
        )
        assert code == 1 and "password" in err
        typed = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui.cli", "bot", "--join", f"127.0.0.1:{port}", "--password",
            cwd=ROOT, env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, start_new_session=True,  # no terminal: stdin
        )  # fmt: skip
        _out, err = await asyncio.wait_for(typed.communicate(SECRET.encode() + b"\n"), 60)
        assert typed.returncode == 0, err.decode()
        await asyncio.wait_for(host.wait(), 20)
        assert host.returncode == 0
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()


def _file(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text + "\n")
    return path


def test_ssh_sessions_get_no_password(monkeypatch):
    """``kotatsu serve``'s sessions: neither their command line nor their environment holds
    the server's password, however it was given."""
    monkeypatch.setenv(PASSWORD_ENV, SECRET)
    assert SECRET not in " ".join(lobby_command(False) + lobby_command(True))
    assert PASSWORD_ENV not in child_env("xterm", "ann")
    assert SECRET not in "".join(child_env("xterm", "ann").values())
    assert os.environ[PASSWORD_ENV] == SECRET  # (only this test's own environment)


CHECK_ENVIRON = """
import argparse, subprocess, sys
sys.path.insert(0, sys.argv[1])
from tui.secret import password_from
secret = password_from(argparse.Namespace())
own = open("/proc/self/environ", "rb").read()
child = subprocess.run(["cat", "/proc/self/environ"], capture_output=True).stdout
print(secret == sys.argv[2], sys.argv[2].encode() in own, sys.argv[2].encode() in child)
"""


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_the_variable_leaves_the_process_environment_once_read():
    """Attack 3's note: KOTATSU_PASSWORD stayed readable in /proc/PID/environ (taken out of
    os.environ only): now its value is overwritten where the process was started with it."""
    import subprocess

    env = {**os.environ, PASSWORD_ENV: SECRET}
    out = subprocess.run(
        [sys.executable, "-c", CHECK_ENVIRON, str(ROOT), SECRET],
        env=env, capture_output=True, text=True, timeout=60, check=True,
    ).stdout  # fmt: skip
    assert out.split() == ["True", "False", "False"]
