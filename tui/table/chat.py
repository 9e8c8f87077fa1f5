"""The chat at a table, as the table screen runs it: a chat line or the table's own news goes
to the chat pane and to the log, worded once (``lines``); ``/w N`` whispers to the seat that
digit N picks at the table; a chat line refused or unsent is said where it was typed.

``TableChat`` is a small controller the table screen owns. It is given what it reads (the
chat pane and the log as the screen finds them, the local seat, names, looks) and keeps no
state of its own: the pane keeps the lines and the whisper targets.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from lang import _
from tui.widgets.chat import ChatPane
from tui.widgets.log import EventLog

from .news import chat_log_line, whisper_to

#: The refusals of a chat line or a whisper (said in the chat pane as well as the prompt).
CHAT_REFUSALS = frozenset(
    {"chat_empty", "whispers_off", "spectator_whisper", "whisper_target", "whisper_away"}
)


class TableChat:
    """The table's side of the chat; see the module docstring."""

    def __init__(
        self,
        pane: Callable[[], ChatPane],
        log: Callable[[], EventLog],
        me: Callable[[], int | None],
        name: Callable[[object], str],
        look: Callable[[str], Style],
    ) -> None:
        self._pane, self._log, self._me = pane, log, me
        self._name = name  # a seat's name, never "You"
        self._look = look

    def receive(self, sender: int | None, name: str, text: str, to: int | None) -> None:
        """A chat line (``sender`` None: the table's own news) in the chat pane and the log."""
        in_chat, in_log = self.lines(sender, name, text, to)
        self._pane().show_line(in_chat)
        self._log().add(in_log)

    def lines(self, sender: int | None, name: str, text: str, to: int | None) -> tuple[Text, Text]:
        """A chat line as the chat pane shows it, and as the log does."""
        me = self._me()
        name = name or self._name(sender)
        whisper = whisper_to(to, me, self._name)
        if whisper is not None and sender == me and me is not None:
            name = ""  # my own whisper comes back: "→ Ann: psst"
        in_chat = self._pane().line(name, text, whisper=whisper)
        if name and sender is not None and sender == me:
            name = _("You")  # the log uses the same word as the bar
        return in_chat, chat_log_line(name, whisper, text, self._look)

    def earlier(self, logged: list[tuple[Text, object]], chatted: list[Text]) -> None:
        """What this seat was shown before it came back: above the lines shown since."""
        if logged:
            self._log().add_earlier(logged)
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
