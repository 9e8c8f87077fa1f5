"""``kotatsu serve``: the lobby over SSH for friends with nothing but an ``ssh`` client.

Every SSH session runs the real app as a child process on its own pseudo-terminal, and this
module only bridges bytes: the channel's input to the pty, the pty's output to the channel. The
client's terminal type and window size are set on the pty (a resize sends SIGWINCH, which
redraws); nothing from the client's environment reaches the child, whose environment is built
here from a whitelist. The child exiting ends the session with its exit status; a child that
crashes ends only its own session.

Nothing but the game: a command (`ssh HOST ls`) is answered with one line and never run;
subsystems (SFTP), port forwarding, agent and X11 forwarding are
refused. The host key is made on first run and kept 0600 in the state directory. Authentication
is open by default (any name, no password); a password or an authorized_keys file closes it.
Logging in is bounded (net/doors/sshdoor.py): connections not logged in yet per address and in all,
a login deadline, password tries per connection and per address, and no descriptors left.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

import lang
from lang import N_, _

from .gate import Guesses
from .listening import listen
from .shared import run_door, say
from .sshdoor import (
    LOGIN_TIMEOUT,
    MAX_AUTH_TRIES,
    PER_ADDRESS,
    STARTUPS,
    Acceptor,
    Login,
    Quiet,
    Startups,
)
from .sshpty import (
    child_env,
    clean_term,
    clean_user,
    load_host_key,
    lobby_command,
    read_pty,
    set_winsize,
    wants_ascii,
)

DEFAULT_PORT = 2222
DEFAULT_MAX_SESSIONS = 16
DEFAULT_IDLE_TIMEOUT = 30 * 60.0  # seconds without a key from the player
PLAIN_USER = "plain"  # the login that asks for the plain table: ssh plain@HOST
# What a session is told, in the language its client's locale asks for (msgids; see said()).
FULL_MESSAGE = N_("kotatsu: the server is full ({n} sessions); try again later.")
IDLE_MESSAGE = N_("kotatsu: closed after {m} minutes without a key.")
NO_PTY_MESSAGE = N_("kotatsu needs a terminal: connect with `ssh -t`.")
# TRANSLATORS: said to `ssh HOST COMMAND` (a command line): the server runs nothing else
EXEC_MESSAGE = N_(
    "kotatsu serve runs only the game, no commands: "
    "connect with plain ssh, no command after the address."
)


@dataclass
class ServeConfig:
    """What ``kotatsu serve`` was asked for. ``command`` makes each session's command line
    from (ascii_only); tests swap it for a probe."""

    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    password: str | None = None
    authorized_keys: str | None = None
    max_sessions: int = DEFAULT_MAX_SESSIONS
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT
    host_key: Path | None = None
    command: Callable[[bool], list[str]] = field(default=lobby_command)
    login_timeout: float = LOGIN_TIMEOUT
    per_address: int = PER_ADDRESS
    startups: tuple[int, float, int] = STARTUPS
    """Not logged in yet: at most ``per_address`` from one address; OpenSSH's MaxStartups."""

    @property
    def open(self) -> bool:
        return self.password is None and self.authorized_keys is None


