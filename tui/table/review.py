"""Reviewing a finished game together: the final results panel offers it (``r``), the table
asks the host for the whole record (``review``; the host serves it only once the game is over,
to those who sat and to spectators), and the replay screen opens on it with every hand shown
(tui/replay/) once the table has posted it to the app (``ReviewGame``): the table never
imports the replay. The table screen (tui/table/screen.py) calls these."""

from __future__ import annotations

import contextlib
from typing import Any

from engine import record as rec
from lang import _

from .messages import ReviewGame


def possible(client: Any) -> bool:
    """Whether this table's connection can ask the host for the game's record."""
    return callable(getattr(client, "review", None))


def answerable(table: Any) -> bool:
    """Whether the host can be asked now: the connection can ask, and it is up (the host of
    a finished game may have closed the table: a headless host does once its people left)."""
    return possible(table.client) and table.connection in ("online", "restored")


def ask(screen: Any) -> None:
    """Ask the host for the record (it comes back as a ``RecordReceived``); if the host has
    gone, say where this seat's own view of the game is kept."""
    if not answerable(screen):
        # TRANSLATORS: r (review) at game over once the host closed the table; keep the command
        gone = _("The host has gone; kotatsu replay last shows your seat's view")
        screen.notify(gone, markup=False)
        return
    screen.notify(_("Asking the host for the whole game…"), markup=False)
    screen.run_worker(_ask(screen.client), group="review")


async def _ask(client: Any) -> None:
    with contextlib.suppress(Exception):  # no link: nothing comes, nothing breaks
        await client.review()


def open_review(screen: Any, record: Any) -> None:
    """The host's record: checked and replayed through the rules, then handed to the app to
    show (``ReviewGame``), from the screen's own seat, every hand open."""
    from ..records import refusal

    try:
        replay = rec.replay(rec.check(record))
    except rec.RecordError as exc:
        why = _("the record cannot be replayed: {why}").format(why=refusal(exc))
        screen.notify(why, severity="error", markup=False)
        return
    seat = screen.me if screen.me in replay.seats else replay.seats[0]
    screen.post_message(ReviewGame(replay, seat, screen.settings))
