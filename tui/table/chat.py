"""The chat at a table, as the table screen runs it: a chat line goes to the chat pane and to
the log, worded once (``lines``); the table's own news (a hint asked, a player back) only to the
log, so the talk does not scroll away under it; ``/w N`` whispers to the seat that digit N
picks at the table; a chat line refused or unsent is said where it was typed.

``TableChat`` is a small controller the table screen owns, given the screen as ``Chatting``:
what it reads (the chat pane and the log as the screen finds them, the local seat, names,
looks) and the screen's ``-chatting`` class while the chat is open (the keys type into it).
It keeps no state of its own: the pane keeps the lines and the whisper targets.
"""

from __future__ import annotations

from typing import Protocol

from rich.style import Style
from rich.text import Text

from lang import _
from tui.widgets.chat import ChatPane
from tui.widgets.log import EventLog

from .news import chat_log_line, whisper_to
from .seats import Seats

#: The refusals of a chat line or a whisper (said in the chat pane as well as the prompt).
CHAT_REFUSALS = frozenset(
    {"chat_empty", "whispers_off", "spectator_whisper", "whisper_target", "whisper_away"}
)


class Chatting(Protocol):
    """What of the table screen the chat reads and reaches (tui/table/screen.py)."""

    me: int | None
    seats: Seats

    @property
    def log_pane(self) -> EventLog: ...
    def look(self, name: str) -> Style: ...
    def query_one(self, selector: type[ChatPane]) -> ChatPane: ...
    def add_class(self, *class_names: str, update: bool = True) -> object: ...
    def remove_class(self, *class_names: str, update: bool = True) -> object: ...
    def set_focus(self, widget: None) -> object: ...
    def update_keys(self) -> None: ...


class TableChat:
    """The table's side of the chat; see the module docstring."""

    def __init__(self, table: Chatting) -> None:
        self.table = table

    def _pane(self) -> ChatPane:
        return self.table.query_one(ChatPane)

    def open(self) -> None:
        """``c``: the chat takes the keys until it is closed."""
        self.table.add_class("-chatting")
        self._pane().open()
        self.table.update_keys()

    def closed(self) -> None:
        """The chat was closed: the keys are the table's again."""
        self.table.remove_class("-chatting")
        self.table.set_focus(None)
        self.table.update_keys()

    def receive(self, sender: int | None, name: str, text: str, to: int | None) -> None:
        """A chat line (``sender`` None: the host's own) in the chat pane and the log."""
        in_chat, in_log = self.lines(sender, name, text, to)
        self._pane().show_line(in_chat)
        self.table.log_pane.add(in_log)

    def news(self, text: str) -> None:
        """The table's own news (a ``notice``): in the log only, as from the table."""
        self.table.log_pane.add(self.lines(None, "", text, None)[1])

    def lines(self, sender: int | None, name: str, text: str, to: int | None) -> tuple[Text, Text]:
        """A chat line as the chat pane shows it, and as the log does."""
        me = self.table.me
        name = name or self.table.seats.called(sender)
        whisper = whisper_to(to, me, self.table.seats.called)
        if whisper is not None and sender == me and me is not None:
            name = ""  # my own whisper comes back: "→ Ann: psst"
        in_chat = self._pane().line(name, text, whisper=whisper)
        if name and sender is not None and sender == me:
            name = _("You")  # the log uses the same word as the bar
        return in_chat, chat_log_line(name, whisper, text, self.table.look)

    def earlier(self, logged: list[tuple[Text, object]], chatted: list[Text]) -> None:
        """What this seat was shown before it came back: above the lines shown since."""
        if logged:
            self.table.log_pane.add_earlier(logged)
        if chatted:
            self._pane().add_earlier(chatted)

    def aim(self, targets: dict[str, int]) -> None:
        """Whom ``/w N`` reaches: the seat each digit picks at the table."""
        self._pane().whisper_targets = targets

    def refused(self, code: object, reason: str) -> None:
        """The table refused something: a chat line's refusal is said in the pane too."""
        if code in CHAT_REFUSALS:
            self.note(_("✗ Not sent: {reason}").format(reason=reason))

    def note(self, text: str) -> None:
        """A remark of the pane's own (a line not sent, and why)."""
        self._pane().note(text)
