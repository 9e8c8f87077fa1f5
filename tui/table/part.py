"""A game's part of the table: what a game gives the one table screen every game shares.

The table screen (tui/table/screen.py) is final: a game does not subclass it. It gives it a
``TablePart``, declared in ``tui/games/<game>/table.py`` as ``TABLE`` (the registry,
tui/games/__init__.py, finds it by the folder): a widget that owns the table's area (its id is
``table-area``) and holds the game's two other pieces, its decision model (``decisions``,
tui/table/decisions.py) and its face (``face``, tui/table/face.py).

Attributes down, messages up. The screen gives the part what it reads (``Given``: the seats'
names, the cards' look, the settings, the table's description and its people) and sets what
changes: ``state`` (reactive: the part draws its area when it changes), ``large`` (room for the
big cards), ``window`` (the window's size), ``me``. It calls the part's methods, which draw the
part's own widgets or return what the part wants done (the prompt's question, the header's
parts, log lines, an ``Outcome`` of a key); a click on the part's cards goes up as a
``Decided`` message, a question that changes by itself (a countdown) as ``Ask``. The part never
holds the screen.

A replay's memory of the part is the part's own: ``snapshot`` and ``restore``
(tui/replay/memory.py).
"""

from __future__ import annotations

import dataclasses
import inspect
import io
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, TypeVar

from rich.style import Style
from rich.text import Text
from textual.actions import parse
from textual.binding import Binding, BindingsMap
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.settings import Settings
from tui.widgets.cards import CardStyle

from .decisions import GAME_KEYS, Decisions, Outcome
from .face import GameFace, PlainFace
from .layout import TABLE_LOOKS, Fit, look_class
from .messages import TableState
from .news import LogLine
from .parse import Wired
from .people import People
from .seats import Seats


class Given(NamedTuple):
    """What the table gives its game's part once: the part reads them, never changes them."""

    seats: Seats
    cards: CardStyle
    settings: Settings
    table_info: dict
    people: People
    me: int | None


class Asked(NamedTuple):
    """The prompt's question: its words, and whether the table waits for others."""

    question: Text | str
    waiting: bool = False


class Taken:
    """What a part makes of a new state's events before the table takes them in: the lines
    logged first, and the events as the table tells them (a part may add what it saw before
    to one). A plain class: a dataclass compiled its methods from text at every start."""

    def __init__(self, events: list[Wired], lines: list[LogLine] | None = None) -> None:
        self.events = events
        self.lines: list[LogLine] = [] if lines is None else lines


class Refusal(NamedTuple):
    """What a part does when the table refused its last action: ``redraw`` (its choice was
    started over) and lines for the log."""

    redraw: bool = False
    lines: tuple[LogLine, ...] = ()


def with_keys(bindings: BindingsMap, keys: list[Binding]) -> BindingsMap:
    """The table's ``bindings`` with a part's own ``keys`` added, each bound to the table's
    ``game`` action with the part's action and its arguments (``pass_turn('done')`` becomes
    ``game('pass_turn', 'done')``): the table screen answers for them (``check_action``) and
    hands them to the part. A key the table binds already is the part's (as a subclass's
    binding of a key replaces its base's)."""
    merged = dict(bindings.key_to_bindings)
    for key, bound in BindingsMap(keys).key_to_bindings.items():
        merged[key] = [replace_action(binding) for binding in bound]
    return BindingsMap.from_keys(merged)


def replace_action(binding: Binding) -> Binding:
    """A part's key bound to the table's ``game`` action (a game key stays as it is: more
    keys for ``move``…, which the table forwards to the part's ``key``)."""
    _namespace, name, args = parse(binding.action)
    if name in GAME_KEYS:
        return binding
    action = f"game({', '.join(repr(a) for a in (name, *args))})"
    return dataclasses.replace(binding, action=action)


def part_css(part: type[TablePart]) -> list[Path]:
    """A part's stylesheets, beside its module."""
    return [Path(inspect.getfile(part)).with_name(path) for path in part.CSS_PATH]


W = TypeVar("W", bound=Widget)


