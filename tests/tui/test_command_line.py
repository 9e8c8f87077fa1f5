"""The command line: option values, addresses, and `kotatsu rules`."""

from __future__ import annotations

import argparse

import pytest

from tui import cli
from tui.args import parse_option_text
from tui.rules import rules_text


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


def test_the_forms_option_line_reads_like_the_command_line():
    assert parse_option_text("variant=ace,dagger rounds=3") == {
        "variant": "ace,dagger",
        "rounds": 3,
    }
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_option_text("variant")
