"""The plain table: the host's messages in, sentences out, each printed once.

``PlainTable`` stands where the table screen stands for a game's decision model and face
(it has what their ``Table``/``Seated`` protocols read: the seat, the cards' style, the view,
the seats' names), takes each message of the client (``net.wire.client.Client``) and says it in
the words the table screen's log uses; the prompt line is said again only when it changes.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import Any

from rich.style import Style
from rich.text import Text

from engine.base import SeatView
from engine.shapes import ShapeError
from lang import _, ngettext
from tui.table.clock import Clocks
from tui.table.messages import TableState, Unreadable, read_state
from tui.table.news import worded
from tui.table.parse import Event, Wired
from tui.table.people import People
from tui.table.results import END_EVENTS
from tui.table.seats import Seats
from tui.text import clean
from tui.widgets.cards import CardStyle

from .cards import SpokenCards
from .games import PlainGame
from .prompt import plain_question, plain_refusal
from .seated import game_for

Say = Callable[[str], None]
LAST_KEPT = 50  # the event lines ``last`` can repeat
WARN_AT = 10.0  # seconds left on this seat's clock when it is told again


class PlainTable:
    """One seat's table said as lines; see the module docstring."""

    read_only = False

    def __init__(self, client: Any, say: Say, cards: SpokenCards) -> None:
        self.client = client
        self.me: int | None = client.seat
        self.table_info: dict = client.table or {}
        self.cards: CardStyle = cards
        self.say = say
        self.people = People()
        self.seats = Seats(self.people, self.table_info, self.me)
        #: The last state read (its view and legal actions of the game's declared shapes).
        self.state = TableState()
        self.started = False
        self.closed = False
        self.lines: list[str] = []  # the events said, for ``last``
        self.prompted: tuple[str, ...] = ()
        self.sent = False  # an action is on its way: the table's answer comes next
        self.game: PlainGame = game_for(str(self.table_info.get("game", "")), self)
        self.vote_request: int | None = None  # a take-back request this seat may answer
        self.clocks = Clocks()
        self.clock_warning: asyncio.TimerHandle | None = None

    # -- what a game's model and face read ----------------------------------------------
    @property
    def you(self) -> int | None:
        return self.me

    @property
    def view(self) -> SeatView | None:
        return self.state.view

    @property
    def legal(self) -> list[Wired]:
        return self.state.legal

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def over(self) -> bool:
        return self.state.over

    def look(self, name: str) -> Style:
        return Style()  # no colour, no emphasis: the words alone

    # -- the table's messages ------------------------------------------------------------
    async def take(self, message: dict) -> None:
        """One message of the client."""
        kind = message.get("t")
        if kind == "state":
            await self.take_state(message)
        elif kind == "lobby":
            self.take_lobby(message)
        elif kind == "rejected":
            self.sent = False
            self.game.rejected()
            self.refused(self.worded(message))
        elif kind in ("notice", "error"):
            self.tell(self.worded(message))
            if kind == "error" and message.get("code") in ("closed", "removed", "banned"):
                self.closed = True
        elif kind == "chat":
            self.take_chat(message)
        elif kind == "connection":
            self.take_connection(str(message.get("status", "")))
        elif kind == "takeback":
            self.take_takeback(message)
        elif kind == "clock":
            self.take_clock(message)
        elif kind == "welcome" and isinstance(message.get("seat"), int):
            self.me = self.seats.me = message["seat"]
            self.game = game_for(str(self.table_info.get("game", "")), self)
        self.prompt()

    async def take_state(self, message: dict) -> None:
        try:  # read once, against the game's declared shapes (as the screens read it)
            state, events = read_state(message)
        except ShapeError as exc:
            self.tell(Unreadable(str(exc)).words())
            return
        before = self.state.view
        if not self.started:
            self.started = True
            first = self.game.first_line(state)
            if first:
                self.tell(first)
        self.game.noted(events, before)
        if self.sent:  # the table answered this seat's action: what it asks next is new,
            self.prompted = ()  # even in the same words ("You play again": lead again)
        self.sent = False
        self.state = state
        self.seats.view = state.view  # the table's seat count
        self.game.model.update(state.view, state.legal)
        ended = False
        for event in events:
            self.tell_event(event)
            ended = ended or Event.of(event).kind in END_EVENTS
        if ended and not self.over and self.me is not None:
            await self.client.results_seen(self.version)
        if self.over:
            self.tell(self.game.face.scores_title())
        await self.handle(self.game.after_update())

    def tell_event(self, event: Wired) -> None:
        face = self.game.face
        line = face.event_line(event)
        if line is not None:
            self.tell(plain(line))
        if Event.of(event).kind in END_EVENTS:
            self.tell(face.results_title(event))
            for row in face.results_rows(event):
                self.tell("  " + plain(row))

    def take_lobby(self, message: dict) -> None:
        players = [p for p in message.get("players") or [] if isinstance(p, dict)]
        watchers = [w for w in message.get("watchers") or [] if isinstance(w, dict)]
        before = {self.people.name(i) for i in range(len(self.people.players))}
        self.people.update(players, watchers)
        if self.started:
            return
        for seat in range(len(players)):
            name = self.people.name(seat)
            if name and name not in before and seat != self.me:
                # TRANSLATORS: plain table: someone sat down before the game starts
                self.tell(_("{name} sits down").format(name=self.seats.called(seat)))

    def take_chat(self, message: dict) -> None:
        name = clean(message.get("name") or "", limit=40)
        text = clean(message.get("text") or "", limit=200)
        to = message.get("to")
        if to is not None and message.get("from") == self.me and self.me is not None:
            # TRANSLATORS: plain table: the player's own whisper ("You whisper to Bo: psst")
            self.tell(
                _("You whisper to {name}: {text}").format(name=self.seats.called(to), text=text)
            )
        elif to is not None:
            # TRANSLATORS: plain table: a whisper to the player ("Ann whispers: psst")
            self.tell(_("{name} whispers: {text}").format(name=name, text=text))
        else:
            # TRANSLATORS: plain table: a chat line ("Ann says: hello")
            self.tell(_("{name} says: {text}").format(name=name, text=text))

    def take_connection(self, status: str) -> None:
        if status == "lost":
            self.tell(_("Connection lost — reconnecting…"))
        elif status == "restored":
            self.tell(_("Connection restored"))
        elif status == "closed":
            self.closed = True
            self.tell(_("The connection to the table is closed"))

    def take_takeback(self, message: dict) -> None:
        """A take-back request: this seat's vote is asked while it is open (the request
        itself is told by the host's notice)."""
        request, voters = message.get("id"), message.get("voters")
        mine = isinstance(voters, list) and self.me in voters and message.get("seat") != self.me
        if message.get("open") is True and isinstance(request, int) and mine:
            self.vote_request = request
            said = self.game.words()
            # TRANSLATORS: plain table: another player asks to take back; {yes}/{no} commands
            self.say(_("Let them take it back? Type {yes} or {no}").format(**said))
        elif request == self.vote_request:
            self.vote_request = None

    def take_clock(self, message: dict) -> None:
        """The turn clock: this seat's own told once as it starts, and again near its end."""
        self.clocks.update(message)
        if self.clock_warning is not None:
            self.clock_warning.cancel()
            self.clock_warning = None
        left = self.clocks.left(self.me) if self.me is not None else None
        if left is None or self.clocks.paused:
            return
        self.say(seconds_left(left[0] + left[1]))
        soon = left[0] + left[1] - WARN_AT
        if soon > 0:
            loop = asyncio.get_running_loop()
            self.clock_warning = loop.call_later(soon, self.clock_soon)

    def clock_soon(self) -> None:
        self.clock_warning = None
        left = self.clocks.left(self.me) if self.me is not None else None
        if left is not None and not self.clocks.paused:
            self.say(seconds_left(left[0] + left[1]))

    def worded(self, message: dict) -> str:
        return worded(message, self.seats.called, self.cards)

    # -- what is said ------------------------------------------------------------------
    def tell(self, line: str) -> None:
        """An event's sentence: said once, and kept for ``last``."""
        self.lines = [*self.lines[-LAST_KEPT + 1 :], line]
        self.say(line)

    def refused(self, reason: str) -> None:
        """The table or the model said no: the question stands, asked afresh."""
        # TRANSLATORS: plain table: why a command or an action was refused
        said = plain_refusal(reason, self.game.words())
        self.say(_("Not possible: {reason}").format(reason=said))
        self.prompted = ()

    async def handle(self, outcome: Any) -> None:
        """What the model answered a command: send the action, or say why not."""
        from tui.table.decisions import Refuse, Send

        if isinstance(outcome, Send):
            self.sent = True  # no question until the table answers
            await self.client.act(outcome.action)
        elif isinstance(outcome, Refuse):
            self.refused(outcome.reason)

    def prompt(self, again: bool = False) -> None:
        """The question asked now and the numbered choices, when they changed (nothing is
        asked before the first state: a game's question has no table to read yet)."""
        if self.sent or not self.started:
            return
        question = plain_question(self.game.question(), self.game.words())
        lines = (question, *numbered(self.game.choices()))
        if lines == self.prompted and not again:
            return
        self.prompted = lines
        for line in lines:
            self.say(line)
        if self.game.asked():
            self.say(fitting(self.game))


