"""Reading a game record (engine/record.py): its format's constants, why a record is refused
(``RecordError``, ``REASONS``), the bounded parse and the schema, field by field.

Pure: bytes or data in, data out. ``parse`` bounds what a file may cost (size before parsing,
nesting depth), ``check`` is the schema (docs/record.schema.json); every refusal is a
``RecordError``: the step that failed and a reason code with parameters (worded by the
reader's screen from ``REASONS``).
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from lang import N_

from . import GAMES

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
    "field": "{problem}",  # a whole sentence naming its field: ``_fail``'s problem
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
        params = dict(self.params)
        if "problem" in params:
            params["problem"] = params["problem"].format(field=params.get("field", ""))
        return f"{self.step}: {REASONS[self.code].format(**params)}"


# ---------------------------------------------------------------------------------------------
# Reading: bounded parse, then the schema


def parse(data: bytes) -> dict[str, Any]:
    """A record's JSON, bounded: too large, not JSON or too deep raise RecordError (``file``)."""
    if len(data) > MAX_BYTES:
        raise RecordError("file", "too_large", limit=MAX_BYTES)
    _check_nesting(data)
    import json  # when a record is read (a table starts without it)

    try:
        record = json.loads(data)
    except (UnicodeDecodeError, ValueError) as exc:
        raise RecordError("file", "not_json", detail=str(exc)[:120]) from None
    except RecursionError:
        raise RecordError("file", "too_deep", limit=MAX_DEPTH) from None
    return check(record)


def _check_nesting(data: bytes) -> None:
    """Refuse a document nested deeper than MAX_DEPTH before parsing it (brackets inside
    strings do not count: quotes are followed, escapes skipped). In C, not byte by byte: the
    strings are cut out (one not closed runs to the end), the brackets kept, and the depth
    after each summed up. Without a backslash a string is what lies between a quote and the
    next one."""
    if b"\\" in data:  # (the expression compiled when first needed: not at a table's start)
        outside = re.sub(_STRING, b"", data, flags=re.DOTALL)
    else:
        outside = b"".join(data.split(b'"')[::2])
    brackets = outside.translate(None, _NOT_BRACKET)
    if max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH:
        raise RecordError("file", "too_deep", limit=MAX_DEPTH)


#: A JSON string as the nesting check reads it: from a quote to the next unescaped quote (a
#: backslash escapes any byte), or to the end of the data if it is never closed.
_STRING = rb'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\\?\Z)'
_NOT_BRACKET = bytes(range(256)).translate(None, b"[]{}")
#: How each bracket moves the depth ([ { one in, ] } one out).
_STEP = [0] * 256
_STEP[0x5B] = _STEP[0x7B] = 1
_STEP[0x5D] = _STEP[0x7D] = -1


def _fail(field_name: str, problem: str) -> RecordError:
    """A schema fault: ``problem`` is an English msgid, a whole sentence with ``{field}`` in
    it (the reader's screen words it: each language puts the field where it goes)."""
    return RecordError("schema", "field", field=field_name, problem=problem)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(record: dict, key: str, pattern: re.Pattern | None = None, limit: int = 200) -> None:
    value = record.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise _fail(key, N_("{field} must be text"))
    if pattern is not None and not pattern.fullmatch(value):
        raise _fail(key, N_("{field} is not in the expected form"))


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
        raise _fail("kind", N_("{field} must be full or seat"))
    keys = set(record)
    missing, extra = sorted(KEYS[kind] - keys), sorted(map(str, keys - KEYS[kind]))
    if missing:
        raise _fail(missing[0], N_("{field} is missing"))
    if extra:
        raise _fail(extra[0][:40], N_("{field} is not a field of a record"))
    _text(record, "id", ID_PATTERN)
    if not isinstance(record["game"], str) or record["game"] not in GAMES:
        raise _fail("game", N_("{field} is not a game this kotatsu knows"))
    if not isinstance(record["options"], dict):
        raise _fail("options", N_("{field} must be a mapping"))
    seats = record["seats"]
    if not _is_int(seats) or not 1 <= seats <= 16:
        raise _fail("seats", N_("{field} must be a whole number from 1 to 16"))
    _text(record, "table", limit=NAME_LIMIT)
    _check_players(record["players"], seats)
    _text(record, "started", TIME_PATTERN)
    if record["ended"] is not None:
        _text(record, "ended", TIME_PATTERN)
    if not isinstance(record["finished"], bool):
        raise _fail("finished", N_("{field} must be true or false"))
    if record["result"] is not None and not isinstance(record["result"], dict):
        raise _fail("result", N_("{field} must be a mapping or null"))
    if record["finished"] != (record["result"] is not None):
        raise _fail("result", N_("{field} must be given exactly when the game finished"))
    if kind == "full":
        _check_full(record)
    else:
        _check_seat(record)
    return record


def _check_players(players: Any, seats: int) -> None:
    if not isinstance(players, list) or len(players) != seats:
        raise _fail("players", N_("{field} must list every seat"))
    for i, entry in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(entry, dict) or not {"name", "kind"} <= set(entry):
            raise _fail(where, N_("{field} must have a name and a kind"))
        if set(entry) - {"name", "kind", "level"}:
            raise _fail(where, N_("{field} has an unknown field"))
        if not isinstance(entry["name"], str) or len(entry["name"]) > NAME_LIMIT:
            raise _fail(f"{where}.name", N_("{field} must be text"))
        if entry["kind"] not in PLAYER_KINDS:
            raise _fail(f"{where}.kind", N_("{field} must be person or bot"))
        level = entry.get("level")
        if (entry["kind"] == "bot") != (level is not None) or (
            level is not None and (not isinstance(level, str) or len(level) > 16)
        ):
            raise _fail(f"{where}.level", N_("{field} is wrong: a bot has a level, a person none"))


def _check_full(record: dict[str, Any]) -> None:
    if not _is_int(record["seed"]) or not 0 <= record["seed"] < 2**64:
        raise _fail("seed", N_("{field} must be a whole number from 0 to 2^64"))
    deck = record["deck"]
    if deck is not None and (
        not isinstance(deck, list) or len(deck) > 1000 or not all(isinstance(c, str) for c in deck)
    ):
        raise _fail("deck", N_("{field} must be a list of card codes or null"))
    actions = record["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ITEMS:
        raise _fail("actions", N_("{field} must be a list of at most 200000 items"))
    for i, entry in enumerate(actions):
        if (
            not isinstance(entry, dict)
            or set(entry) != {"seat", "action"}
            or not _is_int(entry["seat"])
            or not isinstance(entry["action"], dict)
        ):
            raise _fail(f"actions[{i}]", N_("{field} must have exactly a seat and an action"))


def _check_seat(record: dict[str, Any]) -> None:
    seat = record["seat"]
    if seat is not None and (not _is_int(seat) or not 0 <= seat < record["seats"]):
        raise _fail("seat", N_("{field} must be a seat of the table or null"))
    from . import frames as framing  # (a seat record's frames: imported when one is read)

    frames = record["frames"]
    if not isinstance(frames, list) or not frames or len(frames) > MAX_ITEMS:
        raise _fail("frames", N_("{field} must be a list of 1 to 200000 items"))
    for i, frame in enumerate(frames):
        if not framing.well_formed(frame, record["version"]):
            if record["version"] == 1:
                raise _fail(f"frames[{i}]", N_("{field} must have exactly a view and events"))
            raise _fail(
                f"frames[{i}]", N_("{field} must have exactly a view or a delta, and events")
            )
