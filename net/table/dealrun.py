"""One deal being shown by the table's pacer (net/table/pacing.py): what it records as the deal goes
on — the decisions made and where, what each seat chose and was answered — and the refusal
that tells a seat an earlier decision outranked its own. No I/O, no clock. (Plain classes: as
dataclasses they compiled their methods from text when a paced deal first started, before the
first card of a Mi Shi table, issue 37.)"""

from __future__ import annotations

from typing import Any

from ..wire.messages import rejected_message
from .rules import Message


class Intent:
    """A person's choice on the offer of its card at draw ``draw`` (1-based count)."""

    __slots__ = ("action", "draw")

    def __init__(self, draw: int, action: dict[str, Any]) -> None:
        self.draw = draw
        self.action = action


class Run:
    """One deal being shown: when it started, what became public when, and the choices made."""

    def __init__(self, t0: float, deal: object, *, framed_at: float = 0.0) -> None:
        self.t0 = t0
        self.deal = deal
        self.declared: list[tuple[int, dict]] = []  # (draw, event)
        self.shown = 0  # declarations already sent
        self.first_events: list[dict] = []  # what started the deal
        self.dealt: list[dict] = []  # what ended it (sent at the release)
        self.intents: dict[int, Intent] = {}  # what the engine is answered
        self.answered: dict[int, int] = {}  # seat -> the draw it last answered
        self.chosen: dict[int, Intent] = {}  # decisions not shown yet
        self.last: dict[int, Any] = {}  # id(peer) -> last (view, legal) sent
        self.most_shown = 0  # the most draws any frame has shown
        self.framed_at = framed_at  # when every screen was last brought up to date (``step``)


def too_late(version: int, event: dict) -> Message:
    """``rejected`` ``too_late``: the decision ``event`` (shown already) outranks the seat's."""
    seat, cards = event.get("seat"), event.get("cards")
    params: dict[str, int | list[str]] = {
        "seat": seat if isinstance(seat, int) else -1,
        "cards": [c for c in cards if isinstance(c, str)] if isinstance(cards, list) else [],
    }
    return rejected_message(version, "too_late", params)
