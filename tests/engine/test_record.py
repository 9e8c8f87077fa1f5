"""Game records (engine/record.py): made from a real game, read back, and every kind of bad
record refused with the step and the reason."""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine import record as rec


def finished(game_name: str = "swapo", seed: int = 3, stop_after: int | None = None) -> dict:
    game = engine.new_game(game_name, engine.GAMES[game_name].DEFAULT_SEATS, seed=seed)
    bots = [engine.make_bot(game_name, s, seed=s) for s in range(game.seats)]
    actions = []
    while not game.over and (stop_after is None or len(actions) < stop_after):
        seat = game.pending()[0]
        action = bots[seat].act(game.view(seat), game.legal_actions(seat))
        actions.append((seat, copy.deepcopy(action)))
        game.apply(seat, action)
    players = [rec.player("Ann", False)] + [
        rec.player(f"Bot {s + 1}", True, "normal") for s in range(1, game.seats)
    ]
    ended = "2026-01-01T00:20:00Z" if game.over else None
    sitting = rec.Sitting("20260101-000000-abcdef", "den", players, "2026-01-01T00:00:00Z", ended)
    return rec.full_record(sitting, game, seed=seed, actions=actions)


def refused(data: bytes | dict) -> rec.RecordError:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    with pytest.raises(rec.RecordError) as caught:
        rec.load(raw)
    assert "\n" not in str(caught.value)
    return caught.value


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_a_finished_game_reads_back_and_replays(game):
    record = finished(game)
    replay = rec.load(json.dumps(record).encode())
    assert replay.positions == len(record["actions"]) + 1 and not replay.stopped
    assert replay.marks[0] == 0 and len(replay.marks) > 1
    assert replay.seats == [*range(record["seats"]), None] and replay.can_open
    shown = replay.open_hands(replay.marks[1] // 2)
    assert shown is not None and all(shown.hands)
    views = list(replay.walk(1, upto=3))
    assert len(views) == 4 and all(v["seat"] == 1 for v, _ in views)
    summary = rec.summary(record)
    assert summary["winners"] and summary["places"] and min(summary["places"]) == 1


def test_every_hand_open_shows_the_cards_no_hand_shows():
    """Swoop's face-down cards (each seat's own, unseen even by it), 秘十's kitty (nobody's,
    until it is taken up) and then the cards the declarer buried; SwaPo hides none."""
    swoop = rec.load(json.dumps(finished("swoop")).encode())
    start = swoop.open_hands(0)
    assert start is not None and [h.seat for h in start.hidden] == list(range(len(start.hands)))
    assert {h.kind for h in start.hidden} == {"down"} and all(h.cards for h in start.hidden)
    table = swoop.at(0).view(None)  # as many as the face-down slots everyone sees
    for hidden in start.hidden:
        assert len(hidden.cards) == sum(table["players"][hidden.seat]["mystery"])
    mishi = rec.load(json.dumps(finished("mishi")).encode())
    dealing = mishi.open_hands(0)
    assert dealing is not None and [(h.kind, h.seat, len(h.cards)) for h in dealing.hidden] == [
        ("kitty", None, 8)
    ]
    actions = mishi.record["actions"]
    bury = next(k for k, entry in enumerate(actions) if entry["action"]["type"] == "bury")
    after = mishi.open_hands(bury + 1)
    assert after is not None and after.hidden[0].kind == "buried"
    declarer = after.hidden[0].seat
    assert declarer is not None and 1 <= len(after.hidden[0].cards) <= 8
    assert len(after.hands[declarer]) + len(after.hidden[0].cards) == 21 + 8  # dealt, kitty
    swapo = rec.load(json.dumps(finished("swapo")).encode())
    assert swapo.open_hands(1).hidden == []


def test_an_unfinished_record_replays_up_to_where_it_stopped():
    record = finished(stop_after=5)
    replay = rec.load(json.dumps(record).encode())
    assert replay.stopped and replay.positions == 6 and not replay.can_open
    assert replay.open_hands(3) is None
    assert rec.summary(record)["places"] is None


def test_an_edited_card_is_refused_at_its_action():
    record = finished()
    edited = next(
        i for i, e in enumerate(record["actions"]) if isinstance(e["action"].get("cards"), list)
    )
    cards = record["actions"][edited]["action"]["cards"]
    cards[0] = "JK" if cards[0] != "JK" else "2C"
    error = refused(record)
    assert error.step == f"action {edited + 1}" and error.code == "illegal"


def test_an_illegal_action_is_refused():
    record = finished()
    record["actions"][2]["seat"] = (record["actions"][2]["seat"] + 1) % 4
    error = refused(record)
    assert error.step == "action 3" and error.code == "illegal"
    assert "seat" in str(error)


def test_a_result_that_does_not_follow_is_refused():
    record = finished()
    record["result"]["winners"] = [w for w in range(4) if w not in record["result"]["winners"]]
    assert refused(record).code == "result"
    record = finished()
    record["actions"] = record["actions"][:-1]
    assert refused(record).code == "not_over"


def test_actions_after_the_end_are_refused():
    record = finished()
    record["actions"].append(record["actions"][-1])
    assert refused(record).code == "over_early"


def test_an_unknown_version_is_refused():
    record = finished()
    record["version"] = 99
    error = refused(record)
    assert error.code == "version" and "99" in str(error)


def test_a_truncated_file_is_refused():
    data = json.dumps(finished()).encode()
    error = refused(data[: len(data) // 2])
    assert error.step == "file" and error.code == "not_json"


def test_a_huge_file_is_refused_before_parsing():
    error = refused(b"[" + b"0," * (rec.MAX_BYTES // 2) + b"0]")
    assert error.code == "too_large"


def test_a_deeply_nested_document_is_refused():
    assert refused(b"[" * 100_000 + b"]" * 100_000).code == "too_deep"
    record = finished()
    record["options"]["x"] = json.loads("[" * 40 + "]" * 40)
    assert refused(record).code == "too_deep"
    # brackets inside strings do not count
    record = finished()
    record["table"] = "[[[[" * 20
    assert rec.load(json.dumps(record).encode()).positions > 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r.pop("seed"), "seed"),
        (lambda r: r.update(extra=1), "extra"),
        (lambda r: r.update(seats=True), "seats"),
        (lambda r: r["players"].pop(), "players"),
        (lambda r: r["players"][1].pop("level"), "players[1].level"),
        (lambda r: r.update(started="yesterday"), "started"),
        (lambda r: r.update(game="chess"), "game"),
        (lambda r: r["actions"].__setitem__(0, [0, {}]), "actions[0]"),
        (lambda r: r.update(kind="other"), "kind"),
    ],
)
def test_the_schema_names_the_field(change, field):
    record = finished()
    change(record)
    error = refused(record)
    assert error.step == "schema" and error.params["field"] == field


def test_a_bad_deck_or_option_is_refused_at_setup():
    record = finished()
    record["deck"] = ["AS"] * 54
    assert refused(record).step == "setup"
    record = finished()
    record["options"]["variant"] = ["chess"]
    assert refused(record).step == "setup"


def test_not_a_record():
    assert refused({"hello": 1}).code == "not_record"
    assert refused(b"\xff\xfe").code == "not_json"


def test_a_seat_record_replays_from_its_seat_only():
    game = engine.new_game("swapo", 4, seed=2)
    frames = [{"view": game.view(1), "events": []}]
    sitting = rec.Sitting("x-seat", "den", [rec.player("A", False)] * 4, "2026-01-01T00:00:00Z")
    record = rec.seat_record(
        sitting, game="swapo", options=game.options, seats=4, seat=1, frames=frames
    )
    replay = rec.load(json.dumps(record).encode())
    assert replay.seats == [1] and replay.stopped and replay.open_hands(0) is None
    record["frames"].append({"view": game.view(2), "events": []})
    error = refused(record)
    assert error.step == "frame 1" and error.code == "wrong_seat"
