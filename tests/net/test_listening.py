"""A host, the SSH door and the web door that cannot listen where they were asked to say why
in words (a port in use, an address not this machine's, a port kept for the system), exit 2,
and open no screen; a port out of range is refused by the command line; a table opened from
the screen at a busy port says it could not open the table, not that it could not join."""

from __future__ import annotations

import errno
import os
import socket

import pytest

import lang
from net.doors.listening import ListenError, listen_problem, listening
from net.doors.opening import TablePlan
from net.table.settings import HOSTED, TableSettings
from tui import cli

IN_USE = "is in use already, by another table or program"


@pytest.fixture
def busy_port():
    """A port on 127.0.0.1 that something listens at for the test."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


def test_each_failure_to_listen_is_said_in_words():
    said = {
        errno.EADDRINUSE: "port 8080 at 0.0.0.0 " + IN_USE,
        errno.EADDRNOTAVAIL: "0.0.0.0 is not an address of this machine",
        errno.EACCES: "port 8080 is reserved for the system here: choose one above 1023",
        errno.EPERM: "port 8080 is reserved for the system here",
        errno.EMFILE: "cannot listen at 0.0.0.0:8080: Too many open files",
    }
    for number, words in said.items():
        exc = ListenError.of(OSError(number, os.strerror(number)), "", 8080)
        assert isinstance(exc, OSError) and str(exc).startswith(words), number
    named = ListenError.of(socket.gaierror(-2, "Name or service not known"), "den.local", 7)
    assert str(named) == "den.local is not an address of this machine"
    with lang.scope("ja"):  # in the reader's language
        assert str(ListenError.of(OSError(errno.EADDRINUSE, "x"), "127.0.0.1", 9)).startswith(
            "127.0.0.1 のポート 9 は"
        )


def test_listening_turns_an_os_error_into_words_and_leaves_others_alone():
    with pytest.raises(ListenError, match=IN_USE), listening("127.0.0.1", 80):
        raise OSError(errno.EADDRINUSE, "Address already in use")
    with pytest.raises(ValueError), listening("127.0.0.1", 80):
        raise ValueError("not a listening failure")


def test_a_busy_port_is_found_before_anything_opens(busy_port):
    assert IN_USE in (listen_problem("127.0.0.1", busy_port) or "")
    assert listen_problem("127.0.0.1", 0) is None


def test_host_at_a_busy_port_says_so_and_opens_no_screen(busy_port, capsys, monkeypatch):
    import tui.app

    def no_app(*args, **kwargs):
        raise AssertionError("a screen was opened")

    monkeypatch.setattr(tui.app, "make_app", no_app)
    argv = ["host", "swoop", "--bind", "127.0.0.1", "--port", str(busy_port)]
    assert cli.main(argv) == 2
    assert capsys.readouterr().err == (
        f"kotatsu: port {busy_port} at 127.0.0.1 {IN_USE}: choose another port, or leave the"
        " port out for any free one\n"
    )
    assert cli.main([*argv, "--headless"]) == 2  # the headless host words it alike
    err = capsys.readouterr().err
    assert IN_USE in err and "Errno" not in err and "Traceback" not in err


@pytest.mark.parametrize("door", ["web", "serve"])
def test_a_door_at_a_busy_port_says_so(door, busy_port, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # the SSH door's host key, if made
    assert cli.main([door, "--bind", "127.0.0.1", "--port", str(busy_port)]) == 2
    err = capsys.readouterr().err
    assert f"kotatsu: port {busy_port} at 127.0.0.1 {IN_USE}" in err and "Errno" not in err


@pytest.mark.parametrize("command", [["host", "swoop", "--headless"], ["web"], ["serve"]])
@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_port_out_of_range_is_refused_by_the_command_line(command, port, capsys):
    with pytest.raises(SystemExit) as exited:
        cli.main([*command, "--port", port])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert f"'{port}' is not a port (a number from 0 to 65535)" in err


def test_an_address_to_join_needs_a_port_that_can_be():
    import argparse

    for bad in ("den:0", "den:65536", "den:99999"):
        with pytest.raises(argparse.ArgumentTypeError):
            cli.address(bad)
    assert cli.address("den:65535") == ("den", 65535)


async def test_a_table_opened_from_the_screen_at_a_busy_port_says_it_could_not_open(
    busy_port, tmp_path
):
    from tui.connect import JoinError, host_launcher

    launch = host_launcher(
        TablePlan(
            TableSettings.new("swoop"),
            limits=HOSTED,
            journal=str(tmp_path / "t.journal"),
            bind="127.0.0.1",
            port=busy_port,
        )
    )
    with pytest.raises(JoinError) as refused:
        await launch()
    assert refused.value.msg.startswith(f"Could not open the table: port {busy_port} at 127.0.0.1")
