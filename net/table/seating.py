"""Who sits where: names, bots, resume tokens and who is connected (``Seat``), and what the
table knows of each connection (``Guest``). No sockets, no rules. (Plain classes: dataclasses
compiled their methods from text at every table's start, issue 37.)"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, TypeVar

from ..wire.messages import NAME_LIMIT, Refused
from ..wire.tokens import new_token, same_secret

__all__ = ["new_token"]  # kept here too: a seat's resume token

P = TypeVar("P", bound=Hashable)
"""Whatever handle the table uses for a connection."""


class Seat(Generic[P]):
    """One seat. ``name`` is None while nobody has taken it; bots are named at creation."""

    def __init__(self, index: int, token: str) -> None:
        self.index = index
        self.token = token
        self.name: str | None = None
        self.bot = False
        self.peer: P | None = None  # the table's handle of the connection sitting here
        self.covered = False  # a bot plays for the absent human
        self.away_since: float | None = None  # when its player left during play (the clock)
        self.away_told = False  # the table was told they left (net/table/away.py)

    @property
    def taken(self) -> bool:
        return self.bot or self.name is not None

    @property
    def connected(self) -> bool:
        return self.peer is not None


class Guest:
    """What the table knows of one connection: its nonce, and once joined, its seat and name."""

    def __init__(self, nonce: bytes) -> None:
        self.nonce = nonce
        self.joined = False
        self.seat: int | None = None  # None: a spectator (or not joined yet)
        self.name = ""
        self.key = ""  # a spectator's own key (net/table/watchers.py): never told to anyone else
        self.watcher: int | None = None  # a spectator's public number at this table


class Seating(Generic[P]):
    """The seats of one table."""

    def __init__(self, count: int, bot_seats: list[int], tokens: list[str] | None = None) -> None:
        tokens = tokens or [new_token() for _ in range(count)]
        if len(tokens) != count:
            raise ValueError("one resume token per seat")
        self.seats: list[Seat[P]] = [Seat(i, tokens[i]) for i in range(count)]
        for index in bot_seats:
            if not 0 <= index < count:
                raise ValueError(f"bots: there is no seat {index}")
            self.seats[index].bot = True
            self.seats[index].name = f"Bot {index + 1}"

    def __len__(self) -> int:
        return len(self.seats)

    def __getitem__(self, index: int) -> Seat[P]:
        return self.seats[index]

    @property
    def tokens(self) -> list[str]:
        return [seat.token for seat in self.seats]

    @property
    def full(self) -> bool:
        return all(seat.taken for seat in self.seats)

    @property
    def taken_count(self) -> int:
        return sum(seat.taken for seat in self.seats)

    def by_token(self, token: str) -> Seat[P]:
        """The seat this token resumes; compared in constant time so it cannot be guessed."""
        found = None
        for seat in self.seats:
            if same_secret(seat.token.encode(), token.encode()) and not seat.bot:
                found = seat
        if found is None:
            raise Refused("token")
        return found

    def choose(self, wish: int | None) -> Seat[P]:
        """The seat a new player gets: the one wished for if free, else the first free one."""
        if wish is not None:
            if not 0 <= wish < len(self.seats):
                raise Refused("no_seat", seat=wish)
            seat = self.seats[wish]
            if seat.taken:
                raise Refused("seat_taken", seat=wish)
            return seat
        for seat in self.seats:
            if not seat.taken:
                return seat
        raise Refused("full.seats")

    def free(self, index: int) -> Seat[P]:
        """Give a seat back before the game starts: no name, and a fresh token, so the one who
        left cannot later take over from whoever sits down next."""
        seat = self.seats[index]
        seat.name, seat.peer, seat.token = None, None, new_token()
        return seat

    def unique_name(self, name: str, also: Iterable[str] = ()) -> str:
        """``name``, or "name 2", "name 3"… if another seat (or a name of ``also``: the
        spectators') already has it."""
        taken = {seat.name.casefold() for seat in self.seats if seat.name}
        taken |= {other.casefold() for other in also}
        candidate, n = name, 1
        while candidate.casefold() in taken:
            n += 1
            candidate = f"{name[: NAME_LIMIT - len(str(n)) - 1]} {n}"
        return candidate

    def lobby(self, now: float | None = None, reading: Iterable[int] = ()) -> list[dict[str, Any]]:
        """The wire's ``players`` list. A human seat whose player left during play also has
        ``away``: ``{"seconds": how long ago (at ``now``), "bot": whether a bot plays it}``;
        a seat in ``reading`` (whose results panel the table waits for) has ``reading``."""
        reading = set(reading)
        players = []
        for seat in self.seats:
            entry: dict[str, Any] = {
                "name": seat.name,
                "bot": seat.bot,
                "connected": seat.bot or seat.connected,
            }
            if seat.away_since is not None and not seat.bot and not seat.connected:
                since = 0.0 if now is None else max(0.0, now - seat.away_since)
                entry["away"] = {"seconds": round(min(since, 3600.0), 1), "bot": seat.covered}
            if seat.index in reading:
                entry["reading"] = True
            players.append(entry)
        return players


class TakeoverLimit:
    """A seat connected elsewhere is taken over by its token at most once per ``every``
    seconds (a stolen token cannot make two connections fight over a seat at full speed).
    Without a ``clock`` there is no limit."""

    def __init__(self, clock: Callable[[], float] | None, every: float) -> None:
        self.clock = clock
        self.every = every
        self.last: dict[int, float] = {}  # when each seat was last taken over

    def check(self, index: int) -> None:
        """Note a take-over of seat ``index`` now, or refuse it (``busy``, when to retry)."""
        if self.clock is None:
            return
        now = self.clock()
        last = self.last.get(index)
        if last is not None and now - last < self.every:
            raise Refused("busy", retry=self.every - (now - last))
        self.last[index] = now
