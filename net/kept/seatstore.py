"""Where a player's resume tokens live between runs, so a quit, a crash or a reboot does not
cost the seat: ``$XDG_STATE_HOME/kotatsu/seats`` (or ``~/.local/state/kotatsu/seats``), one
file per seat (mode 0600), named by the table's identity (host address and table name).

A process holds its seat's file locked (``flock``) for as long as it plays, so two terminals of
the same user at the same table each keep their own seat; a file nobody holds is a seat whose
player is gone, and the next join of that user to that table takes it back.

Beside them, one secret of the user's (``kotatsu/own.key``, 0600) gives the key a spectator
shows a table (``own_key``, net/table/watchers.py): the same at the same table every time,
another at every other table, so no host can tell that two tables were watched by one user.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import hmac
import os
import secrets
from pathlib import Path
from typing import IO

from ..wire.messages import TOKEN_HEX_DIGITS
from .journal import default_journal_dir

SLOTS = 16
"""Seats one user may keep at one table (one per terminal)."""


def seats_dir() -> Path:
    return default_journal_dir() / "seats"


def table_key(host: str, port: int, table_name: str) -> str:
    """The identity of a table as a client sees it."""
    digest = hashlib.sha256(f"{host}:{port}\n{table_name}".encode()).hexdigest()
    return digest[:24]


class SeatFile:
    """One locked slot: the token of the seat this process plays (or will play)."""

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path = path
        self._handle = handle

    @property
    def token(self) -> str | None:
        self._handle.seek(0)
        text = self._handle.read().strip()
        ok = len(text) == TOKEN_HEX_DIGITS and all(c in "0123456789abcdef" for c in text)
        return text if ok else None

    def save(self, token: str) -> None:
        self._handle.seek(0)
        self._handle.truncate()
        self._handle.write(token)
        self._handle.flush()
        with contextlib.suppress(OSError):
            os.fsync(self._handle.fileno())

    def forget(self) -> None:
        """The host no longer knows this token: the slot is empty again."""
        self.save("")

    def release(self) -> None:
        with contextlib.suppress(OSError):
            self._handle.close()


def claim(host: str, port: int, table_name: str, directory: Path | None = None) -> SeatFile | None:
    """A slot for this table that no other process holds: one with a token first (a seat to
    take back), else an empty one. None when the state directory cannot be used."""
    base = directory or seats_dir()
    key = table_key(host, port, table_name)
    try:
        base.mkdir(parents=True, exist_ok=True, mode=0o700)
        paths = [base / f"{key}-{n}.token" for n in range(SLOTS)]
        existing = [p for p in paths if p.exists() and p.stat().st_size]
        for path in [*existing, *(p for p in paths if p not in existing)]:
            slot = _lock(path)
            if slot is not None and (slot.token or path not in existing):
                return slot
            if slot is not None:
                slot.release()
    except OSError:
        return None
    return None


def own_key(host: str, table_name: str, directory: Path | None = None) -> str | None:
    """This user's key at the table ``table_name`` at ``host`` (32 hex digits), from a secret
    kept once in the state directory; None when the directory cannot be used. The port is
    left out: a table resumed on another port is the same table."""
    base = directory or default_journal_dir()
    path = base / "own.key"
    try:
        base.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(32))
        secret = bytes.fromhex(path.read_text().strip())
    except (OSError, ValueError):
        return None
    if len(secret) < 16:
        return None
    mac = hmac.new(secret, f"{host}\n{table_name}".encode(), hashlib.sha256)
    return mac.hexdigest()[:TOKEN_HEX_DIGITS]


def _lock(path: Path) -> SeatFile | None:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return SeatFile(path, os.fdopen(fd, "r+"))
