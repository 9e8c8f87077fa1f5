"""What a host is told when it opens a table: the table's settings and the host's limits.

``TableSettings`` is everything that makes the table what it is — the game, its seats and
options, the seed, which seats the host's bots take and how well they play, the name, the
password's verifier (never the password), the seats' resume tokens, how the table paces a
deal and waits for the results panels — and its declared table settings (hints, the turn
clock and its bank, take-backs…): each is one field declared with ``setting``
(net/table/declared.py) with its flag, its words, its values and its default, and everything
else reads ``SETTINGS``.
It is frozen, and it is the journal's header (``header``/``from_header``; headers written
before any of these fields, or with the password in clear, are still read). ``HostLimits`` is
how the host around the table treats connections and its bots: timeouts, rates, the door,
the journal's fsync, the bots' delay.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import engine
from engine.base import parse_options
from lang import N_, _

from ..wire.text import clean_name
from ..wire.tokens import SALT_BYTES, new_token, password_key, random_bits
from .clock import BANK_MAX, CLOCK_MAX, CLOCK_MIN
from .declared import Choice, Seconds, Setting, Switch, declared, setting
from .limits import DEFAULT_TICK, HostLimits
from .resultswait import RESULTS_WAIT


def make_verifier(password: str) -> dict[str, bytes]:
    """What the table keeps of a password: a fresh salt and the key derived from both."""
    salt = os.urandom(SALT_BYTES)
    return {"salt": salt, "key": password_key(password, salt)}


TAKEBACK_WORDS = {
    "off": N_("off"),
    # TRANSLATORS: take-backs are asked of the other people at the table (yes or no)
    "ask": N_("ask the table"),
    # TRANSLATORS: take-backs are granted at once
    "free": N_("free"),
}
"""How each take-back mode (net/table/takebacks.py) is said."""

SPECTATOR_WORDS = {
    # TRANSLATORS: a hosted table's spectators (people watching without a seat) are welcome
    "all": N_("allowed"),
    # TRANSLATORS: a hosted table's spectators may watch but not chat
    "quiet": N_("allowed, without chat"),
    # TRANSLATORS: a hosted table takes no spectators
    "none": N_("not allowed"),
}
"""Who may watch a hosted table (``spectators``): everyone, everyone without chat, nobody."""

STRUCTURE = frozenset(
    {"seats", "options", "seed", "bots", "bot_seats", "name", "password", "level", "deal_tick"}
    | {"results_wait"}
)
"""What ``TableSettings.new`` takes besides the game and the declared settings."""


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
    """Seconds per card of a paced deal (net/table/pacing.py); 0: never paced."""
    results_wait: float = RESULTS_WAIT
    """Seconds the bots wait at most for the people's results panels; 0: never."""

    # -- the table settings, each declared once (net/table/declared.py) ---------------------------
    hints: bool = setting(
        Switch(),
        flag="--hints",
        help=N_("players may ask for a hint (h: what the bot would do; the table sees it)"),
        # TRANSLATORS: a table setting in the host and play forms (hints for learners)
        label=N_("Hints"),
        default=False,
        play=True,
    )
    """Whether players may ask for a hint for learners (the ``hint`` message)."""
    clock: float | None = setting(
        # TRANSLATORS: the turn clock field's placeholder: empty means no clock
        Seconds(CLOCK_MIN, CLOCK_MAX, "setup.clock_range", N_("off, or {lo}–{hi} s"), off=True),
        flag="--clock",
        # TRANSLATORS: --help of --clock; keep S (the flag's value)
        help=N_("S seconds per decision, then the time bank; then the bot makes it"),
        # TRANSLATORS: a table setting in the host and play forms: seconds per decision
        label=N_("Turn clock"),
        default=None,
    )
    """Seconds each decision a person is asked gets (net/table/clock.py); None: no turn clock."""
    bank: float = setting(
        Seconds(0, BANK_MAX, "setup.bank_range", N_("0–{hi} s")),
        flag="--bank",
        # TRANSLATORS: --help of --bank; keep S (the flag's value)
        help=N_("with --clock: each player's extra S seconds for the whole game"),
        # TRANSLATORS: a table setting in the host and play forms: extra seconds per game
        label=N_("Time bank"),
        default=0.0,
        needs="clock",
    )
    """Each person's time bank for the game, drawn down past ``clock`` (seconds)."""
    takebacks: str = setting(
        Choice(
            TAKEBACK_WORDS,
            N_("take-backs: off, ask or free"),
            # TRANSLATORS: the take-backs field's placeholder
            N_("off, ask or free"),
        ),
        flag="--takebacks",
        # TRANSLATORS: --help of --takebacks; keep off, ask and free (the flag's values)
        help=N_(
            "may players take back their last action: off, ask (the other people at the "
            "table say yes or no) or free"
        ),
        # TRANSLATORS: a table setting in the host and play forms (taking back one's last action)
        label=N_("Take-backs"),
        default="off",
    )
    """Whether a player may take back their last action: "off", "ask" (the other people at
    the table say yes or no) or "free" (net/table/takebacks.py)."""
    spectators: str = setting(
        Choice(
            SPECTATOR_WORDS,
            N_("spectators: all, quiet or none"),
            # TRANSLATORS: the spectators field's placeholder
            N_("all, quiet or none"),
        ),
        flag="--spectators",
        # TRANSLATORS: --help of --spectators; keep all, quiet and none (the flag's values)
        help=N_("who may watch without a seat: all, quiet (they may not chat) or none"),
        # TRANSLATORS: a table setting in the host form: who may watch without a seat
        label=N_("Spectators"),
        default="all",
        commands=("host",),
    )
    """Who may watch: "all", "quiet" (spectators may not chat) or "none" (a spectator's join
    is refused: net/table/rules.py)."""

    @classmethod
    def new(cls, game: str, **given: Any) -> TableSettings:
        """A new table's settings from what is ``given`` (``STRUCTURE``'s keys and the
        declared settings'; each missing one its default): ``bots`` seats (the last ones) for
        the host's bots unless ``bot_seats`` names them, a random seed unless given, fresh
        tokens, the password kept as its verifier. ``engine.BadSetup`` (a ValueError with a
        code) says what is wrong: an unknown game or option, a bad value, bots or seats out of
        range, a setting a table cannot have (its kind's code: ``setup.clock_range``…)."""
        unknown = set(given) - STRUCTURE - {s.key for s in SETTINGS}
        if unknown:
            raise TypeError(f"not a table setting: {', '.join(sorted(unknown))}")
        if game not in engine.GAMES:
            raise engine.BadSetup("setup.unknown_game", given=str(game), known=list(engine.GAMES))
        kind = engine.GAMES[game]
        seats = given.get("seats")
        seats = kind.DEFAULT_SEATS if seats is None else seats
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise engine.BadSetup("setup.seats_number")
        bots = given.get("bots", 0)
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots <= seats:
            raise engine.BadSetup("setup.bots_range", seats=seats)
        bot_seats = given.get("bot_seats")
        chosen = tuple(range(seats - bots, seats) if bot_seats is None else bot_seats)
        if any(not 0 <= s < seats for s in chosen):
            raise engine.BadSetup("setup.bots_range", seats=seats)
        declared = {s.key: s.checked(given.get(s.key, s.default)) for s in SETTINGS}
        seed, password = given.get("seed"), given.get("password")
        return cls(
            game=game,
            seats=seats,
            options=parse_options(kind.OPTIONS, dict(given.get("options") or {})),
            seed=random_bits(63) if seed is None else seed,
            bot_seats=chosen,
            name=clean_name(given.get("name") or "", f"{kind.TITLE or game} table"),
            tokens=tuple(new_token() for _ in range(seats)),
            verifier=make_verifier(password) if password else None,
            level=given.get("level") or "normal",
            deal_tick=given.get("deal_tick", DEFAULT_TICK),
            results_wait=given.get("results_wait", RESULTS_WAIT),
            **declared,
        )

    @classmethod
    def practice(cls, game: str, bots: int | None = None, **given: Any) -> TableSettings:
        """A table against bots (``kotatsu play``, the lobby's ``b``): the player in the first
        seat, ``bots`` (default: the game's usual table full) in the others, each declared
        setting's ``play`` default unless given."""
        n = engine.GAMES[game].DEFAULT_SEATS - 1 if bots is None and game in engine.GAMES else bots
        plays = {s.key: s.play for s in SETTINGS}
        seats = None if n is None else n + 1
        return cls.new(game, seats=seats, bots=n or 0, name="practice", **{**plays, **given})

    def told(self) -> dict[str, Any]:
        """The declared settings, as every seat is told them (the table info)."""
        return {s.key: getattr(self, s.key) for s in SETTINGS}

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
            **self.told(),
        }

    @classmethod
    def from_header(cls, head: Mapping[str, Any]) -> TableSettings:
        """The settings a journal's header holds. Older headers: no ``bot_seats`` (the last
        ``bots`` seats), no ``level`` (normal), no pacing or results wait (the defaults), and
        the password in clear (``password``: kept as a fresh verifier, never as itself); a
        declared setting the header lacks, or holds with a value no table can have, is its
        default (off)."""
        seats = head["seats"]
        bot_seats = head.get("bot_seats")
        if bot_seats is None:
            bot_seats = range(seats - head["bots"], seats)
        verifier = head.get("verifier")
        if verifier is None and head.get("password"):
            verifier = make_verifier(head["password"])
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
            **{s.key: s.kept(head.get(s.key, s.default)) for s in SETTINGS},
        )

    @property
    def people(self) -> bool:
        """Whether any seat is not the host's bot (only then is a deal paced)."""
        return len(self.bot_seats) < self.seats


