"""Keeping game records (engine/record.py) as a table plays: the host's full record, and a
joined player's record of what its own seat saw.

``HostRecorder`` watches a ``net.host.Host``: the host calls ``update`` after every change and
``close`` when it stops; the full record is written to the store when the game ends, and when
the host stops before the end (unfinished). Nothing of it is sent while the game runs: the
table serves it (``review``) only once the game is over (``Table.review``).

``SeatRecorder`` is a client's: it keeps the ``state`` messages its seat received (the seat's
own view and the public events, nothing else) and the seating, and writes a ``seat`` record
when the game ends or the player leaves.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import record as rec

from .records import RecordStore, new_id, utc

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("kotatsu.net.recording")


class HostRecorder:
    """The full record of one host's game. ``record_id``: keep the same id across a resume
    (the journal's name); ``clock``: wall-clock seconds (time.time)."""

    def __init__(
        self,
        store: RecordStore,
        record_id: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.clock = clock
        self.record_id = record_id or new_id(clock())
        self.started: str | None = None
        self.written = False

    def attach(self, host: Host) -> HostRecorder:
        """Watch ``host`` (a resumed table keeps the start time its journal or its unfinished
        record says), and let its table serve the record for review once the game is over."""
        host.recorder = self
        host.table.review = lambda: self.record(host)
        self.started = host.began
        if self.started is None:
            with contextlib.suppress(KeyError, OSError, rec.RecordError):
                self.started = rec.parse(self.store.read(self.record_id))["started"]
        return self

    def record(self, host: Host) -> dict[str, Any]:
        """The full record now (``finished`` once the game is over)."""
        table = host.table
        players = [
            rec.player(seat.name or f"{seat.index + 1}", seat.bot, host.bots.level)
            for seat in table.seating.seats
        ]
        over = table.game.over
        return rec.full_record(
            record_id=self.record_id,
            game=table.game,
            seed=table.seed,
            table=table.name,
            players=players,
            started=self.started or utc(self.clock()),
            ended=utc(self.clock()) if over else None,
            actions=table.actions,
        )

    def update(self, host: Host) -> None:
        """After a change: note the start; write the record once the game is over."""
        if not host.started or self.written:
            return
        if self.started is None:
            self.started = host.began = utc(self.clock())
            if host.journal is not None:  # kept across a kill and a resume
                try:
                    host.journal.began(self.started)
                except OSError as exc:
                    log.warning("cannot note the start in the journal: %s", exc)
        if host.game.over:
            self._write(host)

    def close(self, host: Host) -> None:
        """The host stops: a started game not yet written is kept, unfinished."""
        if host.started and not self.written:
            self.update(host)
            if not self.written:
                self._write(host)

    def _write(self, host: Host) -> None:
        self.written = True
        try:
            self.store.save(self.record(host))
        except (OSError, rec.RecordError) as exc:  # the game goes on; the log says why
            log.warning("cannot keep the game record: %s", exc)


def keep_records(host: Host, journal: str | Path | None = None) -> HostRecorder:
    """Keep ``host``'s game in the user's records (the id is the journal's name, if any, so a
    resumed table finishes the same record)."""
    record_id = Path(journal).name.removesuffix(".journal") if journal else None
    if record_id is not None and not rec.ID_PATTERN.fullmatch(record_id):
        record_id = None
    return HostRecorder(RecordStore(), record_id).attach(host)


class SeatRecorder:
    """What one joined seat saw, kept as a ``seat`` record (see the module docstring)."""

    def __init__(self, store: RecordStore | None = None, clock: Callable[[], float] = time.time):
        self.store = store or RecordStore()
        self.clock = clock
        self.record_id = new_id(clock()) + "-seat"
        self.started: str | None = None
        self.frames: list[dict[str, Any]] = []
        self.players: list[dict[str, Any]] = []
        self.written = False

    def lobby(self, message: dict[str, Any]) -> None:
        self.players = [
            {"name": str(p.get("name") or ""), "kind": "bot" if p.get("bot") else "person"}
            for p in message["players"]
        ]

    def state(self, message: dict[str, Any]) -> None:
        if self.written:
            return
        if self.started is None:
            self.started = utc(self.clock())
        self.frames.append({"view": message["view"], "events": message["events"]})

    def record(self, table: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        if not self.frames:
            return None
        seats = int(table["seats"])
        players = (self.players + [{"name": "", "kind": "person"}] * seats)[:seats]
        over = bool(self.frames[-1]["view"].get("over"))
        return rec.seat_record(
            record_id=self.record_id,
            game=str(table["game"]),
            options=table["options"],
            seats=seats,
            seat=seat,
            table=str(table["name"]),
            players=[{**p, **({"level": "?"} if p["kind"] == "bot" else {})} for p in players],
            started=self.started or utc(self.clock()),
            ended=utc(self.clock()) if over else None,
            frames=self.frames,
        )

    def write(self, table: dict[str, Any] | None, seat: int | None) -> None:
        """Keep the record (once; nothing if the game never started)."""
        if self.written or table is None:
            return
        try:
            record = self.record(table, seat)
            if record is not None:
                self.written = True
                self.store.save(record)
        except (OSError, ValueError, KeyError, TypeError, rec.RecordError) as exc:
            log.warning("cannot keep the game record: %s", exc)
