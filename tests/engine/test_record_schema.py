"""docs/record.schema.json and engine.record.check agree: every record kotatsu writes is valid
under the schema, and each structural fault the code refuses the schema refuses too."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import engine
from engine import record as rec
from tests.engine.test_record import finished

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "record.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def seat_record() -> dict:
    game = engine.new_game("swoop", 4, seed=1)
    players = [{"name": "A", "kind": "bot", "level": "?"}] * 4
    sitting = rec.Sitting("20260101-000000-abcdef-seat", "den", players, "2026-01-01T00:00:00Z")
    frames = [{"view": game.view(2), "events": []}]
    return rec.seat_record(
        sitting, game="swoop", options=game.options, seats=4, seat=2, frames=frames
    )


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert set(SCHEMA["properties"]["game"]["enum"]) == set(engine.GAMES)


@pytest.mark.parametrize(
    "record", [finished("swapo"), finished("mishi", stop_after=9), seat_record()]
)
def test_records_kotatsu_writes_are_valid(record):
    VALIDATOR.validate(record)
    rec.check(record)


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.pop("seed"),
        lambda r: r.update(extra=1),
        lambda r: r.update(seats=0),
        lambda r: r["players"][1].pop("level"),
        lambda r: r["players"][0].update(level="hard"),
        lambda r: r.update(started="yesterday"),
        lambda r: r.update(game="chess"),
        lambda r: r["actions"].__setitem__(0, {"seat": 0}),
        lambda r: r.update(kind="other"),
        lambda r: r.update(version=3),
        lambda r: r.update(result=None),
        lambda r: r.update(frames=[]),
        lambda r: r.update(id="../../etc"),
    ],
)
def test_both_refuse_the_same_faults(change):
    record = finished()
    change(record)
    assert not VALIDATOR.is_valid(record)
    with pytest.raises(rec.RecordError):
        rec.check(record)
