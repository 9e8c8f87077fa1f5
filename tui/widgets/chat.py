"""The chat pane: the table's talk, whispers where the table allows them, and an input.

Type a line and press enter to talk to the table; ``/w 2 text`` whispers to opponent 2 when
the game's options allow whispers. The input keeps the keys after a line is sent (the next
words typed are chat too, never the game's keys) until esc, or enter on an empty line, gives
them back to the table (``c`` opens it anew). A line that holds ``/w`` without starting with it
(``c/w 3 psst``: a ``c`` typed twice) is not sent: it stays in the input, and enter sends it to
the whole table only when pressed again. Everything peers wrote is shown literally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input

from lang import N_, _

from ..tcss import compact
from ..text import literal
from .log import WrappingLog

if TYPE_CHECKING:
    from .typed import TypedInput


class ChatPane(Vertical):
    """History and an input line. Posts ``ChatPane.Send`` when the player says something.

    Both are mounted when the pane is first shown or opened (``c``): a table that starts
    without it on the screen (80 columns) is styled and laid out sooner, some 8 ms of CPU
    before its first card. Lines said before are kept and shown then."""

    DEFAULT_CSS = compact("""
    ChatPane { height: 1fr; border-top: solid $secondary 50%; border-title-color: $text-muted; }
    ChatPane WrappingLog { height: 1fr; background: $surface; }
    ChatPane #chat-input { height: 1; border: none; padding: 0 1; background: $boost; }
    ChatPane #chat-input:focus { border: none; background: $primary 30%; }
    ChatPane > .chat-pane--name { text-style: bold; }
    ChatPane > .chat-pane--whisper { text-style: italic; }
    ChatPane > .chat-pane--note { text-style: dim italic; }
    """)
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "chat-pane--name",  # who said it
        "chat-pane--whisper",  # "→ Bo" after a whisper
        "chat-pane--note",  # the pane's own remarks
    }

    # TRANSLATORS: footer key description: the chat input gives the keys back to the table
    BINDINGS: ClassVar[list] = [Binding("escape", "leave_input", N_("close chat"), show=True)]

    class Send(Message):
        """The player typed ``text`` for the table (``to`` None) or a whisper to seat ``to``."""

        def __init__(self, text: str, to: int | None) -> None:
            super().__init__()
            self.text = text
            self.to = to

    class Closed(Message):
        """The player left the chat input (esc)."""

    def __init__(self, *, id: str | None = None, cursor_blink: bool = True) -> None:
        super().__init__(id=id)
        self.cursor_blink = cursor_blink
        self.border_title = _("Chat")
        self.whisper_targets: dict[str, int] = {}  # "2" -> seat
        self.whispers_allowed = False
        self.lines: list[str] = []
        self.asked_about = ""  # a line with /w inside, held back once (enter again sends it)
        self.history = WrappingLog(id="chat-history")  # mounted when first shown (``built``)
        self._field: TypedInput | None = None

    @property
    def field(self) -> TypedInput:
        """The input, made when first asked for (the pane first shown or opened): a table at
        80 columns, where the pane is hidden until c, starts without it (and its module)."""
        if self._field is None:
            from .typed import TypedInput

            self._field = TypedInput(placeholder=self.hint(), id="chat-input")
            self._field.cursor_blink = self.cursor_blink
        return self._field

    def compose(self) -> ComposeResult:
        return iter(())  # the history and the input come when the pane is first shown

    def on_show(self) -> None:
        self.build()

    def build(self) -> None:
        """Mount the history and the input, once (when the pane first shows or opens)."""
        if not self.children and self.is_attached:
            self.mount(self.history, self.field)

    def add(self, name: str, text: str, *, whisper: str | None = None) -> None:
        """One chat line: ``name`` and ``text`` come from peers and are shown literally."""
        self.show_line(self.line(name, text, whisper=whisper))

    def show_line(self, line: Text) -> None:
        """A chat line already drawn (``line``)."""
        self.lines.append(line.plain)
        self.history.add(line)

    def line(self, name: str, text: str, *, whisper: str | None = None) -> Text:
        """A chat line as the pane shows it ("Ann → you: psst")."""
        line = literal(name, self.look("name"), limit=40)
        if whisper:  # my own whisper has no name: "→ Ann: psst"
            line.append(f"{' ' if name else ''}→ {whisper}", self.look("whisper"))
        line.append(": ")
        line.append_text(literal(text))
        return line

    def add_earlier(self, lines: list[Text]) -> None:
        """Lines said before this pane opened (a returning player's), above the others."""
        self.lines[:0] = [line.plain for line in lines]
        self.history.add_earlier([(line, None) for line in lines])

    def note(self, text: str) -> None:
        """The pane's own remark (an error in what was typed), kept with the talk."""
        self.lines.append(text)
        self.history.add(Text(text, self.look("note")))

    def look(self, name: str) -> Style:
        """The Rich style of the component class ``chat-pane--NAME``."""
        return self.get_component_rich_style(f"chat-pane--{name}", partial=True)

    def allow_whispers(self, allowed: bool) -> None:
        """Whether ``/w N text`` may be used at this table (the input's hint says so)."""
        self.whispers_allowed = allowed
        if self._field is not None:  # (else the input is made with its hint)
            self._field.placeholder = self.hint()

    def hint(self) -> str:
        """The empty input's words: short, to fit the narrowest pane (esc is in the footer)."""
        if self.whispers_allowed:
            # TRANSLATORS: the empty chat input; ≤ 32 cells; /w 2 text stays as it is
            return _("enter sends · /w 2 text whispers")
        # TRANSLATORS: the empty chat input; ≤ 32 cells
        return _("say something, enter sends")

    def open(self) -> None:
        self.build()
        self.field.focus()

    def action_leave_input(self) -> None:
        self.post_message(self.Closed())

    @on(Input.Submitted, "#chat-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        raw = event.value.strip()
        if "/w" in raw and not raw.startswith("/w") and raw != self.asked_about:
            self.asked_about = raw  # kept in the input: enter again sends it to everyone
            self.note(_("✗ Not sent: a whisper starts with /w. Enter again sends it to everyone."))
            return
        self.asked_about = ""
        event.input.value = ""
        if not raw:  # enter on an empty line: done talking, the keys are the table's again
            self.post_message(self.Closed())
            return
        to = None
        if raw == "/w" or raw.startswith("/w "):
            rest = raw.partition(" ")[2]
            key, _sep, text = rest.strip().partition(" ")
            if not self.whispers_allowed:
                self.note(_("✗ Whispers are off at this table."))
                return
            if key not in self.whisper_targets or not text.strip():
                numbers = sorted(self.whisper_targets)
                # TRANSLATORS: NUMBER stays as it is (it is what the player types)
                which = f"{numbers[0]}–{numbers[-1]}" if numbers else _("an opponent's number")
                self.note(
                    _("✗ Not sent. Whisper with /w NUMBER text (NUMBER: {which})").format(
                        which=which
                    )
                )
                return
            to, raw = self.whisper_targets[key], text.strip()
        self.post_message(self.Send(raw, to))  # the input stays open: esc closes it
