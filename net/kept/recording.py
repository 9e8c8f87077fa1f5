"""Keeping game records (engine/record.py) as a table plays: the host's full record, and a
joined player's record of what its own seat saw.

``GameRecord`` is a part of the sans-I/O table (net/table/table.py ``Table.keep``): after each input
it says what the host must do — the journal's ``began`` record when the game first starts
(the record keeps that time however often the table is resumed), the full record to keep once
the game is over (``Output.keep``) — and when the host stops before the end, the record to
keep unfinished (``Table.unfinished``) once a person's seat has acted (a table left before
that — ``kotatsu play`` opened and closed — is not kept). Nothing of it is sent while the
game runs: the table serves it (``review``) only once the game is over. ``HostRecorder`` is
the host's side: the user's record store it writes those records to (``Host.keep``).

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
from typing import TYPE_CHECKING, Any, Protocol

from engine.record_check import ID_PATTERN, NAME_LIMIT, RecordError, parse

from .records import RecordStore, new_id, utc

if TYPE_CHECKING:
    from engine.record import Replay

    from ..table.rules import Rules
    from ..table.settings import TableSettings

log = logging.getLogger("kotatsu.net.kept.recording")

Message = dict[str, Any]


class Keeper(Protocol):
    """What of the host (net/doors/host.py) a recorder attaches to: when its game began (a
    resumed table's journal says), and where it hands the recorder."""

    began: str | None

    def keep(self, recorder: HostRecorder) -> None: ...


class Kept(Protocol):
    """What of the table (net/table/table.py) its game's record reads: its rules (the game,
    the seats, the actions…) and its settings."""

    @property
    def rules(self) -> Rules[Any]: ...

    def settings(self) -> TableSettings: ...


class GameRecord:
    """The full record of one table's game as it plays (see the module docstring):
    ``record_id`` (a resumed table keeps its id: the journal's name), ``began`` (when the game
    began, if a journal or an earlier record says), ``clock``: wall-clock seconds."""

    def __init__(
        self,
        record_id: str | None = None,
        began: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.clock = clock
        self.record_id = record_id or new_id(clock())
        self.began = began
        self.written = False

    def record(self, table: Kept) -> Message:
        """The full record now (``finished`` once the game is over)."""
        from engine import record as rec  # (what a record is made of: when one is kept)

        level, rules = table.settings().level, table.rules
        players = [
            rec.player(seat.name or f"{seat.index + 1}", seat.bot, level)
            for seat in rules.seating.seats
        ]
        over = rules.game.over
        when = self.began or utc(self.clock()), utc(self.clock()) if over else None
        sitting = rec.Sitting(self.record_id, rules.name, players, *when)
        return rec.full_record(sitting, rules.game, seed=rules.seed, actions=rules.actions)

    def step(self, table: Kept) -> tuple[list[Message], Message | None]:
        """After an input: the journal's ``began`` record when the game has just started, and
        the record to keep once it is over (once)."""
        rules = table.rules
        if not rules.started or self.written:
            return [], None
        records = []
        if self.began is None:
            self.began = utc(self.clock())
            records.append({"r": "began", "at": self.began})
        if not rules.game.over:
            return records, None
        self.written = True
        return records, self.record(table)

    def unfinished(self, table: Kept) -> Message | None:
        """The host stops: the record of a started game not kept yet, if a person's seat
        acted in it (None: nothing to keep)."""
        rules = table.rules
        if not rules.started or self.written:
            return None
        seats = rules.seating.seats
        if not rules.game.over and all(seats[s].bot for s, _action in rules.actions):
            return None
        self.written = True
        return self.record(table)


class HostRecorder:
    """Where one host keeps its game's records: the user's ``store`` (``record_id``: keep the
    same id across a resume, the journal's name; ``clock``: wall-clock seconds)."""

    def __init__(
        self,
        store: RecordStore,
        record_id: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.game = GameRecord(record_id, clock=clock)

    @property
    def record_id(self) -> str:
        return self.game.record_id

    @property
    def written(self) -> bool:
        return self.game.written

    def attach(self, host: Keeper) -> HostRecorder:
        """Keep ``host``'s game (a resumed table keeps the start its journal or its unfinished
        record says)."""
        game = self.game
        game.began = host.began
        if game.began is None:
            with contextlib.suppress(KeyError, OSError, RecordError):
                game.began = parse(self.store.read(game.record_id))["started"]
        host.keep(self)
        return self

    def save(self, record: Message) -> None:
        try:
            self.store.save(record)
        except (OSError, RecordError) as exc:  # the game goes on; the log says why
            log.warning("cannot keep the game record: %s", exc)


def keep_records(host: Keeper, journal: str | Path | None = None) -> HostRecorder:
    """Keep ``host``'s game in the user's records (the id is the journal's name, if any, so a
    resumed table finishes the same record)."""
    record_id = Path(journal).name.removesuffix(".journal") if journal else None
    if record_id is not None and not ID_PATTERN.fullmatch(record_id):
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
        from engine import record as rec

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

    def earlier(self, table: dict[str, Any], seat: int | None, names: list[str]) -> Replay | None:
        """The newest unfinished record this seat kept of this table's game (same game,
        table name, seat and players), replayed; None if there is none."""
        from engine.record import load

        for kept in self.store.listing():
            same = (kept["game"], kept["table"], kept["players"]) == (
                table["game"],
                str(table["name"])[:NAME_LIMIT],
                names,
            )
            if kept["kind"] != "seat" or kept["finished"] or not same:
                continue
            with contextlib.suppress(KeyError, OSError, RecordError):
                before = load(self.store.read(kept["id"]))
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
        except (OSError, ValueError, KeyError, TypeError, RecordError) as exc:
            log.warning("cannot keep the game record: %s", exc)
