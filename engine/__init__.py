"""kotatsu's rules: pure Python, no I/O, no clocks, no global randomness.

import engine
g = engine.new_game("swapo", seats=4, options={"variant": ["ace"]}, seed=7)
while not g.over:
    seat = g.pending()[0]
    g.apply(seat, g.legal_actions(seat)[0])
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING, Any

from . import daifugo, mishi, swapo, swoop
from .base import BadSetup, Game, IllegalAction
from .bots import Bot, EasyBot, RandomBot
from .hints import HINTS
from .lazy import Registry
from .reasons import REASONS

if TYPE_CHECKING:
    from .search import Search

#: The registry: each game's package (engine/<game>/__init__.py) names its GAME (its Game
#: class, which describes itself: title, seats, options…), BOT (its heuristic bot) and SEARCH
#: (its engine.search.Search, for the hard bot), and holds its own words (REASONS, HINTS) and
#: its ROUND_END. Adding a game is adding its package to this line.
_PACKAGES = (swapo, swoop, mishi, daifugo)
_BY_NAME = {p.__name__.rpartition(".")[2]: p for p in _PACKAGES}

#: Each game's class by its name (the package's name, its GAME.NAME). A game's rules are
#: imported when its class is first asked for (engine/lazy.py): a table loads its own game
#: only, and the names (``list(GAMES)``, ``name in GAMES``) load none.
GAMES: MutableMapping[str, type[Game]] = Registry(_BY_NAME, "GAME")
#: A game's bot and search are imported when first asked for too: a table loads its own
#: game's bot only, and a search only for the hard level.
BOTS: MutableMapping[str, type[Bot]] = Registry(_BY_NAME, "BOT")
SEARCHES: MutableMapping[str, Search[Any]] = Registry(_BY_NAME, "SEARCH")
#: Each game's own words join the shared tables: its refusal codes (engine.reasons.REASONS)
#: and its hints' reasons (engine.hints.HINTS), so a refusal or a hint of any registered game
#: is worded from its code alone (its package holds them without its rules).
for _package in _PACKAGES:
    REASONS.update(_package.REASONS)
    HINTS.update(_package.HINTS)
#: The events that end a round, hand or deal in some registered game (each game's
#: ``ROUND_END``): the screens show each one's results and the host waits for them.
ROUND_END_EVENTS: frozenset[str] = frozenset(p.ROUND_END for p in _PACKAGES if p.ROUND_END)

__all__ = [
    "BOTS",
    "GAMES",
    "LEVELS",
    "ROUND_END_EVENTS",
    "SEARCHES",
    "BadSetup",
    "Bot",
    "Game",
    "IllegalAction",
    "RandomBot",
    "make_bot",
    "new_game",
]


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
        raise BadSetup("setup.unknown_game", given=str(name), known=list(GAMES)) from None
    return cls(seats, options=options, seed=seed, deck=deck)


#: The bot levels, weakest first ("smart" is an old name of "normal").
LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")


def make_bot(
    name: str,
    seat: int,
    seed: int | None = None,
    *,
    kind: str = "normal",
    iterations: int | None = None,
    deadline: Callable[[], bool] | None = None,
) -> Bot:
    """A bot of ``kind`` (a LEVEL): ``random`` plays any legal action, ``easy`` is the game's
    heuristic with mistakes, ``normal`` the heuristic, ``hard`` searches (engine.search) with
    at most ``iterations`` playouts per decision, stopping early once ``deadline()`` is True."""
    if name not in BOTS:
        raise ValueError(f"unknown game {name!r} (games: {', '.join(BOTS)})")
    kind = "normal" if kind == "smart" else kind
    if kind == "random":
        return RandomBot(seat, seed)
    if kind == "easy":
        return EasyBot(seat, seed, policy=BOTS[name](seat, seed))
    if kind == "normal":
        return BOTS[name](seat, seed)
    if kind == "hard":
        from .search import SearchBot  # the search is loaded for the hard level only

        return SearchBot(
            seat,
            seed,
            search=SEARCHES[name],
            policy=BOTS[name],
            iterations=iterations,
            deadline=deadline,
        )
    raise ValueError(f"unknown bot level {kind!r} ({', '.join(LEVELS)})")
