"""The sans-I/O table's one output (net/table/table.py), driven by hand: the timers it asks
for, what it says of each message (asked for, refused), and a paced table rebuilt from its
journal going on at the version its seats saw (issue 24, defect 3). No socket, task or real
clock."""

from __future__ import annotations

import pytest
from tabledriver import Driver

from net.kept.journal import Journal, read_journal
from net.table.settings import TableSettings
from net.table.table import PACE, RESULTS, Table
from net.wire.codec import encode

pytestmark = pytest.mark.unit

PASS = {"type": "pass"}


def paced_mishi(seed: int, **options) -> TableSettings:
    """A Mi Shi table of a person (seat 0) and three bots, paced fast, windows of 0 s."""
    opts = {"hands": 1, "declare_window": 0, **options}
    return TableSettings.new("mishi", bots=3, seed=seed, options=opts, deal_tick=0.002)


def my_turn_after_the_deal(driver: Driver) -> dict:
    """Turn the clock until the person is asked something the table does not answer for it."""

    def asked() -> bool:
        last = driver.to("ann", "state")
        if not last or last[-1]["view"]["phase"] == "deal":
            return False
        return bool(last[-1]["legal"]) and last[-1]["legal"] != [PASS]

    driver.run_until(asked, step=0.002)
    return driver.last("ann")


@pytest.mark.parametrize("seed", [3, 4])
def test_a_resumed_paced_table_goes_on_at_the_version_its_seats_saw(seed, tmp_path):
    driver = Driver(paced_mishi(seed))
    driver.seat("ann", 0)
    token = driver.last("ann", "welcome")["token"]
    seen = my_turn_after_the_deal(driver)
    hidden = driver.table.rules.version - seen["version"]
    assert hidden > 0 and driver.table.pacer.wire_version == seen["version"]

    path = tmp_path / "mishi.journal"  # what the host wrote: the header, then the records
    journal = Journal.create(path, driver.table.settings().header(), fsync=False)
    for record in driver.records:
        journal.write_frame(encode(record))
    journal.close()
    data = read_journal(path)
    rebuilt = Driver(TableSettings.from_header(data.header))
    rebuilt.table.replay(data)
    assert rebuilt.table.rules.version == driver.table.rules.version
    assert rebuilt.table.pacer.hidden == hidden  # counted again from the journal
    rebuilt.seat("ann", token=token)
    again = rebuilt.last("ann")
    assert (again["version"], again["view"], again["legal"]) == (
        seen["version"],
        seen["view"],
        seen["legal"],
    )
    out = rebuilt.act("ann")
    assert out.asked and not out.refused and rebuilt.last("ann")["version"] > seen["version"]


def test_after_a_paced_deal_the_moves_asked_for_are_not_charged():
    """Issue 24: the check that an act was asked for ran before the wire version became the
    table's again, so after a paced deal every move counted against the sender's rate."""
    driver = Driver(paced_mishi(4))
    driver.seat("ann", 0)
    driver.seat("eye", spectator=True)
    seen = my_turn_after_the_deal(driver)
    assert driver.table.rules.version != seen["version"]  # the wire's is not the table's
    stale = driver.act("ann", version=seen["version"] - 1)
    assert stale.refused and not stale.asked
    chat = driver.receive("ann", {"t": "chat", "text": "hi", "to": None})
    assert not chat.asked and not chat.refused
    spectator = driver.act("eye", seen["legal"][0], version=seen["version"])
    assert spectator.refused and not spectator.asked
    moves = 0
    while not driver.table.rules.over and moves < 200:
        last = driver.last("ann")
        if last["legal"] and last["legal"] != [PASS] and last["view"]["phase"] != "deal":
            out = driver.act("ann")
            assert out.asked and not out.refused, last["view"]["phase"]
            moves += 1
        else:
            driver.advance(0.002)
    assert driver.table.rules.over and moves > 10


def test_the_pace_timer_is_asked_for_only_while_a_deal_is_shown_or_a_window_runs():
    driver = Driver(paced_mishi(4, declare_window=1))
    assert not driver.timers  # nobody sits yet
    driver.seat("ann", 0)
    assert driver.timers[PACE] == pytest.approx(0.002)  # the deal is shown card by card
    fired = []
    while not driver.table.rules.over:
        last = driver.last("ann")
        if PACE in driver.timers:
            fired.append(last["view"]["phase"])  # as shown: the engine may be further on
        if last["legal"] and last["legal"] != [PASS] and last["view"]["phase"] != "deal":
            driver.act("ann")
        else:  # the deal is shown, or the table passes for the person after the window
            driver.advance(0.002)
    assert "deal" in fired and "play" not in fired and "bury" not in fired
    assert PACE not in driver.timers


def test_a_table_that_does_not_pace_never_asks_for_the_pace_timer():
    for settings in (
        TableSettings.new("swapo", seats=3, bots=2, seed=1, options={"rounds": 1}),
        TableSettings.new("mishi", bots=3, seed=1, options={"hands": 1}, deal_tick=0),
    ):
        driver = Driver(settings)
        driver.seat("ann", 0)
        assert driver.table.rules.started and PACE not in driver.timers
        assert not driver.table.pacer.paced


def test_a_timer_fired_late_catches_up():
    """A loaded host fires a timer late: the deal is shown as far as the clock says."""
    driver = Driver(paced_mishi(4, declare_window=1))
    driver.seat("ann", 0)
    driver.now = 0.1  # 50 cards are due; the host fires once
    del driver.timers[PACE]
    driver.deliver(driver.table.fire(PACE))
    counts = sum(driver.last("ann")["view"]["counts"])
    assert counts == 50 and driver.timers[PACE] == pytest.approx(0.102)


def test_an_unknown_timer_is_a_bug_not_a_message():
    table = Table(TableSettings.new("swapo", seats=3, seed=1))
    with pytest.raises(ValueError):
        table.fire("nonsense")
    assert table.fire(PACE).messages == [] and table.fire(RESULTS).messages == []
