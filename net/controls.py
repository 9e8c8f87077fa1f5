"""What the host decides at its own table, without I/O: start now with fewer seats, fill the
empty seats with bots, let a bot play an away player's seat, remove a player, close the table.

A mixin of ``Rules`` (net/rules.py): each method returns the ``(peer, message)`` list to send,
like everything else the table does; ``ValueError`` says, in words, why it cannot be done now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic

import engine

from .messages import error_message
from .reasons import Param
from .seating import Guest, P, Seat, Seating, new_token

if TYPE_CHECKING:
    from .resultswait import ResultsWait
    from .rules import Effects
    from .takebacks import Desk

Message = dict[str, Any]

CLOSED_CODE = "closed"
REMOVED_CODE = "removed"


class Controls(Generic[P]):
    """The host's decisions (see the module docstring)."""

    if TYPE_CHECKING:
        game_name: str
        game: engine.Game
        seed: int
        started: bool
        seating: Seating[P]
        bot_seats: list[int]
        peers: dict[P, Guest]
        results: ResultsWait
        desk: Desk[P]
        _effects: Effects

        @property
        def info(self) -> Message: ...

        def _lobby(self) -> list[tuple[P, Message]]: ...
        def joined(self) -> list[tuple[P, Guest]]: ...
        def notice(self, code: str, **params: Param) -> Message: ...
        def start(self) -> list[tuple[P, Message]]: ...

    @property
    def min_seats(self) -> int:
        return int(getattr(engine.GAMES[self.game_name], "MIN_SEATS", 2))

    def can_start_now(self) -> bool:
        """Whether the seats taken so far are enough for this game to start with them alone."""
        return not self.started and self.min_seats <= self.seating.taken_count

    def start_now(self) -> list[tuple[P, Message]]:
        """Start with the seats taken so far: the table becomes that small, the players keep
        their order (and are told their new seat with a fresh ``welcome``)."""
        if self.started:
            raise engine.BadSetup("setup.started")
        kept = [seat for seat in self.seating.seats if seat.taken]
        if len(kept) < self.min_seats:
            raise engine.BadSetup("setup.too_few_players", n=self.min_seats)
        self.game = engine.new_game(self.game_name, len(kept), self.game.options, seed=self.seed)
        seating: Seating[P] = Seating(len(kept), [], [seat.token for seat in kept])
        moved: list[P] = []
        for index, old in enumerate(kept):
            new = seating[index]
            new.name, new.bot, new.peer = old.name, old.bot, old.peer
            if old.peer is not None and index != old.index:
                moved.append(old.peer)
                self.peers[old.peer].seat = index
        self.seating.seats = seating.seats
        self.bot_seats = [seat.index for seat in self.seating.seats if seat.bot]
        self._effects.seating_changed = True
        out: list[tuple[P, Message]] = []
        for peer in moved:
            moved_to = self.peers[peer].seat
            assert moved_to is not None
            welcome = {
                "t": "welcome",
                "seat": moved_to,
                "token": self.seating[moved_to].token,
                "table": self.info,
            }
            out.append((peer, welcome))
        return out

    def fill_with_bots(self) -> list[tuple[P, Message]]:
        """Every free seat gets a bot; the game then starts."""
        if self.started:
            raise ValueError("the game has started already")
        for seat in self.seating.seats:
            if not seat.taken:
                seat.bot, seat.name = True, f"Bot {seat.index + 1}"
        self.bot_seats = [seat.index for seat in self.seating.seats if seat.bot]
        return self._lobby()

    def away_seat(self, index: int) -> Seat[P]:
        seat = self._human(index)
        if seat.connected or not self.started:
            raise ValueError(f"{seat.name} is at the table")
        return seat

    def cover(self, index: int) -> list[tuple[P, Message]]:
        """A bot plays an away player's seat until they come back with their token."""
        seat = self.away_seat(index)
        seat.covered = True
        notice = self.notice("covered", seat=index, name=seat.name or "")
        return self._lobby() + [(peer, notice) for peer, _ in self.joined()]

    def remove(self, index: int) -> list[tuple[P, Message]]:
        """Send a player away for good: before the start the seat is free again; during play a
        bot takes the seat and the player's token no longer opens it."""
        seat = self._human(index)
        peer, name = seat.peer, seat.name
        self.results.gone(index)  # nobody to wait for there any more
        out: list[tuple[P, Message]] = []
        if peer is not None:
            out.append((peer, error_message(REMOVED_CODE)))
            self.peers.pop(peer, None)
        if not self.started:
            self.seating.free(index)
            self._effects.records.append({"r": "stand", "seat": index, "token": seat.token})
        else:
            seat.peer, seat.token, seat.bot = None, new_token(), True
            seat.away_since, seat.covered = None, False
            self.bot_seats = sorted({*self.bot_seats, index})
            self._effects.records.append({"r": "bot", "seat": index, "token": seat.token})
        notice = self.notice("removed", seat=index, name=name or "")
        asked = self.desk.left(index)  # a take-back asked of the table goes on without them
        return out + self._lobby() + [(other, notice) for other, _ in self.joined()] + asked

    def closing(self) -> list[tuple[P, Message]]:
        """Everyone is told the host closed the table (the host then closes the connections)."""
        closed = error_message(CLOSED_CODE)
        return [(peer, closed) for peer, _ in self.joined()]

    def _human(self, index: int) -> Seat[P]:
        if not 0 <= index < len(self.seating):
            raise ValueError(f"there is no seat {index + 1}")
        seat = self.seating[index]
        if seat.bot or seat.name is None:
            raise ValueError(f"seat {index + 1} has no player")
        return seat
