"""What the table tells, beside the game itself: the notice line above the prompt (the big
events, the connection, whom the table waits for after a round), and the words of the
table's coded messages and chat lines.

``NoticeLine`` is a widget that owns what it has said (``notices``) and whether it is saying
whom the table waits for. ``TableNews`` is the table screen's part that tells a public event
(the log's line and the notice line's, from the game's face) and words the table's coded
messages for this seat; it is given the screen as ``Telling`` and keeps nothing. The rest are
functions of what they are given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from rich.style import Style
from rich.text import Text
from textual import events

from lang import _, pgettext
from tui.fill import and_list
from tui.text import literal
from tui.widgets.cards import CardStyle
from tui.widgets.log import EventLog
from tui.widgets.prompt import fit_lines
from tui.widgets.steady import Steady

from .. import words
from .parse import Wired
from .seats import Seats

CARD_CODE = re.compile(r"(?<![\w])(?:(10|[2-9JQKA])([SHDC])|(JK|BJ|SJ))(?![\w])")

SeatName = Callable[[int], str]


class NoticeLine(Steady):
    """The line (two where a notice needs them) above the prompt: the latest notice while it
    is news, or whom the table waits for. A notice lives until what it tells is no longer the
    latest thing at the table: the next move (``moved_on``), or the results panel that told
    it again being closed."""

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.notices: list[str] = []  # every notice said here, oldest first
        self.current = ""  # the notice on show now ("" none)
        self.told = ""  # the text on the line (a notice, or whom the table waits for)
        self.waiting_shown = False  # the line says whose results the table waits for

    def say(self, text: str) -> None:
        """Show a notice (it stays until the table moves on)."""
        self.notices.append(text)
        self.current = text
        self.tell(text)

    def moved_on(self) -> None:
        """Something new happened at the table: the notice on show is old news."""
        self.current = ""
        if not self.waiting_shown:
            self.tell("")

    def tell(self, text: str) -> None:
        """Show ``text`` on two lines at most (one in a short window: the table needs the
        rows), ending at a word with … when it is longer still (a hint and its reason)."""
        self.told = text
        width = self.content_region.width if self.is_mounted else 0
        lines = 1 if self.is_mounted and self.screen.has_class("-short") else 2
        told = Text(text)
        self.show(fit_lines(told, width, self.app.console, lines=lines) if width else told)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.tell(self.told)

    def waiting_for(self, names: list[str]) -> None:
        """While the table waits for others' results panels, say for whom; once it waits
        for nobody, show the last notice again."""
        if not names and not self.waiting_shown:
            return
        self.waiting_shown = bool(names)
        if names:
            listed = and_list(names)
            self.tell(_("Waiting for {names} to close the results…").format(names=listed))
        else:
            self.tell(self.current)


class Told(Protocol):
    """What words a public event for the log and the notice line (the game's face)."""

    def event_line(self, event: Wired) -> Text | str | None: ...
    def log_tag(self, event: Wired) -> object: ...
    def toast(self, event: Wired) -> str | None: ...


class Telling(Protocol):
    """What of the table screen its news reads and reaches (tui/table/screen.py)."""

    cards: CardStyle
    seats: Seats

    @property
    def face(self) -> Told: ...
    @property
    def log_pane(self) -> EventLog: ...
    def notify(self, message: str, *args: Any, **kwargs: Any) -> None: ...


class TableNews:
    """The table screen's news; see the module docstring."""

    def __init__(self, table: Telling) -> None:
        self.table = table

    def tell(self, event: Wired) -> None:
        """Log a public event, and say the big ones on the notice line."""
        face = self.table.face
        line = face.event_line(event)
        if line is not None:
            self.table.log_pane.add(line, face.log_tag(event))
        toast = face.toast(event)
        if toast:
            self.table.notify(toast, timeout=4, markup=False)

    def worded(self, message: dict) -> str:
        """A ``rejected``, ``error`` or ``notice`` (codes and parameters) in our language; a
        seat's ``number`` as this table numbers it (the digit that picks it, ``/w N``)."""
        seats = self.table.seats
        return worded(renumbered(message, seats.digit), seats.called, self.table.cards)


def worded(message: dict, seat_name: SeatName, cards: CardStyle) -> str:
    """A ``rejected``, ``error`` or ``notice`` (codes and parameters) in our language."""
    return words.of_message(message, seat_name=seat_name, card_text=cards.label)


def renumbered(message: dict, digit: Callable[[int], str]) -> dict:
    """``message`` with its ``number`` (a seat's, as the host counts: index + 1) replaced by
    the digit this screen picks that ``seat`` by, so one seat has one number everywhere."""
    params = message.get("params")
    if not isinstance(params, dict) or "number" not in params:
        return message
    seat = params.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not digit(seat).isdigit():
        return message
    return {**message, "params": {**params, "number": int(digit(seat))}}


def with_glyphs(text: str, cards: CardStyle) -> str:
    """``text`` with card codes ("JS", "10H") written as the cards are drawn ("J♠")."""
    if cards.letters:
        return text
    return CARD_CODE.sub(lambda m: cards.label(m.group(0)), text)


def whisper_to(to: int | None, me: int | None, seat_name: SeatName) -> str | None:
    """Whom a whisper went to, as the chat says it (None: a line to the whole table)."""
    if to is None:
        return None
    # TRANSLATORS: a whisper's addressee in the chat: "Ann → you: psst"
    return pgettext("whisper", "you") if to == me else seat_name(to)


def chat_log_line(name: str, whisper: str | None, text: str, look: Callable[[str], Style]) -> Text:
    """A chat line as the log shows it: "» Ann → Bo: psst"."""
    line = Text("» ", look("muted"))
    line.append_text(literal(name, look("name"), limit=40))
    if whisper:
        line.append(f"{' ' if name else ''}→ {whisper}", look("whisper"))
    line.append(": ")
    line.append_text(literal(text, limit=200))
    return line
