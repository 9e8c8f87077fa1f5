"""Reviewing a finished game together: the final results panel offers it (``r``), the table
asks the host for the whole record (``review``; the host serves it only once the game is over,
to those who sat and to spectators), and the replay screen opens on it with every hand shown
(tui/replay/) once the table has posted it to the app (``ReviewGame``): the table never
imports the replay. Functions of what they are given; the table screen (tui/table/screen.py)
carries out what they return."""

from __future__ import annotations

import contextlib
from typing import Any

from lang import _
from tui.settings import Settings

from .messages import ReviewGame


def possible(client: Any) -> bool:
    """Whether this table's connection can ask the host for the game's record."""
    return callable(getattr(client, "review", None))


def answerable(client: Any, connection: str) -> bool:
    """Whether the host can be asked now: the connection can ask, and it is up (the host of
    a finished game may have closed the table: a headless host does once its people left)."""
    return possible(client) and connection in ("online", "restored")


def asking(answerable: bool) -> str:
    """What the table says when ``r`` asks the host for the record (it comes back as a
    ``RecordReceived``); if the host has gone, where this seat's own view of the game is
    kept."""
    if not answerable:
        # TRANSLATORS: r (review) at game over once the host closed the table; keep the command
        return _("The host has gone; kotatsu replay last shows your seat's view")
    return _("Asking the host for the whole game…")


async def ask(client: Any) -> None:
    """Ask the host for the record (run as a worker of the table's)."""
    with contextlib.suppress(Exception):  # no link: nothing comes, nothing breaks
        await client.review()


def opened(record: Any, me: int | None, settings: Settings) -> ReviewGame | str:
    """The host's record, checked and replayed through the rules: the message that hands it
    to the app to show from this seat's chair, every hand open (or why it cannot be)."""
    from engine import record as rec  # the record's rules: when one is reviewed

    from ..records import refusal

    try:
        replay = rec.replay(rec.check(record))
    except rec.RecordError as exc:
        return _("the record cannot be replayed: {why}").format(why=refusal(exc))
    seat = me if me in replay.seats else replay.seats[0]
    return ReviewGame(replay, seat, settings)
