"""What each seat was shown, kept for its player's return (``history``, protocol 8).

A player who leaves during play and comes back (``kotatsu join`` again, the lobby, another
terminal with the token) opens a new table screen: without this its log and chat would start
empty. The host keeps, per seat, the lines that seat's own connections were sent — the public
events of each ``state``, the ``chat`` lines and whispers it got (and its own whispers'
echoes), the table's notices — and gives them back once per connection when asked (a
client asks when it took its seat back with its token).

Only what was sent to that seat: a whisper between two others, or anything sent while nobody
sat there, never enters it. Keyed by the seat's resume token, so a seat that changes hands
(freed before the start, moved by ``start_now``, given to a bot for good) starts empty: the
next player gets nothing of the last one's. Bounded: the newest ``ITEMS`` entries per seat (an
entry holds references to messages the host built anyway: a chat line or notice, or a state's
event list), so a long game cannot grow it. A seat's history is given at most once per
connection, and a non-empty one at most once per ``EVERY`` seconds per seat, so a reconnect
loop cannot make the host send it over and over. Nothing the seat did not see is in it, so
how much there is tells the seat nothing new.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, Generic

from ..wire.messages import HISTORY_LIMIT
from .seating import P

Message = dict[str, Any]

ITEMS = HISTORY_LIMIT
"""The most entries kept per seat (a chat line, a notice, or one state's events)."""
EVERY = 5.0
"""A seat's history is given at most once per this many seconds."""


class SeatMemory(Generic[P]):
    """Per seat (by token), what its connections were sent that a screen shows as lines."""

    def __init__(self, clock: Callable[[], float], items: int = ITEMS, every: float = EVERY):
        self.clock = clock
        self.items = items
        self.every = every
        self._kept: dict[str, deque[Message]] = {}
        self._counts: dict[str, int] = {}  # entries ever kept per token (deque drops the oldest)
        self._upto: dict[P, tuple[str, int]] = {}  # a connection: its token, count when it came
        self._given: dict[str, float] = {}  # when each seat's history was last given

    def note(self, token: str, message: Message) -> None:
        """``message`` was sent to the connection sitting at the seat with ``token``."""
        entry = line_of(message)
        if entry is None:
            return
        kept = self._kept.get(token)
        if kept is None:
            kept = self._kept[token] = deque(maxlen=self.items)
        kept.append(entry)
        self._counts[token] = self._counts.get(token, 0) + 1

    def joined(self, peer: P, token: str) -> None:
        """``peer`` was welcomed to the seat with ``token``: its history is what came before."""
        self._upto[peer] = (token, self._counts.get(token, 0))

    def gone(self, peer: P) -> None:
        self._upto.pop(peer, None)

    def keep_only(self, tokens: Iterable[str]) -> None:
        """Forget the seats whose token is no longer any seat's (the seat changed hands)."""
        live = set(tokens)
        for token in [t for t in self._kept if t not in live]:
            del self._kept[token]
            self._counts.pop(token, None)
            self._given.pop(token, None)

    def give(self, peer: P) -> list[Message] | None:
        """The entries for ``peer``'s seat from before it joined, oldest first. None: nothing
        to send (a spectator; given on this connection already; or given to this seat less
        than ``every`` seconds ago, which only a reconnect loop does: a returning screen asks
        once, and an automatic reconnection keeps its screen and does not ask)."""
        seat = self._upto.pop(peer, None)
        if seat is None:
            return None
        token, upto = seat
        now = self.clock()
        last = self._given.get(token)
        if last is not None and now - last < self.every:
            return None
        entries = list(self._kept.get(token, ()))
        later = self._counts.get(token, 0) - upto  # kept since it joined: it saw those
        entries = entries[: max(0, len(entries) - later)]
        if entries:
            self._given[token] = now
        return entries

    def size(self, token: str) -> int:
        return len(self._kept.get(token, ()))


def line_of(message: Message) -> Message | None:
    """The history entry of a message sent to a seat (None: nothing a log shows)."""
    kind = message.get("t")
    if kind == "chat":
        return message
    if kind == "notice":
        return message
    if kind == "state" and message.get("events"):
        return {"t": "events", "version": message["version"], "events": message["events"]}
    return None
