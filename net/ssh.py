"""``kotatsu serve``: the lobby over SSH for friends with nothing but an ``ssh`` client.

Every SSH session runs the real app as a child process on its own pseudo-terminal, and this
module only bridges bytes: the channel's input to the pty, the pty's output to the channel. The
client's terminal type and window size are set on the pty (a resize sends SIGWINCH, which
redraws); nothing from the client's environment reaches the child, whose environment is built
here from a whitelist. The child exiting ends the session with its exit status; a child that
crashes ends only its own session.

Nothing but the game: exec, subsystems (SFTP), port forwarding, agent and X11 forwarding are
refused. The host key is made on first run and kept 0600 in the state directory. Authentication
is open by default (any name, no password); a password or an authorized_keys file closes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import secrets
import signal
import struct
import sys
import termios
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

import lang
from lang import N_, _

DEFAULT_PORT = 2222
DEFAULT_MAX_SESSIONS = 16
DEFAULT_IDLE_TIMEOUT = 30 * 60.0  # seconds without a key from the player
HOST_KEY_NAME = "ssh_host_ed25519_key"
# What a session is told, in the language its client's locale asks for (msgids; see said()).
FULL_MESSAGE = N_("kotatsu: the server is full ({n} sessions); try again later.")
IDLE_MESSAGE = N_("kotatsu: closed after {m} minutes without a key.")
NO_PTY_MESSAGE = N_("kotatsu needs a terminal: connect with `ssh -t`.")
_TERM_OK = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,39}")
_NAME_CHARS = re.compile(r"[^\w.-]")
_PLAIN_TERMS = ("dumb", "vt52", "vt100", "vt102", "vt220", "linux", "ansi", "cons25")
_PROJECT_ROOT = Path(__file__).resolve().parent.parent


def state_dir() -> Path:
    """Where kotatsu keeps its state: ``$XDG_STATE_HOME/kotatsu`` or ``~/.local/state/kotatsu``."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "kotatsu"


def load_host_key(path: Path | None = None) -> tuple[asyncssh.SSHKey, Path, bool]:
    """The server's host key from ``path`` (default: the state directory), made on first use.
    Returns (key, path, made); the file is written 0600 and its mode is repaired if loose."""
    path = path or state_dir() / HOST_KEY_NAME
    made = False
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="kotatsu serve")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
        made = True
    if path.stat().st_mode & 0o077:
        path.chmod(0o600)
    return asyncssh.read_private_key(str(path)), path, made


def clean_term(term: str | None) -> str:
    """The client's TERM if it looks like a terminal type, else a safe default."""
    if term and _TERM_OK.fullmatch(term):
        return term
    return "xterm-256color" if term else "dumb"


def clean_user(name: str) -> str:
    """The SSH user name as a player name: word characters, dots and dashes, at most 20."""
    return _NAME_CHARS.sub("", name)[:20] or "player"


def wants_ascii(term: str, client_locale: str | None) -> bool:
    """Whether the client's terminal likely cannot show card glyphs: a plain TERM, or a locale
    that the client sent and that is not UTF-8."""
    if term.split("-")[0] in _PLAIN_TERMS:
        return True
    if client_locale is None:
        return False
    return "utf-8" not in client_locale.lower() and "utf8" not in client_locale.lower()


def child_env(term: str, user: str) -> dict[str, str]:
    """The child's whole environment: from the server side, plus the sanitised TERM and user."""
    env = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": os.environ.get("HOME", str(Path.home())),
        "LANG": os.environ.get("LANG") or "C.UTF-8",
        "TERM": term,
        "USER": user,
        "LOGNAME": user,
        "PYTHONPATH": str(_PROJECT_ROOT),
        "PYTHONIOENCODING": "utf-8",
        "KOTATSU_SHARED": "1",  # one account for many people: no saved name, no kept seats
    }
    for name in ("LC_ALL", "LC_CTYPE", "XDG_STATE_HOME", "XDG_DATA_HOME", "TZ"):
        if os.environ.get(name):
            env[name] = os.environ[name]
    if term.split("-")[0] in _PLAIN_TERMS:
        env["NO_COLOR"] = "1"
    if "truecolor" in term or "direct" in term:
        env["COLORTERM"] = "truecolor"
    return env


def lobby_command(ascii_only: bool) -> list[str]:
    """The command line of the app each session runs: the lobby."""
    return [sys.executable, "-m", "tui", *(["--ascii"] if ascii_only else [])]


def set_winsize(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(cols, 1), 0, 0))


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
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if self.term is None:
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
    """The SSH server: authentication, the session limit and the listener."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.sessions: set[GameSession] = set()
        self.acceptor: Any = None
        self.port = 0
        self.fingerprint = ""
        self.key_path: Path | None = None
        self.key_made = False

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
        self.acceptor = await asyncssh.create_server(
            lambda: _Connection(self),
            config.bind,
            config.port,
            server_host_keys=[key],
            authorized_client_keys=keys,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            line_editor=False,
            encoding=None,
            login_timeout=60,
            keepalive_interval=60,
        )
        self.port = self.acceptor.sockets[0].getsockname()[1]
        return self.port

    async def close(self) -> None:
        if self.acceptor is not None:
            self.acceptor.close()
            await self.acceptor.wait_closed()
            self.acceptor = None
        tasks = [s.task for s in self.sessions if s.task is not None]
        for session in list(self.sessions):
            session._stop_child()
        await asyncio.gather(*tasks, return_exceptions=True)


class _Connection(asyncssh.SSHServer):
    """One client connection: who may log in, and what sessions it may open."""

    def __init__(self, server: SSHGameServer) -> None:
        self.server = server
        self.user = "player"

    def begin_auth(self, username: str) -> bool:
        self.user = username
        return not self.server.config.open  # False: no authentication needed

    def password_auth_supported(self) -> bool:
        return self.server.config.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        expected = self.server.config.password
        return expected is not None and secrets.compare_digest(password.encode(), expected.encode())

    def public_key_auth_supported(self) -> bool:
        return self.server.config.authorized_keys is not None

    def session_requested(self) -> GameSession:
        return GameSession(self.server, self.user)


def _say(text: str) -> None:
    print(f"kotatsu: {text}", file=sys.stderr, flush=True)


def banner(server: SSHGameServer) -> list[str]:
    """What ``kotatsu serve`` prints at start: where, the key's fingerprint, who may log in."""
    config = server.config
    where = "HOST" if config.bind in ("0.0.0.0", "::", "") else config.bind
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
    from .discovery import SshAdvertiser  # zeroconf only for the real server

    server = SSHGameServer(config)
    await server.start()
    for line in banner(server):
        _say(line)
    advertiser: SshAdvertiser | None = None
    try:
        advertiser = SshAdvertiser(server.port, config.bind, closed=not config.open)
        await advertiser.start()
    except Exception as exc:  # no multicast here: ssh by address still works
        advertiser = None
        _say(_("not advertised on the LAN ({reason})").format(reason=exc))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    if ready is not None:
        ready(server)
    try:
        await stop.wait()
    finally:
        if advertiser is not None:
            await advertiser.close()
        await server.close()
    return 0


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
        _say("--max-sessions must be at least 1")
        return 2
    try:
        return asyncio.run(serve(config))
    except (OSError, ValueError, asyncssh.Error) as exc:
        _say(str(exc))
        return 2


def read_pty(fd: int) -> bytes | None:
    """What a pty's master side has now: bytes, b"" once it hung up, None if nothing yet."""
    try:
        return os.read(fd, 65536)
    except BlockingIOError:
        return None
    except OSError:
        return b""
