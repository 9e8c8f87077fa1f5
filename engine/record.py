"""Game records: what a finished (or stopped) game was, checked and replayed through the rules.

Pure: bytes or data in, data out; no files, no clocks (times are given as ISO 8601 strings).
The format is documented in docs/record.md, with a JSON Schema beside it. Two kinds:

- a **full** record (the host's): the game, its options, the seed and the deck, the seats,
  every action with its seat, the result. It holds every hand, so only the host keeps it while
  the game runs, and it is served to the table only once the game is over;
- a **seat** record (a joined player's): the states that one seat was sent — its own view and
  the public events, frame by frame — and nothing else; it replays from that seat only.

``parse`` bounds what a file may cost (size before parsing, nesting depth), ``check`` is the
schema, ``Replay`` runs a record through the engine action by action. Every refusal is a
``RecordError``: the step that failed and a reason code with parameters (worded by the reader's
screen from ``REASONS``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from lang import N_

from . import GAMES, IllegalAction, new_game
from . import frames as framing
from .base import ROUND_END_EVENTS, Game
from .reasons import REASONS as ENGINE_REASONS
from .reasons import english

FORMAT = "kotatsu-record"
VERSION = 2
"""The version written: 2 keeps a seat record's frames as deltas (engine/frames.py)."""
VERSIONS = (1, 2)
"""The versions read (a full record is the same in both)."""
MAX_BYTES = 8 * 1024 * 1024
"""The largest record file read: checked before parsing (a long game is well under 1 MiB)."""
MAX_DEPTH = 32
"""How deeply a record may nest (a view is about 6 levels)."""
MAX_ITEMS = 200_000
"""The most actions (or frames) a record may hold."""
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
TIME_PATTERN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
KINDS = ("full", "seat")
PLAYER_KINDS = ("person", "bot")
NAME_LIMIT = 96

#: Why a record is refused: code -> English msgid (the CLI and the screens word them).
REASONS: dict[str, str] = {
    "too_large": N_("the file is larger than {limit} bytes"),
    "not_json": N_("not a JSON document (truncated or damaged?): {detail}"),
    "too_deep": N_("nested deeper than {limit} levels"),
    "not_record": N_("not a kotatsu game record"),
    "version": N_("record version {version} is not known (this kotatsu reads {known})"),
    "field": N_("{field}: {problem}"),
    "setup": N_("the game cannot be set up: {detail}"),
    "illegal": N_("seat {seat} may not play {action}: {reason}"),
    "not_over": N_("the record says the game finished, but it is not over"),
    "over_early": N_("the game is over before the last action"),
    "unfinished_over": N_("the record says unfinished, but the game is over"),
    "result": N_("the result does not follow from the actions"),
    "wrong_seat": N_("a frame shows seat {seen}, not the record's seat {seat}"),
    "no_base": N_("a change with no frame before it"),
    "bad_change": N_("the change does not fit the frame before (at {path})"),
    "huge_change": N_("a change of more than {limit} values"),
    "costly": N_("the changes copy more than {limit} values in all"),
    "impossible_view": N_("the view's {key} is not what a view of this table holds"),
    "seat_result": N_("the result is not the last frame's"),
}


class RecordError(Exception):
    """A record that cannot be read or replayed: ``step`` is where (``file``, ``setup``,
    ``action 12``, ``frame 3``, ``result``…), ``code`` a key of REASONS, ``params`` data."""

    def __init__(self, step: str, code: str, **params: Any) -> None:
        super().__init__(step, code, params)
        self.step, self.code, self.params = step, code, params

    def __str__(self) -> str:
        return f"{self.step}: {REASONS[self.code].format(**self.params)}"


# ---------------------------------------------------------------------------------------------
# Making records


def player(name: str, bot: bool, level: str | None = None) -> dict[str, Any]:
    """One seat's entry: its name, and its kind (a bot with its level)."""
    entry: dict[str, Any] = {"name": name[:NAME_LIMIT], "kind": "bot" if bot else "person"}
    if bot:
        entry["level"] = level or "normal"
    return entry


