"""The command line: option values, addresses, and `kotatsu rules`."""

from __future__ import annotations

import argparse

import pytest

import engine
from tui import cli
from tui.rules import rules_text
from tui.table_settings import resume_kept


def test_option_values_take_the_natural_type():
    assert cli.parse_options(["rounds=3", "memory_only=false", "first_dealer=none"]) == {
        "rounds": 3,
        "memory_only": False,
        "first_dealer": None,
    }
    assert cli.parse_options(["variant=ace,dagger"]) == {"variant": "ace,dagger"}
    assert cli.parse_options(None) == {}


def test_a_malformed_option_is_refused_with_its_text():
    with pytest.raises(SystemExit, match="KEY=VALUE"):
        cli.parse_options(["variant"])


def test_addresses():
    assert cli.address("192.168.1.20:7717") == ("192.168.1.20", 7717)
    assert cli.address("[::1]:7717") == ("::1", 7717)
    for bad in ("7717", "host:", ":7717", "host:port"):
        with pytest.raises(argparse.ArgumentTypeError):
            cli.address(bad)


def test_options_reach_every_command():
    args = cli.build_parser().parse_args(["play", "swapo", "--option", "variant=ace"])
    assert args.option == ["variant=ace"]
    args = cli.build_parser().parse_args(["list"])
    assert not hasattr(args, "option")


def test_a_line_that_begins_with_a_command_is_read_by_its_parser_alone(capsys):
    """``build_parser(COMMAND)`` makes only that subcommand's parser (a start spares the
    others): a line that begins with it reads the same, and its help says the same."""
    whole = cli.build_parser()
    listed = next(a for a in whole._actions if isinstance(a, argparse._SubParsersAction))
    assert tuple(listed.choices) == cli.COMMANDS
    lines = {
        "play": ["swapo", "--seed", "3", "--lang", "ja", "--four-colour"],
        "join": ["h:1", "--spectate"],
        "host": ["mishi", "--bots", "2", "--ascii"],
        "bot": ["--join", "h:1"],
        "list": ["--json"],
        "rules": ["swoop"],
        "serve": [],
        "web": ["--port", "9"],
        "sim": [list(engine.GAMES)[-1], "--games", "3"],  # the newest game
        "history": [],
        "replay": ["last"],
        "export": ["x", "-o", "f"],
        "stats": ["--game", "swapo"],
    }
    assert set(lines) == set(cli.COMMANDS)
    for command, rest in lines.items():
        alone = cli.build_parser(command)
        assert vars(alone.parse_args([command, *rest])) == vars(whole.parse_args([command, *rest]))
        helps = []
        for parser in (alone, whole):
            with pytest.raises(SystemExit):
                parser.parse_args([command, "--help"])
            helps.append(capsys.readouterr().out)
        assert helps[0] == helps[1] and f"kotatsu {command}" in helps[0]


def opened_with(command: str, *argv: str) -> dict:
    """What ``kotatsu COMMAND ARGV`` (at a screen) opens: its settings, and its bots' delay."""
    from net.doors.opening import plan_of

    args = cli.build_parser().parse_args([command, "swapo", *argv])
    args.options = {}
    plan = plan_of(args, "Eli")
    assert plan.settings is not None
    return {**plan.settings.header(), "bot_delay": plan.limits.bot_delay}


def hosted_with(*argv: str) -> dict:
    return opened_with("host", *argv)


def test_host_paces_its_bots_and_waits_for_the_results():
    """At a screen the host's bots move as at ``play``, and wait for the results panels;
    both can be set (``--bot-delay``, ``--results-wait``; 0: no wait)."""
    from net.table.resultswait import RESULTS_WAIT
    from net.table.settings import BOT_DELAY

    asked = hosted_with()
    assert (asked["bot_delay"], asked["results_wait"]) == (BOT_DELAY, RESULTS_WAIT)
    asked = hosted_with("--bot-delay", "0", "--results-wait", "0")
    assert (asked["bot_delay"], asked["results_wait"]) == (0.0, 0.0)
    asked = hosted_with("--results-wait", "12.5")
    assert asked["results_wait"] == 12.5


def test_play_paces_its_bots_as_asked():
    """``kotatsu play`` moves its bots every 0.4 s, as a person can follow; ``--bot-delay``
    sets it (0: at once), as at ``host``."""
    from net.table.settings import BOT_DELAY

    assert opened_with("play")["bot_delay"] == BOT_DELAY
    assert opened_with("play", "--bot-delay", "0")["bot_delay"] == 0.0
    assert opened_with("play", "--bot-delay", "1.5")["bot_delay"] == 1.5


@pytest.mark.parametrize("bad", ["-1", "soon", "inf", "nan"])
@pytest.mark.parametrize(
    "command", [["host", "swapo", "--results-wait"], ["host", "swapo", "--bot-delay"],
                ["play", "swapo", "--bot-delay"]],
)  # fmt: skip
def test_a_wait_that_is_not_seconds_is_refused(command, bad, capsys):
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args([*command, bad])
    assert "not a number of seconds" in capsys.readouterr().err


