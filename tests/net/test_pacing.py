"""The Mi Shi deal as people see it (net/table/pacing.py), on the sans-I/O table with a clock
turned by hand.

``Sim`` does what the host does: it feeds the ``Table`` the peers' messages and the timers it
asked for when the clock reaches them (the clock moves half a tick at a time at most), and
the host's bots (if any) answer when the table lets them. Frames are recorded per peer with
their time.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.mishi.bidding import DEALT
from engine.mishi.cards import full_deck
from net.table.settings import TableSettings
from net.table.table import Table
from net.wire.messages import check_client, check_host

pytestmark = pytest.mark.unit

NONCE = b"n" * 16
TICK = 0.05
PEOPLE = ["p0", "p1", "p2", "p3"]


def join(name, seat=None, spectator=False):
    message = {"t": "join", "name": name, "seat": seat, "spectator": spectator}
    return check_client({**message, "auth": None, "token": None})


class Sim:
    def __init__(
        self, deck, *, bots=0, window=1, paced=True, seed=7, passers=False, bot=None, hints=False
    ):
        options = {"declare_window": window}
        tick = TICK if paced else 0
        settings = TableSettings.new(
            "mishi", options=options, seed=seed, bots=bots, deal_tick=tick, hints=hints
        )
        self.now = 0.0
        self.timers: dict[str, float] = {}
        self.table = Table(settings, clock=lambda: self.now)
        self.table.rules.game = engine.new_game("mishi", 4, options, seed=seed, deck=deck)
        self.passers = passers
        self.moving = False
        self.bots = {
            s: bot or (Passer() if passers else engine.make_bot("mishi", s, seed=s))
            for s in self.table.rules.bot_seats
        }
        self.pacer = self.table.pacer
        self.frames: dict[str, list[tuple[float, dict]]] = {}
        self.sent: list[tuple[str, dict]] = []
        people = PEOPLE[: 4 - bots]
        for seat, name in enumerate(people):
            self.table.open(name, NONCE)
            self.deliver(self.table.receive(name, join(name, seat=seat)))
        self.table.open("spec", NONCE)
        self.deliver(self.table.receive("spec", join("spec", spectator=True)))

    def deliver(self, out):
        for peer, message in out.messages:
            check_host(message)
            self.sent.append((peer, message))
            if message["t"] == "state":
                self.frames.setdefault(peer, []).append((round(self.now, 6), message))
        for timer in out.timers:
            if timer.at is None:
                self.timers.pop(timer.key, None)
            else:
                self.timers[timer.key] = timer.at
        self.bots_move()

    def bots_move(self):
        if self.moving:
            return
        self.moving = True
        try:
            self.move_bots()
        finally:
            self.moving = False

    def move_bots(self):
        game = self.table.rules.game
        while self.table.rules.started and not game.over and not self.table.bots_hold():
            if self.passers and game.phase == "bao":
                return  # passers would redeal forever
            seat = next((s for s in game.pending() if s in self.bots), None)
            if seat is None:
                return
            action = self.bots[seat].act(game.view(seat), game.legal_actions(seat))
            self.deliver(self.table.play(seat, action, bot=True))

    def act(self, peer, action):
        last = self.frames[peer][-1][1]
        message = check_client({"t": "act", "version": last["version"], "action": action})
        out = self.table.receive(peer, message)
        self.deliver(out)
        return out

    def run(self, until, on_frame=None):
        """Turn the clock until ``until()``, to the next timer's deadline and half a tick at
        most at a time, firing every timer that is due; ``on_frame(sim)`` may act after every
        step."""
        for _ in range(10_000):
            if until():
                return
            self.now = min([self.now + TICK / 2, *self.timers.values()])
            for key, at in sorted(self.timers.items(), key=lambda kv: kv[1]):
                if at <= self.now and self.timers.get(key) == at:
                    del self.timers[key]
                    self.deliver(self.table.fire(key))
            if on_frame is not None:
                on_frame(self)
        raise AssertionError("the table never got there")

    def in_bao(self):
        return self.pacer.run is None and self.table.rules.game.phase != "deal"


def stacked(seed=3):
    """A deck where seat 0 draws 10♠ (as its 2nd card) and the kitty holds no ten; and its
    twin where that 10♠ and the kitty's first card swap places: seat 0 holds no 10♠."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    tens = sorted(c for c in deck if c.startswith("10"))
    tens.remove("10S")
    others = iter(c for c in deck if not c.startswith("10"))
    # seat 0's draws are indexes 0, 4, 8…: its 10♠ at index 4, the other tens to seats 1–3
    placed = {4: "10S"} | dict(zip((i for i in range(DEALT) if i % 4), tens, strict=False))
    deck = [placed[i] if i in placed else next(others) for i in range(len(deck))]
    assert sorted(deck) == sorted(full_deck()) and not any(c[:2] == "10" for c in deck[DEALT:])
    twin = list(deck)
    twin[4], twin[DEALT] = twin[DEALT], twin[4]
    return deck, twin


