"""`kotatsu history`, `export`, `stats` and `replay` on the command line: listing, JSON, a
record written out and read back from anyone, standings with ratings, and every bad record
refused with one line, exit status 2, nothing written."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import record as rec
from net.kept.records import RecordStore, data_dir
from tests.engine.test_record import finished
from tests.engine.test_record_delta import seat_record, with_frame
from tui.cli import main

ROOT = Path(__file__).resolve().parents[2]


def keep(
    record_id: str, game: str = "swapo", seed: int = 3, stop_after: int | None = None, **changes
) -> dict:
    record = finished(game, seed=seed, stop_after=stop_after)
    record.update(id=record_id, **changes)
    RecordStore(fsync=False).save(record)
    return record


def test_history_lists_the_games_newest_first(capsys):
    assert main(["history"]) == 0
    assert "No games kept" in capsys.readouterr().out
    keep("20260101-000000-aaaaaa", started="2026-01-01T00:00:00Z")
    keep("20260102-000000-bbbbbb", "mishi", started="2026-01-02T00:00:00Z")
    keep("20260103-000000-cccccc", stop_after=4, started="2026-01-03T00:00:00Z")
    assert main(["history"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["id", "date", "game"]
    assert [line.split()[0] for line in out[1:]] == [
        "20260103-000000-cccccc", "20260102-000000-bbbbbb", "20260101-000000-aaaaaa"
    ]  # fmt: skip
    assert "no (stopped)" in out[1] and "秘十" in out[2] and "Ann" in out[3]
    assert main(["history", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed[0]["id"] == "20260103-000000-cccccc"
    first = listed[-1]
    assert first["game"] == "swapo" and first["finished"] is True
    assert first["players"] == ["Ann", "Bot 2", "Bot 3", "Bot 4"] and first["winners"]
    assert listed[0]["finished"] is False and listed[0]["winners"] == []


def test_history_says_whose_eyes_a_seat_record_is_through(capsys):
    """A joined seat's record is "as seen from my seat"; a spectator's, who had no seat,
    "as a spectator"."""
    from tests.engine.test_record_delta import seat_frames

    store = RecordStore(fsync=False)
    for seat, record_id in ((1, "20260101-000000-aaaaaa-seat"), (None, "20260102-000000-bb-seat")):
        frames, table = seat_frames("swapo", seat)
        players = [rec.player(n, False) for n in ("Ann", "Bo", "Cy", "Di")]
        sitting = rec.Sitting(record_id, "den", players, "2026-01-01T00:00:00Z")
        record = rec.seat_record(sitting, game="swapo", seat=seat, frames=frames, **table)
        store.save(record)
    assert main(["history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "as a spectator" in lines[1] and "my seat" not in lines[1]
    assert "(as seen from my seat)" in lines[2]


def test_a_damaged_index_is_rebuilt_from_the_records(capsys):
    keep("20260101-000000-aaaaaa")
    index = data_dir() / "records" / "index.jsonl"
    index.write_text("{not json\n")
    assert main(["history", "--json"]) == 0
    assert [g["id"] for g in json.loads(capsys.readouterr().out)] == ["20260101-000000-aaaaaa"]
    assert json.loads(index.read_text().splitlines()[0])["id"] == "20260101-000000-aaaaaa"


def test_export_writes_the_record_and_replay_reads_it_back(tmp_path, capsys):
    record = keep("20260101-000000-aaaaaa")
    out = tmp_path / "game.json"
    assert main(["export", "20260101-000000-aaaaaa", "-o", str(out)]) == 0
    assert json.loads(out.read_text()) == record
    assert rec.load(out.read_bytes()).positions == len(record["actions"]) + 1
    assert main(["export", "20260101-000000-aaaaaa"]) == 0
    assert json.loads(capsys.readouterr().out) == record
    assert main(["export", "nope"]) == 2
    assert "no record nope" in capsys.readouterr().err


def test_a_kept_game_is_named_by_last_or_the_start_of_its_id(capsys):
    """No long ID to copy: ``last`` is the newest game, and the start of an ID names the
    one game it starts; a start several share is refused with the IDs, status 2."""
    assert main(["export", "last"]) == 2  # nothing kept yet
    assert "no record last" in capsys.readouterr().err
    older = keep("20260101-000000-aaaaaa", started="2026-01-01T00:00:00Z")
    newer = keep("20260102-000000-bbbbbb", started="2026-01-02T00:00:00Z")
    for name, record in (("last", newer), ("20260101", older), ("20260102-0", newer)):
        assert main(["export", name]) == 0
        assert json.loads(capsys.readouterr().out) == record, name
    assert main(["export", "2026010"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "kotatsu: several kept games start with 2026010: 20260102-000000-bbbbbb,"
        " 20260101-000000-aaaaaa\n"
    )
    assert main(["export", ""]) == 2 and "no record" in capsys.readouterr().err


def test_stats_rates_players_and_bots_by_level(capsys):
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {}
    for n, seed in enumerate((3, 4, 5, 6)):
        keep(f"2026010{n + 1}-000000-aaaaaa", seed=seed, ended=f"2026-01-0{n + 1}T00:00:00Z")
    keep("20260109-000000-aaaaaa", "mishi", seed=2)
    keep("20260110-000000-aaaaaa", stop_after=3)  # unfinished: not counted
    assert main(["stats", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert set(table) == {"Ann", "bot:normal"}
    assert table["Ann"]["games"] == 5 and table["bot:normal"]["games"] == 5
    assert 0 <= table["Ann"]["wins"] <= 5 and isinstance(table["Ann"]["rating"], float)
    assert table["Ann"]["rating"] != table["bot:normal"]["rating"]
    assert main(["stats", "--json", "--game", "mishi"]) == 0
    assert json.loads(capsys.readouterr().out)["Ann"]["games"] == 1
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "bot (normal)" in out and "openskill" in out


def test_stats_says_why_games_of_bots_alone_give_no_standings(capsys):
    """A table of bots of one level ends with nobody to rank them against: it is kept and
    listed, and ``stats`` says why it shows nothing, rather than that no game finished."""
    bots = [{"name": f"Bot {s + 1}", "kind": "bot", "level": "normal"} for s in range(4)]
    keep("20260101-000000-aaaaaa", players=bots)
    assert main(["history"]) == 0
    assert "Bot 1, Bot 2" in capsys.readouterr().out
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "No standings yet" in out and "No finished games" not in out
    assert main(["stats", "--game", "mishi"]) == 0  # none of that game finished
    assert "No finished games kept" in capsys.readouterr().out
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {}


BAD_KINDS = (
    "delta first",
    "delta misfit",
    "delta huge",
    "edited card",
    "illegal action",
    "result",
    "version",
    "truncated",
    "huge",
    "deep",
    "game list",
    "game map",
    "other game",
)


@functools.cache  # made once (three games played): each test reads the one it names
def bad_records() -> dict[str, bytes]:
    """Each kind of bad record, made when a test first asks (making them plays whole games,
    which every worker's collection paid for when the test names came from here)."""
    good = finished()
    edited = json.loads(json.dumps(good))
    step = next(
        i for i, e in enumerate(edited["actions"]) if isinstance(e["action"].get("cards"), list)
    )
    edited["actions"][step]["action"]["cards"][0] = "BJ"
    illegal = json.loads(json.dumps(good))
    illegal["actions"][1]["seat"] = (illegal["actions"][1]["seat"] + 2) % 4
    result = json.loads(json.dumps(good))
    result["result"]["scores"][0] += 5
    version = dict(good, version=7)
    other_game = dict(seat_record("swoop"), game="swapo")  # Swoop's views said to be SwaPo's
    data = json.dumps(good).encode()
    seat = seat_record("swapo")
    no_base = with_frame(seat, 0, seat["frames"][1])
    misfit = with_frame(seat, 2, {"delta": {"in": {"hand": {"set": {"99": "AS"}}}}, "events": []})
    huge = with_frame(seat, 1, {"delta": {"in": {"scores": {"add": [0] * 100_001}}}, "events": []})
    return {
        "delta first": json.dumps(no_base).encode(),
        "delta misfit": json.dumps(misfit).encode(),
        "delta huge": json.dumps(huge).encode(),
        "edited card": json.dumps(edited).encode(),
        "illegal action": json.dumps(illegal).encode(),
        "result": json.dumps(result).encode(),
        "version": json.dumps(version).encode(),
        "truncated": data[: len(data) - 40],
        "huge": b" " * (rec.MAX_BYTES + 10) + data,
        "deep": b'{"a":' * 5000 + b"1" + b"}" * 5000,
        "game list": json.dumps(dict(good, game=[])).encode(),
        "game map": json.dumps(dict(good, game={})).encode(),
        "other game": json.dumps(other_game).encode(),
    }


@pytest.mark.parametrize("kind", BAD_KINDS)
def test_a_bad_record_is_refused_in_one_line_with_status_2(kind, tmp_path, monkeypatch, capsys):
    """``kotatsu replay`` of each bad record: read in this process (``main``, what the
    command runs), and once by the command itself as a shell starts it (``python -m tui``: a
    process of its own, whose whole output is the one line)."""
    assert tuple(bad_records()) == BAD_KINDS, "every kind of bad record made is tried by name"
    path = tmp_path / "bad.json"
    path.write_bytes(bad_records()[kind])
    command = ["replay", str(path), "--seat", "2"]
    if kind == "truncated":
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data")}
        done = subprocess.run(
            [sys.executable, "-m", "tui", *command], capture_output=True, text=True, env=env,
            timeout=60, cwd=tmp_path,
        )  # fmt: skip
        status, out, err = done.returncode, done.stdout, done.stderr
    else:
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        monkeypatch.chdir(tmp_path)
        status = main(command)  # a traceback here is an exception: the test fails
        out, err = capsys.readouterr()
    assert status == 2, err
    assert out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kotatsu: the record cannot be replayed: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]  # nothing written
    expected = {
        "delta first": "frame 0: a change with no frame before",
        "delta misfit": "frame 2: the change does not fit the frame before (at hand.99)",
        "delta huge": "frame 1: a change of more than 100000 values",
        "edited card": "action ", "illegal action": "action 2: seat", "result": "result:",
        "version": "version 7", "truncated": "file:", "huge": "file:", "deep": "file:",
        "game list": "schema: game is not a game this kotatsu knows",
        "game map": "schema: game is not a game this kotatsu knows",
        "other game": "frame 0: the view's game is not what a view of this table holds",
    }  # fmt: skip
    assert expected[kind] in lines[0]