def seconds_left(seconds: float) -> str:
    """The turn clock in words: "20 seconds left" (the decision's time and the bank)."""
    n = max(1, math.ceil(seconds))
    # TRANSLATORS: plain table: this player's turn clock, said as it starts and near its end
    return ngettext("{n} second left", "{n} seconds left", n).format(n=n)


def plain(line: Text | str) -> str:
    return line.plain if isinstance(line, Text) else line


def numbered(entries: list[str]) -> list[str]:
    return [f"  {n}: {entry}" for n, entry in enumerate(entries, 1)]


def fitting(game: PlainGame) -> str:
    """Which commands fit now, in one line."""
    said = game.words()
    parts = []
    if game.row():
        # TRANSLATORS: plain table: the commands that fit now; cards typed as 7h or seven
        parts.append(_("cards (7h 7s, or seven of hearts)"))
    if game.choices():
        parts.append(_("a number"))
    if game.pass_command() is not None:
        parts.append(said["pass"])
    parts.extend(said[name] for name in game.commands() if game.fits(name))
    if game.fits("ok"):
        parts.append(said["ok"])
    # TRANSLATORS: plain table: the line after the question; {commands}: "cards, a number, ok"
    return _("Type {commands}, or {help}").format(commands=", ".join(parts), help=said["help"])
