"""kotatsu's rules: pure Python, no I/O, no clocks, no global randomness.

import engine
g = engine.new_game("swapo", seats=4, options={"variant": ["ace"]}, seed=7)
while not g.over:
    seat = g.pending()[0]
    g.apply(seat, g.legal_actions(seat)[0])
"""

from __future__ import annotations

from typing import Any

from . import mishi, swapo, swoop
from .base import Game, IllegalAction
from .bots import Bot, RandomBot

#: The registry: each game's package exports GAME (its Game class, which describes itself:
#: title, seats, options…) and BOT. Adding a game is adding its package to this line.
_PACKAGES = (swapo, swoop, mishi)

GAMES: dict[str, type[Game]] = {p.GAME.NAME: p.GAME for p in _PACKAGES}
BOTS: dict[str, type[Bot]] = {p.GAME.NAME: p.BOT for p in _PACKAGES}

__all__ = ["BOTS", "GAMES", "Bot", "Game", "IllegalAction", "RandomBot", "make_bot", "new_game"]


def new_game(
    name: str,
    seats: int,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> Game:
    """A new game of ``name`` (a key of GAMES). Bad seats or options raise ValueError."""
    try:
        cls = GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r} (games: {', '.join(GAMES)})") from None
    return cls(seats, options=options, seed=seed, deck=deck)


def make_bot(name: str, seat: int, seed: int | None = None, *, kind: str = "smart") -> Bot:
    """The game's own bot (``kind="smart"``) or the uniformly random baseline (``"random"``)."""
    if name not in BOTS:
        raise ValueError(f"unknown game {name!r} (games: {', '.join(BOTS)})")
    if kind == "random":
        return RandomBot(seat, seed)
    if kind != "smart":
        raise ValueError(f"unknown bot kind {kind!r} (smart or random)")
    return BOTS[name](seat, seed)