@pytest.mark.parametrize("kind", ["game list", "game map", "other game"])
def test_export_refuses_a_record_of_no_game_or_of_another_game(kind, tmp_path, capsys):
    """A record's ``game`` that is no name (a list, a map) or that its seat's views deny is
    one line and status 2, never a traceback, and never drawn on another game's screen."""
    path = tmp_path / "bad.json"
    path.write_bytes(bad_records()[kind])
    assert main(["export", str(path), "-o", "-"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("kotatsu: the record cannot be replayed: ")


DAMAGED_LINES = {
    "no fields": {"id": "zz"},
    "started a number": {"started": 5},
    "lists of unequal length": {"bots": [None], "places": [1, 2]},
    "nulls": {"players": None, "winners": None, "game": None, "started": None},
    "not a mapping": [1, 2],
    "kind unknown": {"kind": 3, "finished": "yes"},
}


@pytest.mark.parametrize("damage", list(DAMAGED_LINES))
def test_an_index_line_of_whole_json_but_wrong_fields_is_no_traceback(damage, capsys):
    """index.jsonl lines that parse but lack fields or mistype them: the index is rebuilt
    from the records, and every command that lists reads as if nothing had happened."""
    keep("20260101-000000-aaaaaa", started="2026-01-01T00:00:00Z")
    index = data_dir() / "records" / "index.jsonl"
    line = DAMAGED_LINES[damage]
    if isinstance(line, dict) and "id" not in line:
        line = {**json.loads(index.read_text().splitlines()[0]), **line}
    index.write_text(index.read_text() + json.dumps(line) + "\n")
    for command in (["history"], ["history", "--json"], ["stats"], ["stats", "--json"]):
        assert main(command) == 0, command
        assert capsys.readouterr().err == ""
    assert main(["history", "--json"]) == 0
    assert [g["id"] for g in json.loads(capsys.readouterr().out)] == ["20260101-000000-aaaaaa"]
    assert main(["export", "last"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "20260101-000000-aaaaaa"


def test_replay_refuses_a_seat_the_record_does_not_show(capsys, tmp_path):
    keep("20260101-000000-aaaaaa")
    assert main(["replay", "20260101-000000-aaaaaa", "--seat", "9"]) == 2
    assert "no seat 9" in capsys.readouterr().err


@pytest.mark.parametrize(
    "command",
    [["history"], ["history", "--json"], ["stats", "--json"], ["export", "last"], ["--help"]],
)
def test_a_reader_that_stops_reading_ends_the_command_quietly(command, tmp_path):
    """``kotatsu history | head -4``: a reader that closes the pipe ends the command as it
    ends usual tools (status 128 + SIGPIPE), with no BrokenPipeError traceback."""
    import signal

    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data")}
    RecordStore(tmp_path / "data" / "kotatsu" / "records", fsync=False).save(finished())
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before a word is written
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tui", *command], stdout=writer, stderr=subprocess.PIPE,
            text=True, env=env, timeout=60, cwd=tmp_path,
        )  # fmt: skip
    finally:
        os.close(writer)
    assert done.stderr == ""
    assert done.returncode == 128 + signal.SIGPIPE
