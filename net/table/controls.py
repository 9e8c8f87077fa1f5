"""What the host decides at its own table, without I/O: start now with fewer seats, fill the
empty seats with bots, let a bot play an away player's seat, remove a player, close the table.

``Controls`` is a part of ``Rules`` (net/table/rules.py), given the rules it acts on as
``Governed``:
each method returns the ``(peer, message)`` list to send, like everything else the table does;
``ValueError`` says, in words, why it cannot be done now.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol

import engine

from ..wire.messages import error_message
from ..wire.reasons import Param
from .effects import Effects
from .resultswait import ResultsWait
from .seating import Guest, P, Seat, Seating, new_token
from .takebacks import Desk

Message = dict[str, Any]

CLOSED_CODE = "closed"
REMOVED_CODE = "removed"


class Governed(Protocol[P]):
    """What of the table's rules the host's decisions read and change (net/table/rules.py)."""

    game_name: str
    game: engine.Game
    seed: int
    started: bool
    seating: Seating[P]
    bot_seats: list[int]
    peers: dict[P, Guest]
    results: ResultsWait
    desk: Desk[P]
    effects: Effects

    @property
    def info(self) -> Message: ...

    def lobby(self) -> list[tuple[P, Message]]: ...
    def joined(self) -> list[tuple[P, Guest]]: ...
    def notice(self, code: str, **params: Param) -> Message: ...


class Controls(Generic[P]):
    """The host's decisions (see the module docstring)."""

    def __init__(self, rules: Governed[P]) -> None:
        self.rules = rules

    @property
    def min_seats(self) -> int:
        return int(getattr(engine.GAMES[self.rules.game_name], "MIN_SEATS", 2))

    def can_start_now(self) -> bool:
        """Whether the seats taken so far are enough for this game to start with them alone."""
        rules = self.rules
        return not rules.started and self.min_seats <= rules.seating.taken_count

    def start_now(self) -> list[tuple[P, Message]]:
        """Start with the seats taken so far: the table becomes that small, the players keep
        their order (and are told their new seat with a fresh ``welcome``)."""
        rules = self.rules
        if rules.started:
            raise engine.BadSetup("setup.started")
        kept = [seat for seat in rules.seating.seats if seat.taken]
        if len(kept) < self.min_seats:
            raise engine.BadSetup("setup.too_few_players", n=self.min_seats)
        rules.game = engine.new_game(
            rules.game_name, len(kept), rules.game.options, seed=rules.seed
        )
        seating: Seating[P] = Seating(len(kept), [], [seat.token for seat in kept])
        moved: list[P] = []
        for index, old in enumerate(kept):
            new = seating[index]
            new.name, new.bot, new.peer = old.name, old.bot, old.peer
            if old.peer is not None and index != old.index:
                moved.append(old.peer)
                rules.peers[old.peer].seat = index
        rules.seating.seats = seating.seats
        rules.bot_seats = [seat.index for seat in rules.seating.seats if seat.bot]
        rules.effects.seating_changed = True
        out: list[tuple[P, Message]] = []
        for peer in moved:
            moved_to = rules.peers[peer].seat
            assert moved_to is not None
            welcome = {
                "t": "welcome",
                "seat": moved_to,
                "token": rules.seating[moved_to].token,
                "table": rules.info,
            }
            out.append((peer, welcome))
        return out

    def fill_with_bots(self) -> list[tuple[P, Message]]:
        """Every free seat gets a bot; the game then starts."""
        rules = self.rules
        if rules.started:
            raise ValueError("the game has started already")
        for seat in rules.seating.seats:
            if not seat.taken:
                seat.bot, seat.name = True, f"Bot {seat.index + 1}"
        rules.bot_seats = [seat.index for seat in rules.seating.seats if seat.bot]
        return rules.lobby()

    def away_seat(self, index: int) -> Seat[P]:
        seat = self._human(index)
        if seat.connected or not self.rules.started:
            raise ValueError(f"{seat.name} is at the table")
        return seat

    def cover(self, index: int) -> list[tuple[P, Message]]:
        """A bot plays an away player's seat until they come back with their token."""
        rules = self.rules
        seat = self.away_seat(index)
        seat.covered = seat.away_told = True  # (its return is told: net/table/away.py)
        notice = rules.notice("covered", seat=index, name=seat.name or "")
        return rules.lobby() + [(peer, notice) for peer, _ in rules.joined()]

    def remove(self, index: int) -> list[tuple[P, Message]]:
        """Send a player away for good: before the start the seat is free again; during play a
        bot takes the seat and the player's token no longer opens it."""
        rules = self.rules
        seat = self._human(index)
        peer, name = seat.peer, seat.name
        rules.results.gone(index)  # nobody to wait for there any more
        out: list[tuple[P, Message]] = []
        if peer is not None:
            out.append((peer, error_message(REMOVED_CODE)))
            rules.peers.pop(peer, None)
        if not rules.started:
            rules.seating.free(index)
            rules.effects.records.append({"r": "stand", "seat": index, "token": seat.token})
        else:
            seat.peer, seat.token, seat.bot = None, new_token(), True
            seat.away_since, seat.covered = None, False
            rules.bot_seats = sorted({*rules.bot_seats, index})
            rules.effects.records.append({"r": "bot", "seat": index, "token": seat.token})
        notice = rules.notice("removed", seat=index, name=name or "")
        asked = rules.desk.left(index)  # a take-back asked of the table goes on without them
        return out + rules.lobby() + [(other, notice) for other, _ in rules.joined()] + asked

    def closing(self) -> list[tuple[P, Message]]:
        """Everyone is told the host closed the table (the host then closes the connections)."""
        closed = error_message(CLOSED_CODE)
        return [(peer, closed) for peer, _ in self.rules.joined()]

    def _human(self, index: int) -> Seat[P]:
        rules = self.rules
        if not 0 <= index < len(rules.seating):
            raise ValueError(f"there is no seat {index + 1}")
        seat = rules.seating[index]
        if seat.bot or seat.name is None:
            raise ValueError(f"seat {index + 1} has no player")
        return seat
