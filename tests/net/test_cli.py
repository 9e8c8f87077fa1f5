"""The network subcommands as a user runs them: host --headless, bot --join, list."""

from __future__ import annotations

import asyncio
import json

import pytest
from lan_wait import until_found
from processes import cli_env, run_cli, start_host

import engine

# Zeroconf on loopback: tables advertised by one test must not appear in another's lobby.
pytestmark = pytest.mark.xdist_group("zeroconf")

LIST = ("list", "--bind", "127.0.0.1", "--timeout", "1.5")


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
        "--json",
        env=env,
    )
    try:
        # One browse window may close before a busy machine answers: list until it is there.
        # Ours is told by its port (other runs on this machine may advertise a "CLI table").
        address = f"127.0.0.1:{port}"

        def ours(listed) -> list[str]:
            return [line for line in listed[1].splitlines() if line.endswith(address)]

        def ours_in_json(listed) -> list[dict]:
            return [t for t in json.loads(listed[1] or "[]") if t["address"] == address]

        # the two lists browse at once (each a browse window of its own, 1.5 s)
        (code, out, _), listed_json = await asyncio.gather(
            until_found(lambda: run_cli(*LIST, env=env), ours),
            until_found(lambda: run_cli(*LIST, "--json", env=env), ours_in_json),
        )
        assert code == 0
        head, (line,) = out.splitlines()[0], ours((code, out))
        assert head.split() == ["table", "game", "seats", "address"]
        assert line.split() == ["CLI", "table", "swapo/ace", "1/3", address]
        columns = [head.index(word) for word in ("game", "seats", "address")]
        assert columns == [line.index(cell) for cell in ("swapo/ace", "1/3", address)]

        found = ours_in_json(listed_json)
        assert found == [
            {"name": "CLI table", "game": "swapo/ace", "seats": "1/3",
             "address": address, "password": False}
        ]  # fmt: skip
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


async def test_the_readme_headless_example_says_whom_it_waits_for_and_ends(tmp_path):
    """`kotatsu host swapo --headless --bots 3 --seats 4` says how to fill the free seat; once
    a player joins, the game runs to its end and the result is a small table for people."""
    env = cli_env(tmp_path)
    host, port = await start_host(
        "swapo", "--headless", "--bind", "127.0.0.1", "--bots", "3", "--seats", "4",
        "--option", "rounds=1", env=env,
    )  # fmt: skip
    try:
        line = (await asyncio.wait_for(host.stderr.readline(), 10)).decode()
        assert f"waiting for 1 more player: kotatsu join 127.0.0.1:{port}" in line
        code, _, _ = await run_cli("bot", "--join", f"127.0.0.1:{port}", "--name", "Ann", env=env)
        out, err = await asyncio.wait_for(host.communicate(), 10)
        assert code == 0 and host.returncode == 0
        assert "Ann sat down in seat 1" in err.decode()
        lines = out.decode().splitlines()
        assert lines[0].split() == ["player", "score"] and len(lines) == 5
        assert lines[1].split()[0] == "Ann" and any(ln.endswith("winner") for ln in lines)
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()


async def test_a_headless_table_of_bots_ends_by_itself(tmp_path):
    code, out, _ = await run_cli(
        "host", "swapo", "--headless", "--bind", "127.0.0.1", "--bots", "4",
        "--option", "rounds=1", "--json", env=cli_env(tmp_path),
    )  # fmt: skip
    assert code == 0 and set(json.loads(out)) >= {"scores", "winners"}


async def test_bad_options_and_unreachable_tables_are_clear_errors(tmp_path):
    env = cli_env(tmp_path)
    code, _, err = await run_cli(
        "host", "swoop", "--headless", "--bind", "127.0.0.1", "--option", "nonsense=1", env=env
    )
    assert code == 2 and "unknown option 'nonsense'" in err
    code, _, err = await run_cli("bot", "--join", "127.0.0.1:1", env=env)
    assert code == 1 and "cannot reach 127.0.0.1:1" in err


def test_headless_host_takes_the_results_wait():
    """``kotatsu host --headless --results-wait S``: the host's bots wait at most S s for the
    people's results panels (0: never); without it, the default; headless bots do not pace."""
    from net.doors.opening import plan_of
    from net.table.resultswait import RESULTS_WAIT
    from tui.cli import build_parser

    def made(*argv: str):
        args = build_parser().parse_args(["host", "swapo", "--headless", *argv])
        return plan_of(args)

    plan = made("--results-wait", "0")
    assert plan.settings is not None and plan.settings.results_wait == 0
    assert plan.limits.bot_delay == 0
    plan = made()
    assert plan.settings is not None and plan.settings.results_wait == RESULTS_WAIT


def test_a_bot_covers_an_absent_player_by_default_and_absent_bot_0_means_never():
    """Issue 41 §3: a table whose player left does not stall for everyone: ``kotatsu host``
    lets a bot play the seat after ``ABSENT_BOT`` s unless told otherwise (``--absent-bot S``;
    0: never)."""
    from net.doors.opening import plan_of
    from net.table.settings import ABSENT_BOT
    from tui.cli import build_parser

    def made(*argv: str):
        args = build_parser().parse_args(["host", "swoop", "--headless", *argv])
        return plan_of(args).limits.absent_bot_after

    assert ABSENT_BOT == 30
    assert made() == ABSENT_BOT
    assert made("--absent-bot", "5") == 5
    assert made("--absent-bot", "0") is None