class GameSession(asyncssh.SSHServerSession):
    """One SSH session: a shell request runs the app on a pty; everything else is refused."""

    def __init__(self, server: SSHGameServer, user: str) -> None:
        self.server = server
        self.user = user
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.master = -1
        self.proc: asyncio.subprocess.Process | None = None
        self.task: asyncio.Task | None = None
        self.idle: asyncio.TimerHandle | None = None
        self.closed = False
        self.command_asked = False  # `ssh HOST ls`: told in one line that nothing else runs

    # -- what the client may ask for -----------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], _modes) -> bool:
        self.term = clean_term(term_type)
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command_asked = True  # accepted only to say so; the command never runs
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if self.command_asked:
            self._refuse(self.said(EXEC_MESSAGE) + "\r\n")
        elif self.term is None:
            self._refuse(self.said(NO_PTY_MESSAGE) + "\r\n")
        elif not self.server.take_slot(self):
            full = self.said(FULL_MESSAGE, n=self.server.config.max_sessions)
            self._refuse(full + "\r\n")
        else:
            self.task = asyncio.get_running_loop().create_task(self._run())

    def said(self, msgid: str, **fields: object) -> str:
        """``msgid`` (filled with ``fields``) in the language the client's locale asks for
        (the server's own if it asks for none we have)."""
        with contextlib.suppress(Exception):  # no channel environment yet: the server's
            locale = _client_locale(self.chan.get_environment())
            code = lang.from_locale({"LANG": locale} if locale else {})
            if code:
                with lang.scope(code):
                    return _(msgid).format(**fields)
        return _(msgid).format(**fields)

    def _refuse(self, message: str) -> None:
        self.chan.write(message.encode())
        self.chan.exit(1)

    # -- the child -----------------------------------------------------------------------------
    async def _run(self) -> None:
        status = 1
        try:
            status = await self._run_child()
        except Exception as exc:  # one session's trouble ends that session only
            with contextlib.suppress(Exception):
                self.chan.write(f"\r\nkotatsu: {exc}\r\n".encode())
        finally:
            self._stop_child()
            self.server.free_slot(self)
            if not self.closed:
                with contextlib.suppress(Exception):
                    self.chan.exit(status)

    async def _run_child(self) -> int:
        term = self.term or "dumb"
        locale = _client_locale(self.chan.get_environment())
        argv = self.server.config.command(wants_ascii(term, locale))
        if self.user == PLAIN_USER:  # lines for a screen reader (tui/plain, docs/plain.md)
            argv = [*argv, "--plain"]
        self.master, slave = os.openpty()
        try:
            set_winsize(self.master, *self.size)
            os.set_blocking(self.master, False)
            self.proc = await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=child_env(term, clean_user(self.user)),
                cwd=os.environ.get("HOME", "/"),
                start_new_session=True,
            )
        finally:
            os.close(slave)
        loop = asyncio.get_running_loop()
        drained = loop.create_future()
        loop.add_reader(self.master, self._pump, drained)
        self._touch()
        status = await self.proc.wait()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(drained), 1.0)
        return status if status >= 0 else 128 - status  # killed by a signal: as a shell says

    def _pump(self, drained: asyncio.Future) -> None:
        """The pty has output (or hung up): send it to the client."""
        data = read_pty(self.master)
        if data is None:
            return
        if data and not self.closed:
            self.chan.write(data)
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            if not drained.done():
                drained.set_result(None)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self._touch()
        if self.master < 0:
            return
        view = memoryview(data)
        while view:  # the pty reads fast; a brief busy pty only delays keys
            try:
                view = view[os.write(self.master, view) :]
            except BlockingIOError:
                break
            except OSError:
                return

    def terminal_size_changed(self, width: int, height: int, _pw: int, _ph: int) -> None:
        self.size = (width or 80, height or 24)
        if self.master >= 0 and self.proc is not None and self.proc.returncode is None:
            set_winsize(self.master, *self.size)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGWINCH)

    def _touch(self) -> None:
        if self.idle is not None:
            self.idle.cancel()
        timeout = self.server.config.idle_timeout
        if timeout > 0:
            self.idle = asyncio.get_running_loop().call_later(timeout, self._idle_out)

    def _idle_out(self) -> None:
        minutes = max(1, round(self.server.config.idle_timeout / 60))
        with contextlib.suppress(Exception):
            self.chan.write(("\r\n" + self.said(IDLE_MESSAGE, m=minutes) + "\r\n").encode())
        self._stop_child()

    def _stop_child(self) -> None:
        if self.idle is not None:
            self.idle.cancel()
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGHUP)
            asyncio.get_running_loop().call_later(3.0, _kill_group, self.proc)
        if self.master >= 0 and (self.proc is None or self.proc.returncode is not None):
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.master)
            os.close(self.master)
            self.master = -1

    def eof_received(self) -> bool:
        self._stop_child()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._stop_child()


def _kill_group(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def _client_locale(env: dict[Any, Any]) -> str | None:
    """The locale the client sent (read only to choose glyphs; never passed on)."""
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name) or env.get(name.encode())
        if value:
            return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
    return None


