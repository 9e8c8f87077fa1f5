"""One deal being shown by the table's pacer (net/table/pacing.py): what it records as the deal goes
on — the decisions made and where, what each seat chose and was answered — and the refusal
that tells a seat an earlier decision outranked its own. No I/O, no clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..wire.messages import rejected_message
from .rules import Message


@dataclass
class Intent:
    """A person's choice on the offer of its card at draw ``draw`` (1-based count)."""

    draw: int
    action: dict[str, Any]


@dataclass
class Run:
    """One deal being shown: when it started, what became public when, and the choices made."""

    t0: float
    deal: object
    declared: list[tuple[int, dict]] = field(default_factory=list)  # (draw, event)
    shown: int = 0  # declarations already sent
    first_events: list[dict] = field(default_factory=list)  # what started the deal
    dealt: list[dict] = field(default_factory=list)  # what ended it (sent at the release)
    intents: dict[int, Intent] = field(default_factory=dict)  # what the engine is answered
    answered: dict[int, int] = field(default_factory=dict)  # seat -> the draw it last answered
    chosen: dict[int, Intent] = field(default_factory=dict)  # decisions not shown yet
    last: dict[int, Any] = field(default_factory=dict)  # id(peer) -> last (view, legal) sent
    most_shown: int = 0  # the most draws any frame has shown
    framed_at: float = 0.0  # when every screen was last brought up to date (``step``)


def too_late(version: int, event: dict) -> Message:
    """``rejected`` ``too_late``: the decision ``event`` (shown already) outranks the seat's."""
    seat, cards = event.get("seat"), event.get("cards")
    params: dict[str, int | list[str]] = {
        "seat": seat if isinstance(seat, int) else -1,
        "cards": [c for c in cards if isinstance(c, str)] if isinstance(cards, list) else [],
    }
    return rejected_message(version, "too_late", params)
