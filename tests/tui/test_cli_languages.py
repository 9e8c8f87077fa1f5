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


@pytest.mark.parametrize("code", ["ja", "hi"])
def test_what_the_network_commands_say_is_in_the_chosen_language(code, capsys, monkeypatch):
    """``kotatsu bot`` at an address nobody listens at, and a port that is taken: in the
    reader's language, as the screens speak it."""
    import socket

    monkeypatch.delenv("LANGUAGE", raising=False)
    words = lang.translation(code)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert (
            main(["--lang", code, "host", "swoop", "--bind", "127.0.0.1", "--port", str(port)]) == 2
        )
        err = capsys.readouterr().err
        said = words.gettext(
            "port {port} at {address} is in use already, by another table or program: choose"
            " another port, or leave the port out for any free one"
        )
        assert err == f"kotatsu: {said.format(port=port, address='127.0.0.1')}\n"
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, not listening: the connection is refused
        assert main(["--lang", code, "bot", "--join", f"127.0.0.1:{port}"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(
        "kotatsu: "
        + words.gettext("cannot reach {address}: {error}")
        .format(address=f"127.0.0.1:{port}", error="")
        .rstrip()
    )
    lang.use("en")