def full_record(
    *,
    record_id: str,
    game: Game,
    seed: int,
    table: str,
    players: list[dict[str, Any]],
    started: str,
    ended: str | None,
    actions: list[tuple[int, Any]],
    deck: list[str] | None = None,
) -> dict[str, Any]:
    """The host's record of ``game`` (dealt from ``seed``/``deck``) after ``actions``."""
    over = game.over
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": record_id,
        "kind": "full",
        "game": game.NAME,
        "options": _plain(game.options),
        "seats": game.seats,
        "seed": seed,
        "deck": deck,
        "table": table[:NAME_LIMIT],
        "players": players,
        "started": started,
        "ended": ended,
        "finished": over,
        "actions": [{"seat": seat, "action": _plain(action)} for seat, action in actions],
        "result": _plain(game.result()) if over else None,
    }


def seat_record(
    *,
    record_id: str,
    game: str,
    options: dict[str, Any],
    seats: int,
    seat: int | None,
    table: str,
    players: list[dict[str, Any]],
    started: str,
    ended: str | None,
    frames: list[dict[str, Any]],
) -> dict[str, Any]:
    """A joined player's record: the ``frames`` (``{"view", "events"}``) its seat was sent,
    kept as deltas (engine/frames.py)."""
    last = frames[-1]["view"] if frames else {}
    finished = bool(last.get("over"))
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": record_id,
        "kind": "seat",
        "game": game,
        "options": _plain(options),
        "seats": seats,
        "seat": seat,
        "table": table[:NAME_LIMIT],
        "players": players,
        "started": started,
        "ended": ended,
        "finished": finished,
        "frames": framing.encode(_plain(frames)),
        "result": _plain(last.get("result")) if finished else None,
    }


def _plain(data: Any) -> Any:
    """``data`` as JSON gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(data))


def summary(record: dict[str, Any]) -> dict[str, Any]:
    """What a listing needs of a checked record: ids, names, winners, placements."""
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
# Reading: bounded parse, then the schema


def parse(data: bytes) -> dict[str, Any]:
    """A record's JSON, bounded: too large, not JSON or too deep raise RecordError (``file``)."""
    if len(data) > MAX_BYTES:
        raise RecordError("file", "too_large", limit=MAX_BYTES)
    _check_nesting(data)
    try:
        record = json.loads(data)
    except (UnicodeDecodeError, ValueError) as exc:
        raise RecordError("file", "not_json", detail=str(exc)[:120]) from None
    except RecursionError:
        raise RecordError("file", "too_deep", limit=MAX_DEPTH) from None
    return check(record)


def _check_nesting(data: bytes) -> None:
    """Refuse a document nested deeper than MAX_DEPTH before parsing it (brackets inside
    strings do not count: quotes are followed, escapes skipped)."""
    depth = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > MAX_DEPTH:
                raise RecordError("file", "too_deep", limit=MAX_DEPTH)
        elif byte in (0x5D, 0x7D):
            depth -= 1


def _fail(field_name: str, problem: str) -> RecordError:
    """A schema fault: ``problem`` is an English msgid (the reader's screen words it)."""
    return RecordError("schema", "field", field=field_name, problem=problem)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(record: dict, key: str, pattern: re.Pattern | None = None, limit: int = 200) -> None:
    value = record.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise _fail(key, N_("must be text"))
    if pattern is not None and not pattern.fullmatch(value):
        raise _fail(key, N_("is not in the expected form"))


COMMON_KEYS = {
    "format", "version", "id", "kind", "game", "options", "seats", "table", "players",
    "started", "ended", "finished", "result",
}  # fmt: skip
KEYS = {"full": COMMON_KEYS | {"seed", "deck", "actions"}, "seat": COMMON_KEYS | {"seat", "frames"}}


