"""Keeping game records (engine/record.py) as a table plays: the host's full record, and a
joined player's record of what its own seat saw.

``HostRecorder`` watches a ``net.host.Host``: the host calls ``update`` after every change and
``close`` when it stops; the full record is written to the store when the game ends, and when
the host stops before the end (unfinished) once a person's seat has acted (a table left
before that — ``kotatsu play`` opened and closed — is not kept). Nothing of it is sent while
the game runs: the table serves it (``review``) only once the game is over (``Table.review``).

``SeatRecorder`` is a client's: it keeps the ``state`` messages its seat received (the seat's
own view and the public events, nothing else) and the seating, and writes a ``seat`` record
when the game ends, or when the player leaves after acting. A player who comes back to the
seat (its token) keeps one record of the game: the part before, left unfinished, is taken up
and written again, with its id and start, followed by what the seat saw since.
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
        when = self.started or utc(self.clock()), utc(self.clock()) if over else None
        sitting = rec.Sitting(self.record_id, table.name, players, *when)
        return rec.full_record(sitting, table.game, seed=table.seed, actions=table.actions)

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
        """The host stops: a started game not yet written is kept, unfinished, if a person's
        seat acted in it."""
        if host.started and not self.written:
            self.update(host)
            seats = host.table.seating.seats
            if not self.written and any(not seats[s].bot for s, _action in host.table.actions):
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
        self.acted = False
        """The seat sent an action (a game left before that is not kept unfinished)."""
        self.resumed = False
        """The seat was taken back with its token: the game's earlier record is taken up."""

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
        record_id, started, frames = self.record_id, self.started, self.frames
        before = self.earlier(table, seat, [p["name"] for p in players]) if self.resumed else None
        if before is not None:
            record_id, started = before.record["id"], before.record["started"]
            parts = zip(before.views, before.events, strict=True)
            frames = [{"view": v, "events": e} for v, e in parts] + frames
        sitting = rec.Sitting(
            record_id,
            str(table["name"]),
            [{**p, **({"level": "?"} if p["kind"] == "bot" else {})} for p in players],
            started or utc(self.clock()),
            utc(self.clock()) if over else None,
        )
        return rec.seat_record(
            sitting,
            game=str(table["game"]),
            options=table["options"],
            seats=seats,
            seat=seat,
            frames=frames,
        )

    def earlier(
        self, table: dict[str, Any], seat: int | None, names: list[str]
    ) -> rec.Replay | None:
        """The newest unfinished record this seat kept of this table's game (same game,
        table name, seat and players), replayed; None if there is none."""
        for kept in self.store.listing():
            same = (kept["game"], kept["table"], kept["players"]) == (
                table["game"],
                str(table["name"])[: rec.NAME_LIMIT],
                names,
            )
            if kept["kind"] != "seat" or kept["finished"] or not same:
                continue
            with contextlib.suppress(KeyError, OSError, rec.RecordError):
                before = rec.load(self.store.read(kept["id"]))
                if before.record["seat"] == seat:
                    return before
        return None

    def write(self, table: dict[str, Any] | None, seat: int | None) -> None:
        """Keep the record (once; nothing if the game never started, or was left unfinished
        before the seat acted)."""
        if self.written or table is None:
            return
        if not self.acted and not (self.frames and self.frames[-1]["view"].get("over")):
            return
        try:
            record = self.record(table, seat)
            if record is not None:
                self.written = True
                self.store.save(record)
        except (OSError, ValueError, KeyError, TypeError, rec.RecordError) as exc:
            log.warning("cannot keep the game record: %s", exc)
