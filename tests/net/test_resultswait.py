"""After a round end the host's bots wait for the people's results panels (``results_seen``):
on the sans-I/O table with a clock turned by hand (tests/net/tabledriver.py), and end to end
over real sockets on 127.0.0.1 (the host's timer, the bot client, a malformed message)."""

from __future__ import annotations

import asyncio

import pytest
from awaiting import next_of
from rawpeer import RawPeer
from tabledriver import Driver
from toygame import ToyGame

import engine
from net.doors.botclient import run_bot_client
from net.table.decisions import Start
from net.table.resultswait import ROUND_END_EVENTS, ends_round
from net.table.rules import Rules
from net.table.settings import TableSettings
from net.table.table import RESULTS
from net.wire.client import Client
from net.wire.codec import encode
from net.wire.messages import CodecError, check_client, check_host


class RoundToy(ToyGame):
    """The toy game in rounds: a round is over when every seat has played a card."""

    NAME = "roundtoy"

    def apply(self, seat, action):
        events = super().apply(seat, action)
        played = sum(len(p) for p in self.played)
        if played % self.seats == 0:
            points = [len(p[-1]) for p in self.played]
            events.append({"type": "round_over", "round": played // self.seats, "points": points})
        if self.over:
            events.append({"type": "game_over", **self.result()})
        return events


@pytest.fixture
def rounds(monkeypatch, toy):
    monkeypatch.setitem(engine.GAMES, "roundtoy", RoundToy)
    monkeypatch.setitem(engine.BOTS, "roundtoy", engine.BOTS[toy])
    return "roundtoy"


async def state_where(client: Client, where, timeout: float = 5.0) -> dict:
    """The next ``state`` that satisfies ``where`` (others are skipped)."""
    return await next_of(client, "state", where, timeout)


async def until(predicate, timeout: float = 5.0) -> None:
    """Let the host run until ``predicate()`` holds."""
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


def round_end(message: dict) -> bool:
    return ends_round(message["events"])


async def person_ends_round_one(hosts, game: str, **settings) -> tuple:
    """Bots at seats 0 and 1, a person at seat 2, whose card ends round 1 (3 cards each): the
    host, the person's client and the version of the state that ended the round."""
    host = await hosts(game, seats=3, bot_seats=[0, 1], seed=5, **settings)
    person = Client("127.0.0.1", host.port, name="Ann")
    await person.connect()
    mine = await state_where(person, lambda m: bool(m["legal"]))
    await person.act(mine["legal"][0], mine["version"])
    ended = await state_where(person, round_end)
    assert host.table.rules.game.pending() == [0] and not host.table.rules.game.over
    return host, person, ended["version"]


async def no_bot_moves(host, version: int, settle: float = 0.3) -> None:
    """Give the bots time to move (they have no delay); none may."""
    await asyncio.sleep(settle)
    assert host.table.rules.version == version and host.table.rules.results.holds


async def test_the_bots_wait_for_the_persons_results_seen(rounds, hosts):
    host, person, version = await person_ends_round_one(hosts, rounds)
    assert host.table.rules.results.waiting == {2}
    await no_bot_moves(host, version)
    await person.results_seen(version)
    moved = await state_where(person, lambda m: m["version"] > version)
    assert moved["events"][0] == {"type": "played", "seat": 0, "card": moved["events"][0]["card"]}
    assert not host.table.rules.results.holds
    await person.close()


async def test_the_timeout_releases_the_bots(rounds, hosts):
    host, person, version = await person_ends_round_one(hosts, rounds, results_wait=0.3)
    moved = await state_where(person, lambda m: m["version"] > version, timeout=5)
    assert moved["events"][0]["seat"] == 0 and not host.table.rules.results.holds
    await person.results_seen(version)  # too late: not counted, nothing breaks
    await person.chat("still here")
    assert (await next_of(person, "chat"))["text"] == "still here"
    await person.close()


@pytest.mark.unit
@pytest.mark.parametrize("flag", [False, 1, "yes", None])
def test_reading_is_true_or_absent(flag):
    player = {"name": "Ann", "bot": False, "connected": True, "reading": flag}
    with pytest.raises(CodecError):
        check_host({"t": "lobby", "players": [player], "started": True})
    del player["reading"]
    assert check_host({"t": "lobby", "players": [player], "started": True})


async def test_a_bot_client_says_it_has_seen_the_results(rounds, hosts):
    host = await hosts(rounds, seats=3, bots=2, seed=2, results_wait=60)
    result = await asyncio.wait_for(run_bot_client("127.0.0.1", host.port, "robo"), 10)
    assert result == host.table.rules.game.result() and host.table.rules.version == 9


async def test_a_malformed_results_seen_drops_only_its_sender(rounds, hosts):
    host, person, version = await person_ends_round_one(hosts, rounds)
    for bad in (
        {"t": "results_seen"},
        {"t": "results_seen", "version": "7"},
        {"t": "results_seen", "version": True},
        {"t": "results_seen", "version": version, "seat": 2},
    ):
        with pytest.raises(CodecError):
            check_client(bad)
        raw = await RawPeer.open(host.port)
        await raw.next()  # hello
        raw.send(encode(join("raw", spectator=True)))  # every seat is taken
        assert (await raw.next())["t"] == "welcome"
        raw.send(encode(bad))
        got = await raw.until_closed()
        assert got[-1]["t"] == "error" and got[-1]["code"].startswith("protocol")
    assert host.table.rules.results.waiting == {2}
    await person.results_seen(version)
    await state_where(person, lambda m: m["version"] > version)
    await person.close()


# -- the table, without sockets --------------------------------------------------------------
def join(name, seat=None, spectator=False, token=None):
    return {
        "t": "join",
        "name": name,
        "seat": seat,
        "spectator": spectator,
        "auth": None,
        "token": token,
    }


@pytest.mark.unit
def test_the_table_waits_for_connected_people_only(rounds):
    table: Rules[str] = Rules(TableSettings.new(rounds, seats=3, seed=1, bot_seats=[2]))
    for peer, seat in (("ann", 0), ("bo", 1)):
        table.open(peer)
        table.receive(peer, join(peer, seat))
    table.open("eye")
    table.receive("eye", join("eye", spectator=True))
    table.take_effects()
    for seat in (0, 1):
        table.play(seat, table.game.legal_actions(seat)[0])
        assert not table.take_effects().round_ended
    table.play(2, table.game.legal_actions(2)[0], bot=True)
    assert table.take_effects().round_ended
    assert table.await_results(table.version) and table.results.waiting == {0, 1}
    assert table.receive("eye", {"t": "results_seen", "version": table.version}) == []
    assert table.receive("ann", {"t": "results_seen", "version": table.version - 1}) == []
    assert table.results.waiting == {0, 1}
    assert table.receive("ann", {"t": "results_seen", "version": table.version}) == []
    table.leave("bo")  # gone: counts as seen
    assert not table.results.holds
    token = table.seating[1].token
    table.results.begin(table.version, [0, 1])
    table.open("bo2")
    table.receive("bo2", join("bo", token=token))  # back on a new connection: no panel there
    assert table.results.waiting == {0}
    table.receive("ann", {"t": "results_seen", "version": table.version})
    assert not table.results.holds
    assert table.await_results(table.version) and table.results.waiting == {0, 1}
    table.controls.remove(0)  # the host sends Ann away: a bot has her seat now
    assert table.results.waiting == {1}


@pytest.mark.unit
def test_the_tui_and_the_host_agree_on_the_round_ends():
    from tui.table.results import END_EVENTS

    assert END_EVENTS == ROUND_END_EVENTS


async def test_at_a_paced_mishi_table_the_hand_end_is_seen_at_the_version_it_came_with(hosts):
    """The hand's end reaches the screens in the next deal's frames (net/table/pacing.py), whose
    version hides the deal's steps: a results_seen naming it is the one the host waits for."""
    host = await hosts(
        "mishi",
        seats=4,
        bots=3,
        seed=4,
        options={"hands": 2, "declare_window": 0},
        deal_tick=0.002,
        results_wait=60,
    )
    waited: list[int] = []
    original = host.table.rules.await_results

    def recording(version: int) -> bool:
        waited.append(version)
        return original(version)

    host.table.rules.await_results = recording  # type: ignore[method-assign]
    result = await asyncio.wait_for(run_bot_client("127.0.0.1", host.port, "p"), 30)
    rules = host.table.rules
    assert result == rules.game.result() and waited and not rules.results.holds
    pacer = host.table.pacer
    assert pacer.paced and pacer.hidden > 0  # the wire's versions are not the table's


# -- the table with a clock turned by hand ------------------------------------------------------
def person_at(game: str, **settings) -> tuple[Driver, int]:
    """Bots at seats 0 and 1, a person ("ann") at seat 2, whose card ends round 1 (3 seats):
    the driver and the version of the state that ended the round."""
    driver = Driver(TableSettings.new(game, seats=3, bot_seats=[0, 1], seed=5, **settings))
    driver.seat("ann", 2)
    driver.act("ann")
    ended = next(m for m in driver.to("ann", "state") if round_end(m))
    assert ended["events"][-1]["type"] == "round_over" and not ended["view"]["over"]
    return driver, ended["version"]


def reading(message: dict) -> list[int]:
    """The seats a ``lobby`` says the table waits for."""
    return [i for i, p in enumerate(message["players"]) if p.get("reading")]


def seen(driver: Driver, peer: str, version: int) -> None:
    driver.receive(peer, {"t": "results_seen", "version": version})


@pytest.mark.unit
def test_the_table_holds_the_bots_until_the_person_has_seen_the_results(rounds):
    driver, version = person_at(rounds)
    table, rules = driver.table, driver.table.rules
    assert rules.game.pending() == [0] and rules.version == version
    assert rules.results.waiting == {2} and table.bots_hold()
    assert RESULTS in driver.timers  # the wait is bounded
    driver.advance(29)
    assert rules.version == version and rules.results.holds
    seen(driver, "ann", version)
    assert RESULTS not in driver.timers and not rules.results.holds
    moved = next(m for m in driver.to("ann", "state") if m["version"] > version)
    assert moved["events"][0] == {"type": "played", "seat": 0, "card": moved["events"][0]["card"]}


@pytest.mark.unit
def test_the_timeout_releases_the_bots_and_tells_that_nobody_is_waited_for(rounds):
    driver, version = person_at(rounds, results_wait=0.3)
    rules = driver.table.rules
    assert reading(driver.last("ann", "lobby")) == [2]
    assert driver.timers[RESULTS] == 0.3
    driver.advance(0.29)
    assert rules.version == version
    driver.advance(0.01)
    assert not rules.results.holds and rules.version > version
    assert reading(driver.last("ann", "lobby")) == []
    moved = next(m for m in driver.to("ann", "state") if m["version"] > version)
    assert moved["events"][0]["seat"] == 0
    seen(driver, "ann", version)  # too late: not counted, nothing breaks
    out = driver.receive("ann", {"t": "chat", "text": "still here", "to": None})
    assert [m["text"] for p, m in out.messages if p == "ann"] == ["still here"]


@pytest.mark.unit
def test_a_person_who_leaves_releases_the_bots(rounds):
    driver, version = person_at(rounds)
    out = driver.leave("ann")
    assert not driver.table.rules.results.holds and driver.table.rules.version > version
    assert [t.at for t in out.timers if t.key == RESULTS] == [None]  # the timer is not wanted
    assert RESULTS not in driver.timers


@pytest.mark.unit
def test_the_lobby_says_whose_panel_the_table_waits_for(rounds):
    driver, version = person_at(rounds)
    told = driver.last("ann", "lobby")
    assert reading(told) == [2] and told["players"][2]["reading"] is True
    seen(driver, "ann", version)
    assert reading(driver.to("ann", "lobby")[-1]) == []


@pytest.mark.unit
def test_a_wait_of_zero_never_holds_the_bots(rounds):
    """``kotatsu host --results-wait 0``: the bots play on at once after a round end."""
    driver, version = person_at(rounds, results_wait=0)
    moved = next(m for m in driver.to("ann", "state") if m["version"] > version)
    assert moved["events"][0]["seat"] == 0  # a bot, without any results_seen
    assert not driver.table.rules.results.holds and not driver.table.rules.results.waiting
    assert not driver.timers


@pytest.mark.unit
def test_a_table_of_bots_never_waits(rounds):
    driver = Driver(TableSettings.new(rounds, seats=3, bots=3, seed=2, results_wait=60))
    driver.deliver(driver.table.decide(Start()))
    assert driver.table.rules.over and driver.table.rules.version == 9 and not driver.timers


@pytest.mark.unit
def test_the_game_over_waits_for_nobody(rounds):
    driver, version = person_at(rounds)
    seen(driver, "ann", version)
    for _ in range(2):  # rounds 2 and 3: the person ends each, and the last is the game's end
        driver.act("ann")
        ended = driver.last("ann")
        assert round_end(ended)
        if not ended["view"]["over"]:
            seen(driver, "ann", ended["version"])
    assert ended["view"]["over"] and not driver.table.rules.results.holds and not driver.timers


@pytest.mark.unit
def test_unexpected_results_seen_are_not_counted(rounds):
    driver, version = person_at(rounds)
    driver.seat("eye", spectator=True)
    seen(driver, "eye", version)  # a spectator's
    seen(driver, "ann", version - 1)  # another state's
    seen(driver, "ann", version + 1)
    assert driver.table.rules.results.waiting == {2} and driver.table.rules.version == version
    seen(driver, "ann", version)
    assert driver.table.rules.version > version


@pytest.mark.unit
def test_a_results_seen_before_any_round_end_is_ignored(rounds):
    driver = Driver(TableSettings.new(rounds, seats=2, bots=1, seed=3))
    driver.seat("ann")
    mine = driver.last("ann")
    assert mine["legal"]
    seen(driver, "ann", mine["version"])
    assert not driver.table.rules.results.holds
    out = driver.act("ann")
    assert not out.refused and driver.last("ann")["version"] > mine["version"]
