"""Game records at a real table (sockets on 127.0.0.1): the host keeps the full record when the
game ends or stops, a joined player keeps only what its seat was sent, and the host serves the
record for review together only once the game is over."""

from __future__ import annotations

import asyncio
import json

from awaiting import next_of

from engine import record as rec
from net.doors.host import Host
from net.kept.recording import HostRecorder, SeatRecorder
from net.kept.records import RecordStore, utc
from net.table.settings import TableSettings
from net.wire.client import Client, Staying


async def _table(tmp_path) -> tuple[Host, RecordStore]:
    settings = TableSettings.new("swapo", seats=4, bots=3, seed=5, results_wait=0, deal_tick=0)
    host = Host(settings)
    store = RecordStore(tmp_path / "host", fsync=False)
    HostRecorder(store).attach(host)
    await host.start("127.0.0.1", 0)
    return host, store


async def _play_asking_review(client: Client) -> list[str]:
    """Play the seat with the normal bot, asking for the review at the first state; the codes
    of the refusals heard until the game is over."""
    import engine

    bot = engine.make_bot("swapo", client.seat, 1)
    answers: list[str] = []
    asked = False
    async for message in client.messages():
        if message["t"] == "rejected":
            answers.append(message["code"])
        if message["t"] != "state":
            continue
        if not asked:
            asked = True
            await client.review()
        view = message["view"]
        if view["over"]:
            return answers
        if message["legal"] and message["version"] == client.version:
            await client.act(bot.act(view, message["legal"]), message["version"])
    return answers


async def test_review_is_refused_before_the_end_and_served_after(tmp_path):
    host, store = await _table(tmp_path)
    try:
        watcher = Client("127.0.0.1", host.port, name="Wat", spectator=True)
        await watcher.connect()
        await watcher.review()
        assert (await next_of(watcher, "rejected"))["code"] == "review_not_over"
        ann = Client("127.0.0.1", host.port, name="Ann")
        ann.recorder = SeatRecorder(RecordStore(tmp_path / "ann", fsync=False))
        await ann.connect()
        answers = await asyncio.wait_for(_play_asking_review(ann), 20)
        assert answers == ["review_not_over"]
        await host.wait_over()
        for client in (ann, watcher):
            await client.review()
            served = (await next_of(client, "record"))["record"]
            replay = rec.replay(rec.check(served))
            assert served["kind"] == "full" and served["finished"] and replay.can_open
            assert served["players"][0] == {"name": "Ann", "kind": "person"}
            assert served["players"][1] == {
                "name": served["players"][1]["name"],
                "kind": "bot",
                "level": "normal",
            }
            assert "verifier" not in json.dumps(served) and "token" not in served
        [kept] = store.listing()
        assert kept["finished"] and kept["players"][0] == "Ann" and kept["id"] == served["id"]
        await watcher.close()
        await ann.close()
    finally:
        await host.close()
    # the joined player's own record: only what seat 0 was sent
    [mine] = RecordStore(tmp_path / "ann").listing()
    seat_record = rec.parse(RecordStore(tmp_path / "ann").read(mine["id"]))
    assert seat_record["kind"] == "seat" and seat_record["seat"] == 0 and seat_record["finished"]
    assert not {"seed", "deck", "actions"} & set(seat_record)
    full = rec.replay(rec.parse(store.read(kept["id"])))
    seen_by_seat = {json.dumps(view, sort_keys=True) for view, _events in full.walk(0)}
    others = [
        {json.dumps(view, sort_keys=True) for view, _events in full.walk(seat)}
        for seat in (1, 2, 3, None)
    ]
    # version 2: the first view whole, then each frame's change from the one before
    assert seat_record["version"] == 2 and "view" in seat_record["frames"][0]
    assert all("delta" in frame for frame in seat_record["frames"][1:])
    replayed = rec.replay(seat_record)
    assert len(replayed.views) == len(seat_record["frames"]) > 1
    for view in replayed.views:
        shown = json.dumps(view, sort_keys=True)
        assert shown in seen_by_seat  # exactly a view seat 0 was entitled to
        assert all(shown not in views for views in others)
    assert replayed.seats == [0]


