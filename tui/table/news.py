"""What the table tells: a log line per public event, the notice line above the prompt (the
big events, the connection, whom the table waits for after a round) and the chat.
``NewsMixin`` is mixed into ``TableScreen`` (tui/table/screen.py), before ``Screen``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text
from textual import work

from lang import _, pgettext
from tui.text import clean, literal
from tui.widgets.chat import ChatPane
from tui.widgets.steady import Steady

from .. import words

CARD_CODE = re.compile(r"(?<![\w])(?:(10|[2-9JQKA])([SHDC])|(JK|BJ|SJ))(?![\w])")


class NewsMixin:
    """The log, the notice line and the chat; see the module docstring."""

    if TYPE_CHECKING:
        from tui.widgets.cards import CardStyle
        from tui.widgets.log import EventLog

        notices: list[str]
        reading_shown: bool
        players: list
        me: int | None
        cards: CardStyle
        client: Any
        is_mounted: bool

        @property
        def log_pane(self) -> EventLog: ...
        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def add_class(self, *class_names: str, update: bool = True) -> Any: ...
        def update_keys(self) -> None: ...
        def describe_event(self, event: dict) -> Text | str | None: ...
        def toast_for(self, event: dict) -> str | None: ...
        def log_tag(self, event: dict) -> object: ...
        def seat_name(self, seat: object, *, you: bool = True) -> str: ...
        def look(self, name: str) -> Style: ...
        def notify(self, message: str, *args: Any, **kwargs: Any) -> None: ...

    def tell(self, event: dict) -> None:
        """Log a public event, and say the big ones on the notice line."""
        line = self.describe_event(event)
        if line is not None:
            self.log_pane.add(line, self.log_tag(event))
        toast = self.toast_for(event)
        if toast:
            self.notify(toast, timeout=4, markup=False)

    def reading(self) -> list[int]:
        """The other seats whose results panel the table waits for (``lobby`` ``reading``)."""
        return [
            i
            for i, player in enumerate(self.players)
            if i != self.me and isinstance(player, dict) and player.get("reading") is True
        ]

    def show_reading(self) -> None:
        """While the table waits for others' results panels, the notice line says for whom;
        once it waits for nobody, the line shows its last notice again."""
        seats = self.reading()
        if not seats and not self.reading_shown:
            return
        line = self.query_one("#table-notice", Steady)
        self.reading_shown = bool(seats)
        if seats:
            names = _(", ").join(self.seat_name(s, you=False) for s in seats)
            line.show(Text(_("Waiting for {names} to close the results…").format(names=names)))
        else:
            line.show(Text(self.notices[-1] if self.notices else ""))

    def worded(self, message: dict) -> str:
        """A ``rejected``, ``error`` or ``notice`` (codes and parameters) in our language."""
        return words.of_message(
            message, seat_name=lambda s: self.seat_name(s, you=False), card_text=self.cards.label
        )

    def with_glyphs(self, text: str) -> str:
        """``text`` with card codes ("JS", "10H") written as the cards are drawn ("J♠")."""
        if self.cards.letters:
            return text
        return CARD_CODE.sub(lambda m: self.cards.label(m.group(0)), text)

    def receive_chat(self, message: dict) -> None:
        sender = message.get("from")
        name = message.get("name") or self.seat_name(sender, you=False)
        to = message.get("to")
        whisper = None
        if isinstance(to, int):
            # TRANSLATORS: a whisper's addressee in the chat: "Ann → you: psst"
            whisper = pgettext("whisper", "you") if to == self.me else self.seat_name(to, you=False)
        text = message.get("text", "")
        mine = whisper is not None and sender == self.me and self.me is not None
        if mine:  # my own whisper comes back: "→ Ann: psst"
            name = ""
        self.query_one(ChatPane).add(str(name), str(text), whisper=whisper)
        line = Text("» ", self.look("muted"))
        if name and isinstance(sender, int) and sender == self.me:
            name = _("You")  # the log uses the same word as the bar
        line.append_text(literal(name, self.look("name"), limit=40))
        if whisper:
            line.append(f"{' ' if name else ''}→ {whisper}", self.look("whisper"))
        line.append(": ")
        line.append_text(literal(text, limit=200))
        self.log_pane.add(line)

    def action_chat(self) -> None:
        self.add_class("-chatting")
        self.query_one(ChatPane).open()
        self.update_keys()

    @work(group="chat")
    async def _say(self, text: str, to: int | None) -> None:
        try:
            await self.client.chat(text, to=to)
        except Exception as exc:  # told in the chat pane
            self.query_one(ChatPane).note(_("not sent: {reason}").format(reason=clean(exc)))