def test_other_seats_frames_do_not_depend_on_who_was_asked():
    """Seat 0 holds 10♠ from its 2nd card on (so the engine asks it at every later draw of
    its own until it declares), or holds a card of no interest there instead (the 10♠ sits in
    the kitty). Nobody presses a key. Every frame to seats 1–3 and to the spectator, and the
    moment it is sent, is the same in both games up to the go-alone round."""
    seen = []
    for deck in stacked():
        sim = Sim(deck)
        sim.run(sim.in_bao)
        seen.append(sim.frames)
        game = sim.table.rules.game
        assert game.phase == "bao" and game.declaration is None
    asked, not_asked = seen
    for peer in ("p1", "p2", "p3", "spec"):
        assert asked[peer] == not_asked[peer], peer
    assert asked["p0"] != not_asked["p0"]  # its own screen did show the offer
    offered = [m for _, m in asked["p0"] if m["view"]["phase"] == "deal" and m["legal"]]
    assert offered and all(m["view"]["pending"] == [0] for m in offered)


def test_the_deal_is_paced_and_ends_at_the_same_time_whatever_happens():
    deck, twin = stacked()
    ends = []
    for d in (deck, twin):
        sim = Sim(d, window=1)
        sim.run(sim.in_bao)
        frames = sim.frames["p1"]
        deal = [(t, m) for t, m in frames if m["view"]["phase"] == "deal"]
        counts = [sum(m["view"]["counts"]) for _, m in deal]
        assert counts == sorted(counts) and counts[0] < 8 and counts[-1] == DEALT
        assert len({c for c in counts}) > 40  # cards arrive a few at a time, not all at once
        ends.append(next(t for t, m in frames if m["view"]["phase"] == "bao"))
    assert ends[0] == ends[1] >= DEALT * TICK + 1  # the deal, then at least the window


def test_one_who_declares_is_shown_at_the_fixed_lag_after_its_card():
    deck, _ = stacked()
    sim = Sim(deck, window=1)
    assert sim.pacer.run is not None
    t0 = sim.pacer.run.t0

    pressed: list[float] = []

    def press(sim):  # once, when the offer of its 10♠ comes (seats 1–3 let theirs go by)
        legal = sim.frames["p0"][-1][1]["legal"]
        if not pressed and {"type": "declare", "cards": ["10S"]} in legal:
            pressed.append(sim.now)
            sim.act("p0", {"type": "declare", "cards": ["10S"]})

    sim.run(lambda: sim.table.rules.game.declaration is not None, press)
    assert sim.table.rules.game.declaration.seat == 0 and sim.pacer.run.declared[0][0] == 5
    assert pressed[0] < t0 + 5 * TICK + sim.pacer.window
    sim.run(sim.in_bao)
    shown = [t for t, m in sim.frames["p1"] for e in m["events"] if e["type"] == "declare"]
    due = t0 + 5 * TICK + sim.pacer.lag  # its 10♠ was draw 5
    assert len(shown) == 1 and due <= shown[0] < due + TICK and shown[0] > pressed[0]
    view = sim.frames["p1"][-1][1]["view"]
    assert view["phase"] == "bao" and view["declaration"]["seat"] == 0


