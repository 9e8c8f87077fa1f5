"""Game records: what a finished (or stopped) game was, checked and replayed through the rules.

Pure: bytes or data in, data out; no files, no clocks (times are given as ISO 8601 strings).
The format is documented in docs/record.md, with a JSON Schema beside it. Two kinds:

- a **full** record (the host's): the game, its options, the seed and the deck, the seats,
  every action with its seat, the result. It holds every hand, so only the host keeps it while
  the game runs, and it is served to the table only once the game is over;
- a **seat** record (a joined player's): the states that one seat was sent — its own view and
  the public events, frame by frame — and nothing else; it replays from that seat only.

``parse`` bounds what a file may cost (size before parsing, nesting depth), ``check`` is the
schema (both in engine/record_check.py, with the format's constants), ``Replay`` runs a record
through the engine action by action. Every refusal is a ``RecordError``: the step that failed
and a reason code with parameters (worded by the reader's screen from ``REASONS``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import GAMES, ROUND_END_EVENTS, IllegalAction, new_game
from . import frames as framing
from .base import Game, HiddenCards
from .reasons import REASONS as ENGINE_REASONS
from .reasons import english
from .record_check import (
    FORMAT,
    ID_PATTERN,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_ITEMS,
    NAME_LIMIT,
    REASONS,
    VERSION,
    VERSIONS,
    RecordError,
    check,
    parse,
)

#: The format's constants, its refusals and its reading live in engine/record_check.py; they
#: are named here too, where a reader of records looks for them.
__all__ = [
    "FORMAT",
    "ID_PATTERN",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "NAME_LIMIT",
    "REASONS",
    "VERSION",
    "VERSIONS",
    "RecordError",
    "Replay",
    "Sitting",
    "check",
    "full_record",
    "load",
    "parse",
    "placements",
    "player",
    "replay",
    "seat_record",
    "summary",
]

# ---------------------------------------------------------------------------------------------
# Making records


def player(name: str, bot: bool, level: str | None = None) -> dict[str, Any]:
    """One seat's entry: its name, and its kind (a bot with its level)."""
    entry: dict[str, Any] = {"name": name[:NAME_LIMIT], "kind": "bot" if bot else "person"}
    if bot:
        entry["level"] = level or "normal"
    return entry


@dataclass(frozen=True)
class Sitting:
    """Whose game a record is, and when: its ``record_id``, the ``table``'s name, the
    ``players`` (``player`` entries, seat by seat), when it ``started`` and ``ended`` (UTC;
    None: not over)."""

    record_id: str
    table: str
    players: list[dict[str, Any]]
    started: str
    ended: str | None = None


def full_record(
    sitting: Sitting,
    game: Game,
    *,
    seed: int,
    actions: list[tuple[int, Any]],
    deck: list[str] | None = None,
) -> dict[str, Any]:
    """The host's record of ``game`` (dealt from ``seed``/``deck``) after ``actions``."""
    over = game.over
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": sitting.record_id,
        "kind": "full",
        "game": game.NAME,
        "options": _plain(game.options),
        "seats": game.seats,
        "seed": seed,
        "deck": deck,
        "table": sitting.table[:NAME_LIMIT],
        "players": sitting.players,
        "started": sitting.started,
        "ended": sitting.ended,
        "finished": over,
        "actions": [{"seat": seat, "action": _plain(action)} for seat, action in actions],
        "result": _plain(game.result()) if over else None,
    }


def seat_record(
    sitting: Sitting,
    *,
    game: str,
    options: dict[str, Any],
    seats: int,
    seat: int | None,
    frames: list[dict[str, Any]],
) -> dict[str, Any]:
    """A joined player's record: the ``frames`` (``{"view", "events"}``) its seat was sent,
    kept as deltas (engine/frames.py)."""
    last = frames[-1]["view"] if frames else {}
    finished = bool(last.get("over"))
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": sitting.record_id,
        "kind": "seat",
        "game": game,
        "options": _plain(options),
        "seats": seats,
        "seat": seat,
        "table": sitting.table[:NAME_LIMIT],
        "players": sitting.players,
        "started": sitting.started,
        "ended": sitting.ended,
        "finished": finished,
        "frames": framing.encode(_plain(frames)),
        "result": _plain(last.get("result")) if finished else None,
    }


