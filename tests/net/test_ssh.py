"""``kotatsu serve``: real SSH clients (asyncssh in-process, OpenSSH under a pty) on 127.0.0.1.

Most mechanics are checked with a small probe program in place of the app (fast and exact);
the real lobby is reached by both clients, and one session sits at a table and leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import stat
from pathlib import Path

import asyncssh
import pytest
from lan_wait import held_ports, until_found
from sshprobe import connect, open_session, plain, read_until

from net.doors.ssh import ServeConfig, SSHGameServer, banner, clean_term, lobby_command, wants_ascii
from tui.cli import build_parser


async def test_a_session_reaches_the_lobby_sits_at_a_table_and_leaves(serve):
    server = await serve(command=lobby_command)
    async with connect(server) as conn:
        proc = await open_session(conn)
        await read_until(proc, "play vs bots")
        proc.stdin.write(b"b")
        await read_until(proc, "Play against bots")
        proc.stdin.write(b"\t\r")  # to the bots box, enter: three bots at SwaPo
        await read_until(proc, "You (ann)")  # the SSH user name is the player's name at the table
        proc.stdin.write(b"q")
        await read_until(proc, "leave")
        proc.stdin.write(b"y")
        await read_until(proc, "play vs bots")
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), 20)
        assert proc.exit_status == 0
    assert server.sessions == set()


async def test_the_child_sees_the_pty_size_term_user_and_nothing_of_the_clients_env(serve):
    server = await serve()
    async with connect(server, username="bob;rm -rf /") as conn:
        proc = await open_session(
            conn, size=(101, 31), env={"EVIL": "1", "LD_PRELOAD": "/x", "LANG": "en_US.UTF-8"}
        )
        screen = await read_until(proc, "SIZE 101x31")
        assert "term=xterm-256color" in screen and "user=bobrm-rf" in screen
        env = re.search(r"env=(\S+)", screen).group(1).split(",")
        assert "EVIL" not in env and "LD_PRELOAD" not in env
        assert {"TERM", "USER", "LOGNAME", "LANG", "PATH"} <= set(env)
        assert "args=[]" in screen  # a UTF-8 client gets the glyphs
        proc.change_terminal_size(120, 40)
        await read_until(proc, "SIZE 120x40")  # a resize reaches the app (it redraws)
        proc.stdin.write(b"k")
        await read_until(proc, "KEY k")
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), 10)
        assert proc.exit_status == 0


async def test_plain_terminals_and_locales_get_ascii_and_odd_terms_are_sanitised(serve):
    server = await serve()
    async with connect(server) as conn:
        proc = await open_session(conn, env={"LANG": "C"})
        assert "args=['--ascii']" in await read_until(proc, "SIZE")
        proc = await open_session(conn, term="xterm\x1b;evil")
        assert "args=[] term=xterm-256color " in await read_until(proc, "SIZE")
    assert clean_term("vt100") == "vt100" and wants_ascii("vt100", None)
    assert not wants_ascii("xterm-kitty", None) and wants_ascii("xterm", "POSIX")


async def test_exec_sftp_port_forwarding_and_pty_less_sessions_are_refused(serve):
    server = await serve()
    async with connect(server) as conn:
        proc = await conn.create_process("cat /etc/passwd", encoding=None)  # told, not run
        out = await asyncio.wait_for(proc.stdout.read(), 10)
        await proc.wait_closed()
        assert b"runs only the game" in out and b"root:" not in out and proc.exit_status == 1
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(subsystem="sftp")
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/run/x.sock")
        proc = await conn.create_process(encoding=None)  # a shell with no terminal
        out = await asyncio.wait_for(proc.stdout.read(), 10)
        await proc.wait_closed()
        assert b"needs a terminal" in out and proc.exit_status == 1
    assert server.sessions == set()


async def test_a_password_closes_the_server(serve):
    server = await serve(password="kotatsu")
    assert not any("OPEN" in line for line in banner(server))
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(server, password="wrong"):
            pass
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(server):  # no password at all
            pass
    async with connect(server, password="kotatsu") as conn:
        proc = await open_session(conn)
        await read_until(proc, "PROBE")


async def test_authorized_keys_close_the_server(serve, tmp_path):
    friend, stranger = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(friend.export_public_key())
    server = await serve(authorized_keys=str(keys))
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(server, client_keys=[stranger], agent_path=None):
            pass
    async with connect(server, client_keys=[friend], agent_path=None) as conn:
        proc = await open_session(conn)
        await read_until(proc, "PROBE")


async def test_open_by_default_and_says_so(serve):
    server = await serve()
    assert any("OPEN" in line for line in banner(server))
    assert any(server.fingerprint in line for line in banner(server))


def test_the_banner_gives_the_address_to_type(monkeypatch):
    """Evening 2, minor 14: `ssh -p 2299 HOST`, with no address; now the one `kotatsu host`
    and `kotatsu web` print (net.doors.discovery.lan_address)."""
    import net.doors.discovery
    from net.doors.web import WebConfig, web_url

    lan = {"0.0.0.0": "192.0.2.2"}  # a machine whose LAN address is 192.0.2.2
    monkeypatch.setattr(net.doors.discovery, "lan_address", lambda bind: lan.get(bind, bind))
    server = SSHGameServer(ServeConfig(bind="0.0.0.0", port=0))
    server.port = 2299
    assert "ssh -p 2299 192.0.2.2" in banner(server)[0]
    assert web_url(WebConfig(bind="0.0.0.0"), 8099) == "http://192.0.2.2:8099/"
    server.config.bind = "198.51.100.7"
    assert "ssh -p 2299 198.51.100.7" in banner(server)[0]


async def test_the_session_after_the_last_is_told_the_server_is_full(serve):
    server = await serve(max_sessions=2)
    async with connect(server) as one, connect(server, username="cy") as two:
        first = [await open_session(one), await open_session(two)]
        for proc in first:
            await read_until(proc, "PROBE")
        extra = await open_session(two)
        out = await asyncio.wait_for(extra.stdout.read(), 10)
        await extra.wait_closed()
        assert b"server is full (2 sessions)" in out and extra.exit_status == 1
        first[0].stdin.write(b"q")
        await first[0].wait_closed()
        again = await open_session(one)  # a slot freed is a slot again
        await read_until(again, "PROBE")


async def test_a_crash_ends_only_its_own_session(serve):
    server = await serve()
    async with connect(server) as conn:
        crashing, calm = await open_session(conn), await open_session(conn)
        await read_until(crashing, "PROBE")
        await read_until(calm, "PROBE")
        crashing.stdin.write(b"x")
        await asyncio.wait_for(crashing.wait_closed(), 10)
        assert crashing.exit_status == 128 + 11  # SIGSEGV, as a shell reports it
        calm.stdin.write(b"z")
        await read_until(calm, "KEY z")
        assert len(server.sessions) == 1
        # and another connection still gets in
        async with connect(server, username="dee") as other:
            await read_until(await open_session(other), "PROBE")


async def test_idle_sessions_are_closed(serve):
    server = await serve(idle_timeout=0.5)
    async with connect(server) as conn:
        proc = await open_session(conn)
        await read_until(proc, "without a key", timeout=10)
        await asyncio.wait_for(proc.wait_closed(), 10)
    assert server.sessions == set()


async def test_the_host_key_is_made_once_and_kept_private(serve, tmp_path):
    first = await serve()
    path = tmp_path / "host_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and first.key_made
    second = await serve()
    assert second.fingerprint == first.fingerprint and not second.key_made
    assert second.fingerprint.startswith("SHA256:")


def test_serve_command_line():
    args = build_parser().parse_args(["serve", "--port", "2200", "--max-sessions", "3"])
    assert (args.command, args.port, args.max_sessions, args.bind) == ("serve", 2200, 3, "0.0.0.0")
    assert args.password is None and args.authorized_keys is None


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client (ssh) installed here")
async def test_openssh_client_reaches_the_lobby(serve, tmp_path):
    import pty

    server = await serve(command=lobby_command)
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    from net.doors.sshpty import set_winsize

    set_winsize(slave, 100, 30)
    ssh = await asyncio.create_subprocess_exec(
        *["ssh", "-tt", "-p", str(server.port), "-o", "StrictHostKeyChecking=no"],
        *["-o", f"UserKnownHostsFile={tmp_path / 'known'}", "-o", "BatchMode=yes"],
        *["-F", "/dev/null", "ann@127.0.0.1"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={"PATH": os.environ.get("PATH", ""), "TERM": "xterm-256color", "HOME": str(tmp_path)},
        start_new_session=True,
    )
    os.close(slave)
    seen = b""
    try:
        async with asyncio.timeout(60):  # a whole app starts behind ssh: room on a busy machine
            while "play vs bots" not in plain(seen):
                await asyncio.sleep(0.05)
                with contextlib.suppress(BlockingIOError):
                    seen += os.read(master, 65536)
            # q leaves; the screen is still read meanwhile (a pty nobody reads fills up and
            # stops the app mid-write), and q is typed again if a busy app had not taken it
            exited = asyncio.ensure_future(ssh.wait())
            while not exited.done():
                os.write(master, b"q")
                for _ in range(60):
                    await asyncio.sleep(0.05)
                    with contextlib.suppress(BlockingIOError, OSError):
                        os.read(master, 65536)
                    if exited.done():
                        break
            assert exited.result() == 0
    finally:
        if ssh.returncode is None:
            ssh.kill()
            await ssh.wait()
        os.close(master)


@pytest.mark.xdist_group("zeroconf")
async def test_the_server_is_advertised_for_kotatsu_list():
    from net.doors.lan import SshAdvertiser, find_ssh_servers

    with held_ports() as (port,):  # told from other runs' doors on this machine by its port
        advertiser = SshAdvertiser(port, "127.0.0.1", closed=True)
        await advertiser.start()

        def ours(found) -> list:
            return [(s.command, s.password) for s in found if s.port == port]

        try:  # one browse window may close before a busy machine answers: look until it is there
            found = await until_found(lambda: find_ssh_servers(1.5, bind="127.0.0.1"), ours)
        finally:
            await advertiser.close()
    assert ours(found) == [(f"ssh -p {port} 127.0.0.1", True)]


def test_a_missing_key_directory_is_made(tmp_path, monkeypatch):
    from net.doors.sshpty import load_host_key, state_dir

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert state_dir() == tmp_path / "state" / "kotatsu"
    _key, path, made = load_host_key()
    assert made and path.parent == Path(tmp_path / "state" / "kotatsu")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_kotatsu_list_shows_the_ssh_way_in(monkeypatch, capsys):
    import net.cli
    from net.doors.lan import SshServerInfo

    async def no_tables(timeout, bind):
        return []

    async def one_server(timeout, bind, kinds=("ssh",)):
        return [SshServerInfo("k", "kotatsu ssh on den", False, "192.168.1.20", 2222)]

    monkeypatch.setattr(net.cli, "find_tables", no_tables)
    monkeypatch.setattr(net.cli, "find_ssh_servers", one_server)
    args = build_parser().parse_args(["list", "--timeout", "0"])
    assert net.cli.run_list(args) == 0
    assert "ssh -p 2222 192.168.1.20" in capsys.readouterr().out


def test_serve_refuses_a_session_limit_below_one(capsys):
    from tui.cli import main

    assert main(["serve", "--max-sessions", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
