"""What the table tells, beside the game itself: the notice line above the prompt (the big
events, the connection, whom the table waits for after a round), and the words of the
table's coded messages and chat lines.

``NoticeLine`` is a widget that owns what it has said (``notices``) and whether it is saying
whom the table waits for. ``TableNews`` is the table screen's part that tells a public event
(``told``: the log's line and the notice line's, from the game's face, which the table shows)
and words the table's coded messages for this seat; it reads the seats and the cards' look,
and keeps nothing. ``Said`` is what the table's parts return for the screen to show (the
log's lines, the prompt, a notice…): they never hold the screen. The rest are functions of
what they are given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple, Protocol

from rich.style import Style
from rich.text import Text
from textual import events
from textual.notifications import SeverityLevel

from lang import _, pgettext
from tui.fill import and_list
from tui.text import literal
from tui.widgets.cards import CardStyle
from tui.widgets.prompt import fit_lines
from tui.widgets.steady import Steady

from .. import words
from .parse import Wired
from .seats import Seats

CARD_CODE = re.compile(r"(?<![\w])(?:(10|[2-9JQKA])([SHDC])|(JK|BJ|SJ))(?![\w])")

SeatName = Callable[[int], str]
#: A line for the event log and what it belongs to (its tag: e.g. a round, for ``keep``).
LogLine = tuple[Text | str, object]


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


class Said(NamedTuple):
    """What one of the table's parts wants shown, returned for the table screen to carry out
    (``TableScreen.say``), in this order: the header and the prompt's clocks drawn again, a
    notice (``severity``, ``timeout``), lines for the log, the table drawn again (once it has a
    view), the prompt's question (``waiting``: on others) or why not (``reject``), and the
    table left (``leave``: why, said in the lobby)."""

    header: bool = False
    clocks: bool = False
    notice: str | None = None
    severity: SeverityLevel = "information"
    timeout: float | None = None
    log: tuple[LogLine, ...] = ()
    draw: bool = False
    prompt: Text | str | None = None
    waiting: bool = False
    reject: str | None = None
    leave: str | None = None


class TableNews:
    """The table's news; see the module docstring. It reads the seats (their names and the
    digits that pick them) and the cards' look; what it words, the table shows."""

    def __init__(self, seats: Seats, cards: CardStyle) -> None:
        self.seats = seats
        self.cards = cards

    def told(self, event: Wired, face: Told) -> Said:
        """A public event as the log and the notice line tell it (the game's face words it:
        the log's line and what it belongs to, and the big ones on the notice line)."""
        line, tag, toast = face.event_line(event), face.log_tag(event), face.toast(event)
        logged = ((line, tag),) if line is not None else ()
        return Said(notice=toast or None, timeout=4, log=logged)

    def worded(self, message: dict) -> str:
        """A ``rejected``, ``error`` or ``notice`` (codes and parameters) in our language; a
        seat's ``number`` as this table numbers it (the digit that picks it, ``/w N``)."""
        return worded(renumbered(message, self.seats.digit), self.seats.called, self.cards)


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
