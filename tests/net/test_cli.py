"""The network subcommands as a user runs them: host --headless, bot --join, list."""

from __future__ import annotations

import asyncio
import json

import pytest
from processes import cli_env, run_cli, start_host

import engine

# Zeroconf on loopback: tables advertised by one test must not appear in another's lobby.
pytestmark = pytest.mark.xdist_group("zeroconf")


@pytest.mark.skipif(engine.GAMES["swapo"] is engine.Game, reason="swapo has not landed")
async def test_headless_host_with_bot_commands_and_list(tmp_path):
    env = cli_env(tmp_path)
    host, port = await start_host(
        "swapo",
        "--headless",
        "--bind",
        "127.0.0.1",
        "--seats",
        "3",
        "--bots",
        "1",
        "--name",
        "CLI table",
        "--option",
        "rounds=1",
        "--option",
        "variant=ace",
        env=env,
    )
    try:
        code, out, _ = await run_cli("list", "--bind", "127.0.0.1", "--timeout", "1.5", env=env)
        assert code == 0
        assert f"CLI table\tswapo/ace\t1/3\t127.0.0.1:{port}" in out.splitlines()
        bots = await asyncio.gather(
            *(run_cli("bot", "--join", f"127.0.0.1:{port}", "--name", n, env=env) for n in "xy")
        )
        assert [code for code, _, _ in bots] == [0, 0]
        out, _ = await asyncio.wait_for(host.communicate(), 10)
        assert host.returncode == 0
        result = json.loads(out)
        assert set(result) >= {"scores", "winners"}
        journals = list((tmp_path / "kotatsu").glob("swapo-*.journal"))
        assert len(journals) == 1 and oct(journals[0].stat().st_mode & 0o777) == "0o600"
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()


async def test_bad_options_and_unreachable_tables_are_clear_errors(tmp_path):
    env = cli_env(tmp_path)
    code, _, err = await run_cli(
        "host", "swoop", "--headless", "--bind", "127.0.0.1", "--option", "nonsense=1", env=env
    )
    assert code == 2 and "unknown option 'nonsense'" in err
    code, _, err = await run_cli("bot", "--join", "127.0.0.1:1", env=env)
    assert code == 1 and "cannot reach 127.0.0.1:1" in err


def test_headless_host_takes_the_results_wait(tmp_path):
    """``kotatsu host --headless --results-wait S``: the host's bots wait at most S s for the
    people's results panels (0: never); without it, the default; headless bots do not pace."""
    from net.cli import _make_host
    from net.resultswait import RESULTS_WAIT
    from tui.cli import build_parser

    def made(*argv: str):
        args = build_parser().parse_args(["host", "swapo", "--headless", *argv])
        args.options = {}
        host, _journal = _make_host(args)
        host.journal.close()
        return host

    journal = ["--journal", str(tmp_path / "t.journal")]
    host = made(*journal, "--results-wait", "0")
    assert host.settings().results_wait == 0 and host.limits.bot_delay == 0
    host = made("--journal", str(tmp_path / "u.journal"))
    assert host.settings().results_wait == RESULTS_WAIT
