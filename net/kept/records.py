"""Where game records live on this machine: ``$XDG_DATA_HOME/kotatsu/records/`` (default
``~/.local/share/kotatsu/records/``), one ``ID.json`` per game, and ``index.jsonl`` beside
them: one line per record written, with what a listing needs (engine.record.summary), so
``kotatsu history`` and ``kotatsu stats`` read one file and never open the records.

A record is written atomically (a temporary file, fsync'd, renamed over), then its line is
appended to the index under a lock; a later line for the same id (a resumed table that
finished) replaces the earlier one. A missing or damaged index (a line that is not JSON, or
not a summary: a field missing or of the wrong type, lists of unequal length) is rebuilt
from the records.
Reading a record is bounded (engine.record.MAX_BYTES) before anything is parsed.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.record_check import ID_PATTERN, KINDS, MAX_BYTES, RecordError, parse

from ..wire.tokens import token_hex

INDEX = "index.jsonl"


def data_dir() -> Path:
    """``$XDG_DATA_HOME/kotatsu`` or ``~/.local/share/kotatsu``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kotatsu"


def new_id(now: float | None = None) -> str:
    """A fresh record id: the UTC time and a random tail (``20261125-225231-a1b2c3``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
    return f"{stamp}-{token_hex(3)}"


def utc(now: float | None = None) -> str:
    """An ISO 8601 UTC time as records keep it."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() if now is None else now))


class RecordStore:
    """The records of this machine (``directory``: default ``data_dir()/records``)."""

    def __init__(self, directory: str | Path | None = None, fsync: bool = True) -> None:
        self.directory = Path(directory) if directory is not None else data_dir() / "records"
        self.fsync = fsync

    @property
    def index_path(self) -> Path:
        return self.directory / INDEX

    def path_of(self, record_id: str) -> Path:
        if not ID_PATTERN.fullmatch(record_id):
            raise KeyError(record_id)
        return self.directory / f"{record_id}.json"

    def save(self, record: dict[str, Any]) -> Path:
        """Write ``record`` (read back first: one that would be refused is never written) and
        index it."""
        import json  # (a table's store is made at its start, and written to at its end)

        from engine.record import summary

        data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
        parse(data)  # what could not be read back is never written
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.path_of(record["id"])
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                if self.fsync:
                    os.fsync(out.fileno())
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                temp.unlink()
            raise
        self._append(summary(record))
        return path

    def _append(self, summary: dict[str, Any]) -> None:
        import json

        line = json.dumps(summary, ensure_ascii=False, separators=(",", ":")) + "\n"
        fd = os.open(self.index_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(fd, line.encode())
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)

    def read(self, record_id: str) -> bytes:
        """A record's bytes, at most MAX_BYTES + 1 read (KeyError: no such record)."""
        try:
            path = self.path_of(record_id)
            with open(path, "rb") as f:
                return f.read(MAX_BYTES + 1)
        except OSError:
            raise KeyError(record_id) from None

    def listing(self) -> list[dict[str, Any]]:
        """Every record's summary, newest first (from the index; rebuilt when it is damaged)."""
        try:
            summaries = list(self._index())
        except (OSError, ValueError):
            summaries = self.rebuild()
        latest: dict[str, dict[str, Any]] = {}
        for summary in summaries:
            latest.pop(summary["id"], None)
            latest[summary["id"]] = summary
        return sorted(latest.values(), key=lambda s: (s["started"], s["id"]), reverse=True)

    def _index(self) -> Iterator[dict[str, Any]]:
        import json

        if not self.index_path.exists():
            if self.directory.exists() and any(self.directory.glob("*.json")):
                raise ValueError("no index")
            return
        with open(self.index_path, "rb") as f:
            for line in f:
                summary = json.loads(line)
                if not is_summary(summary):
                    raise ValueError("damaged index")
                yield summary

    def rebuild(self) -> list[dict[str, Any]]:
        """Read every record again and write a new index (atomically); unreadable ones are
        left out."""
        import json

        from engine.record import summary

        summaries = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                with open(path, "rb") as f:
                    summaries.append(summary(parse(f.read(MAX_BYTES + 1))))
            except (OSError, RecordError):
                continue
        if self.directory.exists():
            temp = self.index_path.with_name(f".{INDEX}.{os.getpid()}.tmp")
            lines = "".join(json.dumps(s, ensure_ascii=False) + "\n" for s in summaries)
            with contextlib.suppress(OSError):  # a read-only folder is still listed
                temp.write_text(lines, encoding="utf-8")
                os.replace(temp, self.index_path)
        return summaries


def is_summary(line: Any) -> bool:
    """Whether an index line is what engine.record.summary writes: every field there, each
    of its type, the per-seat lists of one length (a listing reads them without asking)."""
    if not isinstance(line, dict) or not set(line) >= SUMMARY_KEYS:
        return False
    texts = [line[key] for key in ("id", "game", "table", "started")]
    players, bots, winners, places = (line[k] for k in ("players", "bots", "winners", "places"))
    return (
        all(isinstance(text, str) for text in texts)
        and ID_PATTERN.fullmatch(line["id"]) is not None
        and line["kind"] in KINDS
        and isinstance(line["ended"], str | None)
        and isinstance(line["finished"], bool)
        and _all(players, str)
        and _all(winners, str)
        and _all(bots, str | None)
        and len(bots) == len(players)
        and (places is None or (_all(places, int) and len(places) == len(players)))
        and isinstance(line.get("seat"), int | None)
    )


SUMMARY_KEYS = {
    "id", "kind", "game", "table", "started", "ended", "finished", "players", "bots",
    "winners", "places",
}  # fmt: skip


def _all(values: Any, kind: Any) -> bool:
    return isinstance(values, list) and all(isinstance(v, kind) for v in values)
