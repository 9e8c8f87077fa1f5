"""Take-backs at the sans-I/O table (net/table/takebacks.py), in each game: granted free and asked
(everyone says yes), refused by a no, after something hidden was shown, when off, after
another person played, while secret decisions run; the request's timer; hostile frames; what
the other seats are told; and a journal that resumes on the state after a take-back."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from leakaudit import card_codes
from tabledriver import Driver

import engine
from engine import record as rec
from net.doors.host import Host, _records
from net.kept.journal import Journal, read_journal
from net.table.decisions import Remove
from net.table.settings import TableSettings
from net.table.table import TAKEBACK
from net.table.takebacks import VOTE_WAIT
from net.wire.codec import CodecError
from net.wire.messages import check_client
from net.wire.reasons import notice_sentence

pytestmark = pytest.mark.unit

GAMES = [(name, 4, {}) for name in engine.GAMES]  # every registered game, at four seats
SEEDS = {"swapo": 3, "swoop": 5, "mishi": 7}  # a seed that reaches each test's moment
ASK = {"t": "takeback"}


def table(game, seats, options, mode, people=("ann", "bob"), seed=None, moving=True) -> Driver:
    """``people`` in the first seats, the host's bots in the others (``moving=False``: they
    move only when ``play_until`` goes on); no paced deal and no wait for the results panels
    (the take-back rules do not depend on them)."""
    settings = TableSettings.new(
        game,
        seats=seats,
        options=options,
        seed=SEEDS.get(game, 1) if seed is None else seed,
        bot_seats=list(range(len(people), seats)),
        takebacks=mode,
        deal_tick=0,
        results_wait=0,
    )
    driver = Driver(settings, moving=moving)
    for seat, peer in enumerate(people):
        driver.seat(peer, seat)
    return driver


def judged(driver: Driver, seat: int = 0) -> str | None:
    rules = driver.table.rules
    acted = any(s == seat for s, _ in rules.actions)
    return rules.takebacks.judge(seat, rules.game, acted)[0]


def passing(legal: list[dict]) -> dict:
    """A pass where there is one (SwaPo's swaps show cards once answered), else the first."""
    return next((a for a in legal if a["type"] == "pass"), legal[0])


def play_until(driver: Driver, done, people=("ann", "bob"), limit: int = 4000, pick=None) -> None:
    """The people play their first legal action (or ``pick``'s) in turn until ``done()``."""
    game_over = False
    for _ in range(limit):
        if done():
            return
        game = driver.table.rules.game
        game_over = game.over
        assert not game_over, "the game ended first"
        if not any(s < len(people) for s in game.pending()):
            driver.bots_move()  # (a table whose bots move only when told)
            continue
        seat = next(s for s in game.pending() if s < len(people))
        legal = driver.last(people[seat])["legal"]
        driver.act(people[seat], None if pick is None else pick(legal))
    raise AssertionError("never got there")


def can_take_back(driver: Driver, alone: bool = False) -> bool:
    """Ann may take back, and (at a table with another person) it is not her turn."""
    return judged(driver) is None and (alone or driver.table.rules.game.pending() != [0])


def replayed(driver: Driver) -> engine.Game:
    """The game rebuilt from its seed and the actions that stand."""
    t = driver.table.rules
    game = engine.new_game(t.game_name, t.game.seats, dict(t.game.options), seed=t.seed)
    for seat, action in t.actions:
        game.apply(seat, action)
    return game


def views(game) -> list:
    return [game.view(s) for s in [*range(game.seats), None]]


def notices(driver: Driver, peer: str, start: int = 0) -> list[dict]:
    return [m for _, p, m in driver.sent[start:] if p == peer and m["t"] == "notice"]


def refusal(out, peer: str) -> str:
    (message,) = [m for p, m in out.messages if p == peer and m["t"] == "rejected"]
    return message["code"]


# -- granted --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_free_takes_back_the_last_action_and_the_bots_after_it(game, seats, options):
    driver = table(game, seats, options, "free")
    play_until(driver, lambda: can_take_back(driver))
    t = driver.table
    before_actions, before_version = list(t.rules.actions), t.rules.version
    n = t.rules.takebacks.judge(0, t.rules.game, True)[1]
    ann_before = len(driver.sent)
    out = driver.receive("ann", dict(ASK))
    assert not out.refused
    assert out.records[0] == {"r": "takeback", "seat": 0, "n": n}
    assert t.rules.actions[: len(before_actions) - n] == before_actions[: len(before_actions) - n]
    assert len(t.rules.actions) == len(before_actions) - n or 0 not in t.rules.game.pending()
    assert t.rules.version > before_version  # never down: every change counts
    # the bots decided again and it is Ann's decision again
    assert 0 in t.rules.game.pending()
    assert views(t.rules.game) == views(replayed(driver))
    (told,) = [m for m in notices(driver, "bob", ann_before) if m["code"].startswith("took_back")]
    assert told["params"]["seat"] == 0 and told["params"]["name"] == "ann"
    assert driver.last("ann")["legal"] and driver.last("ann")["version"] == t.pacer.wire_version


@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_ask_is_granted_when_everyone_says_yes(game, seats, options):
    driver = table(game, seats, options, "ask")
    play_until(driver, lambda: can_take_back(driver))
    t = driver.table
    start = len(driver.sent)
    out = driver.receive("ann", dict(ASK))
    assert not out.refused and not out.records
    (asked,) = [m for m in driver.to("bob", "takeback")[-1:]]
    assert asked["open"] and asked["seat"] == 0 and asked["voters"] == [1]
    assert asked["seconds"] == VOTE_WAIT
    assert [m["code"] for m in notices(driver, "bob", start)] == ["takeback_asked"]
    assert any(timer == TAKEBACK for timer in driver.timers)
    assert t.bots_hold()  # the table holds while it decides
    seen = len(t.rules.actions)
    assert refusal(driver.act("bob"), "bob") in ("takeback_waiting", "not_your_turn")
    assert len(t.rules.actions) == seen
    out = driver.receive("bob", {"t": "takeback_vote", "id": asked["id"], "yes": True})
    assert out.records and out.records[0]["r"] == "takeback"
    assert not driver.to("bob", "takeback")[-1]["open"]
    assert TAKEBACK not in driver.timers
    assert 0 in t.rules.game.pending() and views(t.rules.game) == views(replayed(driver))


# -- refused ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_a_no_refuses_it_and_everyone_hears_who(game, seats, options):
    driver = table(game, seats, options, "ask")
    play_until(driver, lambda: can_take_back(driver))
    t = driver.table
    state = views(t.rules.game)
    driver.receive("ann", dict(ASK))
    request = driver.to("bob", "takeback")[-1]["id"]
    out = driver.receive("bob", {"t": "takeback_vote", "id": request, "yes": False})
    assert not out.records and views(t.rules.game) == state
    for peer in ("ann", "bob"):
        refused = notices(driver, peer)[-1]
        assert refused["code"] == "takeback_refused"
        sentence = notice_sentence(refused["code"], refused["params"])
        assert sentence == "bob said no: ann's action stands"
    assert not t.bots_hold() or t.pacer.holds()


@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_refused_once_something_hidden_was_shown(game, seats, options):
    driver = table(game, seats, options, "free")
    play_until(driver, lambda: any(s == 0 for s, _ in driver.table.rules.actions))
    play_until(driver, lambda: judged(driver) == "takeback_shown")
    state = views(driver.table.rules.game)
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takeback_shown"
    assert [p for p, _ in out.messages] == ["ann"]  # nobody else hears a thing
    assert views(driver.table.rules.game) == state


@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_refused_when_another_person_played_since(game, seats, options):
    # passing where one can (SwaPo's swaps show cards once answered); where every trick ends
    # in passes (大富豪: the end of a trick shows it), playing instead
    for pick in (passing, None):
        driver = table(game, seats, options, "free")
        with contextlib.suppress(AssertionError):
            play_until(driver, lambda d=driver: judged(d) == "takeback_someone", pick=pick)
        if judged(driver) == "takeback_someone":
            break
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takeback_someone"
    assert [p for p, _ in out.messages] == ["ann"]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_refused_at_a_table_without_take_backs(game, seats, options):
    driver = table(game, seats, options, "off")
    assert driver.last("ann")  # started
    play_until(driver, lambda: any(s == 0 for s, _ in driver.table.rules.actions))
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takebacks_off"
    assert [p for p, _ in out.messages] == ["ann"]


def test_nothing_to_take_back_before_acting():
    driver = table("swoop", 4, {}, "free")
    assert refusal(driver.receive("bob", dict(ASK)), "bob") == "takeback_nothing"


def test_a_one_person_table_asks_nobody():
    """Bots agree: with "ask" and no other person, it is granted at once (before the bot after
    Ann has moved)."""
    driver = table("swoop", 4, {}, "ask", people=("ann",), moving=False)
    play_until(driver, lambda: can_take_back(driver, alone=True), people=("ann",))
    out = driver.receive("ann", dict(ASK))
    assert out.records and out.records[0]["r"] == "takeback"
    assert not driver.to("ann", "takeback")


# -- secret decisions ----------------------------------------------------------------------------
def test_a_sealed_declaration_is_not_taken_back_and_nobody_hears_of_it():
    """SwaPo Ace: the joker declarations are sealed; whoever asks to change one holds a
    joker. Refused, to the asker alone (a spectator hears nothing either)."""
    driver = table("swapo", 4, {"variant": "ace"}, "free", seed=4)
    driver.seat("eye", spectator=True)
    game = driver.table.rules.game
    play_until(driver, lambda: game.phase == "declare" and 0 in game.pending())
    driver.act("ann")
    out = driver.receive("ann", dict(ASK))
    if game.phase == "declare":
        assert refusal(out, "ann") == "takeback_sealed"
    else:  # the last step revealed every hand
        assert refusal(out, "ann") == "takeback_shown"
    assert [p for p, _ in out.messages] == ["ann"]


def test_a_private_choice_is_taken_back_as_an_action_without_its_cards():
    """SwaPo: Ann asks Bob for cards (which cards she offers is hers alone): Bob and a
    spectator hear that she took back an action, never the cards."""
    driver = table("swapo", 4, {}, "free", seed=6)
    driver.seat("eye", spectator=True)
    game = driver.table.rules.game
    play_until(driver, lambda: game.phase == "swap" and game.pending() == [0])
    offer = next(a for a in driver.last("ann")["legal"] if a["type"] == "swap" and a["target"] == 1)
    driver.act("ann", offer)
    assert game is driver.table.rules.game and game.phase == "give" and game.pending() == [1]
    start = len(driver.sent)
    driver.receive("ann", dict(ASK))
    for other in ("bob", "eye"):
        (told,) = notices(driver, other, start)
        assert told == {"t": "notice", "code": "took_back", "params": {"seat": 0, "name": "ann"}}
        # Bob's own state shows his own hand; the spectator's shows no hand at all
        sent = [
            m for _, p, m in driver.sent[start:] if p == other and (m["t"], p) != ("state", "bob")
        ]
        assert not set(offer["cards"]) & set(card_codes(sent))
    assert driver.table.rules.game.pending() == [0] and driver.table.rules.game.phase == "swap"


def test_a_played_card_is_named():
    driver = table("swoop", 4, {}, "free")
    game = lambda: driver.table.rules.game  # noqa: E731
    play_until(driver, lambda: can_take_back(driver) and game().phase == "play")
    (_seat, action) = next((s, a) for s, a in reversed(driver.table.rules.actions) if s == 0)
    start = len(driver.sent)
    driver.receive("ann", dict(ASK))
    (told,) = notices(driver, "bob", start)
    if action["type"] == "play":
        assert told["code"] == "took_back_cards"
        assert set(action["cards"]) <= set(told["params"]["cards"])
    else:
        assert told["code"] == "took_back"


# -- the request's life ------------------------------------------------------------------------
def test_no_answer_in_time_refuses_it():
    driver = table("swoop", 4, {}, "ask")
    play_until(driver, lambda: can_take_back(driver))
    state = views(driver.table.rules.game)
    driver.receive("ann", dict(ASK))
    driver.advance(VOTE_WAIT - 1)
    assert driver.table.rules.takebacks.request is not None
    driver.advance(2)
    assert driver.table.rules.takebacks.request is None
    assert notices(driver, "ann")[-1]["code"] == "takeback_unanswered"
    assert views(driver.table.rules.game) == state


def test_a_voter_who_leaves_is_not_waited_for_and_an_asker_who_leaves_drops_it():
    driver = table("swoop", 5, {}, "ask", people=("ann", "bob", "cy"))
    play_until(driver, lambda: can_take_back(driver), people=("ann", "bob", "cy"))
    driver.receive("ann", dict(ASK))
    request = driver.to("bob", "takeback")[-1]
    assert request["voters"] == [1, 2]
    driver.receive("bob", {"t": "takeback_vote", "id": request["id"], "yes": True})
    assert (
        refusal(
            driver.receive("bob", {"t": "takeback_vote", "id": request["id"], "yes": True}), "bob"
        )
        == "takeback_answered"
    )
    out = driver.leave("cy")
    assert any(r["r"] == "takeback" for r in out.records)  # the one left said yes
    play_until(driver, lambda: can_take_back(driver), people=("ann", "bob", "cy"))
    driver.receive("ann", dict(ASK))
    driver.leave("ann")
    assert driver.table.rules.takebacks.request is None
    assert notices(driver, "bob")[-1]["code"] == "takeback_dropped"


def test_hostile_take_back_frames_are_refused_with_a_code():
    driver = table("swoop", 5, {}, "ask", people=("ann", "bob", "cy"))
    driver.seat("eve", spectator=True)
    vote = {"t": "takeback_vote", "id": 1, "yes": True}
    assert refusal(driver.receive("bob", dict(vote)), "bob") == "takeback_none"
    assert refusal(driver.receive("eve", dict(ASK)), "eve") == "spectator_act"
    play_until(driver, lambda: can_take_back(driver), people=("ann", "bob", "cy"))
    driver.receive("ann", dict(ASK))
    request = driver.to("eve", "takeback")[-1]["id"]
    assert refusal(driver.receive("eve", {**vote, "id": request}), "eve") == "takeback_not_asked"
    assert refusal(driver.receive("ann", {**vote, "id": request}), "ann") == "takeback_not_asked"
    assert refusal(driver.receive("bob", {**vote, "id": request + 1}), "bob") == "takeback_none"
    assert refusal(driver.receive("cy", dict(ASK)), "cy") == "takeback_busy"
    for bad in (
        {"t": "takeback_vote", "id": "1", "yes": True},
        {"t": "takeback_vote", "id": 1, "yes": 1},
        {"t": "takeback_vote", "id": 1},
        {"t": "takeback", "seat": 2},
    ):
        with pytest.raises(CodecError):
            check_client(bad)
    assert driver.table.rules.takebacks.request is not None  # still asked, nothing broke


# -- the journal ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_a_resumed_host_lands_on_the_state_after_the_take_back(game, seats, options, tmp_path):
    driver = table(game, seats, options, "free")
    play_until(driver, lambda: can_take_back(driver))
    driver.receive("ann", dict(ASK))
    play_until(driver, lambda: can_take_back(driver))  # and on again, past it
    driver.receive("ann", dict(ASK))
    path = Path(tmp_path) / "t.journal"
    journal = Journal.create(path, driver.table.settings().header(), fsync=False)
    for record in driver.records:
        journal._write(record)
    journal.close()
    data = read_journal(path)
    assert sum(1 for _after, _n, seat in data.takebacks if seat == 0) == 2
    assert data.standing() == driver.table.rules.actions
    # a rewritten journal (a resume with a new password) keeps the take-backs where they were
    kept = [r for r in driver.records if r["r"] in ("act", "takeback")]
    assert [r for r in _records(data) if r["r"] in ("act", "takeback")] == kept
    for takebacks in (None, "off"):  # also resumed with take-backs turned off
        host = Host.resume(path, takebacks=takebacks)
        try:
            assert host.table.rules.actions == driver.table.rules.actions
            assert host.table.rules.version == driver.table.rules.version
            assert views(host.table.rules.game) == views(driver.table.rules.game)
            assert host.table.rules.info["takebacks"] == (takebacks or "free")
        finally:
            host.bots.close()
            if host.journal is not None:
                host.journal.close()
    # the game record holds the actions that stand, and replays through the rules
    t = driver.table
    players = [rec.player(f"p{s}", s >= 2) for s in range(t.rules.game.seats)]
    sitting = rec.Sitting("takeback-test", t.rules.name, players, "2026-11-26T01:00:00Z")
    record = rec.full_record(sitting, t.rules.game, seed=t.rules.seed, actions=t.rules.actions)
    replay = rec.replay(rec.check(json.loads(json.dumps(record))))
    assert views(replay.at(len(t.rules.actions))) == views(t.rules.game)


class Passer:
    """A bot that passes wherever it may (so nobody declares and Ann speaks first)."""

    def act(self, view, legal):
        return next((a for a in legal if a["type"] == "pass"), legal[0])


def test_at_a_paced_mi_shi_table_a_take_back_after_the_deal_does_not_deal_again():
    """The deal was shown card by card (net/table/pacing.py), and the go-alone round that follows
    counts as part of the deal shown until its first step: a take-back of that first step
    puts the table back in the go-alone round, not in a deal shown again."""
    settings = TableSettings.new(
        "mishi", seats=4, seed=7, bot_seats=[2, 3], takebacks="free", results_wait=0
    )
    driver = Driver(settings, bots={2: Passer(), 3: Passer()})
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    t = driver.table
    driver.run_until(lambda: t.rules.game.phase != "deal" and t.pacer.run is None)
    assert t.pacer.paced and t.rules.game.phase == "bao" and t.rules.game.bao_steps == 0
    assert t.rules.game.pending() == [0]  # nobody declared: the first player speaks first
    driver.act("ann", {"type": "pass"})
    assert judged(driver) is None and t.rules.game.pending() == [1]
    frames = len(driver.frames["bob"])
    out = driver.receive("ann", dict(ASK))
    assert not out.refused and any(r["r"] == "takeback" for r in out.records)
    game = t.rules.game
    assert game.phase == "bao" and game.bao_steps == 0 and game.pending() == [0]
    assert t.pacer.run is None  # no deal shown again
    assert views(game) == views(replayed(driver))
    state = driver.last("bob")
    assert state["view"]["phase"] == "bao" and len(driver.frames["bob"]) == frames + 1
    assert state["version"] == t.pacer.wire_version
    assert driver.last("ann")["legal"]


def test_swoop_a_turned_up_card_cannot_be_taken_back():
    """Ann turns a mystery card up: it was hidden, everyone has seen it now."""
    driver = table("swoop", 4, {}, "free")
    game = lambda: driver.table.rules.game  # noqa: E731

    def ann_may_flip() -> bool:
        return game().pending() == [0] and any(
            a["type"] == "flip" for a in driver.last("ann")["legal"]
        )

    play_until(driver, ann_may_flip)
    flip = next(a for a in driver.last("ann")["legal"] if a["type"] == "flip")
    driver.act("ann", flip)
    told = [e for e in driver.to("bob", "state")[-1]["events"] if e["type"] == "flip"]
    assert told and told[0]["seat"] == 0
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takeback_shown"


def test_swapo_an_answered_swap_cannot_be_taken_back():
    """Ann asks Bob for cards and Bob gives: each has seen the other's cards."""
    driver = table("swapo", 4, {}, "free", seed=6)
    game = driver.table.rules.game
    play_until(driver, lambda: game.phase == "swap" and game.pending() == [0], pick=passing)
    offer = next(a for a in driver.last("ann")["legal"] if a["type"] == "swap" and a["target"] == 1)
    driver.act("ann", offer)
    driver.act("bob")  # the give: the exchange happens
    events = [e for m in driver.to("ann", "state") for e in m["events"]]
    assert any(e["type"] == "swapped" and e["seat"] == 0 for e in events)
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takeback_shown"


def test_mishi_a_trick_won_cannot_be_taken_back():
    """Ann plays the last card of a trick: the trick is won, the lead moves on."""
    driver = table("mishi", 4, {}, "free")

    def ann_ended_a_trick() -> bool:
        last = driver.to("bob", "state")[-1]["events"] if driver.to("bob", "state") else []
        kinds = [(e["type"], e.get("seat")) for e in last]
        return ("play", 0) in kinds and any(k == "trick_won" for k, _ in kinds)

    play_until(driver, ann_ended_a_trick)
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takeback_shown"


def test_the_turn_clocks_stop_while_the_table_is_asked():
    settings = TableSettings.new(
        "swoop", seats=4, seed=5, bot_seats=[2, 3], takebacks="ask", deal_tick=0,
        results_wait=0, clock=30, bank=0,
    )  # fmt: skip
    driver = Driver(settings)
    driver.seat("ann", 0)
    driver.seat("bob", 1)
    play_until(driver, lambda: can_take_back(driver))
    t = driver.table
    assert not t.clock.paused
    driver.receive("ann", dict(ASK))
    assert t.clock.paused  # nobody's time runs out while the table decides
    request = driver.to("bob", "takeback")[-1]["id"]
    driver.advance(VOTE_WAIT - 1)
    assert not any(m["code"].startswith("timed_out") for m in notices(driver, "bob"))
    driver.receive("bob", {"t": "takeback_vote", "id": request, "yes": True})
    assert not t.clock.paused and 0 in t.rules.game.pending()


def test_a_voter_the_host_removes_is_not_waited_for():
    driver = table("swoop", 4, {}, "ask")
    play_until(driver, lambda: can_take_back(driver))
    driver.receive("ann", dict(ASK))
    out = driver.table.decide(Remove(1))  # the host sends Bob away: a bot takes his seat
    driver.deliver(out)
    assert any(r["r"] == "takeback" for r in out.records)  # nobody left to ask: granted
    assert 0 in driver.table.rules.game.pending()


def test_taking_back_and_answering_again_buys_no_fresh_time():
    """A free take-back gives the decision back with the time its answer used already gone:
    otherwise taking back and redoing would restart a running clock at will."""
    settings = TableSettings.new(
        "swoop", seats=4, seed=5, bot_seats=[1, 2, 3], takebacks="free", deal_tick=0,
        results_wait=0, clock=30, bank=0,
    )  # fmt: skip
    driver = Driver(settings, moving=False)
    driver.seat("ann", 0)
    t = driver.table
    for _ in range(200):
        play_until(driver, lambda: 0 in t.rules.game.pending(), people=("ann",))
        driver.advance(20)  # Ann thinks for 20 of her 30 seconds, then plays
        driver.act("ann", None)
        if judged(driver) is None:
            break
    else:
        raise AssertionError("no take-back possible")
    driver.receive("ann", dict(ASK))
    assert 0 in t.rules.game.pending()
    left, _bank = t.clock.left(0, t.rules.now())
    assert left == pytest.approx(10, abs=0.5)  # not 30 again
    driver.moving = True  # the bot plays for Ann once her time is out
    driver.advance(10.5)
    assert any(m["code"] == "timed_out_you" for m in notices(driver, "ann"))
