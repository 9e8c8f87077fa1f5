"""The table before its game starts, as the table screen shows it: the seating (one seat a
line, numbered as the game will number them) with the table's settings under it, the prompt
saying how many sit and how others join, and the log's lines of who sat down and who left.
Functions of what they are given; the screen puts their words where its game draws them.

``WaitingRoom`` is the table screen's part that words them: the waiting room as it is now
(``words``, which the screen shows), and what changes when the seating does (the ``lobby``
frame: ``seating_changed`` takes it in and returns the log's lines; ``awaited``, whose
results panels the table waits for). It reads who sits where and the table's description.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from lang import _
from tui import table_settings
from tui.fill import fill
from tui.option_words import settings_line
from tui.seat import Seat
from tui.text import clean, literal

from .people import People, others, seat_digit
from .seats import Seats


class WaitingRoom:
    """The table before its game starts, worded; see the module docstring."""

    def __init__(self, people: People, seats: Seats, link: Seat, table_info: dict) -> None:
        self.people = people
        self.seats = seats
        self.link = link
        self.table_info = table_info

    def words(self, game: str, look: Callable[[str], Any]) -> tuple[Text, Text]:
        """Who is seated, and how others can join: the prompt's question and the seating
        (the game's part shows it where its layout puts it)."""
        people, seats = self.people, self.seats
        return waiting_words(people, self.link, game, self.table_info, seats.name, look, seats.me)

    def seating_changed(
        self, players: list[dict], watchers: list[dict] | None, *, logged: bool
    ) -> tuple[Text, ...]:
        """The table's seating changed (a ``lobby`` frame): who sits where now; the log's
        lines of who sat down and who left (``logged``: before the start, while the
        waiting room is on show)."""
        before = self.people.players
        self.people.update(players, watchers)
        return tuple(arrival_lines(before, players)) if before and logged else ()

    def awaited(self) -> list[str]:
        """Whose results panels the table waits for (the notice line says them)."""
        return [self.seats.called(s) for s in self.people.reading(self.seats.me)]


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
