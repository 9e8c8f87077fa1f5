"""The table screen every game shares: header, seats, log, prompt, chat and keys.

``TableScreen`` is final: no game subclasses it. A game gives it its part of the table
(``part``, tui/table/part.py: a widget that owns the table's area and holds the game's
decision model and face), found by the registry (tui/games/__init__.py); the screen composes
it with the table's own parts, sets what the part draws from (its reactive ``state``, the
window, room for big cards) and carries out what the part returns or posts (the prompt's
question, header parts, log lines, a key's outcome: ``Decided``).

The table's own parts each own one thing, in their modules here: the network worker (link.py)
posts typed messages (messages.py) handled with ``@on``; ``state`` is reactive, and a state is
taken in and the table drawn from it by ``intake`` (intake.py). ``people`` (people.py: who sits
where), ``seats`` (seats.py: names, digits, the others), ``waiting`` (waiting.py: the table
before its game), ``header`` (header.py), ``rounds`` (round_end.py: the rounds seen, the
results panels, game over), ``keys`` (keys.py: which keys work, the footer's words), ``chat``
(chat.py), ``news`` (news.py: public events told, messages worded), ``connection_status``
(connection.py), ``window`` (layout.py: what follows the window's size), ``clocks``
(clock.py), ``takebacks`` (takeback.py), ``hints`` (hints.py), the nudge (nudge.py) and the
notice line (news.py); the bindings and the footer's configuration are in bindings.py. This
module keeps what Textual looks for on the screen (compose, the ``@on`` handlers, the
``action_*`` methods, ``check_action``, the watcher), each handing on to a part.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, final

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

from engine.base import SeatView
from lang import _
from tui.dialogs import RulesScreen
from tui.seat import Seat
from tui.settings import Settings
from tui.text import clean
from tui.widgets.chat import ChatPane
from tui.widgets.footer import WordedFooter
from tui.widgets.log import EventLog
from tui.widgets.prompt import PromptBar

from . import history, review
from .away import absent_bot
from .bindings import FOOTER_EXPENDABLE, FOOTER_FALLBACK, SCREEN_BINDINGS
from .chat import TableChat
from .clock import Clocks
from .connection import ConnectionStatus
from .decisions import Decisions, Outcome, Refuse, Send
from .face import GameFace
from .header import HeaderWords, TableHeader
from .hints import HintDesk
from .intake import StateIntake
from .keys import KeyLine, keys_section
from .layout import TABLE_CSS, TABLE_LOOKS, Fit, TooSmall, WindowFit
from .link import TableLink
from .messages import (
    ChatReceived,
    ClockChanged,
    ConnectionChanged,
    HistoryReceived,
    LeaveTable,
    LobbyChanged,
    Noticed,
    RecordReceived,
    Refused,
    SeatMoved,
    StateReceived,
    TableError,
    TableState,
    TakebackAsked,
    Unreadable,
    Wired,
    with_view,
)
from .news import NoticeLine, TableNews, with_glyphs
from .nudge import TurnNudge, ring
from .part import Given, TablePart, part_css, with_keys
from .people import People, open_host_menu
from .round_end import RoundEnd
from .seats import Seats
from .takeback import TakebackDesk
from .waiting import WaitingRoom

__all__ = ["TABLE_CSS", "TableScreen"]  # the games import both from here


@final
class TableScreen(Screen[None]):
    """Every game's table screen, composed with the game's part; see the module docstring."""

    CSS_PATH: ClassVar[Any] = TABLE_CSS
    #: Nothing takes the keys at first: they are the table's (the chat input, hidden until
    #: c, must not catch them).
    AUTO_FOCUS: ClassVar[str | None] = ""
    COMPONENT_CLASSES: ClassVar[set[str]] = TABLE_LOOKS

    #: The table's keys, and the footer's (bindings.py); the part's own are added (``KEYS``).
    BINDINGS: ClassVar[list] = SCREEN_BINDINGS
    #: The lines that grow but do not shrink back while the window has room (``Steady``'s
    #: keep_height): what wraps only now and then does not lay the screen out each time.
    KEPT_HEIGHTS: ClassVar[tuple[str, ...]] = ("#prompt",)

    #: The game as this seat sees it now (version, view, legal actions): the table is drawn
    #: from it (``watch_state``), never by hand after a state arrives. Not a repaint of the
    #: whole screen (that made every state a full-screen update): the widgets the watcher
    #: changes repaint themselves.
    state: reactive[TableState] = reactive(
        TableState(), always_update=True, init=False, repaint=False
    )

    def __init__(self, seat: Seat, settings: Settings, part: type[TablePart]) -> None:
        super().__init__()
        self.seat_link = seat
        self.client = seat.client
        self.settings = settings
        self.cards = settings.cards
        self.me: int | None = seat.client.seat
        table = seat.client.table or {}
        self.table_info: dict = table if isinstance(table, dict) else {}
        self.people = People(absent_bot(self.table_info))
        #: Before the start: the seating, the join line, who sat down (tui/table/waiting.py).
        self.waiting = WaitingRoom(self)
        #: Names, the seat count, the others and their digits (tui/table/seats.py).
        self.seats = Seats(self)
        #: Show the results panel after every round/hand where the game waits for it (the
        #: panel is always shown at game over).
        self.rounds = RoundEnd(
            self, each_round=part.RESULTS_EACH_ROUND, low_wins=part.LOW_SCORE_WINS
        )
        self.keys = KeyLine(self, (*part.DYNAMIC_ACTIONS, "hint", "takeback", "review"))
        self.connection_status = ConnectionStatus(self)
        self.chat = TableChat(self)
        #: A public event told, a coded message worded (tui/table/news.py).
        self.news = TableNews(self.seats, self.cards)
        #: A new state's way through the table (tui/table/intake.py).
        self.intake = StateIntake(self)
        #: The layout classes and all that follows the window's size (tui/table/layout.py).
        self.window = WindowFit(self)
        self.states_seen = 0  # tests and the bench wait on this
        #: The game's part (tui/table/part.py): its area, decision model and face.
        given = Given(self.seats, self.cards, settings, self.table_info, self.people, self.me)
        self.part: TablePart = part(given)
        #: The header line (tui/table/header.py); a driver may add its ``aside``.
        self.header = TableHeader(self.part.look)
        self._bindings = with_keys(self._bindings, part.KEYS)
        self.css_path = [*self.css_path, *part_css(part)]
        if part.GAME:  # the game's rules for the screen's own regions (its side column)
            self.add_class(f"-{part.GAME}")
        self.turn_nudge = TurnNudge(lambda: ring(self.app, self.game_title), enabled=settings.nudge)
        self.hints = HintDesk(self, letters=self.cards.letters)
        self.clocks = Clocks()  # the turn clocks the host tells this seat of (clock.py)
        self.takebacks = TakebackDesk(self)
        # -- for a driver of the screen other than a live table (a replay, tui/replay/) --
        #: Take states in without drawing them: the table's memory (log, rounds, the game's
        #: own) moves on, nothing is painted and no results panel opens.
        self.quiet = False
        #: Widgets the driver adds, composed after the table's own, and in the side column
        #: above the log (a replay's every hand open).
        self.extras: list[Widget] = []
        self.side_extras: list[Widget] = []
        #: The lines that keep a height they grew to (KEPT_HEIGHTS; none: as tall as their text).
        self.kept_heights = (*self.KEPT_HEIGHTS, *part.KEPT_HEIGHTS)
        #: How a results panel goes over the table (None: pushed, a new screen each time).
        self.over_table: Callable[[Screen[Any], Callable[[Any], None]], None] | None = None

    @property
    def large(self) -> bool:
        """Room for the game's big cards now (``WindowFit`` sets it): the part's."""
        return self.part.large

    @large.setter
    def large(self, large: bool) -> None:
        self.part.large = large

    @property
    def decisions(self) -> Decisions:
        """The game's decision model (its part's)."""
        return self.part.decisions

    @property
    def face(self) -> GameFace:
        """What the game says besides drawing (its part's face)."""
        return self.part.face

    @property
    def game(self) -> str:
        """The game's name (a key of engine.GAMES)."""
        return self.part.GAME or str(self.table_info.get("game", ""))

    @property
    def game_title(self) -> str:
        """The game's title (an ``N_`` msgid), else its name."""
        return self.part.TITLE or self.game

    # -- layout --------------------------------------------------------------------------
    @property
    def read_only(self) -> bool:
        """Only watched: no game keys, no chat, no hints, nothing sent (scores and rules
        stay). The decision model holds it (``watching``: the local seat is awaited in the
        prompt as the others are), so that the two never disagree."""
        return self.decisions.watching

    @read_only.setter
    def read_only(self, watched: bool) -> None:
        self.decisions.watching = watched

    @property
    def you(self) -> int | None:
        """The seat the words call "You": the local one at a live table; none in a replay,
        read by anyone (the header says whose view it is: "as seen by Ann")."""
        return None if self.read_only else self.me

    def compose(self) -> ComposeResult:
        yield self.header
        with Horizontal(id="body"):
            yield self.part  # the table's area (id ``table-area``)
            with Vertical(id="side"):
                yield from self.side_extras
                yield EventLog(id="log")
                yield ChatPane(id="chat", cursor_blink=self.settings.cursor_blink)
        yield NoticeLine(id="table-notice")
        yield PromptBar(id="prompt")
        yield WordedFooter(expendable=FOOTER_EXPENDABLE, fallback=FOOTER_FALLBACK)
        yield TableLink(self.client)
        yield TooSmall()
        yield from self.extras

    def on_mount(self) -> None:
        self.decisions.reviewable = review.possible(self.client)
        self.prompt.ask(_("Waiting for the table…"), waiting=True)
        self.fit(self.app.size.width, self.app.size.height)
        self.draw_header()
        for chat in self.query(ChatPane):  # none when the app closes as the screen opens
            chat.allow_whispers(self.face.whispers_allowed())
        self.link.start(self.take_at_once)
        if self.me is not None:  # a returning player's lines come back (net/table/memory.py)
            self.link.history()
        self.set_interval(1.0, self.tick)
        # the component classes are styled once the screen's CSS applies: draw again then
        self.call_after_refresh(self.restyle)

    def take_at_once(self, message: Message) -> bool:
        """A message that came before the screen opened, taken now if it is the seating or a
        state (drawn before the first paint): True if taken."""
        if isinstance(message, StateReceived):
            self._state_received(message)
        elif isinstance(message, LobbyChanged):
            self._lobby_changed(message)
        else:
            return False
        return True

    def restyle(self) -> None:
        """Redraw what this base draws in its looks (the header, the waiting room)."""
        self.draw_header()
        if not self.view and self.people.players:
            self.waiting.show()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """The window is ``width``×``height``: the layout follows (the part is told first)."""
        self.part.window = Fit(width, height)
        self.window.fit(width, height)

    @property
    def prompt(self) -> PromptBar:
        return self.query_one(PromptBar)

    @property
    def log_pane(self) -> EventLog:
        return self.query_one(EventLog)

    @property
    def link(self) -> TableLink:
        return self.query_one(TableLink)

    @property
    def notice_line(self) -> NoticeLine:
        return self.query_one(NoticeLine)

    @property
    def connection(self) -> str:
        """How the connection is: online, lost, restored or closed (tui/table/connection.py)."""
        return self.connection_status.status

    def receive(self, message: object) -> None:
        """Take one message as if it came from the table (tests, the bench)."""
        self.link.receive(message)

    # -- the table's messages -------------------------------------------------------------
    @property
    def view(self) -> SeatView | None:
        """The view this seat has now, of its game's declared shape (None: no state yet)."""
        return self.state.view

    @view.setter
    def view(self, view: SeatView) -> None:
        self.state = with_view(self.state, view)

    @property
    def legal(self) -> list[Wired]:
        return self.state.legal

    @property
    def version(self) -> int:
        return self.state.version

    def watch_state(self, state: TableState) -> None:
        """A new state (or view): the decision model learns it, and the table is redrawn."""
        self.part.set_reactive(TablePart.state, state)  # what it reads, drawn or not
        self.intake.drawn(state)
        self.show_clocks()  # the seats awaited now: is one of them away?
        owed = None if self.quiet else self.part.owed()
        if owed is not None:  # a step the person has answered already
            self.handle(owed)

    def asked_openly(self, state: TableState) -> bool:
        """Whether the table waits for this seat now, in a way the others may know."""
        if self.me is None or not state.legal or state.over:
            return False
        return not self.decisions.asked_in_secret()

    @on(StateReceived)
    def _state_received(self, message: StateReceived) -> None:
        self.receive_state(message.state, message.events)

    @on(TablePart.Decided)
    def _decided(self, message: TablePart.Decided) -> None:
        message.stop()
        self.handle(message.outcome)

    @on(TablePart.Ask)
    def _ask(self, message: TablePart.Ask) -> None:
        message.stop()
        if not self.quiet:
            self.ask()

    @on(Unreadable)
    def _unreadable(self, message: Unreadable) -> None:
        """A state whose view does not fit its game's shape: refused, said, the table kept."""
        self.notify(message.words(), severity="error", markup=False)

    @on(LobbyChanged)
    def _lobby_changed(self, message: LobbyChanged) -> None:
        self.waiting.seating_changed(message.players, message.started, message.watchers)
        self.show_clocks()  # who is away, and whether a bot will play for them

    @on(Refused)
    def _refused(self, message: Refused) -> None:
        reason = clean(self.news.worded(message.wire))
        code = message.wire.get("code")
        self.chat.refused(code, reason)  # said where it was typed, too
        if self.takebacks.refusal(message.wire):  # a take-back refused: the log keeps why
            self.log_pane.add(reason)
        refusal = self.part.refused(code, reason)  # the part may start its choice over
        for line, tag in refusal.lines:
            self.log_pane.add(line, tag)
        if refusal.redraw and self.view:
            self.draw()
        self.prompt.reject(reason)  # the reason stays on show

    @on(ChatReceived)
    def _chat_received(self, message: ChatReceived) -> None:
        self.chat.receive(message.sender, message.name, message.text, message.to)

    @on(Noticed)
    def _noticed(self, message: Noticed) -> None:
        self.chat.news(self.news.worded(message.wire))  # in the log, not among the talk

    @on(HistoryReceived)
    def _history_received(self, message: HistoryReceived) -> None:
        """What this seat was shown before it came back: above the lines shown since. The
        log's closing line goes under every line there now: those drawn from the state it
        got on joining (the round's first line) are from before too."""
        game = self.state.game or str(self.table_info.get("game", ""))
        logged, chatted = history.earlier_lines(message.entries, self, self.chat.lines, game)
        self.chat.earlier(logged[:-1], chatted)
        if logged:
            self.log_pane.add(*logged[-1])

    @on(ConnectionChanged)
    def _connection_changed(self, message: ConnectionChanged) -> None:
        self.connection_status.changed(message.status)
        self.decisions.reviewable = review.answerable(self)  # the host may have gone
        self.refresh_bindings()

    @on(TableLink.Broken)
    def _link_broken(self, message: TableLink.Broken) -> None:
        self.connection_status.broken(message.reason)

    @on(TableLink.Unsent)
    def _unsent(self, message: TableLink.Unsent) -> None:
        if message.chat:
            self.chat.note(message.reason)
        else:
            self.prompt.reject(message.reason)

    @on(SeatMoved)
    def _seat_moved(self, message: SeatMoved) -> None:
        self.me = self.part.me = message.seat  # the host started with fewer seats

    @on(ClockChanged)
    def _clock_changed(self, message: ClockChanged) -> None:
        self.clocks.update(message.wire)
        self.show_clocks()

    def show_clocks(self) -> None:
        """My own clock at the head of the prompt, else whose runs, then whether a bot will
        play for an awaited player who left and when (one widget's text)."""
        clock = self.clocks.prompt_text(self.me, self.seats.called)
        hosting = self.seat_link.host is not None
        away = self.people.away_words(self.decisions.others_awaited(), hosting=hosting)
        self.prompt.set_clock(" · ".join(part for part in (clock, away) if part))

    @on(TakebackAsked)
    def _takeback_asked(self, message: TakebackAsked) -> None:
        self.takebacks.asked(message)  # a yes/no for this seat, or the request is decided

    def action_takeback(self) -> None:
        """``u``: ask to take back my last action (tui/table/takeback.py)."""
        self.takebacks.ask()

    @on(RecordReceived)
    def _record_received(self, message: RecordReceived) -> None:
        self.notice_line.moved_on()  # "Asking the host…" is answered
        review.open_review(self, message.record)  # the whole game, asked for at its end

    @on(TableError)
    def _table_error(self, message: TableError) -> None:
        if not self.people.host_error(message.code):
            self.notify(clean(self.news.worded(message.wire)), severity="error", markup=False)

    def show_waiting(self, seated: Text) -> None:
        """Show the seating before the game starts, where the part's layout puts it."""
        self.part.waiting_room(seated)

    def receive_state(self, state: TableState, events: list[Wired]) -> None:
        """A new state and the public events that led to it: the part notes what it needs
        first (and its log lines), the table takes it in, the part's lines after it."""
        taken = self.part.taking(state, events, first=self.states_seen == 0 and not events)
        for line, tag in taken.lines:
            self.log_pane.add(line, tag)
        self.intake.take(state, taken.events)
        for line, tag in self.part.taken():
            self.log_pane.add(line, tag)
        kept = self.part.log_kept()
        if kept is not None:
            self.log_pane.keep(kept)

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        """Notices never cover the table: they go to the notice line above the prompt (card
        codes drawn as the cards are); the app still records them, its toasts hidden here."""
        text = with_glyphs(clean(message), self.cards)
        if self.is_mounted:
            self.notice_line.say(text)
        if not self.quiet:
            super().notify(text, *args, **kwargs)

    @property
    def notices(self) -> list[str]:
        """Every notice said on the notice line, oldest first."""
        return self.notice_line.notices

    def tick(self) -> None:
        """Once a second: the away times, the turn clocks and the host-gone countdown move on."""
        if self.clocks.any or self.people.anyone_away():
            self.show_clocks()
        if self.people.anyone_away():
            self.draw_header()
        self.connection_status.tick()

    def send(self, action: Mapping[str, Any]) -> None:
        """Send an action; the table answers with a new state or a rejection."""
        self.link.act(action)

    def look(self, name: str) -> Style:
        """The Rich style of a look: the game's own, else the table's (the part's)."""
        return self.part.look(name)

    # -- header (tui/table/header.py) ------------------------------------------------
    def header_parts(self) -> list[Text | str]:
        """Pieces of the header after "kotatsu": the part's (game, round, pile…)."""
        return self.part.header_parts(self.header_words().tail())

    def header_words(self) -> HeaderWords:
        """What the header says after the game's parts: the table, who is away, the link."""
        return HeaderWords(
            table_name=self.table_info.get("name"),
            away=tuple(self.people.away_marks()),
            connection=self.connection,
            watching=self.people.watching_line(),
            ascii_only=self.settings.ascii_only,
        )

    def draw_header(self) -> None:
        """The header says what the table is now (its widget draws it; nothing while quiet)."""
        if self.quiet:
            return
        words = self.header_words()
        parts = tuple(self.part.header_parts(words.tail()))
        self.header.words = dataclasses.replace(words, parts=parts)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self) -> None:
        """Redraw the table from ``self.view`` and ``self.legal``: the part, the prompt."""
        self.part.draw()
        self.ask()

    def drawn(self, state: TableState) -> None:
        """A new state to draw: the part draws it (its ``state``), the prompt asks."""
        self.part.state = state
        self.ask()

    def ask(self) -> None:
        """The prompt asks the part's question; the keys follow."""
        if self.view is not None:
            asked = self.part.question()
            self.prompt.ask(asked.question, waiting=asked.waiting)
            self.update_keys()

    def handle(self, outcome: Outcome) -> None:
        """Carry out what the decision model answered to a key, then redraw."""
        if isinstance(outcome, Send):
            self.send(outcome.action)
        elif isinstance(outcome, Refuse):
            self.prompt.reject(outcome.reason)
        self.draw()
        self.update_keys()

    # -- the game keys ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a key works now: none in the frame before a results panel opens (an
        enter meant for it must not act on the next round), else as ``check_table_action``."""
        return False if self.rounds.opening else self.check_table_action(action, parameters)

    def check_table_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The table's keys (keys.py ``allows``); the part answers for its own."""
        own = self.part_action(action, parameters)
        if own is not None:
            name, args = own
            if self.read_only:
                return False
            return self.part.allows(name, args) and not self.has_class("-chatting")
        return self.keys.allows(action, parameters)

    def part_action(
        self, action: str, parameters: tuple[object, ...]
    ) -> tuple[str, tuple[object, ...]] | None:
        """One of the part's own keys, as (its action, its arguments): bound as ``game``
        (``with_keys``), or named as the footer's keys name it (``DYNAMIC_ACTIONS``)."""
        if action == "game" and parameters:
            return str(parameters[0]), parameters[1:]
        if action in self.part.DYNAMIC_ACTIONS:
            return action, parameters
        return None

    def action_game(self, action: str, *parameters: object) -> None:
        """One of the part's own keys (``KEYS``)."""
        self.handle(self.part.act(action, *parameters))

    def update_keys(self) -> None:
        """Tell the footer when the keys that work now (or their words) changed."""
        if not self.quiet:
            self.keys.update()

    def forward_key(self, key: str, *args: int) -> None:
        """A game key goes to the part (its decision model)."""
        self.handle(self.part.key(key, *args))

    def action_move(self, step: int, word: str | None = None) -> None:
        self.forward_key("move", step)

    def action_pick(self, word: str | None = None) -> None:
        self.forward_key("pick")

    def action_confirm(self, word: str | None = None) -> None:
        self.forward_key("confirm")

    def action_back(self, word: str | None = None) -> None:
        self.forward_key("back")

    def action_digit(self, digit: int, word: str | None = None) -> None:
        self.forward_key("digit", digit)

    def action_hint(self) -> None:
        """``h``: what the normal bot would do now, and why (tui/table/hints.py)."""
        self.hints.give()

    # -- rounds, results and scores (tui/table/round_end.py) -------------------------------
    def show_due_results(self) -> None:
        """Show the next waiting results panel (one at a time, each until enter); the part
        is told when one shows, and when the last is closed and the table is back on show
        (it may draw again then: a replay catching up draws nothing)."""
        covered = self.app.screen is not self or self.rounds.opening  # a panel is (about to be)
        closed = not covered and not self.rounds.waiting and self.part.panels_closed()
        if closed and not self.quiet:
            self.draw()
        waiting = len(self.rounds.waiting)
        self.rounds.show_due()
        if len(self.rounds.waiting) < waiting:
            self.part.panel_shown()

    def wants_panel(self, event: Wired) -> bool:
        """Whether a round/hand end that does not end the game gets its results panel here
        (with ``RESULTS_EACH_ROUND``): the part says (a round the seat takes no part in)."""
        return self.part.wants_panel(event)

    def game_over(self) -> None:
        """Show the final results once (the panel stays until enter)."""
        self.rounds.game_over()

    def action_scores(self) -> None:
        self.app.push_screen(self.rounds.scores_screen(self.game))

    def action_review(self) -> None:
        self.rounds.review()  # r, once the game is over (the final panel offers it first)

    # -- the people ------------------------------------------------------------------------
    def action_host_menu(self) -> None:
        open_host_menu(self)  # m: at the host's own table only

    # -- the log and the notice line ----------------------------------------------------------
    def tell(self, event: Wired) -> None:
        """Log a public event, and say the big ones on the notice line; the part's own
        lines after it."""
        news = self.news.told(event, self.face)
        if news.line is not None:
            self.log_pane.add(news.line, news.tag)
        if news.toast:
            self.notify(news.toast, timeout=4, markup=False)
        for line, tag in self.part.told(event):
            self.log_pane.add(line, tag)

    # -- chat, rules and leaving ------------------------------------------------------------
    @on(ChatPane.Closed)
    def _chat_closed(self) -> None:
        self.chat.closed()

    @on(ChatPane.Send)
    def _chat_send(self, event: ChatPane.Send) -> None:
        self.link.chat(event.text, event.to)

    def action_chat(self) -> None:
        self.chat.open()

    def action_rules(self) -> None:
        keys = keys_section(self.query_one(WordedFooter).wanted_keys())
        ascii_only = self.settings.ascii_only
        rules = RulesScreen(self.game, self.game_title, ascii_only=ascii_only, keys=keys)
        self.app.push_screen(rules)

    def action_leave(self) -> None:
        self.connection_status.ask_leave()  # asks first where something is kept

    def leave(self, reason: str = "") -> None:
        """Stop listening and ask the app to take us back to the lobby."""
        self.stop_listening()
        self.post_message(LeaveTable(reason))

    def stop_listening(self) -> None:
        """Read no more of the table's messages (leaving, or dealing again)."""
        self.link.stop()
