"""What the table says to a screen, typed once at the boundary.

The network worker (``TableScreen.listen``) reads the client's messages (plain dicts, as the
wire carries them) and posts one of these Textual messages for each; the screen handles them
with ``@on``. Every field is checked here, once: a handler never meets a wrong type, and a
message of an unknown or malformed kind is dropped (``from_wire`` answers None). A state's
view, its events and its legal actions are checked against the shapes its game declares
(``engine/<game>/types.py``, with ``engine.shapes``): a view that does not fit is refused
whole (``Unreadable``, said on the notice line), an event or an action that does not fit is
left out; so everything after the edge reads typed keys, never a guess.

    StateReceived    a new state of the game: version, the seat's view, legal actions, events
    Unreadable       a state whose view does not have its game's declared shape: refused
    LobbyChanged     who sits where (names, bots, who is away, who still reads the results),
                     who watches
    Refused          the table refused our last action or request (a code and parameters)
    ChatReceived     a chat line or a whisper
    Noticed          the table's own news (a code and parameters): "Ann left the table"
    ConnectionChanged  lost / restored / closed
    SeatMoved        the host started with fewer seats: ours moved
    TableError       an ``error`` from the host (closed, removed, …)
    RecordReceived   the whole game's record, asked for to review it (tui/table/review.py)
    HistoryReceived  what this seat was shown before it came back (chat, notices, events)
    ClockChanged     whose turn clocks run, seconds left (tui/table/clock.py)
    TakebackAsked    a take-back request asked of the table, open or closed (takeback.py)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from textual.message import Message

from engine import shapes
from engine.base import SeatView
from lang import _
from tui.text import clean

from .parse import Wired

if TYPE_CHECKING:
    from engine.record import Replay
    from tui.settings import Settings


def _dicts(value: object) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _seat(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class TableState:
    """One state of the game as this seat sees it (``state`` on the wire): ``view`` fits its
    game's declared ``View`` (None: no state yet), each of ``legal`` its ``Action``; what every
    game's view has beyond ``SeatView`` (its ``game``, ``phase``, its result's ``winners``) is
    read with it, for the shared table. Made once and read, never changed (``with_view``
    makes another); a plain class: a frozen dataclass compiled its methods from text at every
    start (issue 37)."""

    __slots__ = ("game", "legal", "phase", "version", "view", "winners")

    def __init__(
        self,
        version: int = -1,
        view: SeatView | None = None,
        legal: list[Wired] | None = None,
        game: str = "",
        phase: str = "",
        winners: tuple[int, ...] = (),
    ) -> None:
        self.version = version
        self.view = view
        self.legal: list[Wired] = [] if legal is None else legal
        self.game = game
        self.phase = phase
        self.winners = winners

    @property
    def over(self) -> bool:
        return self.view is not None and self.view["over"]


class StateReceived(Message):
    def __init__(self, state: TableState, events: list[Wired]) -> None:
        super().__init__()
        self.state = state
        self.events = events


class Unreadable(Message):
    """A state the table sent whose view does not have its game's shape: refused whole (the
    table goes on from the last state read); ``reason`` names what does not fit."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def words(self) -> str:
        """What the player is told (the screen's notice line, the plain table's line)."""
        # TRANSLATORS: {reason} is where the state does not fit, for a bug report (English)
        words = _("The table sent a state this kotatsu cannot read (another version?): {reason}")
        return words.format(reason=clean(self.reason))


class LobbyChanged(Message):
    def __init__(
        self, players: list[dict], started: bool = False, watchers: list[dict] | None = None
    ) -> None:
        super().__init__()
        self.players = players
        self.started = started  # the game has started (a seating then moves no one in or out)
        self.watchers = watchers or []  # who watches without a seat: id, name, muted


class Worded(Message):
    """A message the screen words from a code and parameters (``words.of_message``)."""

    def __init__(self, wire: dict) -> None:
        super().__init__()
        self.wire = wire  # the code and parameters, as ``words.of_message`` reads them


class Refused(Worded):
    pass


class Noticed(Worded):
    pass


class TableError(Worded):
    @property
    def code(self) -> str:
        code = self.wire.get("code")
        return code if isinstance(code, str) else ""


class ChatReceived(Message):
    def __init__(self, sender: int | None, name: str, text: str, to: int | None) -> None:
        super().__init__()
        self.sender = sender
        self.name = name
        self.text = text
        self.to = to


class ConnectionChanged(Message):
    def __init__(self, status: str) -> None:
        super().__init__()
        self.status = status


class SeatMoved(Message):
    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat


class RecordReceived(Message):
    def __init__(self, record: dict) -> None:
        super().__init__()
        self.record = record  # checked and replayed before it is shown (engine/record.py)


class HistoryReceived(Message):
    """A returning seat's earlier lines, oldest first: ``ChatReceived``, ``Noticed`` or a
    list of one state's public events."""

    def __init__(self, entries: list[Message | list[dict]]) -> None:
        super().__init__()
        self.entries = entries


