"""Play at the sans-I/O table, as the host serves it (moved here from the socket tests of
test_host.py): turns, versions and legality, spectators, chat and whispers. Peers are strings;
nothing opens a socket (tests/net/tabledriver.py)."""

from __future__ import annotations

import pytest
from tabledriver import Driver

from net.table.settings import TableSettings

pytestmark = pytest.mark.unit


def rejected(out, peer):
    (message,) = [m for p, m in out.messages if p == peer and m["t"] == "rejected"]
    return message


def test_turn_version_and_legality_are_checked(toy):
    driver = Driver(TableSettings.new(toy, seats=2, seed=5))
    driver.seat("a")
    driver.seat("b")
    state_a = driver.last("a")
    # b acts for seat 0 (whose turn it is), with seat 0's own legal action
    out = driver.act("b", state_a["legal"][0])
    assert rejected(out, "b")["code"] == "not_your_turn" and out.refused and not out.asked
    out = driver.act("a", state_a["legal"][0], version=7)
    stale = rejected(out, "a")
    assert (stale["code"], stale["params"]) == ("stale", {"seen": 7, "now": 0})
    refused = rejected(driver.act("a", {"type": "play", "card": "JK"}), "a")
    assert (refused["code"], refused["params"]) == (
        "swoop.not_in_hand",
        {"kind": "play", "card": "JK"},
    )
    refused = rejected(driver.act("a", {"type": "play", "card": "2S", "seat": 1}), "a")
    assert refused["code"] == "unexpected_keys" and refused["params"]["keys"] == ["seat"]
    assert driver.table.rules.version == 0 and len(driver.table.rules.game.hands[0]) == 3
    out = driver.act("a", state_a["legal"][0])
    assert out.asked and not out.refused
    after_a, after_b = driver.last("a"), driver.last("b")
    assert after_a["version"] == after_b["version"] == 1
    assert after_b["events"] == [{"type": "played", "seat": 0, "card": state_a["legal"][0]["card"]}]
    assert after_b["legal"] and not after_a["legal"]
    assert driver.records[-1] == {"r": "act", "seat": 0, "action": state_a["legal"][0]}


def test_a_spectator_sees_the_spectator_view_and_cannot_act(toy):
    driver = Driver(TableSettings.new(toy, seats=2, bots=1, seed=2))
    out = driver.seat("eye", spectator=True)
    (welcome,) = [m for p, m in out.messages if m["t"] == "welcome"]
    assert welcome["seat"] is None and welcome["token"] is None
    driver.seat("p")
    state = driver.last("eye")
    assert state["view"]["hand"] is None and state["legal"] == []
    out = driver.act("eye", {"type": "play", "card": "2S"})
    assert rejected(out, "eye")["code"] == "spectator_act" and not out.asked
    while not driver.table.rules.over:
        driver.act("p")
    assert driver.last("eye")["view"]["result"] == driver.table.rules.game.result()


@pytest.mark.parametrize("whispers", [False, True])
def test_chat_and_whisper_rules(toy, whispers):
    options = {"adult_talk": True} if whispers else {}
    driver = Driver(TableSettings.new(toy, seats=3, seed=1, options=options))
    for peer in "abc":
        driver.seat(peer)

    def chat(peer, text, to=None):
        return driver.receive(peer, {"t": "chat", "text": text, "to": to})

    out = chat("a", "hello\x1b[2J  table\r\n")
    line = {"t": "chat", "from": 0, "name": "a", "text": "hello[2J table", "to": None}
    assert out.messages == [(peer, line) for peer in "abc"] and not out.asked
    out = chat("a", "psst", to=2)
    if whispers:
        assert [(p, m["text"], m["to"]) for p, m in out.messages] == [
            ("c", "psst", 2),
            ("a", "psst", 2),
        ]  # b never gets it
        assert rejected(chat("a", "me", to=0), "a")["code"] == "whisper_target"
    else:
        assert rejected(out, "a")["code"] == "whispers_off"


@pytest.mark.parametrize(
    ("game", "whispers"), [("swapo", True), ("swoop", False), ("mishi", False)]
)
def test_whispers_follow_the_game(game, whispers):
    """SwaPo's adult_talk (on by default) offers whispers; the other games keep table chat only
    (``Game.WHISPER_OPTION``)."""
    seats = {"swapo": 5, "swoop": 4, "mishi": 4}[game]
    driver = Driver(TableSettings.new(game, seats=seats, seed=1, bots=seats - 2))
    for peer in "ab":
        driver.seat(peer)
    everyone = driver.receive("a", {"t": "chat", "text": "hi all", "to": None})
    assert [p for p, m in everyone.messages if m["text"] == "hi all"] == ["a", "b"]
    out = driver.receive("a", {"t": "chat", "text": "just you", "to": 1})
    if whispers:
        line = {"t": "chat", "from": 0, "name": "a", "text": "just you", "to": 1}
        assert out.messages == [("b", line), ("a", line)]
    else:
        assert rejected(out, "a")["code"] == "whispers_off"