async def test_a_table_stopped_before_the_end_keeps_an_unfinished_record(tmp_path):
    host, store = await _table(tmp_path)
    ann = Client("127.0.0.1", host.port, name="Ann")
    await ann.connect()
    state = await next_of(ann, "state", lambda m: 0 in m["view"]["pending"])
    await ann.act(state["legal"][0])
    await next_of(ann, "state")
    await ann.close()
    await host.close()
    [kept] = store.listing()
    assert not kept["finished"] and kept["winners"] == []
    replay = rec.load(store.read(kept["id"]))
    assert replay.stopped and not replay.can_open and replay.positions >= 2


async def test_nothing_is_kept_for_a_table_that_never_started(tmp_path):
    host = Host(TableSettings.new("swapo", seats=4, bots=2, seed=5))
    store = RecordStore(tmp_path, fsync=False)
    HostRecorder(store).attach(host)
    await host.start("127.0.0.1", 0)
    await host.close()
    assert store.listing() == []


def test_a_headless_host_keeps_its_game_as_the_journal_names_it(tmp_path):
    import subprocess
    import sys

    from processes import ROOT, cli_env

    env = {**cli_env(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data")}
    journal = tmp_path / "friday.journal"
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "host", "swapo", "--headless", "--json",
         "--bind", "127.0.0.1", "--seats", "4", "--bots", "4", "--seed", "3",
         "--journal", str(journal)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    store = RecordStore(tmp_path / "data" / "kotatsu" / "records")
    [kept] = store.listing()
    assert kept["id"] == "friday" and kept["finished"] and kept["bots"] == ["normal"] * 4
    out = json.loads(done.stdout)
    assert out["winners"] == rec.parse(store.read("friday"))["result"]["winners"]  # as before
    # what a script needs without the record: the game, its record's id, the players by the
    # seat numbers people see (from 1, as kotatsu replay --seat N counts)
    assert out["game"] == "swapo" and out["record"] == "friday"
    assert [p["seat"] for p in out["players"]] == [1, 2, 3, 4]
    assert [p["name"] for p in out["players"]] == kept["players"]
    assert all(p["kind"] == "bot" for p in out["players"])
    assert [p["score"] for p in out["players"]] == out["scores"]
    assert {p["seat"] for p in out["players"] if p["winner"]} == {w + 1 for w in out["winners"]}


async def test_a_table_resumed_after_a_kill_keeps_the_time_its_game_first_started(tmp_path):
    """Killed, a host writes no record; resumed from its journal, its record still says when
    the game began (kept in the journal), not when it was last resumed."""
    journal = tmp_path / "friday.journal"
    settings = TableSettings.new("swapo", seats=4, bots=3, seed=5, results_wait=0, deal_tick=0)
    host = Host(settings, journal=journal)
    store = RecordStore(tmp_path / "host", fsync=False)
    first = 1_800_000_000.0
    HostRecorder(store, "friday", clock=lambda: first).attach(host)
    await host.start("127.0.0.1", 0)
    ann = Client("127.0.0.1", host.port, name="Ann")
    await ann.connect()
    state = await next_of(ann, "state", lambda m: 0 in m["view"]["pending"])
    await ann.act(state["legal"][0])
    await next_of(ann, "state")
    await ann.close()
    host.recorder = None  # killed: no record written (nowhere to write it)
    await host.close()
    assert store.listing() == []
    resumed = Host.resume(journal)
    HostRecorder(store, "friday", clock=lambda: first + 600).attach(resumed)
    await resumed.close()
    [kept] = store.listing()
    assert kept["id"] == "friday" and not kept["finished"]
    assert kept["started"] == utc(first)


async def test_a_table_left_before_any_person_acted_is_not_kept(tmp_path):
    """``kotatsu play`` left at once (only the bots moved): no ``no (stopped)`` line."""
    host, store = await _table(tmp_path)
    ann = Client("127.0.0.1", host.port, name="Ann")
    await ann.connect()
    await next_of(ann, "state", lambda m: 0 in m["view"]["pending"])
    assert host.table.rules.actions  # the bots before Ann moved
    await ann.close()
    await host.close()
    assert store.listing() == []


def _sent(seat: int = 1) -> tuple[list[dict], dict]:
    from tests.engine.test_record_delta import seat_frames

    whole, table = seat_frames("swoop", seat)
    return whole, {**table, "game": "swoop", "name": "den"}


def _seat_recorder(tmp_path, frames: list[dict], clock: float, acted: bool) -> SeatRecorder:
    recorder = SeatRecorder(RecordStore(tmp_path, fsync=False), clock=lambda: clock)
    recorder.lobby({"players": [{"name": n, "bot": False} for n in ("A", "Bo", "Cy", "Di")]})
    for frame in frames:
        recorder.state(frame)
    recorder.acted = acted
    return recorder


def test_a_seat_left_before_it_acted_keeps_no_record(tmp_path):
    whole, table = _sent()
    _seat_recorder(tmp_path, whole[:5], 1_800_000_000, acted=False).write(table, 1)
    assert RecordStore(tmp_path).listing() == []
    _seat_recorder(tmp_path, whole, 1_800_000_000, acted=False).write(table, 1)  # to the end
    [kept] = RecordStore(tmp_path).listing()
    assert kept["finished"]


def test_a_seat_that_left_and_came_back_keeps_one_record_of_the_game(tmp_path):
    """Bo leaves mid-game and joins again with the seat's token: one record, the first part's
    id and start, every frame of both parts, finished."""
    whole, table = _sent()
    first = _seat_recorder(tmp_path, whole[:9], 1_800_000_000, acted=True)
    first.write(table, 1)
    [stopped] = RecordStore(tmp_path).listing()
    assert not stopped["finished"]
    again = _seat_recorder(tmp_path, whole[9:], 1_800_000_900, acted=True)
    again.resumed = True
    again.write(table, 1)
    [kept] = RecordStore(tmp_path).listing()
    assert kept["id"] == stopped["id"] and kept["started"] == utc(1_800_000_000)
    assert kept["finished"]
    replay = rec.load(RecordStore(tmp_path).read(kept["id"]))
    assert replay.views == [frame["view"] for frame in whole]
    assert {p.name for p in tmp_path.iterdir()} == {"index.jsonl", f"{kept['id']}.json"}


async def test_a_player_who_leaves_and_rejoins_keeps_one_record_of_the_game(tmp_path):
    """At a real table: Ann acts, leaves, comes back with her seat's token and plays on to the
    end: her records folder holds that game once, finished."""
    import engine

    host, _store = await _table(tmp_path)
    mine = RecordStore(tmp_path / "ann", fsync=False)
    try:
        ann = Client("127.0.0.1", host.port, name="Ann", staying=Staying(reconnect=False))
        ann.recorder = SeatRecorder(mine)
        await ann.connect()
        state = await next_of(ann, "state", lambda m: 0 in m["view"]["pending"])
        await ann.act(state["legal"][0])
        await next_of(ann, "state")
        await ann.close()
        [stopped] = mine.listing()
        back = Client("127.0.0.1", host.port, name="Ann", token=ann.token)
        back.recorder = SeatRecorder(mine)
        await back.connect()
        bot = engine.make_bot("swapo", 0, 1)
        async for message in back.messages():
            if message["t"] != "state":
                continue
            if message["view"]["over"]:
                break
            if message["legal"] and message["version"] == back.version:
                await back.act(bot.act(message["view"], message["legal"]), message["version"])
        await back.close()
    finally:
        await host.close()
    [kept] = mine.listing()
    assert kept["id"] == stopped["id"] and kept["finished"]
