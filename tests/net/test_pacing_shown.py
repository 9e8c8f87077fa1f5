"""During a paced Mi Shi deal the table answers every request against the deal the screens
are shown, never against the engine, which runs ahead of them (net/table/pacing.py): a hint, a pass,
a declaration. The sans-I/O table and its hand-turned clock are ``Sim`` (test_pacing.py)."""

from __future__ import annotations

import random

import pytest

from engine.mishi.bidding import DEALT
from engine.mishi.cards import full_deck
from tests.net.test_pacing import TICK, Declarer, Passer, Sim, raced, stacked

pytestmark = pytest.mark.unit

PASS = {"type": "pass"}


def held(seed=3):
    """Seat 0 (a person) draws 10♦ first, a bot in seat 2 then 10♥ (draw 3), seat 1 (a
    person) 10♣ as draw 6; the other tens lie in the kitty. ♥ outranks ♣ outranks ♦: the
    engine asks seat 0 at draw 1 only, and never asks seat 1, but seat 1 is offered its 10♣
    until the bot's 10♥ is shown."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    tens = [c for c in deck if c.startswith("10")]
    for ten in ("10D", "10H", "10C"):
        tens.remove(ten)
    others = iter(c for c in deck if not c.startswith("10"))
    placed = {0: "10D", 2: "10H", 5: "10C"} | dict(zip(range(DEALT, DEALT + 5), tens, strict=True))
    deck = [placed[i] if i in placed else next(others) for i in range(len(deck))]
    assert sorted(deck) == sorted(full_deck())
    return deck


def sent_to(sim, peer):
    """What ``peer`` was sent (its welcome's token aside: a fresh one at each table)."""
    return [m for p, m in sim.sent if p == peer and m["t"] != "welcome"]


def test_a_hint_during_the_shown_deal_is_refused_to_the_asker_alone():
    """Seat 0 (the one person, no ten) is the first asked to go alone once the engine is
    through the deal (the bots pass at once), long before the screens show the deal's end. Its
    hints are refused all along the shown deal, to it alone, and nobody hears of a hint; once
    the deal is over on the screens its hint is told as usual."""
    _, twin = stacked()
    sim = Sim(twin, bots=3, hints=True, bot=Passer())
    engine_left: list[float] = []

    def ask(sim):
        if sim.pacer.run is None:
            return
        if sim.table.rules.game.phase != "deal" and not engine_left:
            engine_left.append(sim.now)
        sim.deliver(sim.table.receive("p0", {"t": "hint"}))

    sim.run(sim.in_bao, ask)
    assert engine_left and engine_left[0] < sim.now - 0.5  # the engine was well ahead
    assert sim.table.rules.game.bao_turn == 0
    notices = [(p, m) for p, m in sim.sent if m["t"] == "notice"]
    assert notices == []
    refusals = [(p, m["code"]) for p, m in sim.sent if m["t"] == "rejected"]
    assert refusals and set(refusals) == {("p0", "deal_goes_on")}
    sim.deliver(sim.table.receive("p0", {"t": "hint"}))  # the deal is over on every screen
    told = [p for p, m in sim.sent if m["t"] == "notice" and m["code"] == "hint_asked"]
    assert sorted(told) == ["p0", "spec"]


def test_a_take_back_asked_during_the_shown_deal_is_refused_as_sealed():
    _, twin = stacked()
    sim = Sim(twin)
    sim.table.rules.takebacks.mode = "free"
    codes: set[str] = set()

    def ask(sim):
        if sim.pacer.run is not None:
            out = sim.table.receive("p0", {"t": "takeback"})
            codes.update(m["code"] for p, m in out.messages if m["t"] == "rejected")
            assert {p for p, _ in out.messages} <= {"p0"}

    sim.run(sim.in_bao, ask)
    assert codes == {"takeback_sealed"}


def passing_run(seat0_answers: bool):
    """Seat 1 passes at once on every offer; seat 0 passes at once too, or lets its windows
    run. The bots in seats 2 and 3 declare whenever they can."""
    sim = Sim(held(), bots=2, window=1, bot=Declarer())
    answered: set[tuple[str, int]] = set()

    def press(sim):
        for peer in ("p0", "p1") if seat0_answers else ("p1",):
            frame = sim.frames[peer][-1][1]
            key = (peer, len(sim.frames[peer]))
            if PASS in frame["legal"] and frame["view"]["phase"] == "deal" and key not in answered:
                answered.add(key)
                sim.act(peer, PASS)

    sim.run(sim.in_bao, press)
    return sim


def test_a_pass_is_answered_alike_whatever_another_person_was_asked():
    """The engine holds at seat 0's 10♦ while seat 0 thinks, or runs past seat 1's 10♣ (the
    bot's 10♥, not shown yet, outranks it) when seat 0 passes at once. Seat 1's pass is kept
    either way: its offer never comes back, and everything seat 1 is sent, and when, is the
    same in both games."""
    quick, slow = passing_run(True), passing_run(False)
    for sim in (quick, slow):
        offers = [
            (t, m["view"]["counts"][1])
            for t, m in sim.frames["p1"]
            if m["view"]["phase"] == "deal" and m["legal"]
        ]
        cards = [c for _, c in offers]
        # one offer per card of seat 1's: once passed, the same card is never offered again
        passes = [m for p, m in sim.sent if p == "p1" and m["t"] == "rejected"]
        assert offers and passes == []
        assert all(cards.count(c) == 1 or _contiguous(cards, c) for c in set(cards))
    assert quick.frames["p1"] == slow.frames["p1"]
    assert sent_to(quick, "p1") == sent_to(slow, "p1")
    assert quick.frames["spec"] == slow.frames["spec"]


def _contiguous(cards: list[int], card: int) -> bool:
    """The frames offering one card follow each other (an offer that went and came back
    would show the card again after a gap)."""
    where = [i for i, c in enumerate(cards) if c == card]
    return where == list(range(where[0], where[-1] + 1))


def offered(sim, peer):
    return [m for _, m in sim.frames[peer] if m["view"]["phase"] == "deal" and m["legal"]]


def test_ones_own_declaration_is_acknowledged_at_once_and_offered_no_more():
    """Seat 0 shows its 10♠ (draw 5) the moment it is offered: its own next frame (at once,
    to it alone) says what it chose and offers nothing, until the table is shown the
    declaration a fixed lag after the card; nobody else's frame ever names a choice."""
    deck, _ = stacked()
    sim = Sim(deck, window=2)
    declare = {"type": "declare", "cards": ["10S"]}
    pressed: list[float] = []

    def press(sim):
        if not pressed and declare in sim.frames["p0"][-1][1]["legal"]:
            pressed.append(sim.now)
            out = sim.act("p0", declare)
            mine = [m for p, m in out.messages if m["t"] == "state"]
            assert [p for p, m in out.messages if m["t"] == "state"] == ["p0"]
            assert mine[-1]["view"]["chosen"] == declare and mine[-1]["legal"] == []

    sim.run(sim.in_bao, press)
    t0 = sim.frames["p1"][0][0]
    frames = sim.frames["p0"]
    acked = next(i for i, (_, m) in enumerate(frames) if "chosen" in m["view"])
    shown = next(
        i for i, (_, m) in enumerate(frames) for e in m["events"] if e["type"] == "declare"
    )
    between = [m for _, m in frames[acked:shown]]
    assert frames[acked][0] == pressed[0] and len(between) > 10
    assert all(m["view"].get("chosen") == declare for m in between)
    assert all(m["legal"] == [] for m in between)  # its later cards offer the ten no more
    assert all(m["view"]["declaration"] is None for m in between)
    after = [m for _, m in frames[shown:]]
    assert after and all("chosen" not in m["view"] for m in after)
    for peer in ("p1", "p2", "p3", "spec"):
        assert all("chosen" not in m["view"] for _, m in sim.frames[peer])
    assert frames[shown][0] >= t0 + 5 * TICK + sim.pacer.lag - TICK


def test_a_declaration_that_lost_the_race_is_chosen_until_the_one_that_beat_it_is_shown():
    """Seat 0 shows its 10♣ at once; the bot's 10♥ on an earlier card (not shown yet) beats
    it. Seat 0's screen says its choice until the moment the 10♥ is shown to everyone: then,
    in that same step, it is told too late, naming only that shown declaration."""
    sim = Sim(raced(), bots=2, window=1, bot=Declarer())
    offer = {"type": "declare", "cards": ["10C"]}

    def press(sim):
        if offer in sim.frames["p0"][-1][1]["legal"]:
            sim.act("p0", offer)

    sim.run(sim.in_bao, press)
    mine = [m for p, m in sim.sent if p == "p0"]
    late = next(i for i, m in enumerate(mine) if m.get("code") == "too_late")
    shown = next(
        i for i, m in enumerate(mine) if any(e["type"] == "declare" for e in m.get("events", []))
    )
    chosen = [i for i, m in enumerate(mine) if m["t"] == "state" and "chosen" in m["view"]]
    assert chosen and max(chosen) < late and late == shown - 1  # told, then the 10♥ shown
    assert mine[late]["params"] == {"seat": 2, "cards": ["10H"]}
    assert all(offer not in m.get("legal", []) for m in mine[chosen[0] :])