def _plain(data: Any) -> Any:
    """``data`` as JSON gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(data))


def summary(record: dict[str, Any]) -> dict[str, Any]:
    """What a listing needs of a checked record: ids, names, winners, placements (and a seat
    record's seat)."""
    names = [p["name"] for p in record["players"]]
    result = record.get("result") or {}
    winners = [names[s] for s in result.get("winners") or [] if 0 <= s < len(names)]
    return {
        "id": record["id"],
        "kind": record["kind"],
        "game": record["game"],
        "table": record["table"],
        "started": record["started"],
        "ended": record["ended"],
        "finished": record["finished"],
        "players": names,
        "bots": [p.get("level") if p["kind"] == "bot" else None for p in record["players"]],
        "winners": winners,
        "places": placements(record),
        **({"seat": record["seat"]} if record["kind"] == "seat" else {}),  # None: a spectator
    }


def placements(record: dict[str, Any]) -> list[int] | None:
    """Each seat's place (1 = first; ties share) in a finished record, from its final scores:
    the winners first, then by score (lower first where the game's low score wins)."""
    result = record.get("result")
    if not record["finished"] or not isinstance(result, dict):
        return None
    scores = result.get("scores")
    if not isinstance(scores, list) or len(scores) != record["seats"]:
        return None
    winners = set(result.get("winners") or [])
    low = GAMES[record["game"]].LOW_SCORE_WINS
    keys = [(0 if s in winners else 1, (v if low else -v)) for s, v in enumerate(scores)]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


# ---------------------------------------------------------------------------------------------
# Replaying


@dataclass(frozen=True)
class OpenHands:
    """A position with every hand open: each seat's hand, and the cards no hand shows."""

    hands: list[list[str]]
    hidden: list[HiddenCards]

    @classmethod
    def of(cls, game: Game) -> OpenHands:
        """``game``'s hands now, each seat's, and the cards no hand shows (copies: the game
        plays on without changing them)."""
        hands = []
        for seat in range(game.seats):
            hand = game.view(seat).get("hand")
            hands.append([c for c in hand if isinstance(c, str)] if isinstance(hand, list) else [])
        return cls(hands, game.hidden_cards())


@dataclass
class Replay:
    """A checked record, replayed: ``positions`` states (0 is the deal, or the first frame),
    ``events[k]`` what happened on the way to position k, ``marks`` the positions where a new
    round/hand begins. ``stopped`` is True for an unfinished game (it replays up to where it
    stopped)."""

    record: dict[str, Any]
    events: list[list[Any]] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    views: list[dict[str, Any]] = field(default_factory=list)
    """A seat record's view at each position (read from its frames, deltas applied)."""

    @property
    def kind(self) -> str:
        return str(self.record["kind"])

    @property
    def positions(self) -> int:
        return len(self.events)

    @property
    def stopped(self) -> bool:
        return not self.record["finished"]

    @property
    def seats(self) -> list[int | None]:
        """The seats whose view can be shown (None: a spectator's)."""
        if self.kind == "seat":
            return [self.record["seat"]]
        return [*range(self.record["seats"]), None]

    @property
    def can_open(self) -> bool:
        """Every hand may be shown: a full record of a finished game."""
        return self.kind == "full" and not self.stopped

    def game(self) -> Game:
        """A new game as the record deals it."""
        record = self.record
        return new_game(
            record["game"], record["seats"], record["options"], record["seed"], record["deck"]
        )

    def walk(
        self, seat: int | None, upto: int | None = None
    ) -> Iterator[tuple[Mapping[str, Any], list]]:
        """``(view of seat, events)`` at each position from 0 to ``upto`` (default: the end)."""
        last = self.positions - 1 if upto is None else min(upto, self.positions - 1)
        if self.kind == "seat":
            for k in range(last + 1):
                yield self.views[k], self.events[k]
            return
        game = self.game()
        yield game.view(seat), []
        for k, entry in enumerate(self.record["actions"][:last], start=1):
            game.apply(entry["seat"], entry["action"])
            yield game.view(seat), self.events[k]

    def at(self, position: int) -> Game:
        """The game (full record) after its first ``position`` actions."""
        game = self.game()
        for entry in self.record["actions"][:position]:
            game.apply(entry["seat"], entry["action"])
        return game

    def open_hands(self, position: int) -> OpenHands | None:
        """Every seat's hand at ``position``, and the cards no hand shows (only for a finished
        game's full record: never used at a live table, where it would show what no seat may
        see)."""
        if not self.can_open:
            return None
        return OpenHands.of(self.at(position))


def replay(record: dict[str, Any]) -> Replay:
    """Replay a checked record through the engine, action by action; RecordError names the
    first step that does not follow."""
    out = Replay(record)
    if record["kind"] == "seat":
        try:
            out.views = framing.views(record)
        except framing.FrameFault as fault:
            raise RecordError(fault.step, fault.code, **fault.params) from None
        out.events = [frame["events"] for frame in record["frames"]]
        last = out.views[-1]
        if record["finished"] != last["over"]:
            raise RecordError("result", "not_over" if record["finished"] else "unfinished_over")
        if record["finished"] and record["result"] != last.get("result"):
            raise RecordError("result", "seat_result")
        _mark(out)
        return out
    try:
        game = out.game()
    except (ValueError, TypeError) as exc:
        raise RecordError("setup", "setup", detail=str(exc)[:200]) from None
    out.events.append([])
    for i, entry in enumerate(record["actions"], start=1):
        if game.over:
            raise RecordError(f"action {i}", "over_early")
        try:
            out.events.append(_plain(game.apply(entry["seat"], entry["action"])))
        except IllegalAction as exc:
            action = json.dumps(entry["action"], ensure_ascii=False)[:80]
            reason = english(ENGINE_REASONS, exc.code, exc.params)
            raise RecordError(
                f"action {i}", "illegal", seat=entry["seat"] + 1, action=action, reason=reason
            ) from None
        except Exception as exc:  # an edited action the rules cannot even read
            action = json.dumps(entry["action"], ensure_ascii=False)[:80]
            reason = type(exc).__name__
            raise RecordError(
                f"action {i}", "illegal", seat=entry["seat"] + 1, action=action, reason=reason
            ) from None
    if record["finished"] and not game.over:
        raise RecordError("result", "not_over")
    if not record["finished"] and game.over:
        raise RecordError("result", "unfinished_over")
    if record["finished"] and _plain(game.result()) != record["result"]:
        raise RecordError("result", "result")
    _mark(out)
    return out


def _mark(out: Replay) -> None:
    """The positions after which a new round/hand begins."""
    out.marks = [0] + [
        k
        for k, events in enumerate(out.events)
        if any(isinstance(e, dict) and e.get("type") in ROUND_END_EVENTS for e in events)
    ]


def load(data: bytes) -> Replay:
    """Parse, check and replay a record file's bytes (RecordError on any fault)."""
    return replay(parse(data))
