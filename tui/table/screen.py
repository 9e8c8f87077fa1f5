"""What every game's table screen shares: header, seats, log, prompt, chat and keys.

A game screen subclasses ``TableScreen`` and supplies four things: ``compose_table`` (its
widgets), ``draw`` (redraw them from ``self.view`` and ``self.legal``), ``describe_event``
(one log line per public event) and the key handlers it uses (``on_move``, ``on_pick``,
``on_confirm``, ``on_back``, ``on_digit``). The base reads the connection, keeps names,
scores and chat, and shows rejections; the screen is drawn from the received view only.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from lang import _, pgettext
from tui.connect import Seat
from tui.dialogs import ConfirmLeave, RulesScreen
from tui.fill import fill
from tui.option_words import settings_line
from tui.settings import Settings
from tui.text import clean, literal, to_ascii
from tui.widgets.chat import ChatPane
from tui.widgets.footer import WordedFooter
from tui.widgets.log import EventLog
from tui.widgets.prompt import PromptBar
from tui.widgets.steady import Steady

from .. import collector
from .bindings import GAME_BINDINGS, TABLE_BINDINGS, worded
from .decisions import Decisions, Outcome, Refuse, Send
from .keys import KeysMixin
from .news import NewsMixin
from .people import PeopleMixin
from .results import (
    RoundRow,
    rows_of_view,
)
from .round_end import ResultsMixin

WIDE = 110  # from this many columns the chat sits beside the table
TALL = 34  # from this many rows (and WIDE columns) cards are drawn large
NARROW = 80  # below this many columns the side pane is slimmer
SHORT = 24  # below this many rows the table leaves out its blank lines
MIN_WIDTH, MIN_HEIGHT = 70, 20  # below this the table asks for a bigger window


#: The shared table styles; each game's screen lists them before its own .tcss.
TABLE_CSS = Path(__file__).with_name("table.tcss")


class TableScreen(KeysMixin, ResultsMixin, PeopleMixin, NewsMixin, Screen[None]):
    """Base of the three games' table screens. See the module docstring for the hooks."""

    GAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    LOW_SCORE_WINS: ClassVar[bool] = False  # penalty games (Swoop): the lowest total leads
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ()  # a game's own keys that come and go
    CSS_PATH: ClassVar[Any] = TABLE_CSS
    #: Nothing takes the keys at first: they are the table's (the chat input, hidden until
    #: c, must not catch them).
    AUTO_FOCUS: ClassVar[str | None] = ""
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "table--name",  # a player's name
        "table--muted",  # separators, free seats, asides
        "table--whisper",  # "→ Bo" after a whispered chat line
        "table--alert",  # the header's "✗ reconnecting"
        "table--command",  # a command to type, in the waiting room
        "table--leader",  # the leading total in the results panel
        "table--bar",  # a total's bar in the results panel
    }
    #: Show the results panel after every round/hand (a game turns it on once its flow
    #: waits for it; the panel is always shown at game over).
    RESULTS_EACH_ROUND: ClassVar[bool] = False

    BINDINGS: ClassVar[list] = [*GAME_BINDINGS, *worded(GAME_BINDINGS), *TABLE_BINDINGS]
    #: The keys a narrow footer leaves out first (by action, the least useful first): the
    #: game's keys stay, and these still work when they are not shown.
    FOOTER_EXPENDABLE: ClassVar[tuple[str, ...]] = ("scores", "host_menu", "chat", "rules")
    #: The lines that grow but do not shrink back while the window has room (``Steady``'s
    #: keep_height): what wraps only now and then does not lay the screen out each time.
    KEPT_HEIGHTS: ClassVar[tuple[str, ...]] = ("#prompt",)

    class Leave(Message):
        """The player leaves the table: the app closes the seat and shows the lobby (with
        ``reason``, said there, even when started at the table from the command line)."""

        def __init__(self, reason: str = "") -> None:
            super().__init__()
            self.reason = reason

    class PlayAgain(Message):
        """At game over the player asks for a new game: same seats, a new deal."""

    def __init__(self, seat: Seat, settings: Settings) -> None:
        super().__init__()
        self.seat_link = seat
        self.client = seat.client
        self.settings = settings
        self.cards = settings.cards
        self.me: int | None = seat.client.seat
        table = seat.client.table or {}
        self.table_info: dict = table if isinstance(table, dict) else {}
        self.view: dict = {}
        self.legal: list[dict] = []
        self.version = -1
        self.players: list[dict] = []
        self.score_history: list[list[int]] = []
        self.round_rows: dict[str, RoundRow] = {}  # every finished round/hand seen, by label
        #: round/hand-end events whose panel is due, each with the version of its state
        self.results_waiting: list[tuple[dict, int]] = []
        self.notices: list[str] = []  # every notice shown on the notice line
        self.reading_shown = False  # the notice line says whose results the table waits for
        self.connection = "online"
        self.results_shown = False
        self.large = False
        self.states_seen = 0  # tests and the bench wait on this
        self._key_signature: tuple = ()
        #: The game's decision model: the screen forwards the game keys to it and draws from
        #: it (tui/table/decisions.py). Set by each game's screen.
        self.decisions: Decisions | None = None

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Steady("", id="header", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="table-area"):
                yield from self.compose_table()
            with Vertical(id="side"):
                yield EventLog(id="log")
                yield ChatPane(id="chat", cursor_blink=self.settings.cursor_blink)
        yield Steady("", id="table-notice", markup=False)
        yield PromptBar(id="prompt")
        yield WordedFooter(expendable=self.FOOTER_EXPENDABLE)
        yield Static(
            _("Make the window bigger: the table needs {width}×{height}.").format(
                width=MIN_WIDTH, height=MIN_HEIGHT
            ),
            id="too-small",
            markup=False,
        )

    def compose_table(self) -> ComposeResult:
        """The game's own widgets (override)."""
        yield from ()

    def on_mount(self) -> None:
        self.prompt.ask(_("Waiting for the table…"), waiting=True)
        self._apply_size(self.app.size.width, self.app.size.height)
        self.draw_header()
        self.query_one(ChatPane).allow_whispers(self.whispers_allowed())
        self.listen()
        self.set_interval(1.0, self.tick)
        # the component classes are styled once the screen's CSS applies: draw again then
        self.call_after_refresh(self.restyle)

    def keep_in_sight(self, widget: Widget) -> None:
        """Once laid out, scroll the table so that ``widget`` (my own cards) is on screen: a
        table taller than a small window (a hand swollen by pick-ups) shows my cards rather
        than its top."""
        self.call_after_refresh(widget.scroll_visible, animate=False, immediate=True)

    def restyle(self) -> None:
        """Redraw what this base draws in its looks (the header, the waiting room)."""
        self.draw_header()
        if not self.view and self.players:
            self.waiting_room()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size(event.size.width, event.size.height)

    def _apply_size(self, width: int, height: int) -> None:
        wide = width >= WIDE
        narrowed = (width < NARROW) != self.has_class("-narrow")
        self.set_class(wide, "-wide")
        self.set_class(width < NARROW, "-narrow")
        self.set_class(height < SHORT, "-short")
        # a second line, once needed, stays while there is room for it: a prompt that wraps
        # on the player's own turn only does not lay the screen out at every turn
        for selector in self.KEPT_HEIGHTS:
            self.query_one(selector, Steady).keep_height(height >= SHORT)
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")
        large = self.wants_large_cards(width, height)
        if large != self.large or narrowed:
            self.large = large
            if self.view:
                self.draw()

    @property
    def prompt(self) -> PromptBar:
        return self.query_one(PromptBar)

    @property
    def log_pane(self) -> EventLog:
        return self.query_one(EventLog)

    # -- the connection -------------------------------------------------------------------
    @work(exclusive=True, group="listen")
    async def listen(self) -> None:
        """Read the table's messages until the connection closes."""
        try:
            async for message in self.client.messages():
                if isinstance(message, dict):
                    self.receive(message)
        except Exception as exc:  # a broken connection is told, never a crash
            failed = _("Connection failed: {reason}").format(reason=clean(exc))
            self.notify(failed, severity="error", markup=False)
        finally:
            if self.connection != "closed" and self.is_attached:
                self.connection_changed("closed")

    def receive(self, message: dict) -> None:
        """Route one message from the table."""
        kind = message.get("t")
        if kind == "state":
            self.receive_state(message)
        elif kind == "lobby":
            players = message.get("players")
            self.players = players if isinstance(players, list) else []
            self.players_at = time.monotonic()
            if self.view:
                self.draw()
            else:
                self.waiting_room()
            self.draw_header()
            self.show_reading()
        elif kind == "rejected":
            self.prompt.reject(clean(self.worded(message)))
        elif kind == "chat":
            self.receive_chat(message)
        elif kind == "notice":  # the table's own news, in the chat as from the table
            self.receive_chat({"from": None, "name": "", "text": self.worded(message)})
        elif kind == "connection":
            self.connection_changed(str(message.get("status", "")))
        elif kind == "welcome":  # the host started with fewer seats: ours has moved
            seat = message.get("seat")
            self.me = seat if isinstance(seat, int) else self.me
        elif kind == "error" and not self.host_error(message):
            self.notify(clean(self.worded(message)), severity="error", markup=False)

    def waiting_room(self) -> None:
        """Before the game starts: who is seated, and how others can join."""
        taken = sum(
            1 for p in self.players if isinstance(p, dict) and (p.get("name") or p.get("bot"))
        )
        total = len(self.players)
        question = Text(_("Waiting for players {taken}/{total}").format(taken=taken, total=total))
        if self.seat_link.closers and self.seat_link.address:
            command = Text(f"kotatsu join {self.seat_link.address}", self.look("command"))
            question.append_text(
                fill(_(" · others join from their lobby, or: {command}"), command=command)
            )
        if self.seat_link.host is not None:
            question.append(_(" · m: start now or fill with bots"))
        self.prompt.ask(question, waiting=True)
        seated = Text()
        for seat, entry in enumerate(self.players):
            if seat:
                seated.append("\n")
            name = entry.get("name") if isinstance(entry, dict) else None
            seated.append(f" {seat + 1} ")
            if name:
                seated.append_text(literal(self.seat_name(seat), self.look("name"), limit=16))
                if isinstance(entry, dict) and entry.get("bot"):
                    seated.append("  " + _("bot"), self.look("muted"))
            else:
                seated.append(_("(free seat)"), self.look("muted"))
        options = self.table_info.get("options")
        if isinstance(options, dict):  # the table's settings, seen before the game starts
            seated.append("\n\n " + settings_line(self.GAME, options), self.look("muted"))
        self.show_waiting(seated)

    def show_waiting(self, seated: Text) -> None:
        """Show the seating before the game starts (override: where it goes in your layout)."""

    def receive_state(self, message: dict) -> None:
        view = message.get("view")
        if not isinstance(view, dict):
            return
        self.version = message.get("version", self.version)
        self.view = view
        legal = message.get("legal")
        self.legal = legal if isinstance(legal, list) else []
        if self.decisions is not None:
            self.decisions.update(self.view, self.legal)
        for row in rows_of_view(view):
            self.round_rows[row.label] = row
        for event in message.get("events") or []:
            if isinstance(event, dict):
                self.tell(event)
                self.note_round_end(event)
        scores = view.get("scores")
        if isinstance(scores, list) and (
            not self.score_history or self.score_history[-1] != scores
        ):
            self.score_history.append(list(scores))
        chat = self.query_one(ChatPane)
        chat.whisper_targets = {self.seat_digit(s): s for s in self.others()}
        self.draw()
        self.draw_header()
        self.update_keys()
        self.states_seen += 1
        # the garbage of drawing it is collected once the state is on the screen
        self.call_after_refresh(self.call_later, collector.collect_due)
        if view.get("over") and not self.results_shown:
            self.results_shown = True
            self.game_over()
        else:
            self.show_due_results()

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        """Notices never cover the table: they go to the notice line above the prompt (card
        codes drawn as the cards are); the app still records them, its toasts hidden here."""
        text = self.with_glyphs(clean(message))
        self.notices.append(text)
        if self.is_mounted:
            self.query_one("#table-notice", Steady).show(Text(text))
        super().notify(text, *args, **kwargs)

    def connection_changed(self, status: str) -> None:
        self.connection = status
        self.draw_header()
        if status == "lost":
            lost = _("Connection lost — reconnecting…")
            self.notify(lost, severity="warning", markup=False)
            self.prompt.ask(lost, waiting=True)
            self.link_lost()
        elif status == "restored":
            self.lost_at = None
            self.notify(_("Connection restored"), markup=False)
            if self.view:
                self.draw()
        elif status == "closed":
            self.link_closed()

    def send(self, action: dict) -> None:
        """Send an action; the table answers with a new state or a rejection."""
        self._send(action)

    @work(group="send")
    async def _send(self, action: dict) -> None:
        try:
            await self.client.act(action)
        except Exception as exc:  # shown to the player, never a traceback
            reason = clean(exc) or type(exc).__name__
            self.prompt.reject(_("could not send: {reason}").format(reason=reason))

    # -- names and seats -----------------------------------------------------------------
    def seat_name(self, seat: object, *, you: bool = True) -> str:
        """A seat's name as shown: "You" for the local seat, the cleaned name, or "Seat N"."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            # TRANSLATORS: who did something that no seat did (the table itself)
            return pgettext("who", "table")
        if you and seat == self.me:
            return _("You")
        if 0 <= seat < len(self.players):
            entry = self.players[seat]
            name = entry.get("name") if isinstance(entry, dict) else None
            if name:
                return clean(name, limit=16)
        return _("Seat {n}").format(n=seat + 1)

    def seat_text(self, seat: int, style: str | Style | None = None) -> Text:
        """A seat's name as shown (``style``: the name's usual look)."""
        return literal(self.seat_name(seat), style or self.look("name"), limit=16)

    def look(self, name: str) -> Style:
        """The Rich style of a look: the game's own component class ``<game>--NAME`` (in its
        .tcss) where the game has one, else the shared ``table--NAME`` (table.tcss); a full
        class name (``mishi--dim``) is taken as it is."""
        if "--" in name:  # already a full component class name
            return self.get_component_rich_style(name, partial=True)
        own = f"{self.GAME}--{name}"
        key = own if own in type(self).COMPONENT_CLASSES else f"table--{name}"
        return self.get_component_rich_style(key, partial=True)

    @property
    def seat_count(self) -> int:
        n = self.view.get("seats") or self.table_info.get("seats") or len(self.players)
        return int(n) if isinstance(n, int) else 0

    def others(self) -> list[int]:
        """Other seats clockwise from the local one; digit ``i`` picks ``others()[i-1]``."""
        n = self.seat_count
        start = self.me if isinstance(self.me, int) else -1
        return [(start + k) % n for k in range(1, n + 1) if (start + k) % n != self.me]

    def seat_digit(self, seat: int) -> str:
        others = self.others()
        return str(others.index(seat) + 1) if seat in others else ""

    def is_bot(self, seat: int) -> bool:
        if 0 <= seat < len(self.players) and isinstance(self.players[seat], dict):
            return bool(self.players[seat].get("bot"))
        return False

    # -- header --------------------------------------------------------------------------
    def draw_header(self) -> None:
        muted = self.look("muted")
        line = Text(" kotatsu", self.look("name"))
        for part in self.header_parts():
            line.append(" · ", muted)
            part = part if isinstance(part, Text) else Text(part)
            if self.settings.ascii_only:  # no 秘十 ★ where the terminal cannot show them
                part = Text(to_ascii(part.plain), style=part.style)
            line.append_text(part)
        name = self.table_info.get("name")
        if name:
            line.append(" · ", muted)
            quoted = _('table "{name}"').format(name=clean(name, limit=24))
            line.append_text(literal(quoted, muted))
        for mark in self.away_marks():
            line.append(" · ", muted)
            line.append_text(literal(mark.plain, self.look("alert"), limit=40))
        if self.connection == "lost":
            line.append("  " + _("✗ reconnecting"), self.look("alert"))
        elif self.connection == "closed":
            line.append("  " + _("✗ closed"), self.look("alert"))
        self.query_one("#header", Steady).show(line)

    def header_parts(self) -> list[Text | str]:
        """Pieces of the header after "kotatsu" (override: game, round, pile…)."""
        return [self.TITLE or self.GAME]

    # -- game hooks (override) -----------------------------------------------------------
    def draw(self) -> None:
        """Redraw the table from ``self.view`` and ``self.legal``."""

    def describe_event(self, event: dict) -> Text | str | None:
        kind = event.get("type", "?")
        who = event.get("seat")
        return f"{self.seat_name(who)}: {clean(kind)}" if isinstance(who, int) else clean(kind)

    def toast_for(self, event: dict) -> str | None:
        return None

    def log_tag(self, event: dict) -> object:
        """What a log line belongs to (override: e.g. the round, to forget old rounds)."""
        return None

    def whispers_allowed(self) -> bool:
        return False

    def wants_large_cards(self, width: int, height: int) -> bool:
        """Whether the terminal has room for the big cards (override with the game's needs)."""
        return width >= WIDE and height >= TALL

    def key_state(self, key: str) -> bool | None:
        """Whether a game key works now: True, False (hidden) or None (shown dimmed)."""
        return self.decisions.key_state(key) if self.decisions is not None else False

    def key_label(self, key: str) -> str | None:
        """A better footer label for a game key now ("swap", "give"…), or None."""
        return self.decisions.key_label(key) if self.decisions is not None else None

    def handle(self, outcome: Outcome) -> None:
        """Carry out what the decision model answered to a key, then redraw."""
        if isinstance(outcome, Send):
            self.send(outcome.action)
        elif isinstance(outcome, Refuse):
            self.prompt.reject(outcome.reason)
        self.draw()
        self.update_keys()

    # The game keys do nothing by default: ``key_state`` hides them until a game uses them.
    def on_move(self, step: int) -> None:
        """←/→ (h/l): move the cursor by ``step``."""

    def on_pick(self) -> None:
        """space: pick or unpick what the cursor is on."""

    def on_confirm(self) -> None:
        """enter: take the step, or send the finished action."""

    def on_back(self) -> None:
        """esc: one step back."""

    def on_digit(self, digit: int) -> None:
        """0–9: choose a seat, a count or a position by number."""

    def round_history(self) -> list[Text]:
        """The game's own details of past rounds for the scores screen (override)."""
        return []

    # -- chat ----------------------------------------------------------------------------
    @on(ChatPane.Closed)
    def _chat_closed(self) -> None:
        self.remove_class("-chatting")
        self.set_focus(None)
        self.update_keys()

    @on(ChatPane.Send)
    def _chat_send(self, event: ChatPane.Send) -> None:
        self._say(event.text, event.to)

    def action_rules(self) -> None:
        title = self.TITLE or self.GAME
        self.app.push_screen(RulesScreen(self.GAME, title, ascii_only=self.settings.ascii_only))

    def action_leave(self) -> None:
        def answered(leave: bool | None) -> None:
            if leave:
                self.leave()

        detail = _("Your seat stays yours: join again to play on.")
        if self.seat_link.closers:
            detail = _("This table runs here: leaving closes it for everyone.")
        elif self.me is None:
            detail = _("You are watching: leaving just stops watching.")
        self.app.push_screen(ConfirmLeave(detail=detail), answered)

    def leave(self, reason: str = "") -> None:
        """Stop listening and ask the app to take us back to the lobby."""
        self.stop_listening()
        self.post_message(self.Leave(reason))

    def stop_listening(self) -> None:
        """Read no more of the table's messages (leaving, or dealing again)."""
        self.workers.cancel_group(self, "listen")
