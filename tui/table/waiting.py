"""The table before its game starts, as the table screen shows it: the seating (one seat a
line, numbered as the game will number them) with the table's settings under it, the prompt
saying how many sit and how others join, and the log's lines of who sat down and who left.
Functions of what they are given; the screen puts their words where its game draws them.

``WaitingRoom`` is the table screen's part that shows them, given the screen as ``Waiting``:
the waiting room as it is now, and what changes when the seating does (the ``lobby`` frame).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.style import Style
from rich.text import Text

from engine.base import SeatView
from lang import _
from tui import table_settings
from tui.fill import fill
from tui.option_words import settings_line
from tui.seat import Seat
from tui.text import clean, literal
from tui.widgets.log import EventLog
from tui.widgets.prompt import PromptBar

from .chat import TableChat
from .news import NoticeLine
from .people import People, others, seat_digit
from .seats import Seats


class Waiting(Protocol):
    """What of the table screen the waiting room reads and reaches (tui/table/screen.py)."""

    people: People
    seats: Seats

    def draw_header(self) -> None: ...

    chat: TableChat
    seat_link: Seat
    table_info: dict
    me: int | None

    @property
    def game(self) -> str: ...  # the game's name
    @property
    def view(self) -> SeatView | None: ...
    @property
    def prompt(self) -> PromptBar: ...
    @property
    def log_pane(self) -> EventLog: ...
    @property
    def notice_line(self) -> NoticeLine: ...
    def look(self, name: str) -> Style: ...
    def draw(self) -> None: ...
    def show_waiting(self, seated: Text) -> None: ...


class WaitingRoom:
    """The table before its game starts, as the screen shows it; see the module docstring."""

    def __init__(self, table: Waiting) -> None:
        self.table = table

    def show(self) -> None:
        """Who is seated, and how others can join: the prompt asks, the game's screen shows
        the seating where its layout puts it (``show_waiting``)."""
        table = self.table
        question, seated = waiting_words(
            table.people,
            table.seat_link,
            table.game,
            table.table_info,
            table.seats.name,
            table.look,
            table.me,
        )
        table.prompt.ask(question, waiting=True)
        table.show_waiting(seated)

    def seating_changed(
        self, players: list[dict], started: bool, watchers: list[dict] | None = None
    ) -> None:
        """The table's seating changed (a ``lobby`` frame): before the start, the log says who
        sat down and who left and the waiting room is shown again; after it, the table is
        drawn again. While the table waits for others' results panels, the notice line says
        for whom."""
        table = self.table
        before = table.people.players
        table.people.update(players, watchers)
        if table.view:
            table.draw()
        else:
            if before and not started:  # the log tells who sat down and who left
                for line in arrival_lines(before, players):
                    table.log_pane.add(line)
            self.show()
            table.chat.aim(table.seats.whisper_aims())
        table.draw_header()
        names = [table.seats.called(s) for s in table.people.reading(table.me)]
        table.notice_line.waiting_for(names)


def waiting_words(
    people: People,
    link: Seat,
    game: str,
    table_info: dict,
    seat_name: Callable[[int], str],
    look: Callable[[str], Any],
    me: int | None,
) -> tuple[Text, Text]:
    """The prompt's question and the seating (with the table's settings) before the start."""
    address = link.address if link.closers else None
    question = waiting_question(people, address, link.host is not None, look)
    seated = seating_text(people, seat_name, look, me)
    watching = people.watching_line()
    if watching:  # who watches without a seat
        seated.append("\n\n ")
        seated.append_text(literal(watching, look("muted"), limit=200))
    options = table_info.get("options")
    if isinstance(options, dict):  # the table's settings, seen before the game starts
        seated.append("\n\n " + settings_line(game, options), look("muted"))
    told = table_settings.summary(table_info)  # hints, the turn clock…
    if told:
        seated.append("\n " + told, look("muted"))
    if table_info.get("password") is True:  # what the lobby marks 🔒
        # TRANSLATORS: the waiting room: this table asks everyone who joins for a password
        seated.append("\n " + _("Password needed to join"), look("muted"))
    return question, seated


def arrival_lines(before: list[dict], after: list[dict]) -> list[Text]:
    """Before the start, the log's lines of who left and who sat down (names the seating
    shows anyway)."""
    came, went = arrivals(before, after)
    left = [_("{name} left the table").format(name=clean(name, limit=24)) for name in went]
    sat = [_("{name} sat down").format(name=clean(name, limit=24)) for name in came]
    return [Text(line) for line in [*left, *sat]]


def seating_text(
    people: People, seat_name: Callable[[int], str], look: Callable[[str], Any], me: int | None
) -> Text:
    """Before the game starts: who is seated, one seat a line, numbered as the game numbers
    them (the digit that picks a seat, and ``/w N``, stay the same when the game starts): the
    others clockwise from ``me``, then my own seat."""
    count = len(people.players)
    order = others(me, count) + ([me] if me is not None and 0 <= me < count else [])
    seated = Text()
    for line, seat in enumerate(order):
        if line:
            seated.append("\n")
        seated.append(f" {seat_digit(seat, me, count) or ' '} ")
        if people.name(seat):
            seated.append_text(literal(seat_name(seat), look("name"), limit=16))
            if people.is_bot(seat):
                seated.append("  " + _("bot"), look("muted"))
        else:
            seated.append(_("(free seat)"), look("muted"))
    return seated


def arrivals(before: list[dict], after: list[dict]) -> tuple[list[str], list[str]]:
    """Before the start: who sat down and who left between two seatings, by name (names are
    unique at a table; the seating every ``lobby`` shows tells as much)."""

    def named(players: list[dict]) -> list[str]:
        return [
            name
            for player in players
            if isinstance(name := player.get("name"), str) and name and not player.get("bot")
        ]

    was, now = named(before), named(after)
    return [name for name in now if name not in was], [name for name in was if name not in now]


def waiting_question(
    people: People, join_address: str | None, hosting: bool, look: Callable[[str], Any]
) -> Text:
    """Before the game starts, the prompt: how many sit, how others join, how to start."""
    total = len(people.players)
    question = Text(
        _("Waiting for players {taken}/{total}").format(taken=people.taken(), total=total)
    )
    if join_address:
        command = Text(f"kotatsu join {join_address}", look("command"))
        question.append(" · ")
        # TRANSLATORS: the waiting table's prompt, after "Waiting for players 2/4": how the
        # others join; {command} is the kotatsu join command
        question.append_text(
            fill(_("others join from their lobby, or: {command}"), command=command)
        )
    if hosting:
        # TRANSLATORS: the host's waiting prompt: m is the key (its menu starts the game)
        question.append(" · " + _("m: start now or fill with bots"))
    return question
