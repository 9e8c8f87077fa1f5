"""The turn clock (net/table/clock.py) on the sans-I/O table, its timers fired by a clock turned by
hand (tests/net/tabledriver.py): a person out of time gets the table's normal bot for that one
decision and the log says so; the bank is drawn down first; the clock stops under a results
panel and the host's menu; an away seat is the away bot's, not the clock's; a sealed question's
clock is its seat's alone. One end-to-end test on 127.0.0.1."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from tabledriver import Driver
from test_resultswait import RoundToy

import engine
from net.doors.host import Host
from net.kept.journal import JournalData, read_journal
from net.table.away import LEFT_GRACE
from net.table.clock import TurnClock, clock_error
from net.table.decisions import Cover, HoldClock
from net.table.settings import TableSettings
from net.table.table import CLOCK, RESULTS, Table
from net.wire.client import Client


def notices(driver: Driver, peer: str) -> list[dict]:
    """The "time ran out" notices ``peer`` got (its own seat's is worded for its player)."""
    return [m for m in driver.to(peer, "notice") if m["code"] in ("timed_out", "timed_out_you")]


def clocks(driver: Driver, peer: str) -> list[dict]:
    return driver.to(peer, "clock")


def banks(driver: Driver) -> list[dict]:
    return [r for r in driver.records if r["r"] == "bank"]


def toy_table(toy: str, *, seats: int = 2, bots: int = 1, **clock) -> Driver:
    """Ann at seat 0 of the toy game, bots in the last ``bots`` seats."""
    settings = TableSettings.new(toy, seats=seats, bots=bots, seed=3, **clock)
    return Driver(settings)


# -- a turn decision ---------------------------------------------------------------------------
def test_time_out_plays_the_normal_bot_for_the_seat_and_the_log_says_so(toy):
    driver = toy_table(toy, seats=3, bots=1, clock=10, bank=0)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    table = driver.table
    assert table.rules.game.pending() == [0] and driver.timers[CLOCK] == pytest.approx(10.0)
    shown = clocks(driver, "bob")[-1]  # Ann's turn is public: everyone sees her clock
    assert shown["seats"] == [{"seat": 0, "left": 10.0, "bank": 0.0}] and not shown["paused"]
    driver.advance(9.9)
    assert table.rules.game.pending() == [0] and not table.rules.actions
    driver.advance(0.2)  # out of time: the bot plays Ann's card, and only that one
    assert table.rules.actions and table.rules.actions[0][0] == 0
    expected = engine.make_bot(toy, 0, seed=0)  # the game's normal bot, as for an away seat
    assert driver.bots[0].__class__ is expected.__class__
    assert table.rules.game.pending() == [1]
    assert {
        "r": "act",
        "seat": 0,
        "action": table.rules.actions[0][1],
        "bot": True,
    } in driver.records
    # worded in each reader's language from the code; Ann is told it was her time
    (said,) = notices(driver, "bob")
    assert said["code"] == "timed_out" and said["params"] == {"seat": 0, "name": "ann"}
    (said,) = notices(driver, "ann")
    assert said["code"] == "timed_out_you" and said["params"] == {"seat": 0}
    # the notice comes before the state that shows the bot's move
    told = [m["t"] for m in driver.to("bob") if m["t"] in ("notice", "state")]
    assert told[told.index("notice") + 1] == "state"
    assert not table.bot_plays(0) and 0 not in table.clock.expired  # one decision only
    # Bob's turn now: his own clock runs; Ann hears of it (the turn is public)
    assert clocks(driver, "ann")[-1]["seats"][0]["seat"] == 1


def test_an_act_after_the_time_ran_out_is_refused(toy):
    driver = toy_table(toy, seats=3, bots=1, clock=10)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    driver.moving = False  # the bot has not moved yet
    version = driver.last("ann")["version"]
    driver.advance(10.5)
    assert driver.table.bot_plays(0)
    action = driver.last("ann")["legal"][0]
    out = driver.receive("ann", {"t": "act", "version": version, "action": action})
    assert out.refused and driver.last("ann", "rejected")["code"] == "clock_out"
    driver.bots_move()
    assert driver.table.rules.actions[0][0] == 0 and notices(driver, "ann")


def test_the_bank_is_drawn_down_before_the_bot_plays(toy):
    driver = toy_table(toy, seats=3, bots=1, clock=10, bank=5)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    table = driver.table
    driver.advance(12)  # two seconds of the bank
    assert table.rules.game.pending() == [0]
    driver.act("ann")
    assert banks(driver)[-1] == {"r": "bank", "seat": 0, "left": 3.0}
    assert table.clock.banks[0] == pytest.approx(3.0)
    driver.act("bob")  # Bob in time: his bank is whole, nothing journalled for him
    assert table.clock.banks[1] == pytest.approx(5.0) and len(banks(driver)) == 1
    driver.run_until(lambda: table.rules.game.pending() == [0])
    asked_at = driver.now
    driver.advance(12.9)  # 10 s of its own + 3 s of the bank left
    assert table.rules.game.pending() == [0] and not notices(driver, "ann")
    driver.advance(0.2)
    assert notices(driver, "ann") and table.clock.banks[0] == 0
    assert banks(driver)[-1] == {"r": "bank", "seat": 0, "left": 0.0}
    assert driver.now - asked_at == pytest.approx(13.1)


def test_bots_have_no_clock_and_a_table_without_one_sends_nothing(toy):
    driver = toy_table(toy, seats=2, bots=1)
    driver.seat("ann", 0)
    driver.advance(3600)
    assert CLOCK not in driver.timers and not clocks(driver, "ann")
    assert driver.table.rules.game.pending() == [0]  # no clock: the table waits for Ann
    timed = toy_table(toy, seats=3, bots=2, clock=5)
    timed.seat("ann", 0)
    timed.act("ann")  # the bots' turns (they move at once here): no clock of theirs is told
    assert timed.table.rules.version == 3 and timed.table.rules.game.pending() == [0]
    assert {s["seat"] for m in clocks(timed, "ann") for s in m["seats"]} == {0}


# -- a simultaneous, sealed decision (SwaPo Ace's joker declarations) --------------------------
def ace_table() -> Driver:
    settings = TableSettings.new(
        "swapo", seats=4, bots=2, seed=11, options={"variant": ["ace"]}, clock=10
    )
    return Driver(settings)


def to_declarations(driver: Driver) -> None:
    """Ann and Bob play their first legal action until the sealed declarations."""
    game = driver.table.rules.game
    for _ in range(200):
        if game.phase == "declare":
            return
        for peer, seat in (("ann", 0), ("bob", 1)):
            if seat in game.pending() and game.phase != "declare":
                driver.act(peer)
        driver.bots_move()
    raise AssertionError("no declarations")


def test_sealed_declarations_each_have_their_own_clock_and_tell_nobody_else():
    driver = ace_table()
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    driver.seat("eve", spectator=True)
    to_declarations(driver)
    table = driver.table
    assert {0, 1} <= set(table.rules.game.pending())
    assert table.rules.awaited_openly() == set()  # nobody sees who is still declaring
    bob_frames, eve_frames = len(clocks(driver, "bob")), len(clocks(driver, "eve"))
    assert clocks(driver, "ann")[-1]["seats"] == [{"seat": 0, "left": 10.0, "bank": 0.0}]
    assert clocks(driver, "bob")[-1]["seats"] == [{"seat": 1, "left": 10.0, "bank": 0.0}]
    driver.advance(3)
    steps = len(table.rules.actions)
    driver.act("ann")  # Ann's step; her next one (if any) has a fresh clock of its own
    assert len(table.rules.actions) == steps + 1
    driver.advance(6.9)  # Bob's clock has run 9.9 s: not yet
    assert 1 in table.rules.game.pending() and not notices(driver, "bob")
    # nothing of Ann's clock went to Bob or the spectator, and no frame came for it
    later = clocks(driver, "bob")[bob_frames - 1 :]
    assert all(s["seat"] != 0 for m in later for s in m["seats"])
    assert len(clocks(driver, "bob")) == bob_frames and len(clocks(driver, "eve")) == eve_frames
    assert all(m["seats"] == [] for m in clocks(driver, "eve")[eve_frames - 1 :])
    driver.advance(0.2)  # Bob out of time: his bot declares (or passes) for him
    assert table.rules.actions[steps + 1][0] == 1
    assert notices(driver, "bob")[0]["params"]["seat"] == 1
    assert not notices(driver, "ann") and not notices(driver, "eve")  # a secret question


# -- pauses ------------------------------------------------------------------------------------
@pytest.fixture
def rounds(monkeypatch, toy):
    monkeypatch.setitem(engine.GAMES, "roundtoy", RoundToy)
    monkeypatch.setitem(engine.BOTS, "roundtoy", engine.BOTS[toy])
    return "roundtoy"


def test_the_clock_stops_while_a_results_panel_holds_the_table(rounds):
    settings = TableSettings.new(rounds, seats=2, bots=0, seed=5, clock=10, results_wait=60)
    driver = Driver(settings)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    table = driver.table
    driver.act("ann")
    driver.act("bob")  # round 1 ends: both panels are up, Ann is asked next
    assert table.rules.results.holds and table.rules.game.pending() == [0]
    assert clocks(driver, "ann")[-1]["paused"] and CLOCK not in driver.timers
    driver.advance(50)  # reading the results costs no time
    assert table.rules.game.pending() == [0] and not notices(driver, "ann")
    ended = driver.last("ann")["version"]
    driver.receive("ann", {"t": "results_seen", "version": ended})
    driver.receive("bob", {"t": "results_seen", "version": ended})
    assert not table.rules.results.holds and not clocks(driver, "bob")[-1]["paused"]
    assert clocks(driver, "bob")[-1]["seats"] == [{"seat": 0, "left": 10.0, "bank": 0.0}]
    driver.advance(9.9)
    assert not notices(driver, "ann")
    driver.advance(0.2)
    assert notices(driver, "ann") and RESULTS not in driver.timers


def test_the_clock_stops_while_the_hosts_menu_is_open(toy):
    driver = toy_table(toy, seats=3, bots=1, clock=10)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    table = driver.table
    driver.advance(4)
    driver.deliver(table.decide(HoldClock(True)))
    assert clocks(driver, "bob")[-1] == {
        "t": "clock",
        "version": 0,
        "paused": True,
        "seats": [{"seat": 0, "left": 6.0, "bank": 0.0}],
    }
    assert CLOCK not in driver.timers
    driver.advance(600)
    assert table.rules.game.pending() == [0] and not notices(driver, "ann")
    driver.deliver(table.decide(HoldClock(False)))
    assert not clocks(driver, "ann")[-1]["paused"]
    driver.advance(5.9)
    assert not notices(driver, "ann")
    driver.advance(0.2)
    assert notices(driver, "ann")


# -- away seats --------------------------------------------------------------------------------
def test_an_away_seat_is_the_away_bots_not_the_clocks(toy):
    driver = toy_table(toy, seats=3, bots=1, clock=10)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    table = driver.table
    token = driver.to("ann", "welcome")[0]["token"]
    driver.advance(2)
    driver.leave("ann")  # her clock runs on while the table is not told (net/table/away.py)
    driver.advance(LEFT_GRACE + 0.1)  # told at 2 + LEFT_GRACE: her clock stands still
    assert clocks(driver, "bob")[-1]["seats"] == [] and CLOCK not in driver.timers
    driver.advance(600)  # the table waits for her as before: no clock runs out
    assert table.rules.game.pending() == [0] and not notices(driver, "bob")
    driver.seat("ann2", token=token)  # back: the same decision, no fresh time for leaving
    left = 10 - 2 - LEFT_GRACE
    assert clocks(driver, "bob")[-1]["seats"] == [{"seat": 0, "left": left, "bank": 0.0}]
    driver.leave("ann2")
    driver.deliver(table.decide(Cover(0)))  # the host lets the away bot play
    assert table.rules.actions[0][0] == 0
    assert not notices(driver, "bob") and table.clock.banks[0] == 0  # not a time out
    # (her second leaving is told by the cover itself, before its grace is over: net/table/away.py)
    assert [m["code"] for m in driver.to("bob", "notice")] == ["left", "back", "covered"]


# -- a table rebuilt from its journal gives no free bank ----------------------------------------
def test_a_resumed_table_keeps_the_bank_spent(toy):
    driver = toy_table(toy, seats=3, bots=1, clock=10, bank=30)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    driver.advance(25)
    driver.act("ann")
    assert banks(driver)[-1]["left"] == pytest.approx(15.0)
    table = driver.table
    data = JournalData(
        header=table.settings().header(),
        names={0: "ann", 1: "bob"},
        actions=list(table.rules.actions),
        by_bot={
            i for i, r in enumerate(r for r in driver.records if r["r"] == "act") if r.get("bot")
        },
        banks={r["seat"]: r["left"] for r in banks(driver)},
    )
    again: Table[str] = Table(TableSettings.from_header(data.header), clock=lambda: 0.0)
    again.replay(data)
    assert again.clock.banks == [15.0, 30.0, 30.0]


def test_headers_before_the_clock_have_none_and_bad_values_are_refused(toy):
    settings = TableSettings.new(toy, seats=2, clock=30, bank=60)
    head = settings.header()
    assert (
        TableSettings.from_header(head).clock == 30 and TableSettings.from_header(head).bank == 60
    )
    old = {k: v for k, v in head.items() if k not in ("clock", "bank")}
    assert TableSettings.from_header(old).clock is None
    assert TableSettings.from_header({**head, "clock": "soon"}).clock is None
    for clock, bank, code in (
        (4, 0, "setup.clock_range"),
        (3601, 0, "setup.clock_range"),
        (float("nan"), 0, "setup.clock_range"),
        (True, 0, "setup.clock_range"),
        (30, -1, "setup.bank_range"),
        (30, 99999, "setup.bank_range"),
    ):
        with pytest.raises(engine.BadSetup) as caught:
            TableSettings.new(toy, seats=2, clock=clock, bank=bank)
        assert caught.value.code == code
        assert str(caught.value).startswith(("clock:", "bank:"))
    assert clock_error(None, 0) is None and clock_error(5, 3600) is None


def test_the_clock_counts_used_time_across_pauses():
    clock = TurnClock(10, 5, 2)
    clock.update({0}, set(), False, 0.0)
    clock.update({0}, set(), True, 4.0)
    assert clock.left(0, 100.0) == (6.0, 5.0) and clock.due() is None
    clock.update({0}, set(), False, 100.0)
    assert clock.due() == pytest.approx(111.0)
    assert clock.expire(110.0, set()) == [] and clock.expire(111.0, {0}) == [0]
    assert clock.expired == {0: True} and clock.banks[0] == 0


# -- end to end, on 127.0.0.1 --------------------------------------------------------------------
async def test_end_to_end_a_person_out_of_time_gets_the_bot_and_is_told(toy, tmp_path):
    settings = TableSettings.new(toy, seats=2, bots=1, seed=3)
    # a short clock for a quick test (the command line takes 5 s at least)
    host = Host(dataclasses.replace(settings, clock=0.3, bank=0.2), journal=tmp_path / "t.journal")
    port = await host.start("127.0.0.1", 0)
    person = Client("127.0.0.1", port, name="Ann")
    try:
        await person.connect()
        assert person.table is not None and person.table["clock"] == 0.3
        seen: list[dict] = []
        async with asyncio.timeout(10):
            async for message in person.messages():
                seen.append(message)
                if message["t"] == "notice" and message["code"] == "timed_out_you":
                    break
        running = next(m for m in seen if m["t"] == "clock" and m["seats"])
        assert running["seats"][0]["seat"] == 0 and 0 < running["seats"][0]["left"] <= 0.3
        assert running["seats"][0]["bank"] == 0.2
        assert host.table.rules.actions[0][0] == 0  # the bot played Ann's card
        data = read_journal(tmp_path / "t.journal")
        assert 0 in data.by_bot and data.banks == {0: 0.0}  # no free bank after a crash
    finally:
        await person.close()
        await host.close()


def test_no_clock_runs_while_a_paced_deal_is_shown():
    """Mi Shi's declaring during the deal is a secret question with its own window
    (``declare_window``): the turn clock does not time it, and no frame tells of it."""
    settings = TableSettings.new("mishi", seats=4, bots=2, seed=4, clock=5, deal_tick=0.05)
    driver = Driver(settings)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    table = driver.table
    assert table.pacer.run is not None
    assert CLOCK not in driver.timers and not table.clock.runs
    driver.run_until(lambda: table.pacer.run is None)  # the whole deal, every window in it
    assert not notices(driver, "ann") and not notices(driver, "bob")
    for peer in ("ann", "bob"):  # nothing before the deal's end (shown with its release)
        assert all(m["seats"] == [] for m in clocks(driver, peer)[:-1])
    asked = set(table.rules.game.pending()) & {0, 1}  # after the deal: a person's clock runs
    assert set(table.clock.runs) == asked
    assert (CLOCK in driver.timers) == bool(asked)