def _history(m: dict) -> Message:
    entries: list[Message | list[dict]] = []
    for entry in _dicts(m.get("items")):
        kind = entry.get("t")
        if kind == "events":
            entries.append(_dicts(entry.get("events")))
        elif kind == "chat":
            entries.append(_chat(entry))
        elif kind == "notice":
            entries.append(Noticed(entry))
    return HistoryReceived(entries)


class ClockChanged(Message):
    def __init__(self, wire: dict) -> None:
        super().__init__()
        self.wire = wire  # read field by field by ``Clocks.update``


class TakebackAsked(Message):
    """A player's take-back request: ``voters`` answer it while it is ``open``."""

    def __init__(self, request: int, seat: int, voters: list[int], open_: bool, seconds: float):
        super().__init__()
        self.request = request
        self.seat = seat
        self.voters = voters
        self.open = open_
        self.seconds = seconds


def _takeback(m: dict) -> Message | None:
    request, seat, seconds = _seat(m.get("id")), _seat(m.get("seat")), m.get("seconds")
    voters = m.get("voters")
    if request is None or seat is None or not isinstance(voters, list):
        return None
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
        seconds = 0.0
    seats = [s for s in voters if _seat(s) is not None]
    return TakebackAsked(request, seat, seats, m.get("open") is True, float(seconds))


def _record(m: dict) -> Message | None:
    record = m.get("record")
    return RecordReceived(record) if isinstance(record, dict) else None


def read_state(m: Mapping[str, Any]) -> tuple[TableState, list[Wired]]:
    """A ``state`` message read against its game's declared shapes: its view checked (a
    ``ShapeError`` naming what does not fit), its legal actions and events that do not fit
    left out. The table screens, the replay and the plain table all read a state so."""
    view = shapes.view(m.get("view"))
    declared = shapes.declared(m["view"]["game"])
    version = m.get("version")
    legal = shapes.fitting(m.get("legal"), declared.action)
    state = with_view(TableState(version if type(version) is int else -1, legal=legal), view)
    return state, shapes.fitting(m.get("events"), declared.event)


def with_view(state: TableState, view: SeatView) -> TableState:
    """``state`` showing ``view``, with what every game's view has beyond ``SeatView`` read
    from it: its ``game``, its ``phase``, its result's ``winners``."""
    common: Mapping[str, Any] = view  # (its game's View: checked where it arrived)
    result = common.get("result") or {}
    winners = tuple(result.get("winners") or ())
    game, phase = str(common.get("game", "")), str(common.get("phase", ""))
    return TableState(state.version, view, state.legal, game, phase, winners)


def game_events(game: str, value: object) -> list[Wired]:
    """The events of a list that fit ``game``'s declared events (none for an unknown game):
    a ``history``'s, whose game its state tells."""
    try:
        return shapes.fitting(value, shapes.declared(game).event)
    except shapes.ShapeError:
        return []


def _state(m: dict) -> Message | None:
    try:
        state, events = read_state(m)
    except shapes.ShapeError as exc:
        return Unreadable(str(exc))
    return StateReceived(state, events)


def _lobby(m: dict) -> Message:
    return LobbyChanged(
        _dicts(m.get("players")), m.get("started") is True, _dicts(m.get("watchers"))
    )


def _chat(m: dict) -> Message:
    name, text = m.get("name"), m.get("text")
    return ChatReceived(
        _seat(m.get("from")),
        name if isinstance(name, str) else "",
        text if isinstance(text, str) else "",
        _seat(m.get("to")),
    )


def _connection(m: dict) -> Message:
    status = m.get("status")
    return ConnectionChanged(status if isinstance(status, str) else "")


def _welcome(m: dict) -> Message | None:
    seat = _seat(m.get("seat"))
    return SeatMoved(seat) if seat is not None else None


#: The wire's ``t`` -> the typed message it becomes.
FROM_WIRE: dict[str, Callable[[dict], Message | None]] = {
    "state": _state,
    "lobby": _lobby,
    "rejected": Refused,
    "chat": _chat,
    "notice": Noticed,
    "connection": _connection,
    "welcome": _welcome,
    "error": TableError,
    "record": _record,
    "history": _history,
    "clock": ClockChanged,
    "takeback": _takeback,
}


def from_wire(message: Any) -> Message | None:
    """The typed message for one message from the table (None: nothing a screen shows)."""
    if not isinstance(message, dict):
        return None
    kind = message.get("t")
    make = FROM_WIRE.get(kind) if isinstance(kind, str) else None
    return make(message) if make is not None else None


class LeaveTable(Message):
    """The player leaves the table: the app closes the seat and shows the lobby (with
    ``reason``, said there, even when started at the table from the command line)."""

    def __init__(self, reason: str = "") -> None:
        super().__init__()
        self.reason = reason


class PlayAgain(Message):
    """At game over the player asks for a new game: same seats, a new deal."""


class ReviewGame(Message):
    """The whole game's record, checked and replayed through the rules (tui/table/review.py):
    the app shows it over the table (tui/replay/), from ``seat``'s chair, every hand open
    where the record can show them."""

    def __init__(self, replay: Replay, seat: int | None, settings: Settings) -> None:
        super().__init__()
        self.replay = replay
        self.seat = seat
        self.settings = settings