class SSHGameServer:
    """The SSH server: the door (net/doors/sshdoor.py), the session limit and the listener."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.sessions: set[GameSession] = set()
        self.acceptor: Acceptor | None = None
        self._accepting: asyncio.Task | None = None
        self.options: Any = None
        self.port = 0
        self.fingerprint = ""
        self.key_path: Path | None = None
        self.key_made = False
        start, rate, full = config.startups
        self.startups = Startups(
            config.per_address, start, rate, full, patience=config.login_timeout
        )
        self.quiet = Quiet(say)
        self.guesses = Guesses(first_wrong=self._first_wrong)

    def _first_wrong(self, address: str) -> None:
        self.quiet(f"password {address}", _door_words("password", address))

    def take_slot(self, session: GameSession) -> bool:
        if len(self.sessions) >= self.config.max_sessions:
            return False
        self.sessions.add(session)
        return True

    def free_slot(self, session: GameSession) -> None:
        self.sessions.discard(session)

    async def start(self) -> int:
        """Listen; returns the port (useful when ``config.port`` is 0)."""
        key, self.key_path, self.key_made = load_host_key(self.config.host_key)
        self.fingerprint = key.get_fingerprint("sha256")
        config = self.config
        keys = (
            asyncssh.read_authorized_keys(config.authorized_keys)
            if config.authorized_keys
            else None
        )
        goodbye = _("too many authentication failures")
        self.options = asyncssh.SSHServerConnectionOptions(
            server_factory=lambda: Login(
                config.password,
                keys is not None,
                self.guesses,
                lambda user: GameSession(self, user),
                goodbye,
            ),
            server_host_keys=[key],
            authorized_client_keys=keys,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            line_editor=False,
            encoding=None,
            login_timeout=config.login_timeout,
            keepalive_interval=60,
        )
        listener = listen(config.bind, config.port)
        self.acceptor = Acceptor(listener, self.startups, self._login, self.quiet, _door_words)
        self._accepting = asyncio.get_running_loop().create_task(self.acceptor.run())
        self.port = listener.getsockname()[1]
        return self.port

    async def _login(self, sock: Any) -> None:
        """Run the SSH protocol on an accepted socket until it has logged in (or failed)."""
        await asyncssh.run_server(sock, options=self.options)

    async def close(self) -> None:
        if self._accepting is not None:
            self._accepting.cancel()
            await asyncio.gather(self._accepting, return_exceptions=True)
            self._accepting = None
        if self.acceptor is not None:
            await self.acceptor.close()
            self.acceptor = None
        tasks = [s.task for s in self.sessions if s.task is not None]
        for session in list(self.sessions):
            session._stop_child()
        await asyncio.gather(*tasks, return_exceptions=True)


def _door_words(reason: str, address: str) -> str:
    """The door's warnings, once per address (or once a minute), in the server's language."""
    if reason == "descriptors":
        return _(
            "out of file descriptors: not accepting SSH connections for a moment "
            "(running sessions go on)"
        )
    if reason == "address":
        return _("too many SSH logins at once from {address}: closing its new ones").format(
            address=address
        )
    if reason == "password":
        return _("wrong SSH passwords from {address}: its tries are slowed down").format(
            address=address
        )
    return _("too many SSH logins at once: closing some new ones")


def banner(server: SSHGameServer) -> list[str]:
    """What ``kotatsu serve`` prints at start: where, the key's fingerprint, who may log in."""
    from .discovery import lan_address  # the address `kotatsu host` and `kotatsu web` print

    config = server.config
    where = lan_address(config.bind)
    key = (
        _("host key {fingerprint} (new, {path})")
        if server.key_made
        else _("host key {fingerprint} ({path})")
    )
    lines = [
        _("serving the lobby over SSH on {address}: {command}").format(
            address=f"{config.bind}:{server.port}", command=f"ssh -p {server.port} {where}"
        ),
        key.format(fingerprint=server.fingerprint, path=server.key_path),
        _("at most {n} sessions; idle ones close after {m} min").format(
            n=config.max_sessions, m=max(1, round(config.idle_timeout / 60))
        ),
        _(
            "logging in: {per} at once per address, {full} in all, {s} s each, "
            "{tries} password tries per connection"
        ).format(
            per=config.per_address,
            full=config.startups[2],
            s=round(config.login_timeout),
            tries=MAX_AUTH_TRIES,
        ),
    ]
    if config.open:
        lines.append(
            _(
                "authentication is OPEN: any user name, no password (--password or "
                "--authorized-keys to close it)"
            )
        )
    elif config.password and config.authorized_keys:
        lines.append(_("authentication by password or key"))
    elif config.password:
        lines.append(_("authentication by password"))
    else:
        lines.append(_("authentication by key"))
    return lines


async def serve(config: ServeConfig, ready: Callable[[SSHGameServer], None] | None = None) -> int:
    """Run the SSH server until SIGINT/SIGTERM, advertised on the LAN when multicast allows."""
    from .lan import SshAdvertiser  # zeroconf only for the real server

    server = SSHGameServer(config)
    await server.start()

    def advertiser() -> SshAdvertiser:
        return SshAdvertiser(server.port, config.bind, closed=not config.open)

    return await run_door(server, banner(server), advertiser, ready)


def run_serve(args: Any) -> int:
    """``kotatsu serve``: the parsed command line -> the server's exit status."""
    config = ServeConfig(
        bind=args.bind,
        port=args.port,
        password=args.password,
        authorized_keys=args.authorized_keys,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout * 60,
    )
    if config.max_sessions < 1:
        say("--max-sessions must be at least 1")
        return 2
    try:
        return asyncio.run(serve(config))
    except (OSError, ValueError, asyncssh.Error) as exc:
        say(str(exc))
        return 2
