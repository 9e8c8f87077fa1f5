"""The table's policies, proven on the sans-I/O table with no socket (net/table/table.py): a host
bot's turn is a ``BOT`` timer with its seat, its question comes out of the table and its
answer goes back in (net/table/botturns.py); an away player's seat is covered after the host's
grace (``COVER``); spectators are capped; a message's cost against the peer's rate is the
table's word; the game's record comes out of the table (net/kept/recording.py)."""

from __future__ import annotations

import pytest
from tabledriver import NONCE, Driver, join

from net.kept.recording import GameRecord
from net.table.decisions import Start
from net.table.settings import HostLimits, TableSettings
from net.table.table import BOT, COVER, Table
from net.wire.messages import Refused, check_client

pytestmark = pytest.mark.unit


def two(toy: str, **limits) -> Driver:
    """A toy table of two people, ann and bo, under ``limits``; started."""
    driver = Driver(TableSettings.new(toy, seats=2, seed=4), HostLimits(**limits))
    driver.seat("ann", 0)
    driver.seat("bo", 1)
    return driver


def test_a_bots_turn_is_a_timer_with_its_seat_and_its_answer_comes_back_in(toy):
    table: Table[str] = Table(
        TableSettings.new(toy, seats=2, bots=1, seed=1), HostLimits(bot_delay=0.4)
    )
    table.open("ann", NONCE)
    out = table.receive("ann", check_client(join("ann")))  # the bot's seat 1; ann is 0
    assert not [t for t in out.timers if t.key == BOT]  # ann's turn first
    state = next(m for p, m in out.messages if m["t"] == "state")
    out = table.receive(
        "ann", {"t": "act", "version": state["version"], "action": state["legal"][0]}
    )
    [turn] = [t for t in out.timers if t.key == BOT]
    assert (turn.seat, turn.at) == (1, 0.4)  # the host's bot_delay on (the clock reads 0)
    assert out.ask is None
    asked = table.fire(BOT)  # what the host does once its clock reads 0.4
    ask = asked.ask
    assert ask is not None and ask.seat == 1 and ask.legal == table.rules.game.legal_actions(1)
    assert not [t for t in asked.timers if t.key == BOT and t.at is not None]  # one at a time
    moved = table.bot_answer(ask, ask.legal[-1])
    assert table.rules.actions[-1] == (1, ask.legal[-1]) and moved.records[-1]["bot"] is True
    assert table.bot_answer(ask, ask.legal[0]).messages == []  # answered once only


def test_an_answer_the_table_moved_past_is_dropped_and_the_seat_asked_again(toy):
    driver = two(toy, absent_bot_after=5.0)
    driver.moving = False
    driver.act("ann")  # bo's turn
    driver.leave("bo")
    driver.advance(5.01)  # the grace: a bot covers bo
    assert driver.table.bot_plays(1) and "covered" in [
        m["code"] for m in driver.to("ann", "notice")
    ]
    [ask] = driver.asks
    token = driver.table.rules.seating[1].token
    driver.seat("bo2", token=token)  # bo is back before the bot answers
    assert not driver.table.rules.seating[1].covered and not driver.table.bot_plays(1)
    driver.bots_move()
    assert driver.table.rules.actions == [(0, driver.table.rules.actions[0][1])]  # dropped
    assert BOT not in driver.timers and ask.seat == 1


def test_an_away_players_seat_is_covered_after_the_grace_and_freed_on_return(toy):
    driver = two(toy, absent_bot_after=30.0)
    driver.leave("ann")  # ann's turn, ann gone
    assert driver.timers[COVER] == 30.0
    driver.advance(29.9)
    assert not driver.table.bot_plays(0) and not driver.table.rules.actions
    driver.advance(0.2)
    rules = driver.table.rules
    assert rules.seating[0].covered and rules.actions[0][0] == 0  # the bot moved
    assert driver.last("bo", "lobby")["players"][0]["away"]["bot"] is True
    driver.seat("ann", token=driver.table.rules.seating[0].token)
    assert not driver.table.rules.seating[0].covered and COVER not in driver.timers


