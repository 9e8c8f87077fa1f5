"""The chat at a table: a chat line goes to the chat pane and to the log, worded once
(``lines``); the table's own news (a hint asked, a player back) only to the log, so the talk
does not scroll away under it; ``/w N`` whispers to the seat that digit N picks at the table;
a chat line refused or unsent is said where it was typed.

``TableChat`` is the table's chat pane (a ``ChatPane`` that knows the table): the screen
composes it and gives it the seats (names, the local seat, the digits that pick each, the
looks); it shows the talk and returns the log's line of each for the table to log, and posts
the pane's messages (a line to send, the chat closed) for the screen to handle. The screen
keeps its ``-chatting`` class while the chat is open (the keys type into it).
"""

from __future__ import annotations

from rich.text import Text

from lang import _
from tui.widgets.chat import ChatPane

from .news import chat_log_line, whisper_to
from .seats import Seats

#: The refusals of a chat line or a whisper (said in the chat pane as well as the prompt).
CHAT_REFUSALS = frozenset(
    {"chat_empty", "whispers_off", "spectator_whisper", "whisper_target", "whisper_away"}
)


class TableChat(ChatPane):
    """The table's chat pane; see the module docstring."""

    def __init__(self, seats: Seats, *, cursor_blink: bool = True) -> None:
        super().__init__(id="chat", cursor_blink=cursor_blink)
        #: The table's seats: names, the local seat and the digit that picks each, looks.
        self.seats = seats

    def said(self, sender: int | None, name: str, text: str, to: int | None) -> Text:
        """A chat line (``sender`` None: the host's own) shown here; its log line returned."""
        in_chat, in_log = self.chat_lines(sender, name, text, to)
        self.show_line(in_chat)
        return in_log

    def news(self, text: str) -> Text:
        """The table's own news (a ``notice``): the log's line, as from the table (not
        shown among the talk)."""
        return self.chat_lines(None, "", text, None)[1]

    def chat_lines(
        self, sender: int | None, name: str, text: str, to: int | None
    ) -> tuple[Text, Text]:
        """A chat line as the chat pane shows it, and as the log does."""
        seats = self.seats
        me = seats.me
        name = name or seats.called(sender)
        whisper = whisper_to(to, me, seats.called)
        if whisper is not None and sender == me and me is not None:
            name = ""  # my own whisper comes back: "→ Ann: psst"
        in_chat = self.line(name, text, whisper=whisper)
        if name and sender is not None and sender == me:
            name = _("You")  # the log uses the same word as the bar
        return in_chat, chat_log_line(name, whisper, text, seats.look)

    def earlier(self, chatted: list[Text]) -> None:
        """The talk this seat was shown before it came back: above the lines shown since."""
        if chatted:
            self.add_earlier(chatted)

    def aim(self) -> None:
        """Whom ``/w N`` reaches: the seat each digit picks at the table now."""
        self.whisper_targets = self.seats.whisper_aims()

    def refused(self, code: object, reason: str) -> None:
        """The table refused something: a chat line's refusal is said in the pane too."""
        if code in CHAT_REFUSALS:
            self.note(_("✗ Not sent: {reason}").format(reason=reason))
