"""How a host treats connections and paces a table (a leaf: the settings, the rules and the
deal's pacing all read it)."""

from __future__ import annotations

from typing import NamedTuple

MAX_SPECTATORS = 64
"""Joined spectators; seated players (and resumes) always get in."""
DEFAULT_TICK = 0.06  # seconds per visible card: a deal of 84 cards ≈ 5 s


class HostLimits(NamedTuple):
    """How the host treats connections and plays its bots (docs/protocol.md).

    ``handshake_timeout`` for the whole handshake, ``idle_timeout`` for each whole message
    after it; ``rate``/``burst`` for what the table did not ask for (a chat line counts
    ``chat_cost``), a peer over it is slowed and cut after ``flood_cut_after`` s;
    ``pending_per_address`` and ``pending_total`` connections may be joining at once; wrong
    passwords from one address wait ``guess_delay`` doubling up to ``guess_delay_max``; a seat
    is taken over by its token at most once per ``takeover_every`` s; before the start the
    journal is compacted after ``compact_after`` leavings. The host's bots wait ``bot_delay``
    s before each move; a bot covers a player gone for ``absent_bot_after`` s (None: never)."""

    idle_timeout: float = 60.0
    handshake_timeout: float = 10.0
    rate: float = 50.0
    burst: float = 100.0
    flood_cut_after: float = 10.0
    chat_cost: float = 5.0
    pending_per_address: int = 8
    pending_total: int = 32
    max_spectators: int = MAX_SPECTATORS
    guess_delay: float = 0.25
    guess_delay_max: float = 30.0
    takeover_every: float = 5.0
    compact_after: int = 32
    fsync: bool = True
    bot_delay: float = 0.0
    absent_bot_after: float | None = None
