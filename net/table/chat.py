"""Chat at a table, without I/O: a line goes to everyone at the table, or a whisper to one
seat where the game's options allow whispers (``WHISPER_OPTION``), and back to the one who
whispered. ``chat_line`` says which, or the code of the refusal; the table sends it.
"""

from __future__ import annotations

from typing import Any

from ..wire.messages import clean_chat
from .seating import P, Seating

Message = dict[str, Any]


def chat_line(
    seat: int | None, name: str, message: Message, whispers: bool, seating: Seating[P]
) -> tuple[Message, P | None] | str:
    """The ``chat`` line of a checked ``chat`` message from ``seat`` (None: a spectator)
    named ``name``, and the connection a whisper goes to (None: the whole table); or the
    refusal's code."""
    text = clean_chat(message["text"])
    if not text:
        return "chat_empty"
    to = message["to"]
    line = {"t": "chat", "from": seat, "name": name, "text": text, "to": to}
    if to is None:
        return line, None
    if not whispers:
        return "whispers_off"
    if seat is None:
        return "spectator_whisper"
    if not 0 <= to < len(seating) or to == seat:
        return "whisper_target"
    target = seating[to].peer
    if target is None:
        return "whisper_away"
    return line, target