class TablePart(Vertical):
    """A game's part of the table; see the module docstring. The defaults are the plain
    table's: a game overrides what it shows and says."""

    #: The game's name (a key of engine.GAMES) and its title (an ``N_`` msgid).
    GAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    #: Show the results panel after every round/hand (the final panel always shows).
    RESULTS_EACH_ROUND: ClassVar[bool] = False
    LOW_SCORE_WINS: ClassVar[bool] = False  # penalty games (Swoop): the lowest total leads
    #: The game's stylesheet(s), beside its module; read when its table first shows.
    CSS_PATH: ClassVar[list[str]] = []
    #: The game's own keys (their actions are the part's: ``allows`` and ``act``), added to
    #: the table's; and those of them that come and go (the footer is told).
    KEYS: ClassVar[list[Binding]] = []
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ()
    #: The lines of the part that keep a height they grew to (as the prompt does).
    KEPT_HEIGHTS: ClassVar[tuple[str, ...]] = ()
    #: The looks: the game's own (``<game>--name``) and the table's, which the part's
    #: stylesheet may restyle.
    COMPONENT_CLASSES: ClassVar[set[str]] = TABLE_LOOKS

    #: The game as this seat sees it now: set by the table (quietly while a replay catches
    #: up: nothing is drawn then); drawn when it changes.
    state: reactive[TableState] = reactive(
        TableState(), always_update=True, init=False, repaint=False
    )

    class Decided(Message):
        """A click on the part's cards answered by the decision model: the table carries
        ``outcome`` out (sends, refuses, draws again)."""

        def __init__(self, outcome: Outcome) -> None:
            super().__init__()
            self.outcome = outcome

    class Ask(Message):
        """The part's question changed by itself (a countdown): the table asks it again."""

    def __init__(self, given: Given) -> None:
        super().__init__(id="table-area")
        self.seats = given.seats
        self.cards = given.cards
        self.settings = given.settings
        self.table_info = given.table_info
        self.people = given.people
        self.me = given.me
        self.large = False  # room for the big cards (the table sets it with the window)
        self.window = Fit(0, 0)  # the window's size, as the table's layout reads it
        #: The game's decision model and face (a game's part makes its own).
        self.decisions = Decisions(given.me)
        self.face: GameFace = PlainFace(self)

    # -- what the part reads -------------------------------------------------------------
    @property
    def you(self) -> int | None:
        """The seat the words call "You": the local one at a live table; none in a replay."""
        return None if self.decisions.watching else self.me

    @property
    def view(self) -> Any:
        return self.state.view

    def look(self, name: str) -> Style:
        """The Rich style of a look: the game's own, else the table's. Asked before the part
        is styled (the header drawn as the screen mounts, on a busy machine), no style yet:
        the header is drawn again with the next state, styled."""
        key = look_class(self.GAME, name, type(self).COMPONENT_CLASSES)
        try:
            return self.get_component_rich_style(key, partial=True)
        except KeyError:  # Textual: the part's component styles are not made yet
            return Style.null()

    def mounted(self, kind: type[W], name: str, make: Callable[[], W], after: str) -> W:
        """The part's widget ``#name``, made and mounted after ``#after`` when first asked for:
        one the game seldom shows (a Dagger's row, big cards) is not styled before the first
        card."""
        try:
            return self.query_one(f"#{name}", kind)
        except NoMatches:
            widget = make()
            self.mount(widget, after=f"#{after}")
            return widget

    def keep_in_sight(self, widget: Widget) -> None:
        """Once laid out, scroll the table so that ``widget`` (my own cards) is on screen: a
        table taller than a small window (a hand swollen by pick-ups) shows my cards rather
        than its top."""
        self.call_after_refresh(widget.scroll_visible, animate=False, immediate=True)

    # -- drawn: attributes down ------------------------------------------------------------
    def watch_state(self, state: TableState) -> None:
        if state.view is not None and self.is_mounted:
            self.draw()

    def on_mount(self) -> None:
        """A state given before the part was composed (a replay playing on, a busy machine):
        drawn now that its widgets are there."""
        if self.state.view is not None:
            self.draw()

    def draw(self) -> None:
        """Draw the part's widgets from ``state`` (the game's own; the plain table has none)."""

    def waiting_room(self, seated: Text) -> None:
        """Show the seating before the game starts, where the part's layout puts it."""

    def question(self) -> Asked:
        """What the prompt asks now."""
        return Asked("")

    def header_parts(self, tail: int) -> list[Text | str]:
        """The header's pieces after "kotatsu" (the game, its round…); ``tail``: the cells
        the header takes after them (the table's name, who is away, the connection)."""
        return [self.TITLE or self.GAME]

    # -- a state taken in: what to log ------------------------------------------------------
    def taking(self, state: TableState, events: list[Wired], first: bool) -> Taken:
        """A new state's events, before the table takes them in (``first``: the first state
        this seat sees, without events: how the round on show began)."""
        return Taken(events)

    def taken(self) -> list[LogLine]:
        """Lines for the log once the state was taken in."""
        return []

    def told(self, event: Wired) -> list[LogLine]:
        """A public event was told in the log: more lines of the game's own after it."""
        return []

    def log_kept(self) -> Callable[[object], bool] | None:
        """Which of the log's lines to keep by their tag (None: all of them)."""
        return None

    def refused(self, code: object, words: str) -> Refusal:
        """The table refused our last action (``code``, said as ``words``)."""
        return Refusal()

    # -- keys --------------------------------------------------------------------------------
    def key(self, name: str, *args: int) -> Outcome:
        """A game key (move, pick, confirm, back, digit): the decision model answers."""
        answer: Outcome = getattr(self.decisions, name)(*args)
        return answer

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether one of the part's own keys (``KEYS``) works now."""
        return True

    def act(self, action: str, *parameters: object) -> Outcome:
        """One of the part's own keys pressed."""
        return None

    def owed(self) -> Outcome:
        """What the part still owes the table once a state is drawn (None: nothing)."""
        return None

    # -- the results panels --------------------------------------------------------------------
    def wants_panel(self, event: Wired) -> bool:
        """Whether a round/hand end that does not end the game gets its results panel here."""
        return True

    def panel_shown(self) -> None:
        """A results panel shows over the table."""

    def panels_closed(self) -> bool:
        """Every results panel due is closed and the table is back on show (True: draw)."""
        return False

    # -- a replay's memory of the part -------------------------------------------------------
    def snapshot(self) -> object:
        """What the part remembers after a state (its decision model, its face and what it
        keeps of its own: ``memory``), copied (``PartMemory``)."""
        values = {"decisions": self.decisions, "face": self.face, **self.memory()}
        return PartMemory.of(self, values)

    def restore(self, snapshot: object) -> None:
        """Put back what ``snapshot`` took (nothing is drawn)."""
        assert isinstance(snapshot, PartMemory)
        for name, value in snapshot.values().items():
            setattr(self, name, value)

    def memory(self) -> dict[str, object]:
        """The attributes the game's part keeps of past states besides its decision model and
        face (override: each named; what they hold is copied as a pickle copies it)."""
        return {}