def test_the_host_never_sends_pending_as_such():
    """Every state frame is the seat's own view and its own legal actions: during the deal a
    seat that is not asked sees ``pending == []`` and no legal action, at paced and unpaced
    tables alike, and nothing else in a frame names the asked seat."""
    deck, _ = stacked()
    for paced, bots in ((True, 2), (False, 4)):
        sim = Sim(deck, bots=bots, paced=paced, passers=not paced)
        sim.run(sim.in_bao)
        for frames in sim.frames.values():
            for _, message in frames:
                assert set(message) == {"t", "version", "view", "events", "legal"}
                view = message["view"]
                if view["phase"] == "deal":
                    assert set(view["pending"]) <= {view["seat"]}
                    assert bool(message["legal"]) == bool(view["pending"])
                    assert all(e["type"] != "pass" for e in message["events"])


def test_a_table_of_bots_is_not_paced():
    deck, _ = stacked()
    sim = Sim(deck, bots=4, paced=False, passers=True)
    assert sim.now == 0 and sim.table.rules.game.phase == "bao" and sim.pacer.run is None
    assert sim.pacer.hidden == 0 and sim.frames["spec"][-1][1]["version"] == sim.table.rules.version


class Passer:
    def act(self, view, legal):
        return {"type": "pass"} if {"type": "pass"} in legal else legal[0]


def test_a_person_who_cannot_go_alone_is_passed_for_after_the_window():
    _, twin = stacked()  # seat 0 holds no ten; nobody declared: it is asked first
    sim = Sim(twin, window=1)
    sim.run(sim.in_bao)
    game = sim.table.rules.game
    assert game.bao_turn == 0 and game.legal_actions(0) == [{"type": "pass"}]
    asked = sim.now
    sim.run(lambda: game.bao_turn != 0)
    assert asked + 1 - 1e-9 <= sim.now <= asked + 1 + TICK  # (up to rounding)
    last = sim.frames["p1"][-1][1]
    assert {"type": "pass", "seat": 0, "phase": "bao"} in last["events"]


def test_a_refusal_names_the_wire_version_too():
    deck, _ = stacked()
    sim = Sim(deck, window=1)
    sim.run(sim.in_bao)
    assert sim.pacer.hidden > 0
    sim.act("spec", {"type": "pass"})
    refusals = [m for p, m in sim.sent if p == "spec" and m["t"] == "rejected"]
    assert refusals and refusals[-1]["version"] == sim.frames["spec"][-1][1]["version"]


class Declarer:
    def act(self, view, legal):
        return legal[0]  # the first declaration offered, or pass


def test_a_bots_declaration_is_shown_at_the_fixed_lag_while_people_let_windows_pass():
    """Seats 0 and 1 are people holding tens from early on (asked at every later draw of
    theirs, never pressing); the bots in seats 2 and 3 declare whenever they can. Every
    declaration reaches the people exactly ``lag`` after the card it was made on."""
    deck, _ = stacked()
    sim = Sim(deck, bots=2, window=1, bot=Declarer())
    run = sim.pacer.run
    sim.run(sim.in_bao)
    assert run.declared and {event["seat"] for _, event in run.declared} <= {2, 3}
    for draw, event in run.declared:
        due = run.t0 + draw * TICK + sim.pacer.lag
        when = [t for t, m in sim.frames["p1"] if event in m["events"]]
        assert len(when) == 1 and due <= when[0] < due + TICK


