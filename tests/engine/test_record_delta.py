"""Seat records as deltas (format version 2: engine/delta.py, engine/frames.py): a seat's
views come back exactly, in a fraction of the bytes; version 1 files still read; and every bad
delta is refused with the frame and the reason, within bounded memory."""

from __future__ import annotations

import copy
import functools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import delta, frames
from engine import record as rec
from tests.engine.test_record import refused

# Views as small as a patch's every case needs (nested maps and lists, keys shared or not,
# scalars of each kind): bigger ones prove nothing more and cost ~100 ms each to draw.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=10,
)
VIEW = st.dictionaries(st.text(max_size=2), JSON, max_size=5)


@given(VIEW, VIEW)
def test_a_patch_turns_the_old_view_into_the_new_and_leaves_the_old(old, new):
    before = copy.deepcopy(old)
    patch = delta.diff(old, new)
    assert (patch is None) == (old == new)
    if patch is not None:
        assert delta.apply(old, json.loads(json.dumps(patch))) == new
    assert old == before


def seat_frames(game_name: str, seat: int = 1, seed: int = 5) -> tuple[list[dict], dict]:
    """Every state ``seat`` was sent in a bots' game, and the game's options/seats (fresh
    copies each call: a test may change them; the game is played once per worker)."""
    sent, table = played(game_name, seat, seed)
    return json.loads(sent), json.loads(table)


@functools.cache
def played(game_name: str, seat: int, seed: int) -> tuple[str, str]:
    """``seat_frames``, as JSON."""
    game = engine.new_game(game_name, engine.GAMES[game_name].DEFAULT_SEATS, seed=seed)
    bots = [engine.make_bot(game_name, s, seed=s) for s in range(game.seats)]
    sent = [{"view": game.view(seat), "events": []}]
    while not game.over:
        who = game.pending()[0]
        events = game.apply(who, bots[who].act(game.view(who), game.legal_actions(who)))
        sent.append({"view": game.view(seat), "events": events})
    return json.dumps(sent), json.dumps({"options": game.options, "seats": game.seats})


def seat_record(game_name: str = "swoop", sent: list[dict] | None = None) -> dict:
    whole, table = seat_frames(game_name)
    players = [rec.player("A", False)] * table["seats"]
    sitting = rec.Sitting("20260101-000000-abcdef-seat", "den", players, "2026-01-01T00:00:00Z")
    frames = sent if sent is not None else whole
    return rec.seat_record(sitting, game=game_name, seat=1, frames=frames, **table)


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_a_seat_record_keeps_its_views_as_deltas_and_gives_them_back(game):
    whole, _table = seat_frames(game)
    record = seat_record(game)
    assert record["version"] == 2 and record["frames"][0]["view"] == whole[0]["view"]
    assert all(set(f) == {"delta", "events"} for f in record["frames"][1:])
    replay = rec.load(json.dumps(record).encode())
    assert replay.views == [f["view"] for f in whole]
    assert replay.events == [f["events"] for f in whole]
    assert [v for v, _e in replay.walk(1)] == replay.views
    v1 = dict(record, version=1, frames=whole)
    assert rec.load(json.dumps(v1).encode()).views == replay.views  # version 1 still reads
    assert len(json.dumps(record)) * 2 < len(json.dumps(v1))  # bench_records: the figures


def test_a_whole_view_may_follow_a_delta_in_version_2_but_not_a_delta_in_version_1():
    record = seat_record("swapo")
    whole, _table = seat_frames("swapo")
    record["frames"][3] = whole[3]  # a frame given whole again
    assert rec.load(json.dumps(record).encode()).views[3] == whole[3]["view"]
    v1 = dict(record, version=1)
    error = refused(v1)
    assert error.step == "schema" and error.params["field"] == "frames[1]"


def with_frame(record: dict, index: int, frame: dict) -> dict:
    record = copy.deepcopy(record)
    record["frames"][index] = frame
    return record


def test_a_delta_against_nothing_is_refused():
    record = seat_record("swapo")
    error = refused(with_frame(record, 0, {"delta": {"set": {"over": True}}, "events": []}))
    assert (error.step, error.code) == ("frame 0", "no_base")


