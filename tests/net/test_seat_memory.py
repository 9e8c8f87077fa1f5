"""A returning seat's history (net/table/memory.py, ``history``): exactly what that seat was sent
before — its chat and whispers, the table's notices, the public events — and nothing else;
bounded; once per connection; a seat that changes hands starts empty. Driven by hand (no
socket, task or real clock)."""

from __future__ import annotations

import pytest
from tabledriver import Driver

from net.table.memory import ITEMS, line_of
from net.table.settings import TableSettings
from net.wire.messages import check_host

pytestmark = pytest.mark.unit

HISTORY = {"t": "history"}


def chat(driver: Driver, peer: str, text: str, to: int | None = None) -> None:
    driver.receive(peer, {"t": "chat", "text": text, "to": to})


def shown_lines(driver: Driver, peer: str) -> list[dict]:
    """What ``peer`` was sent that a history keeps, as its entries."""
    return [entry for m in driver.to(peer) if (entry := line_of(m)) is not None]


def three_people(seed: int = 5) -> Driver:
    """Ann, Bo and Eli at a SwaPo table of three, the game started."""
    driver = Driver(TableSettings.new("swapo", seats=3, seed=seed))
    for name in ("ann", "bo", "eli"):
        driver.seat(name)
    assert driver.table.rules.started
    return driver


def test_a_returning_seat_gets_back_what_it_was_shown_and_nothing_else():
    driver = three_people()
    chat(driver, "ann", "hello all")
    chat(driver, "ann", "psst eli", to=2)
    chat(driver, "ann", "psst bo", to=1)  # between two others: never Eli's
    chat(driver, "eli", "psst ann", to=0)  # Eli's own whisper comes back to Eli
    for _ in range(3):
        pending = driver.table.rules.game.pending()[0]
        driver.act(["ann", "bo", "eli"][pending])
    before = shown_lines(driver, "eli")
    token = driver.to("eli", "welcome")[0]["token"]
    driver.leave("eli")
    chat(driver, "ann", "while eli is away")  # Eli was not there: not in the history
    driver.advance(1)

    driver.seat("eli2", token=token)  # Eli comes back on a new connection
    driver.receive("eli2", HISTORY)
    (history,) = driver.to("eli2", "history")
    check_host(history)
    assert history["items"] == before
    texts = [e["text"] for e in history["items"] if e["t"] == "chat"]
    assert texts == ["hello all", "psst eli", "psst ann"]
    assert any(e["t"] == "events" for e in history["items"])
    # Bo, who was there all along, left nothing of his own in Eli's history
    assert "psst bo" not in str(history) and "while eli is away" not in str(history)


def test_a_history_is_given_once_per_connection_and_not_again_within_seconds():
    driver = three_people()
    chat(driver, "ann", "hello")
    token = driver.to("eli", "welcome")[0]["token"]
    driver.leave("eli")
    driver.seat("eli2", token=token)
    driver.receive("eli2", HISTORY)
    driver.receive("eli2", HISTORY)  # asked again on the same connection: nothing
    assert len(driver.to("eli2", "history")) == 1
    driver.leave("eli2")
    driver.seat("eli3", token=token)  # a reconnect loop: not over and over
    driver.receive("eli3", HISTORY)
    assert driver.to("eli3", "history") == []
    driver.advance(6)
    driver.leave("eli3")
    driver.seat("eli4", token=token)
    driver.receive("eli4", HISTORY)
    (history,) = driver.to("eli4", "history")
    assert [e["text"] for e in history["items"] if e["t"] == "chat"] == ["hello"]


def test_what_came_after_the_return_is_not_history():
    driver = three_people()
    token = driver.to("eli", "welcome")[0]["token"]
    chat(driver, "ann", "before")
    driver.leave("eli")
    driver.seat("eli2", token=token)
    chat(driver, "ann", "after")  # Eli's new screen shows this one as it comes
    driver.receive("eli2", HISTORY)
    (history,) = driver.to("eli2", "history")
    assert [e["text"] for e in history["items"] if e["t"] == "chat"] == ["before"]


def test_a_seat_keeps_a_bounded_history():
    driver = three_people()
    for n in range(ITEMS + 50):
        chat(driver, "ann", f"line {n}")
    token = driver.to("eli", "welcome")[0]["token"]
    driver.leave("eli")
    driver.seat("eli2", token=token)
    driver.receive("eli2", HISTORY)
    (history,) = driver.to("eli2", "history")
    check_host(history)
    assert len(history["items"]) == ITEMS
    assert history["items"][-1]["text"] == f"line {ITEMS + 49}"


def test_a_freed_seat_gives_the_next_player_nothing_of_the_last():
    driver = Driver(TableSettings.new("swapo", seats=3, seed=1))
    driver.seat("ann")
    driver.seat("bo")
    chat(driver, "ann", "bo, psst", to=1)
    driver.leave("bo")  # before the start: the seat is free again, with a fresh token
    driver.seat("cy")
    assert driver.to("cy", "welcome")[0]["seat"] == 1
    driver.receive("cy", HISTORY)
    assert driver.to("cy", "history") == [{"t": "history", "items": []}]
    assert driver.table.memory.size(driver.to("bo", "welcome")[0]["token"]) == 0


def test_a_spectator_is_given_no_history():
    driver = three_people()
    chat(driver, "ann", "hello")
    driver.seat("wat", spectator=True)
    driver.receive("wat", HISTORY)
    assert driver.to("wat", "history") == []
