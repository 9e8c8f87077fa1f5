"""The table screen every game shares: header, seats, log, prompt, chat and keys.

``TableScreen`` is final: no game subclasses it. A game gives it its part of the table
(``part``, tui/table/part.py: a widget that owns the table's area and holds the game's
decision model and face), found by the registry (tui/games/__init__.py). The screen composes
it with the table's own parts and keeps what Textual looks for on it (compose, the ``@on``
handlers, the ``action_*`` methods, ``check_action``, the watcher of its reactive ``state``).

Attributes down, values and messages up: the screen sets what its parts read (the part's
``state``, the window, the seats' local seat and view, the header's words) and carries out
what they return (``Said``, news.py: lines for the log, the prompt, a notice…) or post (the
link's typed messages, messages.py; a key's ``Decided``; the chat's lines). No part holds the
screen (tests/tui/test_table_parts_hold_no_screen.py): ``seats``, ``waiting``, ``rounds``,
``keys``, ``chat``, ``news``, ``connection_status``, ``clocks``, ``hints``, ``takebacks``, the
header, the notice line and the nudge each own one thing, in their modules here.

Why this module is longer than the others (some 770 lines): it is the one place where what
the parts return is carried out, because only the screen reaches the prompt, the log, the
notice line, the header and the link together; and Textual looks for the screen's ~19 message
handlers, ~15 actions and ``check_action`` on the screen itself. Taking in a state and the
results panels that follow it stay here, synchronous and in order (a replay takes states
quietly and keeps its memory of the screen right after). What could leave did: every part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, final

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

from engine.base import SeatView
from lang import _
from tui.collector import Collector
from tui.seat import Seat
from tui.settings import Settings
from tui.text import clean
from tui.widgets.chat import ChatPane
from tui.widgets.footer import WordedFooter
from tui.widgets.log import EventLog
from tui.widgets.prompt import PromptBar
from tui.widgets.steady import Steady

from . import history, review
from .away import absent_bot
from .bindings import FOOTER_EXPENDABLE, FOOTER_FALLBACK, SCREEN_BINDINGS
from .chat import TableChat
from .clock import Clocks
from .connection import ConnectionStatus
from .decisions import Decisions, Outcome, Refuse, Send, asked_openly
from .face import GameFace
from .header import HeaderWords, TableHeader
from .hints import HintDesk
from .keys import KeyLine, KeysNow, keys_section
from .layout import TABLE_CSS, Fit, too_small
from .link import TableLink
from .messages import (
    ChatReceived,
    ClockChanged,
    ConnectionChanged,
    HistoryReceived,
    LeaveTable,
    LobbyChanged,
    Noticed,
    PlayAgain,
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
from .news import LogLine, NoticeLine, Said, TableNews, with_glyphs
from .nudge import TurnNudge, ring
from .part import Given, TablePart, part_css, with_keys
from .people import People
from .round_end import RoundEnd
from .seats import Seats
from .takeback import TakebackDesk
from .waiting import WaitingRoom

if TYPE_CHECKING:  # the dialogs and the results panel are imported when one is first shown
    from tui.dialogs import TakebackVote

    from .panel import ResultsPanel

__all__ = ["TABLE_CSS", "TableScreen"]  # the games import both from here


@final
class TableScreen(Screen[None]):
    """Every game's table screen, composed with the game's part; see the module docstring."""

    CSS_PATH: ClassVar[Any] = TABLE_CSS
    #: Nothing takes the keys at first: they are the table's (the chat input, hidden until
    #: c, must not catch them).
    AUTO_FOCUS: ClassVar[str | None] = ""
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
        self.seat_link, self.client, self.settings = seat, seat.client, settings
        self.cards = settings.cards
        self.me: int | None = seat.client.seat
        table = seat.client.table or {}
        self.table_info: dict = table if isinstance(table, dict) else {}
        self.people = People(absent_bot(self.table_info))
        self.seats = Seats(self.people, self.table_info, self.me)
        self.waiting = WaitingRoom(self.people, self.seats, seat, self.table_info)
        self.clocks = Clocks()  # the turn clocks the host tells this seat of
        self.connection_status = ConnectionStatus(self.people, self.clocks)
        self.news = TableNews(self.seats, self.cards)
        self.hints = HintDesk(self.table_info, letters=self.cards.letters)
        self.takebacks = TakebackDesk(self.table_info)
        self.states_seen = 0  # tests and the bench wait on this
        given = Given(self.seats, self.cards, settings, self.table_info, self.people, self.me)
        self.part: TablePart = part(given)
        self.game = part.GAME or str(self.table_info.get("game", ""))  # a key of engine.GAMES
        self.seats.look = self.part.look
        #: The rounds seen, the results panels (after every round/hand where the game waits
        #: for them; always at game over) and the scores.
        self.rounds = RoundEnd(
            self.seats,
            game=self.game,
            each_round=part.RESULTS_EACH_ROUND,
            low_wins=part.LOW_SCORE_WINS,
            wants_panel=self.part.wants_panel,
        )
        self.keys = KeyLine(self.part, self.hints, self.takebacks)
        self._bindings = with_keys(self._bindings, part.KEYS)
        self.css_path = [*self.css_path, *part_css(part)]
        if part.GAME:  # the game's rules for the screen's own regions (its side column)
            self.add_class(f"-{part.GAME}", update=False)  # (styled as it mounts)
        title = part.TITLE or self.game
        self.turn_nudge = TurnNudge(lambda: ring(self.app, title), enabled=settings.nudge)
        # the table's regions (the game's part is the table's area)
        self.header = TableHeader(self.part.look)  # a driver may add its ``aside``
        self.log_pane = EventLog(id="log")
        self.chat = TableChat(self.seats, cursor_blink=settings.cursor_blink)
        self.notice_line = NoticeLine(id="table-notice")
        self.prompt = PromptBar(id="prompt")
        self.link = TableLink(self.client)
        # -- for a driver of the screen other than a live table (a replay, tui/replay/) --
        #: Take states in without drawing them: the table's memory (log, rounds, the game's
        #: own) moves on, nothing is painted and no results panel opens.
        self.quiet = False
        #: Taking in the states that came before the screen opened: each is noted as it comes
        #: (log, rounds, the nudge), only the last drawn (``on_mount``).
        self.catching_up = False
        #: Widgets the driver adds, composed after the table's own, and in the side column
        #: above the log (a replay's every hand open).
        self.extras: list[Widget] = []
        self.side_extras: list[Widget] = []
        #: The lines that keep a height they grew to (KEPT_HEIGHTS; none: as tall as their text).
        self.kept_heights = (*self.KEPT_HEIGHTS, *part.KEPT_HEIGHTS)
        #: How a results panel goes over the table (None: pushed, a new screen each time).
        self.over_table: Callable[[Screen[Any], Callable[[Any], None]], None] | None = None
        #: Shown since it was mounted (``on_screen_resume``).
        self.shown = False

    @property
    def large(self) -> bool:
        """Room for the game's big cards now (the part's)."""
        return self.part.large

    @property
    def decisions(self) -> Decisions:
        """The game's decision model (its part's)."""
        return self.part.decisions

    @property
    def face(self) -> GameFace:
        """What the game says besides drawing (its part's face)."""
        return self.part.face

    @property
    def read_only(self) -> bool:
        """Only watched: no game keys, no chat, no hints, nothing sent (scores and rules
        stay). The decision model holds it (``watching``: the local seat is awaited in the
        prompt as the others are), so that the two never disagree."""
        return self.decisions.watching

    @read_only.setter
    def read_only(self, watched: bool) -> None:
        self.decisions.watching = self.seats.watched = watched

    @property
    def connection(self) -> str:
        """How the connection is: online, lost, restored or closed (tui/table/connection.py)."""
        return self.connection_status.status

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

    @property
    def notices(self) -> list[str]:
        """Every notice said on the notice line, oldest first."""
        return self.notice_line.notices

    def compose(self) -> ComposeResult:
        yield self.header
        with Horizontal(id="body"):
            yield self.part  # the table's area (id ``table-area``)
            with Vertical(id="side"):
                yield from self.side_extras
                yield self.log_pane
                yield self.chat
        yield self.notice_line
        yield self.prompt
        yield WordedFooter(expendable=FOOTER_EXPENDABLE, fallback=FOOTER_FALLBACK)
        yield self.link
        yield from self.extras  # (the too-small notice: mounted when first needed, ``fit``)

    def on_mount(self) -> None:
        self.decisions.reviewable = review.possible(self.client)
        self.prompt.ask(_("Waiting for the table…"), waiting=True)
        self.fit(self.app.size.width, self.app.size.height)
        self.draw_header()
        self.chat.allow_whispers(self.face.whispers_allowed())
        # the states that came before the screen opened (a table in this process plays up
        # to my turn before): each taken in, the last one alone drawn
        self.catching_up = True
        try:
            self.link.start(self.take_at_once)
        finally:
            self.catching_up = False
        if self.view is not None:
            self.show_state(self.state)
        if self.me is not None:  # a returning player's lines come back (net/table/memory.py)
            self.link.history()
        self.set_interval(1.0, self.tick)
        # the component classes are styled once the screen's CSS applies: draw again then
        self.call_after_refresh(self.restyle)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown: the first time right after it mounted, each of its widgets was styled as it
        mounted, against the stylesheet as it is (the screen's own sheets are read before it
        is composed, tui/app.py; the classes it set since restyled what they touch). Textual
        would style the whole screen again when it is shown (``refresh_styles``, read by
        Screen's own handler, which runs after this one): the first time, it need not (some
        30 M instructions before the first card, issue 37). Shown again later (a panel or a
        dialog over it closed), it is restyled as Textual decides."""
        if not self.shown:
            self.shown = True
            event.refresh_styles = False

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
            self.show_waiting()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """The window is ``width``×``height``: the layout follows (layout.py ``Refit``; the
        part is told first), and the header, whose width it is."""
        fit = self.part.window = Fit(width, height)
        refit = fit.refit(self.classes, self.large, self.face)
        for index, (name, wanted) in enumerate(refit.classes, 1):
            self.set_class(wanted, name, update=index == len(refit.classes))
        if self.has_class("-too-small") and not self.query("#too-small"):
            # the notice (layout.py ``too_small``) is made the first time the window is too
            # small: a widget fewer to make, style and mount at every start (some 3 M
            # instructions, issue 37)
            self.mount(too_small())
        for selector in self.kept_heights:
            self.query_one(selector, Steady).keep_height(refit.keep_heights)
        self.draw_header()
        self.part.large = refit.large
        if refit.draw and self.view:
            self.draw()

    def receive(self, message: object) -> None:
        """Take one message as if it came from the table (tests, the bench)."""
        self.link.receive(message)

    # -- a state taken in ------------------------------------------------------------------
    def receive_state(self, state: TableState, events: list[Wired]) -> None:
        """A new state and the public events that led to it: the part notes what it needs
        first (and its log lines); the rounds note the view, ``state`` is set (drawn by
        ``watch_state``), the events are told and their rounds' ends noted, whispers are
        aimed, the garbage of drawing is collected once it is painted, and the results panel
        due (or the game's end) is shown; the part's lines after it."""
        first = self.states_seen == 0
        taken = self.part.taking(state, events, first=first and not events)
        self.to_log(taken.lines)
        if state.view is not None:
            self.rounds.note_view(state.view, state.game)
        if first:  # the game starts: the waiting room's prompt height goes
            self.prompt.release_height()
        self.state = state
        if taken.events:  # the table moved on: the notice line's news is old
            self.notice_line.moved_on()
        for event in taken.events:
            self.tell(event)
            if self.rounds.note_event(event, state.version, state.over):
                self.results_seen(state.version)  # no panel here: the bots need not wait
        self.chat.aim()
        self.states_seen += 1
        # the garbage of drawing it is collected once the state is on the screen: asked
        # for from the app's turn, which comes after the widgets have told the screen what
        # to paint (asked from here, the screen would find nothing to paint yet)
        collector = getattr(self.app, "collector", None)
        if isinstance(collector, Collector) and not self.quiet:
            self.app.call_later(self.call_after_refresh, self.call_later, collector.collect_due)
        if state.over and self.rounds.final():
            self.game_over()
        else:
            self.show_due_results()
        self.to_log(self.part.taken())
        kept = self.part.log_kept()
        if kept is not None:
            self.log_pane.keep(kept)

    def watch_state(self, state: TableState) -> None:
        """A new state (or view): the decision model learns it, the nudge sees whether the
        table waits for me, and the table, its header and keys are drawn again (nothing is
        drawn while ``quiet``, nor while ``catching_up``: the last state is drawn then)."""
        self.seats.view = state.view  # the seat count
        self.part.set_reactive(TablePart.state, state)  # what it reads, drawn or not
        self.decisions.update(state.view, state.legal)
        if not self.quiet:
            self.turn_nudge.see(asked_openly(self.me, state, self.decisions))
            if not self.catching_up:
                self.show_state(state)
        self.show_clocks()  # the seats awaited now: is one of them away?
        owed = None if self.quiet else self.part.owed()
        if owed is not None:  # a step the person has answered already
            self.handle(owed)

    def show_state(self, state: TableState) -> None:
        """Draw ``state``: the part, the prompt, the header and the keys."""
        self.part.state = state  # the part draws it
        self.ask()
        self.draw_header()
        self.update_keys()

    def tell(self, event: Wired) -> None:
        """Log a public event, and say the big ones on the notice line; the part's own
        lines after it."""
        self.say(self.news.told(event, self.face))
        self.to_log(self.part.told(event))

    # -- the table's messages ----------------------------------------------------------------
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
        """The seating changed: before the start, the log says who sat down and who left
        and the waiting room shows again; after it, the table is drawn again. While the
        table waits for others' results panels, the notice line says for whom."""
        logged = not (self.view or message.started)
        arrived = self.waiting.seating_changed(message.players, message.watchers, logged=logged)
        if self.view:
            self.draw()
        else:
            self.to_log([(line, None) for line in arrived])
            self.show_waiting()
            self.chat.aim()
        self.draw_header()
        self.notice_line.waiting_for(self.waiting.awaited())
        self.show_clocks()  # who is away, and whether a bot will play for them

    @on(Refused)
    def _refused(self, message: Refused) -> None:
        reason = clean(self.news.worded(message.wire))
        code = message.wire.get("code")
        self.chat.refused(code, reason)  # said where it was typed, too
        if self.takebacks.refusal(message.wire):  # a take-back refused: the log keeps why
            self.log_pane.add(reason)
        refusal = self.part.refused(code, reason)  # the part may start its choice over
        self.to_log(list(refusal.lines))
        if refusal.redraw and self.view:
            self.draw()
        self.prompt.reject(reason)  # the reason stays on show

    @on(ChatReceived)
    def _chat_received(self, message: ChatReceived) -> None:
        self.log_pane.add(self.chat.said(message.sender, message.name, message.text, message.to))

    @on(Noticed)
    def _noticed(self, message: Noticed) -> None:
        self.log_pane.add(self.chat.news(self.news.worded(message.wire)))  # not among the talk

    @on(HistoryReceived)
    def _history_received(self, message: HistoryReceived) -> None:
        """What this seat was shown before it came back: above the lines shown since. The
        log's closing line goes under every line there now: those drawn from the state it
        got on joining (the round's first line) are from before too."""
        game = self.state.game or str(self.table_info.get("game", ""))
        logged, chatted = history.earlier_lines(
            message.entries, self.face, self.news.worded, self.look, self.chat.chat_lines, game
        )
        if logged[:-1]:
            self.log_pane.add_earlier(logged[:-1])
        self.chat.earlier(chatted)
        if logged:
            self.log_pane.add(*logged[-1])

    @on(ConnectionChanged)
    def _connection_changed(self, message: ConnectionChanged) -> None:
        hosting, direct = self.seat_link.host is not None, getattr(self.app, "direct", False)
        over = self.state.over
        self.say(
            self.connection_status.changed(
                message.status, hosting=hosting, over=over, direct=direct
            )
        )
        self.decisions.reviewable = self.reviewable  # the host may have gone
        self.refresh_bindings()

    @on(TableLink.Broken)
    def _link_broken(self, message: TableLink.Broken) -> None:
        self.say(self.connection_status.broken(message.reason))

    @on(TableLink.Unsent)
    def _unsent(self, message: TableLink.Unsent) -> None:
        if message.chat:
            self.chat.note(message.reason)
        else:
            self.prompt.reject(message.reason)

    @on(SeatMoved)
    def _seat_moved(self, message: SeatMoved) -> None:
        self.me = self.part.me = self.seats.me = message.seat  # fewer seats at the start

    @on(ClockChanged)
    def _clock_changed(self, message: ClockChanged) -> None:
        self.clocks.update(message.wire)
        self.show_clocks()

    @on(TakebackAsked)
    def _takeback_asked(self, message: TakebackAsked) -> None:
        """A yes/no for this seat, or the request is decided (tui/table/takeback.py)."""
        vote = self.takebacks.asked(message, self.me, self.seats.called)
        if vote.close is not None and self.app.screen is vote.close:
            vote.close.dismiss(None)
        if vote.show is not None:
            self.app.push_screen(vote.show, partial(self._voted, vote.show))

    def _voted(self, dialog: TakebackVote, yes: bool | None) -> None:
        vote = self.takebacks.answered(dialog, yes)
        if vote is not None:
            self.link.takeback_vote(*vote)

    @on(RecordReceived)
    def _record_received(self, message: RecordReceived) -> None:
        self.notice_line.moved_on()  # "Asking the host…" is answered
        opened = review.opened(message.record, self.me, self.settings)  # the whole game
        if isinstance(opened, str):
            self.notify(opened, severity="error", markup=False)
        else:
            self.post_message(opened)

    @on(TableError)
    def _table_error(self, message: TableError) -> None:
        if not self.people.host_error(message.code):
            self.notify(clean(self.news.worded(message.wire)), severity="error", markup=False)

    @on(ChatPane.Closed)
    def _chat_closed(self) -> None:
        """The chat was closed: the keys are the table's again."""
        self.remove_class("-chatting")
        self.set_focus(None)
        self.update_keys()

    @on(ChatPane.Send)
    def _chat_send(self, event: ChatPane.Send) -> None:
        self.link.chat(event.text, event.to)

    # -- what the table shows --------------------------------------------------------------
    def say(self, said: Said | None) -> None:
        """Show what one of the table's parts returned (news.py ``Said``), in its order."""
        if said is None:
            return
        if said.header:
            self.draw_header()
        if said.clocks:
            self.show_clocks()
        if said.notice is not None:
            self.notify(said.notice, severity=said.severity, timeout=said.timeout, markup=False)
        self.to_log(list(said.log))
        if said.draw and self.view:
            self.draw()
        if said.prompt is not None:
            self.prompt.ask(said.prompt, waiting=said.waiting)
        if said.reject is not None:
            self.prompt.reject(said.reject)
        if said.leave is not None:
            self.leave(said.leave)

    def to_log(self, lines: list[LogLine]) -> None:
        """Lines for the log, each with what it belongs to."""
        for line, tag in lines:
            self.log_pane.add(line, tag)

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        """Notices never cover the table: they go to the notice line above the prompt (card
        codes drawn as the cards are); the app still records them, its toasts hidden here."""
        text = with_glyphs(clean(message), self.cards)
        if self.is_mounted:
            self.notice_line.say(text)
        if not self.quiet:
            super().notify(text, *args, **kwargs)

    def show_waiting(self) -> None:
        """Before the start: who is seated, and how others can join (waiting.py); the part
        shows the seating where its layout puts it."""
        question, seated = self.waiting.words(self.game, self.look)
        self.prompt.ask(question, waiting=True)
        try:
            self.part.waiting_room(seated)
        except NoMatches:  # the part not composed yet (a busy machine): once it is
            self.call_after_refresh(self.show_waiting)

    def show_clocks(self) -> None:
        """My own clock at the head of the prompt, else whose runs, then whether a bot will
        play for an awaited player who left and when (one widget's text)."""
        hosting = self.seat_link.host is not None
        away = self.people.away_words(self.decisions.others_awaited(), hosting=hosting)
        self.prompt.set_clock(self.clocks.line(self.me, self.seats.called, away))

    def tick(self) -> None:
        """Once a second: the away times, the turn clocks and the host-gone countdown move on."""
        if self.clocks.any or self.people.anyone_away():
            self.show_clocks()
        if self.people.anyone_away():
            self.draw_header()
        self.say(self.connection_status.tick())

    def header_words(self) -> HeaderWords:
        """What the header says: the game's parts, the table, who is away, the link."""
        ascii_only, parts = self.settings.ascii_only, self.part.header_parts
        return HeaderWords.of(self.table_info, self.people, self.connection, ascii_only, parts)

    def header_parts(self) -> list[Text | str]:
        """Pieces of the header after "kotatsu": the part's (game, round, pile…)."""
        return list(self.header_words().parts)

    def draw_header(self) -> None:
        """The header says what the table is now (its widget draws it; nothing while quiet)."""
        if not self.quiet:
            self.header.words = self.header_words()

    def look(self, name: str) -> Style:
        """The Rich style of a look: the game's own, else the table's (the part's)."""
        return self.part.look(name)

    def draw(self) -> None:
        """Redraw the table from ``self.view`` and ``self.legal``: the part, the prompt."""
        self.part.draw()
        self.ask()

    def ask(self) -> None:
        """The prompt asks the part's question; the keys follow."""
        if self.view is not None:
            asked = self.part.question()
            self.prompt.ask(asked.question, waiting=asked.waiting)
            self.update_keys()

    # -- the keys ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a key works now (tui/table/keys.py)."""
        return self.keys.allows(action, parameters, self.keys_now())

    def keys_now(self) -> KeysNow:
        """What the table's keys follow now."""
        hosting, opening = self.seat_link.host is not None, self.rounds.opening
        chatting = self.has_class("-chatting")
        return KeysNow(self.state, self.me, chatting, hosting, self.reviewable, opening)

    def update_keys(self) -> None:
        """Tell the footer when the keys that work now (or their words) changed."""
        if not self.quiet and self.keys.changed(self.keys_now()):
            self.refresh_bindings()

    def handle(self, outcome: Outcome) -> None:
        """Carry out what the decision model answered to a key, then redraw."""
        if isinstance(outcome, Send):
            self.send(outcome.action)
        elif isinstance(outcome, Refuse):
            self.prompt.reject(outcome.reason)
        self.draw()
        self.update_keys()

    def send(self, action: Mapping[str, Any]) -> None:
        """Send an action; the table answers with a new state or a rejection."""
        self.link.act(action)

    def action_game(self, action: str, *parameters: object) -> None:
        """One of the part's own keys (``KEYS``)."""
        self.handle(self.part.act(action, *parameters))

    def action_move(self, step: int, word: str | None = None) -> None:
        self.handle(self.part.key("move", step))

    def action_pick(self, word: str | None = None) -> None:
        self.handle(self.part.key("pick"))

    def action_confirm(self, word: str | None = None) -> None:
        self.handle(self.part.key("confirm"))

    def action_back(self, word: str | None = None) -> None:
        self.handle(self.part.key("back"))

    def action_digit(self, digit: int, word: str | None = None) -> None:
        self.handle(self.part.key("digit", digit))

    def action_hint(self) -> None:
        """``h``: what the normal bot would do now, and why (tui/table/hints.py); the table
        is told that a hint was seen."""
        names = self.seats.name
        said = self.hints.give(self.game, self.me, self.state, self.decisions, self.face, names)
        self.say(said)
        if said is not None and said.notice is not None:
            self.link.hint()

    def action_takeback(self) -> None:
        """``u``: ask the table to take back my last action, where it can be had."""
        if self.takebacks.offered(self.me, self.state, self.decisions):
            self.link.takeback()

    def action_chat(self) -> None:
        """``c``: the chat takes the keys until it is closed."""
        self.add_class("-chatting")
        self.chat.open()
        self.update_keys()

    def action_rules(self) -> None:
        from tui.dialogs import RulesScreen  # (the dialogs: when one is first shown)

        keys = keys_section(self.query_one(WordedFooter).wanted_keys())
        title, ascii_only = self.part.TITLE or self.game, self.settings.ascii_only
        self.app.push_screen(RulesScreen(self.game, title, ascii_only=ascii_only, keys=keys))

    def action_host_menu(self) -> None:
        """``m``: the host's menu, at the host's own table only (host_menu.py)."""
        from .host_menu import open_host_menu  # (imported when the menu first opens)

        warn = partial(self.notify, severity="warning", markup=False)
        open_host_menu(self.seat_link.host, self.me, self.app.push_screen, self.leave, warn)

    def action_leave(self) -> None:
        """``q``: leave the table, asking first where something is kept (connection.py)."""
        asked = self.connection_status.ask_leave(bool(self.seat_link.closers), self.me)
        if asked is None:
            self.leave()
        else:
            self.app.push_screen(asked, lambda leave: self.leave() if leave else None)

    def leave(self, reason: str = "") -> None:
        """Stop listening and ask the app to take us back to the lobby."""
        self.stop_listening()
        self.post_message(LeaveTable(reason))

    def stop_listening(self) -> None:
        """Read no more of the table's messages (leaving, or dealing again)."""
        self.link.stop()

    # -- rounds, results and scores (tui/table/round_end.py) -------------------------------
    def show_due_results(self) -> None:
        """Show the next waiting results panel (one at a time, each until enter); the part
        is told when one shows, and when the last is closed and the table is back on show
        (it may draw again then: a replay catching up draws nothing)."""
        covered = self.app.screen is not self or self.rounds.opening  # a panel is (about to be)
        closed = not covered and not self.rounds.waiting and self.part.panels_closed()
        if closed and not self.quiet:
            self.draw()
        due = self.rounds.next_panel() if self.is_current else None
        if due is not None:
            event, version = due
            panel = self.rounds.panel(event, self.face, self.state)
            self.over(panel, lambda _answer: self.results_closed(version))
            self.part.panel_shown()

    def results_closed(self, version: int) -> None:
        """A round/hand's panel was closed: the host is told, the next one shows."""
        self.notice_line.moved_on()  # the panel told the round's news in full
        self.results_seen(version)
        self.show_due_results()

    def results_seen(self, version: int) -> None:
        """Tell the host that the panel of the round/hand that ended in the state ``version``
        is closed (a seated player's only; a spectator's panel holds up nobody)."""
        if self.me is not None:
            self.link.results_seen(version)

    def over(self, panel: ResultsPanel, answered: Callable[[Any], None]) -> None:
        """Show a panel over the table once the table has painted (round_end.py says why);
        taken in without drawing (``quiet``), it is closed at once, as the player closed it."""
        if self.quiet:
            answered(None)
            return

        def shown() -> None:
            self.rounds.opening = False
            if self.over_table is not None:
                self.over_table(panel, answered)
            else:
                self.app.push_screen(panel, answered)

        self.rounds.opening = True
        # Asked for through the app, so that the screen is asked after the widgets that drew
        # the state have told it what changed (they were woken first, at the change). Asked
        # now, the screen's update timer could fire in between (on a busy machine) and paint
        # what it knew so far, then open the panel over a table laid out a step behind.
        self.app.call_later(self.call_after_refresh, shown)

    def game_over(self) -> None:
        """Show the final results once (the panel stays until enter): it offers to deal
        again where this process deals, and to review the game where the host is there."""
        reviewable, again = self.reviewable, self.seat_link.deals_again()
        self.say(self.rounds.game_over(self.state, reviewable))
        self.over(self.rounds.final_panel(self.face, self.state, again, reviewable), self.chosen)

    def chosen(self, answer: str | None) -> None:
        """What the final panel's player chose: play again, or review the game."""
        if answer == "again":
            self.stop_listening()
            self.post_message(PlayAgain())
        elif answer == "review":
            self.ask_review()

    @property
    def reviewable(self) -> bool:
        """Whether the host can be asked for the whole game now (tui/table/review.py)."""
        return review.answerable(self.client, self.connection)

    def ask_review(self) -> None:
        """Ask the host for the whole game (it comes back as a ``RecordReceived``)."""
        reviewable = self.reviewable
        self.notify(review.asking(reviewable), markup=False)
        if reviewable:
            self.run_worker(review.ask(self.client), group="review")

    def action_review(self) -> None:
        """``r``, once the game is over (the final panel offers it first)."""
        if self.state.over and self.reviewable:
            self.ask_review()

    def action_scores(self) -> None:
        self.app.push_screen(self.rounds.scores_screen(self.face, self.view))