def test_a_deal_waits_for_the_results_panels_before_its_first_card():
    """While the people's results panels of the hand before are up (net/table/resultswait.py), the
    next deal shows no card; it starts when the wait ends, and runs as it would have."""
    deck, _ = stacked()
    free = Sim(deck, bots=2)
    free.run(free.in_bao)
    held = Sim(deck, bots=2)
    version = held.pacer.wire_version
    assert held.table.rules.results.begin(version, [0, 1])
    held.run(lambda: held.now >= 1.0)
    dealing = [m for _, m in held.frames["p1"] if m["view"]["phase"] == "deal"]
    assert dealing and all(sum(m["view"]["counts"]) == 0 for m in dealing)
    assert held.table.rules.results.seen(0, version)
    held.table.rules.results.gone(1)  # p1 left: seen
    held.run(held.in_bao)

    def deal_shown(sim):
        frames = sim.frames["p1"]
        first = next(t for t, m in frames if sum(m["view"].get("counts") or [0]) > 0)
        end = next(t for t, m in frames if m["view"]["phase"] == "bao")
        return first, end

    (first_free, end_free), (first_held, end_held) = deal_shown(free), deal_shown(held)
    assert first_held >= 1.0 and abs((end_held - first_held) - (end_free - first_free)) <= TICK


def raced(seed=3):
    """A bot in seat 2 draws 10♥ as draw 3, seat 0 (a person) 10♣ as draw 5; the other tens
    lie in the kitty. A single ♣10 never outranks a ♥10."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    tens = [c for c in deck if c.startswith("10")]
    tens.remove("10H")
    tens.remove("10C")
    others = iter(c for c in deck if not c.startswith("10"))
    placed = {2: "10H", 4: "10C"} | dict(zip(range(DEALT, DEALT + 6), tens, strict=True))
    deck = [placed[i] if i in placed else next(others) for i in range(len(deck))]
    assert sorted(deck) == sorted(full_deck())
    return deck


def test_a_declaration_that_lost_the_race_is_told_too_late_to_that_seat_only():
    """Seat 0 is offered 10♣ (the bot's earlier 10♥ is not shown yet: that would tell it
    early) and presses d at once. Its declaration cannot stand: when the bot's 10♥ is shown to
    everyone, seat 0 alone is told "too late", naming who showed what; nobody else hears of it."""
    sim = Sim(raced(), bots=2, window=1, bot=Declarer())
    run = sim.pacer.run
    offer = {"type": "declare", "cards": ["10C"]}
    pressed: list[float] = []

    def press(sim):
        if not pressed and offer in sim.frames["p0"][-1][1]["legal"]:
            pressed.append(sim.now)
            sim.act("p0", offer)

    sim.run(sim.in_bao, press)
    assert pressed and sim.table.rules.game.declaration.seat == 2
    late = [(i, p, m) for i, (p, m) in enumerate(sim.sent) if m.get("code") == "too_late"]
    assert [p for _, p, _ in late] == ["p0"]
    index, _, message = late[0]
    assert message["params"] == {"seat": 2, "cards": ["10H"]}
    shown = next(
        i
        for i, (p, m) in enumerate(sim.sent)
        if p == "p0"
        and m["t"] == "state"
        and any(e["type"] == "declare" for e in m.get("events") or [])
    )
    assert abs(index - shown) <= 2  # told with the declaration, never before it is public
    assert run.t0 + 3 * TICK + sim.pacer.lag <= pressed[0] + sim.pacer.lag


def test_only_the_offered_seat_is_told_the_seconds_left():
    deck, _ = stacked()
    sim = Sim(deck, window=2)
    sim.run(sim.in_bao)
    left = [m["view"]["offer_left"] for _, m in sim.frames["p0"] if "offer_left" in m["view"]]
    assert left and max(left) <= 2 and left[0] > 1.5
    for peer, frames in sim.frames.items():  # only in a frame that offers its seat a ten
        for _, m in frames:
            if "offer_left" in m["view"]:
                assert m["legal"] and m["view"]["pending"] == [m["view"]["seat"]], peer
    assert not any("offer_left" in m["view"] for _, m in sim.frames["spec"])


def test_the_window_is_longer_for_one_person_among_bots():
    deck, _ = stacked()
    alone = Sim(deck, bots=3, window=None)
    shared = Sim(deck, bots=2, window=None)
    assert alone.pacer.window == 8 and shared.pacer.window == 5
    assert Sim(deck, bots=3, window=2).pacer.window == 2