@pytest.mark.parametrize(
    ("patch", "code", "detail"),
    [
        ({"del": ["seat"]}, "wrong_seat", {"seen": "?"}),
        ({"set": {"seat": 2}}, "wrong_seat", {"seen": "2"}),
        ({"set": {"over": "yes"}}, "impossible_view", {"key": "over"}),
        ({"set": {"scores": [0, 0]}}, "impossible_view", {"key": "scores"}),
        ({"set": {"pending": [9]}}, "impossible_view", {"key": "pending"}),
        ({"in": {"nowhere": {"set": {"a": 1}}}}, "bad_change", {"path": "nowhere"}),
        ({"in": {"scores": {"set": {"7": 1}}}}, "bad_change", {"path": "scores.7"}),
        ({"in": {"scores": {"set": {"01": 1}}}}, "bad_change", {"path": "scores.01"}),
        ({"in": {"scores": {"cut": 9}}}, "bad_change", {"path": "scores.cut"}),
        ({"in": {"scores": {"del": ["0"]}}}, "bad_change", {"path": "scores"}),
        ({"add": [1]}, "bad_change", {"path": "."}),
        ({"del": ["not a key"]}, "bad_change", {"path": "not a key"}),
        ({"in": {"seat": {"set": {"a": 1}}}}, "bad_change", {"path": "seat"}),
        ({"swap": 1}, "bad_change", {"path": "."}),
    ],
)
def test_a_change_that_does_not_fit_or_makes_an_impossible_view_is_refused(patch, code, detail):
    record = seat_record("swapo")
    error = refused(with_frame(record, 2, {"delta": patch, "events": []}))
    assert (error.step, error.code) == ("frame 2", code)
    for key, value in detail.items():
        assert error.params[key] == value


def test_a_huge_change_is_refused():
    record = seat_record("swapo")
    huge = {"in": {"scores": {"add": [0] * (frames.MAX_PATCH + 1)}}}
    error = refused(with_frame(record, 1, {"delta": huge, "events": []}))
    assert (error.step, error.code) == ("frame 1", "huge_change")


def test_changes_that_copy_too_much_in_all_are_refused():
    """Small changes into a wide part of the view, many times over: each copies the part
    again; the reader stops before the copies add up (bounded memory)."""
    record = seat_record("swapo")
    first = dict(record["frames"][0]["view"], wide=list(range(5000)))
    touch = {"delta": {"in": {"wide": {"set": {"0": 1}}}}, "events": []}
    record["frames"] = [{"view": first, "events": []}] + [touch] * 1000
    error = refused(record)
    assert error.code == "costly" and error.step.startswith("frame ")
    assert int(error.step.split()[1]) < 1000


def test_a_deeply_nested_delta_is_refused_before_parsing():
    record = seat_record("swapo")
    deep: dict = {"set": {"x": 1}}
    for _ in range(40):
        deep = {"in": {"x": deep}}
    error = refused(with_frame(record, 1, {"delta": deep, "events": []}))
    assert (error.step, error.code) == ("file", "too_deep")


def test_a_seat_records_result_must_be_its_last_frames():
    whole, _table = seat_frames("swapo")
    record = seat_record("swapo")
    assert record["finished"] and rec.load(json.dumps(record).encode())
    record["result"] = dict(record["result"], winners=[])
    assert refused(record).code == "seat_result"
    cut = seat_record("swapo", whole[:-1])
    assert not cut["finished"]
    cut.update(finished=True, result=whole[-1]["view"]["result"])
    assert refused(cut).code == "not_over"


def test_the_schema_takes_version_2_frames_and_refuses_a_delta_first():
    from tests.engine.test_record_schema import VALIDATOR

    record = seat_record("mishi")
    VALIDATOR.validate(record)
    VALIDATOR.validate(dict(record, version=1, frames=seat_frames("mishi")[0]))
    assert not VALIDATOR.is_valid(with_frame(record, 0, record["frames"][1]))
    assert not VALIDATOR.is_valid(dict(record, version=1))  # deltas are version 2's
    assert not VALIDATOR.is_valid(with_frame(record, 1, {"delta": {"swap": 1}, "events": []}))
