"""A seat's comings and goings flood nobody (attack 3, defect 5): a player who leaves is told
to the table only once the seat has stayed empty for ``LEFT_GRACE`` seconds, and their return
only if their leaving was told; the returning player is let in at once. Sans-I/O, a clock
turned by hand."""

from __future__ import annotations

import pytest
from tabledriver import Driver

from net.table.away import LEFT_GRACE
from net.table.settings import TableSettings

pytestmark = pytest.mark.unit


def started() -> tuple[Driver, str]:
    settings = TableSettings.new(
        "swoop", seats=3, seed=3, bot_seats=[2], deal_tick=0, results_wait=0
    )
    driver = Driver(settings)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    assert driver.table.rules.started
    return driver, driver.last("bob", "welcome")["token"]


def news(driver: Driver, peer: str, start: int) -> list[str]:
    """What ``peer`` was sent from ``start`` on about who is at the table."""
    return [
        m["t"] if m["t"] == "lobby" else m["code"]
        for _, p, m in driver.sent[start:]
        if p == peer
        and (m["t"] == "lobby" or (m["t"] == "notice" and m["code"] in ("left", "back")))
    ]


def test_leaving_and_returning_at_full_speed_tells_the_others_nothing():
    driver, token = started()
    start = len(driver.sent)
    for _ in range(200):
        driver.leave("bob")
        driver.advance(0.01)
        driver.seat("bob", token=token)
        assert driver.last("bob", "welcome")["seat"] == 1  # in at once, every time
        assert driver.to("bob", "state")  # and shown the table
    assert news(driver, "ann", start) == []


def test_a_seat_still_empty_after_the_grace_is_told_once_and_its_return_too():
    driver, token = started()
    start = len(driver.sent)
    driver.leave("bob")
    driver.advance(LEFT_GRACE - 0.5)
    assert news(driver, "ann", start) == []
    driver.advance(1)
    assert news(driver, "ann", start) == ["lobby", "left"]
    (away,) = [p for p in driver.last("ann", "lobby")["players"] if "away" in p]
    assert not away["connected"]
    driver.seat("bob", token=token)
    assert news(driver, "ann", start)[2:] == ["lobby", "back"]
    assert driver.last("ann", "lobby")["players"][1]["connected"]


def test_slow_churn_is_told_at_most_once_a_grace():
    """Away for a second, back for a moment, again and again: the others hear nothing; away
    past the grace each time: at most one leaving and one return per grace."""
    driver, token = started()
    start = len(driver.sent)
    for _ in range(20):
        driver.leave("bob")
        driver.advance(1)
        driver.seat("bob", token=token)
        driver.advance(0.1)
    assert news(driver, "ann", start) == []
    start = len(driver.sent)
    for _ in range(4):
        driver.leave("bob")
        driver.advance(LEFT_GRACE + 0.1)
        driver.seat("bob", token=token)
    said = [n for n in news(driver, "ann", start) if n != "lobby"]
    assert said == ["left", "back"] * 4


def test_churn_sends_no_clock_frames_either():
    """With a turn clock, an away seat's clock stands still once its leaving is told; a blink
    changes nobody's clock picture (the clock runs on through the grace)."""
    settings = TableSettings.new(
        "swoop", seats=3, seed=3, bot_seats=[2], deal_tick=0, results_wait=0, clock=60, bank=0
    )
    driver = Driver(settings)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    token = driver.last("bob", "welcome")["token"]
    t = driver.table
    while t.rules.game.pending() != [1]:
        driver.act("ann" if t.rules.game.pending() == [0] else "bob")
    start = len(driver.sent)
    for _ in range(50):
        driver.leave("bob")
        driver.advance(0.01)
        driver.seat("bob", token=token)
    assert not [m for _, p, m in driver.sent[start:] if p == "ann" and m["t"] == "clock"]
