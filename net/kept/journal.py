"""The host's journal: enough to rebuild a table exactly after a crash.

A journal is a file of codec frames (so bytes, ints and maps round-trip exactly). The first is
the header (game, seats, options, seed, bot seats, table name, the password's ``verifier`` —
never the password itself; journals written before kept a ``password`` and are still read —
the seats' resume tokens, and the bots' ``level``, absent from older journals: normal); then
one record per change: ``{"r": "sit", "seat", "name"}`` when a seat is taken,
``{"r": "stand", "seat", "token"}`` when a player leaves before the start (the seat is free
again and gets a fresh token), ``{"r": "port", "port"}`` when the host binds,
``{"r": "act", "seat", "action"}`` for every applied action (with ``"bot": True`` when a host
bot chose it), ``{"r": "bot", "seat", "token"}`` when the host removed a player during play
and a bot took the seat for good, ``{"r": "bank", "seat", "left"}`` when a person's
turn-clock bank was drawn down (net/table/clock.py: a resumed table gives nobody a free bank),
``{"r": "takeback", "seat", "n"}`` when a player took back their last action (the last ``n``
actions that stood then go; net/table/takebacks.py), ``{"r": "began", "at"}`` once when the game
began (an ISO 8601 UTC time: the game's record keeps it however often the table is resumed),
``{"r": "mute", "key", "name", "on"}`` when the host muted a spectator's chat (or let it speak
again) and ``{"r": "ban", "key", "name"}`` when it sent a spectator away (net/table/watchers.py: the
spectator's own key and the name it asked for; a resumed table keeps both).
Churn before the start is compacted:
``rewrite`` replaces the file (atomically) with a header and the records that still matter.
Each record is written and fsync'd before the state it produces is sent, so whatever a client
saw acknowledged is on disk. A torn last record (the crash hit mid-write) was never
acknowledged and is dropped on reading.

While a host has its journal open it holds ``FILE.lock`` beside it (``flock``, with its pid in
it) and removes it when it closes the table; so a lock file that nobody holds is a table whose
host process died, which ``left_open`` finds for the lobby to offer again, and a journal whose
lock is held cannot be resumed twice.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..wire.codec import CodecError, FrameDecoder, encode

JOURNAL_VERSION = 1
_RECORD_LIMIT = 16 * 1024 * 1024


class JournalError(Exception):
    """A journal that cannot be read or does not belong to this program."""


@dataclass
class JournalData:
    """What a journal holds, ready for a host to rebuild from."""

    header: dict[str, Any]
    names: dict[int, str] = field(default_factory=dict)
    tokens: dict[int, str] = field(default_factory=dict)  # seats whose token changed
    actions: list[tuple[int, Any]] = field(default_factory=list)
    by_bot: set[int] = field(default_factory=set)  # indices of ``actions`` a host bot chose
    bots: dict[int, str] = field(default_factory=dict)  # seats given to a bot during play
    banks: dict[int, float] = field(default_factory=dict)  # what is left of each turn-clock bank
    takebacks: list[tuple[int, int, int]] = field(default_factory=list)
    """Take-backs: (after how many of ``actions``, how many of the standing ones went, the
    seat that took back)."""
    muted: dict[str, str] = field(default_factory=dict)  # spectators muted: key -> name
    banned: dict[str, str] = field(default_factory=dict)  # spectators sent away: key -> name
    port: int | None = None
    began: str | None = None
    """When the game began (UTC, as records keep it), if the journal says."""
    valid_bytes: int = 0

    def standing(self) -> list[tuple[int, Any]]:
        """The actions that stand: ``actions`` without those taken back."""
        undo: dict[int, list[int]] = {}
        for after, n, _seat in self.takebacks:
            undo.setdefault(after, []).append(n)
        stack: list[tuple[int, Any]] = []
        for i, action in enumerate(self.actions, start=1):
            stack.append(action)
            for n in undo.get(i, []):
                del stack[max(0, len(stack) - n) :]
        return stack


def default_journal_dir() -> Path:
    """``$XDG_STATE_HOME/kotatsu`` or ``~/.local/state/kotatsu``."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "kotatsu"


def lock_path(path: str | Path) -> Path:
    """The lock file a live host holds beside its journal."""
    path = Path(path)
    return path.with_name(path.name + ".lock")


def _hold(path: Path) -> int | None:
    """Lock ``path``'s lock file for this process (JournalError if another live process holds
    it; None if this one does already: a process may rebuild its own table, as tests do)."""
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        if held(path):
            raise JournalError(f"the table of {path} is still open in another process") from None
        return None
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return fd


