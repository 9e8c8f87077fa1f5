"""Whether the table tells of a hint (the ``hint`` message, protocol 6; docs/protocol.md).

A hint for learners is computed on the player's side from their own view (engine/hints.py);
the host only tells the table that one was looked at, so that it is never secret help. Names
no game: the table says whether the seat is asked now.
"""

from __future__ import annotations


class HintsTold:
    """Hints ``on`` or off at this table, and the (seat, version) already told."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self._told: set[tuple[int, int]] = set()

    def asked(self, seat: int | None, awaited: bool, version: int) -> tuple[str | None, bool]:
        """A ``hint`` from ``seat`` (None: a spectator), which the engine ``awaited`` now or
        not, at state ``version``: the refusal code to answer, or None; and whether to tell
        everyone (once per seat and version)."""
        if not self.on:
            return "hints_off", False
        if seat is None:
            return "spectator_act", False
        if not awaited:
            return "not_your_turn", False
        if (seat, version) in self._told:
            return None, False
        self._told = {(s, v) for s, v in self._told if v == version}
        self._told.add((seat, version))
        return None, True