@pytest.mark.parametrize("game", cli.GAME_NAMES)
def test_rules_are_shipped_and_printed(game, capsys):
    text = rules_text(game)
    assert text.startswith("#") and len(text) > 1500
    assert cli.main(["rules", game]) == 0
    assert len(capsys.readouterr().out.splitlines()) > 30


def test_ascii_rules_have_no_suit_glyphs(capsys):
    assert cli.main(["--ascii", "rules", "mishi"]) == 0
    out = capsys.readouterr().out
    assert not any(glyph in out for glyph in "♠♥♦♣")


def every_argument(parser, path=()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from every_argument(sub, (*path, name))
        else:
            yield path, action


def test_every_argument_of_every_command_has_help_and_no_old_level_names():
    for path, action in every_argument(cli.build_parser()):
        assert action.help, (path, action.option_strings or action.dest)
        assert "smart" not in (action.choices or ()), path


@pytest.mark.parametrize("game", cli.GAME_NAMES)
def test_rules_and_help_list_every_option_with_values_and_default(game, capsys):
    import engine

    assert cli.main(["rules", game]) == 0
    rules = capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["host", "--help"])
    helped = capsys.readouterr().out
    for key in engine.GAMES[game].OPTIONS:
        for out in (rules, helped):
            assert f"{key}=" in out, key
    assert "default: joker_draw" in helped and "variant=dagger,asterisk,ace" in helped
    assert "throw_penalty=0|10" in helped


def test_version(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert capsys.readouterr().out.startswith("kotatsu ")


def test_the_turn_clock_and_bank_reach_the_table():
    asked = hosted_with()
    assert (asked["clock"], asked["bank"], asked["hints"]) == (None, 0.0, False)
    asked = hosted_with("--clock", "30", "--bank", "90", "--hints")
    assert (asked["clock"], asked["bank"], asked["hints"]) == (30.0, 90.0, True)
    played = opened_with("play", "--clock", "45")
    assert (played["clock"], played["bank"], played["hints"]) == (45.0, 0.0, True)
    assert opened_with("play", "--no-hints")["hints"] is False  # on at play: --no-
    with pytest.raises(SystemExit):  # a LAN table's hints are off unless asked for
        cli.build_parser().parse_args(["host", "swoop", "--no-hints"])


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--clock", "2"], "clock: seconds per decision must be from 5 to 3600"),
        (["--clock", "4000"], "clock: seconds per decision must be from 5 to 3600"),
        (["--clock", "soon"], "clock: seconds per decision must be from 5 to 3600"),
        (["--clock", "30", "--bank", "-5"], "bank: seconds must be from 0 to 3600"),
        (["--clock", "30", "--bank", "nan"], "bank: seconds must be from 0 to 3600"),
    ],
)
def test_bad_clock_and_bank_values_are_refused_with_their_range(argv, said, capsys):
    for command in ("host", "play"):
        with pytest.raises(SystemExit) as exited:
            cli.main([command, "swoop", *argv])
        assert exited.value.code == 2
        err = capsys.readouterr().err
        assert said in err and f"argument {argv[-2]}" in err


def test_a_bank_without_a_clock_is_refused(capsys):
    assert cli.main(["host", "swoop", "--headless", "--bank", "60"]) == 2
    assert "--bank needs --clock" in capsys.readouterr().err


@pytest.mark.parametrize("game", cli.GAME_NAMES)
def test_rules_list_the_table_settings_with_flags_and_defaults(game, capsys):
    from tui.table_settings import SETTINGS

    assert cli.main(["rules", game]) == 0
    out = capsys.readouterr().out
    assert "Table settings" in out
    for setting in SETTINGS:
        assert setting.flag in out, setting.key
    assert "--clock S" in out and "--bank S" in out and "default: off" in out
    assert "kotatsu play: on" in out  # hints: off at LAN tables, on against bots
    assert "--hints, --no-hints" in out


@pytest.mark.parametrize(
    "flags",
    [["--clock", "30"], ["--bank", "60"], ["--takebacks", "ask"], ["--hints"], ["--seats", "3"],
     ["--bots", "1"], ["--seed", "7"], ["--name", "den"], ["--option", "variant=dagger"]],
)  # fmt: skip
def test_a_flag_that_sets_the_table_is_refused_with_resume_not_dropped(flags, tmp_path, capsys):
    journal = tmp_path / "table.journal"
    journal.write_bytes(b"")  # never read: the refusal comes first
    assert cli.main(["host", "swapo", "--resume", str(journal), *flags]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"kotatsu: {flags[0]} cannot go with --resume"), err
    assert journal.read_bytes() == b""


def test_resume_takes_the_flags_that_do_not_set_the_table():
    args = cli.build_parser().parse_args(
        ["host", "swapo", "--resume", "j", "--bind", "127.0.0.1", "--port", "7", "--level", "hard"]
    )
    assert resume_kept(args) is None
