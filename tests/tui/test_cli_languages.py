"""The ``kotatsu`` command speaks the chosen language: its help, argparse's own words, its
errors; and choosing leaves the environment as it was."""

from __future__ import annotations

import os

import pytest

import lang
from tui.cli import main


@pytest.mark.parametrize("code", ["ja", "zh", "ko", "hi"])
def test_help_in_each_language(code, capsys, monkeypatch):
    monkeypatch.delenv("LANGUAGE", raising=False)
    with pytest.raises(SystemExit):
        main(["--lang", code, "--help"])
    out = capsys.readouterr().out
    words = lang.translation(code)
    usage, options = words.gettext("usage: "), words.gettext("options")
    assert usage != "usage: " and out.startswith(usage.strip())
    assert options != "options" and options in out
    assert words.gettext("host a table on this network") in out
    assert "LANGUAGE" not in os.environ
    lang.use("en")


def test_an_error_in_the_chosen_language(capsys, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    with pytest.raises(SystemExit):
        main(["play", "nogame", "--lang", "ja"])
    err = capsys.readouterr().err
    template = lang.translation("ja").gettext("invalid choice: %(value)r (choose from %(choices)s)")
    assert template.split("%")[0].strip() in err
    assert os.environ["LANGUAGE"] == "fr"
    lang.use("en")
