"""Helpers for the leak audit: card codes in any frame, and a shadow replay of the journal."""

from __future__ import annotations

from typing import Any

import msgpack

import engine
from engine.cards import is_card
from net.kept.journal import read_journal


def card_codes(data: Any) -> list[str]:
    """Every string in ``data`` (keys too) that is a card code."""
    out: list[str] = []
    _codes(data, out)
    return out


def _codes(data: Any, out: list[str]) -> None:
    """``card_codes``, appended to ``out`` (a walk, not a generator at every level)."""
    if isinstance(data, str):
        if is_card(data):
            out.append(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            _codes(key, out)
            _codes(value, out)
    elif isinstance(data, list | tuple):
        for item in data:
            _codes(item, out)


def as_on_the_wire(data: Any) -> Any:
    """``data`` after a msgpack round trip (tuples become lists), as a client receives it."""
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False)


def shadow_states(journal_path, seats: list[int | None]) -> dict[int, dict]:
    """Replay the journal in a fresh engine: for each version, every viewer's true view, legal
    actions and the public events that led there (what the host should have sent)."""
    data = read_journal(journal_path)
    head = data.header
    game = engine.new_game(head["game"], head["seats"], head["options"], seed=head["seed"])

    def snapshot(events: list) -> dict:
        return as_on_the_wire(
            {
                "events": events,
                "view": {s: game.view(s) for s in seats},
                "legal": {
                    s: (game.legal_actions(s) if s is not None and not game.over else [])
                    for s in seats
                },
            }
        )

    states = {0: snapshot([])}
    for version, (seat, action) in enumerate(data.actions, start=1):
        states[version] = snapshot(game.apply(seat, action))
    return states


def audit(frames: list[dict], viewer: int | None, states: dict[int, dict]) -> int:
    """Check every frame one viewer got against the shadow replay; the number of states checked.

    A state frame must be exactly the viewer's true view, legal actions and the public events,
    and every card code in any frame must be one the viewer's own view at that moment shows (or
    a public event named, or a joker of its legal actions may be named as): nothing of another
    seat's hidden hand can slip through.
    """
    checked = 0
    known: set[str] = set()
    for frame in frames:
        if frame["t"] == "state":
            truth = states[frame["version"]]
            assert frame["view"] == truth["view"][viewer], f"view mismatch at {frame['version']}"
            assert frame["legal"] == truth["legal"][viewer]
            if frame["events"]:
                assert frame["events"] == truth["events"]
            known = set(card_codes(truth["view"][viewer])) | set(card_codes(truth["events"]))
            # a joker's name (``as``) may be any card of the pack, wherever it lies: every
            # one is offered alike, so naming it tells nothing
            known |= {c for a in truth["legal"][viewer] for c in card_codes(a.get("as", []))}
            checked += 1
        leaked = set(card_codes(frame)) - known
        assert not leaked, f"seat {viewer} got cards it may not know: {sorted(leaked)}"
    return checked
