"""One seat's table screen in a replay, taken to any position of the record.

``Track`` holds a game's real table screen (from one seat's chair) and what it remembered at
the positions seen (tui/replay/memory.py). A step forward hands the screen the next state, as
the table did. Any other move (back, a jump, a return from another seat) puts back the memory
kept nearest before the target, takes in the few states between without drawing, and hands
the screen the target's state: what is drawn is what the table drew there, with no screen
built again. The memories are kept every ``every`` positions (at most ``KEPT`` of them per
seat), filled as the reader steps and, while the reader looks, ahead as far as the next
round's start (where ``]`` jumps; the last position in the last round) in small slices of
``SLICE`` seconds between frames (``fill_ahead``): no further, so that a reader who only looks
costs a round's states at most, and a jump further on (the end) takes in the states on its
way, keeping their memories as it goes. The views of a full record are worked out once per
seat through the engine (``Views``), and each position's state is read (checked against its
game's shapes, as a state from the table is) once per seat and kept: a ``TableState`` is
never changed, and the replay passes the same positions again and again (filling ahead, then
stepping; stepping back from a memory).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.base import Game
from engine.record import Replay
from net.wire.codec import wire_copy

from ..table.messages import TableState, read_state
from ..table.parse import Wired
from .memory import Memory
from .source import RecordSource

if TYPE_CHECKING:
    from ..table.screen import TableScreen

T = TypeVar("T")

KEPT = 128
"""The most memories kept per seat (a long record keeps them further apart)."""
SLICE = 0.006
"""Seconds of work per slice of filling ahead (well inside a frame)."""


class Walk(Generic[T]):
    """What ``read`` makes of a full record's game at each position, worked out through the
    engine as far as asked (the game walked forward once, from the deal) and kept."""

    def __init__(self, replay: Replay, read: Callable[[Game], T]) -> None:
        self.replay = replay
        self.read = read
        self.kept: list[T] = []
        self.game: Game | None = None

    def __getitem__(self, position: int) -> T:
        actions = self.replay.record["actions"]
        while len(self.kept) <= position:
            if self.game is None:
                self.game = self.replay.game()
            else:
                entry = actions[len(self.kept) - 1]
                self.game.apply(entry["seat"], entry["action"])
            self.kept.append(self.read(self.game))
        return self.kept[position]


class Views(Walk[Mapping[str, Any]]):
    """One seat's view at each position: a seat record's own, or a full record's through the
    engine, worked out as far as asked and kept: a copy (the engine's view may share lists
    the next action changes), made as the wire makes it: what a seat at the table got."""

    def __init__(self, replay: Replay, seat: int | None) -> None:
        super().__init__(replay, lambda game: wire_copy(game.view(seat)))
        if replay.kind == "seat":
            self.kept = list(replay.views)


class Track:
    """One seat's screen and its memories; see the module docstring."""

    def __init__(
        self, replay: Replay, seat: int | None, screen: TableScreen, source: RecordSource
    ) -> None:
        self.replay = replay
        self.source = source
        self.seat = seat
        self.screen = screen
        self.views = Views(replay, seat)
        self.read: dict[int, tuple[TableState, list[Wired]]] = {}  # position -> its state
        self.every = max(1, -(-replay.positions // KEPT))
        self.memories: dict[int, Memory] = {}
        self.start: Memory | None = None  # before the first state
        self.at = -1  # the position the screen's memory is at

    def state(self, position: int) -> tuple[TableState, list[Wired]]:
        """The state at ``position`` and its events, read as the table's ``state`` message is
        read (once, then kept)."""
        read = self.read.get(position)
        if read is None:
            message = {
                "version": position,
                "view": self.views[position],
                "events": self.replay.events[position],
                "legal": [],
            }
            read = self.read[position] = read_state(message)
        return read

    def take(self, position: int, *, quiet: bool) -> None:
        """The screen takes in the state at ``position`` (``quiet``: without drawing)."""
        state, events = self.state(position)
        self.screen.quiet = quiet
        try:
            self.screen.receive_state(state, events)
        finally:
            self.screen.quiet = False
        self.at = position
        if position % self.every == 0 and position not in self.memories:
            self.memories[position] = Memory.of(self.screen)

    def go(self, target: int) -> None:
        """Show ``target`` (see the module docstring)."""
        if self.start is None:
            self.start = Memory.of(self.screen)
        if target != self.at + 1:
            self.catch_up(target - 1)
        self.take(target, quiet=False)

    def catch_up(self, position: int) -> None:
        """Bring the screen's memory to ``position`` without drawing (-1: before the first
        state): from the memory kept nearest before it, or from where it is."""
        if position == self.at:
            return
        kept = [p for p in self.memories if p <= position]
        base = max(kept, default=-1)
        if not (base <= self.at < position):
            memory = self.memories[base] if base >= 0 else self.start
            assert memory is not None
            memory.restore(self.screen)
            self.at = base
        for k in range(self.at + 1, position + 1):
            self.take(k, quiet=True)

    def ahead(self) -> int:
        """How far memories are kept ahead: the next round's start after the position the
        screen is at (where ``]`` jumps), else the last position."""
        later = [mark for mark in self.replay.marks if mark > self.at]
        return later[0] if later else self.replay.positions - 1

    def fill_ahead(self) -> bool:
        """Keep memories further on, as far as ``ahead()``, for a slice of time, and put the
        screen back as it was (nothing drawn). False once there is nothing left to fill."""
        end = self.ahead()
        furthest = max(self.memories, default=-1)
        if furthest + self.every > end or self.at < 0:
            return False
        now, here = Memory.of(self.screen), self.at
        started = time.perf_counter()
        self.catch_up(furthest)
        goal = furthest + self.every  # at least the next memory, however slow the slice
        while self.at < end and (self.at < goal or time.perf_counter() - started < SLICE):
            self.take(self.at + 1, quiet=True)
        now.restore(self.screen)
        self.at = here
        return True
