"""A returning player's earlier lines (``history``, net/table/memory.py), worded as the table screen
words them when they come: the log's lines and the chat pane's, oldest first, each list closed
by a line saying that what is above came before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.style import Style
from rich.text import Text
from textual.message import Message

from lang import _

from .messages import ChatReceived, Noticed, game_events
from .parse import Wired


class EventWords(Protocol):
    """What words the log's lines (the game's face, tui/table/face.py)."""

    def event_line(self, event: Wired) -> Text | str | None: ...
    def log_tag(self, event: Wired) -> object: ...


#: A chat line as the chat pane shows it, and as the log does (tui/table/chat.py ``chat_lines``).
ChatLines = Callable[[int | None, str, str, int | None], tuple[Text, Text]]


def earlier_lines(
    entries: list[Message | list[dict]],
    face: EventWords,
    worded: Callable[[dict], str],
    look: Callable[[str], Style],
    chat_lines: ChatLines,
    game: str,
) -> tuple[list[tuple[Text, object]], list[Text]]:
    """``(log lines with their tags, chat lines)`` of a ``history``'s entries (its events
    those that fit ``game``'s declared events, worded by the game's ``face``; the table's
    coded news by ``worded``, news.py ``TableNews``); both empty if it holds nothing to show."""
    logged: list[tuple[Text, Any]] = []
    chatted: list[Text] = []
    for entry in entries:
        if isinstance(entry, list):
            for event in game_events(game, entry):
                line = face.event_line(event)
                if line is not None:
                    text = line if isinstance(line, Text) else Text(line)
                    logged.append((text, face.log_tag(event)))
            continue
        if isinstance(entry, ChatReceived):
            in_chat, in_log = chat_lines(entry.sender, entry.name, entry.text, entry.to)
            chatted.append(in_chat)
        elif isinstance(entry, Noticed):  # the table's news: in the log only, as it came
            in_log = chat_lines(None, "", worded(entry.wire), None)[1]
        else:
            continue
        logged.append((in_log, None))
    if not logged:
        return [], []
    # TRANSLATORS: under a returning player's earlier log and chat lines
    back = Text(_("— you are back: the lines above are from before —"), look("muted"))
    return [*logged, (back, None)], [*chatted, back] if chatted else []