class PartMemory:
    """A part's memory after a state (``TablePart.snapshot``), kept as a pickle: its values and
    everything they reach, written once, read back as a new copy at each restore (a replay
    goes back to the same memory again and again). What the part shares with the table
    rather than owns (itself, its seats, cards, settings, table, people and widgets) is not
    copied: the copy refers to those very objects, as ``copy.deepcopy`` with them in its memo
    did. Pickled rather than deep-copied: ``deepcopy`` copies object by object in Python
    (a replay's jump takes a memory every few states), into many small objects the garbage
    collector walks again and again; a pickle is one bytes object, written and read in C.
    Taking a memory of 秘十's part 0.9 -> 0.4 ms, putting it back 0.9 -> 0.2 ms.

    The shared objects are in the pickler's memo before it starts, as they were in
    deepcopy's: it writes each as a reference to its place there (no Python runs for each
    object written, as a persistent id asked of every object did: three quarters of the
    writing), and the reader's memo holds each at that place (``_Places``)."""

    def __init__(self, data: bytes, shared: tuple[object, ...]) -> None:
        self.data = data
        self.shared = shared  # what the pickle refers to by its place in the memo
        self._places: Any = None  # a reader's memo holding them there, made once

    @classmethod
    def of(cls, part: TablePart, values: dict[str, object]) -> PartMemory:
        given = (part, part.seats, part.cards, part.settings, part.table_info, part.people)
        shared = (*given, *part.walk_children(with_self=False))
        written = io.BytesIO()
        writer = pickle.Pickler(written, protocol=_PROTOCOL)
        writer.memo = {id(thing): (n, thing) for n, thing in enumerate(shared)}
        writer.dump(values)
        return cls(written.getvalue(), shared)

    def values(self) -> dict[str, object]:
        """A new copy of the values."""
        if self._places is None:
            self._places = _Places(self.shared).memo
        reader = pickle.Unpickler(_buffered(self.data))
        reader.memo = self._places  # (copied into the reader's own)
        read = reader.load()
        assert isinstance(read, dict)
        return read


_PROTOCOL = 3
"""Protocol 3 names the place of every object it puts in the memo; from 4 on, the reader
numbers them by its count, which a memo given to it does not set."""


def _buffered(data: bytes) -> io.BufferedReader:
    """``data`` to read from, buffered: a protocol 3 pickle has no frames (4's), and a reader
    read a bare ``BytesIO`` a call per opcode (twice as slow as reading the old pickle)."""
    return io.BufferedReader(io.BytesIO(data))


class _Places(pickle.Unpickler):
    """An unpickler that reads ``shared`` into its memo, each at its place: a memo given to
    another reader (CPython copies one reader's memo into another; a dict given is lost)."""

    def __init__(self, shared: tuple[object, ...]) -> None:
        placing = io.BytesIO()
        placing.write(pickle.PROTO + bytes([2]))
        for n in range(len(shared)):
            place = n.to_bytes(4, "little")
            placing.write(pickle.BININT + place + pickle.BINPERSID)
            placing.write(pickle.LONG_BINPUT + place + pickle.POP)
        placing.write(pickle.NONE + pickle.STOP)
        super().__init__(_buffered(placing.getvalue()))
        self.shared = shared
        self.load()

    def persistent_load(self, pid: object) -> object:
        assert isinstance(pid, int)
        return self.shared[pid]