def held(path: str | Path) -> bool:
    """Whether another live process holds the journal at ``path`` open."""
    try:
        fd = os.open(lock_path(path), os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return os.read(fd, 32).strip() != str(os.getpid()).encode()
    finally:
        os.close(fd)
    return False


class Journal:
    """An open journal being appended to (its lock file held until ``close``)."""

    def __init__(self, path: Path, fsync: bool = True) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self._file: Any = None
        self._lock: int | None = None

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any], fsync: bool = True) -> Journal:
        """A new journal (refusing to overwrite one), readable by its owner only."""
        journal = cls(Path(path), fsync)
        journal.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(journal.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        journal._lock = _hold(journal.path)
        journal._file = os.fdopen(fd, "ab")
        journal._write({"kotatsu_journal": JOURNAL_VERSION, **header})
        return journal

    @classmethod
    def reopen(cls, path: str | Path, valid_bytes: int, fsync: bool = True) -> Journal:
        """Continue a journal after ``read_journal``; a torn last record is cut off first."""
        journal = cls(Path(path), fsync)
        journal._lock = _hold(journal.path)
        journal._file = open(journal.path, "r+b")  # noqa: SIM115 - kept open for appending
        journal._file.truncate(valid_bytes)
        journal._file.seek(valid_bytes)
        return journal

    def rewrite(self, header: dict[str, Any], records: list[dict[str, Any]]) -> None:
        """Replace the whole journal by ``header`` and ``records`` (written to a temporary file,
        fsync'd, then renamed over the old one, so a crash leaves one or the other)."""
        temp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(encode({"kotatsu_journal": JOURNAL_VERSION, **header}))
            for record in records:
                out.write(encode(record))
            out.flush()
            if self.fsync:
                os.fsync(out.fileno())
        os.replace(temp, self.path)
        if self._file is not None:
            self._file.close()
        self._file = open(self.path, "ab")  # noqa: SIM115 - kept open for appending

    def _write(self, record: dict[str, Any]) -> None:
        self.write_frame(encode(record))

    def sit(self, seat: int, name: str) -> None:
        self._write({"r": "sit", "seat": seat, "name": name})

    def stand(self, seat: int, token: str) -> None:
        self._write({"r": "stand", "seat": seat, "token": token})

    def bound(self, port: int) -> None:
        self._write({"r": "port", "port": port})

    def act(self, seat: int, action: Any) -> None:
        self._write({"r": "act", "seat": seat, "action": action})

    def began(self, at: str) -> None:
        self._write({"r": "began", "at": at})

    def write_frame(self, frame: bytes) -> None:
        """Append a record the caller encoded earlier (before the engine could touch it)."""
        self._file.write(frame)
        self._file.flush()
        if self.fsync:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        """Closed on purpose: the lock file goes too (the table is not offered again)."""
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._lock is not None:
            with contextlib.suppress(OSError):
                lock_path(self.path).unlink()
            os.close(self._lock)
            self._lock = None


def read_journal(path: str | Path) -> JournalData:
    """Parse a journal; JournalError when it is not one."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise JournalError(f"cannot read journal {path}: {exc.strerror}") from None
    decoder = FrameDecoder(_RECORD_LIMIT)
    records: list[tuple[Any, int]] = []
    offset = 0
    try:
        decoder.feed(raw)
        for record in decoder:
            offset = len(raw) - decoder.pending_bytes
            records.append((record, offset))
    except CodecError as exc:
        if not records:
            raise JournalError(f"{path} is not a kotatsu journal ({exc})") from None
    if not records:
        raise JournalError(f"{path} is empty or not a kotatsu journal")
    header, valid = records[0]
    if not isinstance(header, dict) or header.get("kotatsu_journal") != JOURNAL_VERSION:
        raise JournalError(f"{path} is not a kotatsu journal (version {JOURNAL_VERSION})")
    data = JournalData(header=header, valid_bytes=valid)
    for record, end in records[1:]:
        if not isinstance(record, dict):
            break
        kind = record.get("r")
        if kind == "sit":
            data.names[record["seat"]] = record["name"]
        elif kind == "stand":
            data.names.pop(record["seat"], None)
            data.tokens[record["seat"]] = record["token"]
        elif kind == "bot":
            data.bots[record["seat"]] = record["token"]
        elif kind == "port":
            data.port = record["port"]
        elif kind == "began":
            data.began = str(record["at"])
        elif kind == "bank":
            data.banks[record["seat"]] = float(record["left"])
        elif kind == "takeback":
            data.takebacks.append((len(data.actions), record["n"], record["seat"]))
        elif kind == "mute":
            if record["on"]:
                data.muted[str(record["key"])] = str(record["name"])
            else:
                data.muted.pop(str(record["key"]), None)
        elif kind == "ban":
            data.banned[str(record["key"])] = str(record["name"])
        elif kind == "act":
            if record.get("bot") is True:
                data.by_bot.add(len(data.actions))
            data.actions.append((record["seat"], record["action"]))
        else:
            raise JournalError(f"{path}: unknown record {kind!r}")
        data.valid_bytes = end
    return data


@dataclass
class LeftOpen:
    """A table whose host process died before the game was over: it can be resumed."""

    path: Path
    game: str
    name: str
    names: list[str]
    moves: int
    when: float  # the journal's last change (seconds since the epoch)


def left_open(directory: Path | None = None) -> list[LeftOpen]:
    """The journals in ``directory`` (default: the user's) whose lock file remains but nobody
    holds it — their host died — and whose game is not over; the newest first."""
    import engine  # only here: reading a journal needs no rules

    base = directory or default_journal_dir()
    found = []
    for lock in base.glob("*.journal.lock"):
        path = lock.with_name(lock.name.removesuffix(".lock"))
        if not path.exists() or held(path):
            continue
        try:
            data = read_journal(path)
            head = data.header
            game = engine.new_game(head["game"], head["seats"], head["options"], head["seed"])
            for seat, action in data.standing():
                game.apply(seat, action)
            when = path.stat().st_mtime
        except Exception:  # unreadable, or not replayable: nothing to offer
            continue
        if not game.over:
            names = [data.names[seat] for seat in sorted(data.names)]
            moves = len(data.standing())
            found.append(LeftOpen(path, head["game"], head["name"], names, moves, when))
    return sorted(found, key=lambda t: t.when, reverse=True)
