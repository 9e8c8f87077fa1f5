"""What each ``kotatsu serve`` session's child gets: its pseudo-terminal, its environment
(built here from a whitelist: nothing of the client's, no password) and its command line; and
the server's host key."""

from __future__ import annotations

import fcntl
import os
import re
import struct
import sys
import termios
from pathlib import Path

import asyncssh

HOST_KEY_NAME = "ssh_host_ed25519_key"
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


def read_pty(fd: int) -> bytes | None:
    """What a pty's master side has now: bytes, b"" once it hung up, None if nothing yet."""
    try:
        return os.read(fd, 65536)
    except BlockingIOError:
        return None
    except OSError:
        return b""