def test_a_resumed_table_covers_the_seats_nobody_took_back(toy):
    settings = TableSettings.new(toy, seats=2, seed=4)
    journal = Driver(settings, HostLimits(absent_bot_after=10.0))
    journal.table.rules.seating.seats[0].name = "ann"  # as a journal's sit records say
    journal.table.rules.seating.seats[1].name = "bo"
    journal.deliver(journal.table.decide(Start()))
    assert journal.timers[COVER] == 10.0  # from the start (or resume) on
    journal.advance(10.0)
    assert journal.table.rules.over  # both seats covered: the bots played it out


def test_no_cover_without_the_hosts_absent_bot(toy):
    driver = two(toy)
    driver.leave("ann")
    driver.advance(3600.0)
    assert COVER not in driver.timers and not driver.table.rules.actions


def test_a_bots_illegal_answer_is_overruled_by_its_first_legal_action(toy):
    driver = Driver(TableSettings.new(toy, seats=2, bots=2, seed=1))
    cheat = type("Cheat", (), {"act": lambda self, view, legal: {"type": "cheat"}})()
    driver.bots = {0: cheat, 1: cheat}
    driver.deliver(driver.table.decide(Start()))
    assert driver.table.rules.over and len(driver.table.rules.actions) == 6


def test_spectators_past_the_hosts_cap_are_refused_before_they_are_welcome(toy):
    driver = two(toy, max_spectators=1)
    driver.seat("cy", spectator=True)
    driver.table.open("di", NONCE)
    with pytest.raises(Refused) as refused:
        driver.table.receive("di", check_client(join("di", spectator=True)))
    assert refused.value.code == "full.spectators" and refused.value.params == {"n": 1}
    watching = driver.table.rules.watchers.listing()
    assert [w["name"] for w in watching] == ["cy"]  # nobody saw di come
    driver.leave("cy")
    driver.seat("di", spectator=True)  # room again
    assert driver.last("di", "welcome")["watcher"] is not None


def test_what_a_message_costs_against_the_peers_rate(toy):
    driver = two(toy, chat_cost=5.0)
    chat = driver.receive("bo", {"t": "chat", "text": "hi", "to": None})
    review = driver.receive("bo", {"t": "review"})
    ping = driver.receive("bo", {"t": "ping", "n": 1})
    asked = driver.act("ann")  # an act the table asked for, at the version ann saw
    stale = driver.act("ann", {"type": "play", "card": "AS"}, version=0)
    assert (chat.cost, review.cost, ping.cost) == (5.0, 5.0, 1.0)
    assert (asked.cost, stale.cost) == (0.0, 1.0)


def test_the_games_record_comes_out_of_the_table(toy):
    driver = two(toy)
    clock = iter(range(1_800_000_000, 1_800_001_000, 100))
    record = GameRecord("friday", clock=lambda: next(clock))
    driver.table.keep(record)
    assert driver.table.unfinished() is None  # nobody acted yet: nothing to keep
    driver.act("ann")
    [began] = [r for r in driver.records if r["r"] == "began"]
    assert began["at"] == record.began  # once, in the journal, when the game went on
    driver.receive("bo", {"t": "review"})
    assert driver.last("bo", "rejected")["code"] == "review_not_over"
    while not driver.table.rules.over:
        driver.act("bo" if driver.table.rules.game.pending() == [1] else "ann")
    [kept] = driver.kept
    assert kept["id"] == "friday" and kept["finished"] and kept["started"] == began["at"]
    assert driver.table.unfinished() is None  # kept once
    driver.receive("bo", {"t": "review"})
    assert driver.last("bo", "record")["record"]["id"] == "friday"


def test_a_table_stopped_after_a_person_acted_keeps_its_record_unfinished(toy):
    driver = two(toy)
    driver.table.keep(GameRecord("friday", clock=lambda: 1_800_000_000.0))
    driver.act("ann")
    kept = driver.table.unfinished()
    assert kept is not None and not kept["finished"] and driver.kept == []
