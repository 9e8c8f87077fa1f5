"""What a host is told when it opens a table: the table's settings and the host's limits.

``TableSettings`` is everything that makes the table what it is — the game, its seats and
options, the seed, which seats the host's bots take and how well they play, the name, the
password's verifier (never the password), the seats' resume tokens, how the table paces a
deal and waits for the results panels, whether hints are on, and its turn clock. It is
frozen, and it is the journal's header (``header``/``from_header``; headers written before
any of these fields, or with the password in clear, are still read). ``HostLimits`` is how
the host around the table treats connections and its bots: timeouts, rates, the door, the
journal's fsync, the bots' delay.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

import engine
from engine.base import parse_options

from .clock import clock_error
from .messages import SALT_BYTES, TAKEBACK_MODES, clean_name, password_key
from .pacing import DEFAULT_TICK
from .resultswait import RESULTS_WAIT
from .seating import new_token

MAX_SPECTATORS = 64
"""Joined spectators; seated players (and resumes) always get in."""


def make_verifier(password: str) -> dict[str, bytes]:
    """What the table keeps of a password: a fresh salt and the key derived from both."""
    salt = secrets.token_bytes(SALT_BYTES)
    return {"salt": salt, "key": password_key(password, salt)}


@dataclass(frozen=True)
class TableSettings:
    """One table's settings (see the module docstring); ``new`` checks and completes them."""

    game: str
    seats: int
    options: Mapping[str, Any]
    seed: int
    bot_seats: tuple[int, ...]
    name: str
    tokens: tuple[str, ...]
    verifier: Mapping[str, bytes] | None = None
    level: str = "normal"
    """How well the host's bots play (``engine.make_bot``'s ``kind``)."""
    deal_tick: float = DEFAULT_TICK
    """Seconds per card of a paced deal (net/pacing.py); 0: never paced."""
    results_wait: float = RESULTS_WAIT
    """Seconds the bots wait at most for the people's results panels; 0: never."""
    hints: bool = False
    """Whether players may ask for a hint for learners (the ``hint`` message)."""
    clock: float | None = None
    """Seconds each decision a person is asked gets (net/clock.py); None: no turn clock."""
    bank: float = 0.0
    """Each person's time bank for the game, drawn down past ``clock`` (seconds)."""
    takebacks: str = "off"
    """Whether a player may take back their last action: "off", "ask" (the other people at
    the table say yes or no) or "free" (net/takebacks.py)."""

    @classmethod
    def new(
        cls,
        game: str,
        *,
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        bots: int = 0,
        bot_seats: list[int] | tuple[int, ...] | None = None,
        name: str | None = None,
        password: str | None = None,
        level: str = "normal",
        deal_tick: float = DEFAULT_TICK,
        results_wait: float = RESULTS_WAIT,
        hints: bool = False,
        clock: float | None = None,
        bank: float = 0.0,
        takebacks: str = "off",
    ) -> TableSettings:
        """A new table's settings: ``bots`` seats (the last ones) for the host's bots unless
        ``bot_seats`` names them, a random seed unless given, fresh tokens, the password kept
        as its verifier. ``engine.BadSetup`` (a ValueError with a code) says what is wrong: an
        unknown game or option, a bad value, bots or seats out of range, a turn clock or bank out
        of range (``setup.clock_range``, ``setup.bank_range``)."""
        if game not in engine.GAMES:
            raise engine.BadSetup("setup.unknown_game", given=str(game), known=list(engine.GAMES))
        kind = engine.GAMES[game]
        seats = kind.DEFAULT_SEATS if seats is None else seats
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise engine.BadSetup("setup.seats_number")
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots <= seats:
            raise engine.BadSetup("setup.bots_range", seats=seats)
        chosen = tuple(range(seats - bots, seats) if bot_seats is None else bot_seats)
        wrong = clock_error(clock, bank)
        if wrong is not None:
            raise engine.BadSetup(wrong[0], **wrong[1])
        if any(not 0 <= s < seats for s in chosen):
            raise engine.BadSetup("setup.bots_range", seats=seats)
        if takebacks not in TAKEBACK_MODES:
            raise engine.BadSetup("setup.one_of", name="takebacks", values=list(TAKEBACK_MODES))
        return cls(
            game=game,
            seats=seats,
            options=parse_options(kind.OPTIONS, dict(options or {})),
            seed=secrets.randbits(63) if seed is None else seed,
            bot_seats=chosen,
            name=clean_name(name or "", f"{kind.TITLE or game} table"),
            tokens=tuple(new_token() for _ in range(seats)),
            verifier=make_verifier(password) if password else None,
            level=level,
            deal_tick=deal_tick,
            results_wait=results_wait,
            hints=hints,
            clock=None if clock is None else float(clock),
            bank=float(bank),
            takebacks=takebacks,
        )

    def header(self) -> dict[str, Any]:
        """The journal's header (without its version field, which the journal adds)."""
        return {
            "game": self.game,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "bots": len(self.bot_seats),
            "bot_seats": list(self.bot_seats),
            "name": self.name,
            "verifier": None if self.verifier is None else dict(self.verifier),
            "tokens": list(self.tokens),
            "level": self.level,
            "deal_tick": self.deal_tick,
            "results_wait": self.results_wait,
            "hints": self.hints,
            "clock": self.clock,
            "bank": self.bank,
            "takebacks": self.takebacks,
        }

    @classmethod
    def from_header(cls, head: Mapping[str, Any]) -> TableSettings:
        """The settings a journal's header holds. Older headers: no ``bot_seats`` (the last
        ``bots`` seats), no ``level`` (normal), no pacing or results wait (the defaults), and
        the password in clear (``password``: kept as a fresh verifier, never as itself), no hints
        (off), no turn clock (off; a header's clock or bank out of range is off too), no
        take-backs (off)."""
        seats = head["seats"]
        bot_seats = head.get("bot_seats")
        if bot_seats is None:
            bot_seats = range(seats - head["bots"], seats)
        verifier = head.get("verifier")
        if verifier is None and head.get("password"):
            verifier = make_verifier(head["password"])
        clock, bank = head.get("clock"), head.get("bank", 0.0)
        if clock_error(clock, bank) is not None:
            clock, bank = None, 0.0
        return cls(
            game=head["game"],
            seats=seats,
            options=dict(head["options"]),
            seed=head["seed"],
            bot_seats=tuple(bot_seats),
            name=head["name"],
            tokens=tuple(head["tokens"]),
            verifier=verifier,
            level=head.get("level", "normal"),
            deal_tick=head.get("deal_tick", DEFAULT_TICK),
            results_wait=head.get("results_wait", RESULTS_WAIT),
            hints=head.get("hints") is True,  # headers before hints: off
            clock=clock,
            bank=bank,
            takebacks=_takebacks(head.get("takebacks")),  # before take-backs: off
        )

    @property
    def people(self) -> bool:
        """Whether any seat is not the host's bot (only then is a deal paced)."""
        return len(self.bot_seats) < self.seats


@dataclass(frozen=True)
class HostLimits:
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


ABSENT_BOT = 30.0
"""Seconds a player is gone before a bot plays their seat, by default (``kotatsu host
--absent-bot S``; 0: never): a table whose player left does not stall for everyone."""


def absent_after(seconds: float | None) -> float | None:
    """``HostLimits.absent_bot_after`` of ``--absent-bot S``: 0 (or less), or for ever, is
    never (the table tells it, ``absent_bot``: finite seconds or None)."""
    return seconds if seconds is not None and 0 < seconds < float("inf") else None


def _takebacks(value: Any) -> str:
    return value if value in TAKEBACK_MODES else "off"


LIMIT_NAMES = frozenset(f.name for f in fields(HostLimits))
"""The keywords of ``HostLimits`` (to tell them from ``TableSettings.new``'s)."""