def check(record: Any) -> dict[str, Any]:
    """The schema (docs/record.schema.json), field by field; RecordError names the field."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError("schema", "not_record")
    version = record.get("version")
    if version not in VERSIONS or isinstance(version, bool):
        known = ", ".join(map(str, VERSIONS))
        raise RecordError("schema", "version", version=str(version)[:20], known=known)
    kind = record.get("kind")
    if kind not in KINDS:
        raise _fail("kind", N_("must be full or seat"))
    keys = set(record)
    missing, extra = sorted(KEYS[kind] - keys), sorted(map(str, keys - KEYS[kind]))
    if missing:
        raise _fail(missing[0], N_("is missing"))
    if extra:
        raise _fail(extra[0][:40], N_("is not a field of a record"))
    _text(record, "id", ID_PATTERN)
    if record["game"] not in GAMES:
        raise _fail("game", N_("is not a game this kotatsu knows"))
    if not isinstance(record["options"], dict):
        raise _fail("options", N_("must be a mapping"))
    seats = record["seats"]
    if not _is_int(seats) or not 1 <= seats <= 16:
        raise _fail("seats", N_("must be a whole number from 1 to 16"))
    _text(record, "table", limit=NAME_LIMIT)
    _check_players(record["players"], seats)
    _text(record, "started", TIME_PATTERN)
    if record["ended"] is not None:
        _text(record, "ended", TIME_PATTERN)
    if not isinstance(record["finished"], bool):
        raise _fail("finished", N_("must be true or false"))
    if record["result"] is not None and not isinstance(record["result"], dict):
        raise _fail("result", N_("must be a mapping or null"))
    if record["finished"] != (record["result"] is not None):
        raise _fail("result", N_("must be given exactly when the game finished"))
    if kind == "full":
        _check_full(record)
    else:
        _check_seat(record)
    return record


def _check_players(players: Any, seats: int) -> None:
    if not isinstance(players, list) or len(players) != seats:
        raise _fail("players", N_("must list every seat"))
    for i, entry in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(entry, dict) or not {"name", "kind"} <= set(entry):
            raise _fail(where, N_("must have a name and a kind"))
        if set(entry) - {"name", "kind", "level"}:
            raise _fail(where, N_("has an unknown field"))
        if not isinstance(entry["name"], str) or len(entry["name"]) > NAME_LIMIT:
            raise _fail(f"{where}.name", N_("must be text"))
        if entry["kind"] not in PLAYER_KINDS:
            raise _fail(f"{where}.kind", N_("must be person or bot"))
        level = entry.get("level")
        if (entry["kind"] == "bot") != (level is not None) or (
            level is not None and (not isinstance(level, str) or len(level) > 16)
        ):
            raise _fail(f"{where}.level", N_("a bot has a level, a person none"))


def _check_full(record: dict[str, Any]) -> None:
    if not _is_int(record["seed"]) or not 0 <= record["seed"] < 2**64:
        raise _fail("seed", N_("must be a whole number from 0 to 2^64"))
    deck = record["deck"]
    if deck is not None and (
        not isinstance(deck, list) or len(deck) > 1000 or not all(isinstance(c, str) for c in deck)
    ):
        raise _fail("deck", N_("must be a list of card codes or null"))
    actions = record["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ITEMS:
        raise _fail("actions", N_("must be a list of at most 200000 items"))
    for i, entry in enumerate(actions):
        if (
            not isinstance(entry, dict)
            or set(entry) != {"seat", "action"}
            or not _is_int(entry["seat"])
            or not isinstance(entry["action"], dict)
        ):
            raise _fail(f"actions[{i}]", N_("must have exactly a seat and an action"))


def _check_seat(record: dict[str, Any]) -> None:
    seat = record["seat"]
    if seat is not None and (not _is_int(seat) or not 0 <= seat < record["seats"]):
        raise _fail("seat", N_("must be a seat of the table or null"))
    frames = record["frames"]
    if not isinstance(frames, list) or not frames or len(frames) > MAX_ITEMS:
        raise _fail("frames", N_("must be a list of 1 to 200000 items"))
    for i, frame in enumerate(frames):
        if not framing.well_formed(frame, record["version"]):
            if record["version"] == 1:
                raise _fail(f"frames[{i}]", N_("must have exactly a view and events"))
            raise _fail(f"frames[{i}]", N_("must have exactly a view or a delta, and events"))


# ---------------------------------------------------------------------------------------------
# Replaying


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

    def open_hands(self, position: int) -> list[list[str]] | None:
        """Every seat's hand at ``position`` (only for a finished game's full record: never
        used at a live table, where it would show what no seat may see)."""
        if not self.can_open:
            return None
        game = self.at(position)
        hands = []
        for seat in range(game.seats):
            hand = game.view(seat).get("hand")
            hands.append([c for c in hand if isinstance(c, str)] if isinstance(hand, list) else [])
        return hands


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