SETTINGS: tuple[Setting, ...] = declared(TableSettings)
"""The declared table settings, in their order (net/table/declared.py)."""


def by_key(key: str) -> Setting:
    return next(s for s in SETTINGS if s.key == key)


def problem(values: Mapping[str, Any]) -> str | None:
    """What is wrong with settings that are each fine alone (a bank without a clock)."""
    if by_key("bank").idle(values) and values.get("bank"):
        return _("--bank needs --clock: a time bank is drawn only past a turn clock")
    return None


BOT_DELAY = 0.4
"""Seconds a bot waits before each move at a table with a person, so they can follow it
(``kotatsu host --bot-delay S``; 0 headless)."""

ABSENT_BOT = 30.0
"""Seconds a player is gone before a bot plays their seat, by default (``kotatsu host
--absent-bot S``; 0: never): a table whose player left does not stall for everyone."""


HOSTED = HostLimits(bot_delay=BOT_DELAY, absent_bot_after=ABSENT_BOT)
"""The limits of a table hosted from a screen (the lobby's host form, its reopen)."""


def absent_after(seconds: float | None) -> float | None:
    """``HostLimits.absent_bot_after`` of ``--absent-bot S``: 0 (or less), or for ever, is
    never (the table tells it, ``absent_bot``: finite seconds or None)."""
    return seconds if seconds is not None and 0 < seconds < float("inf") else None


LIMIT_NAMES = frozenset(HostLimits._fields)
"""The keywords of ``HostLimits`` (to tell them from ``TableSettings.new``'s)."""
