"""Take-backs that tell nothing and hold nobody (net/table/takebacks.py, attack 3 defects 1
and 4): a take-back never returns a card another seat has shown — it is refused once any other seat,
bots too, has acted since; after a "no" (or no answer) the same player may not ask again
before the table has moved on; and nobody takes back over and over in one turn, in free mode
either. Every refusal is said to the asker alone."""

from __future__ import annotations

import pytest
from test_takebacks import (
    ASK,
    GAMES,
    can_take_back,
    passing,
    play_until,
    refusal,
    table,
    views,
)

import engine
from net.table.takebacks import PER_TURN, VOTE_WAIT

pytestmark = pytest.mark.unit


def others_acted_since_ann(driver) -> bool:
    """Ann's last action is in the undoable tail and another seat has acted after it."""
    steps = driver.table.rules.takebacks.steps
    mine = [i for i, step in enumerate(steps) if step.seat == 0]
    return bool(mine) and any(step.seat != 0 for step in steps[mine[-1] + 1 :])


@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_the_bots_moves_after_yours_are_not_taken_back(game, seats, options):
    """Ann alone with bots: once a bot has answered her move (a card played from its hand is
    public, the bot's choice tells of its hand), her take-back is refused and nothing moves."""
    driver = table(game, seats, options, "free", people=("ann",), moving=False)
    t = driver.table
    for _ in range(4000):  # one move at a time: Ann's, or one bot's
        if others_acted_since_ann(driver):
            break
        seat = t.rules.game.pending()[0]
        if seat == 0:
            driver.act("ann", passing(driver.last("ann")["legal"]))  # SwaPo: no swap shown
        else:
            bot = driver.bots.setdefault(seat, engine.make_bot(game, seat, seed=seat))
            action = bot.act(t.rules.game.view(seat), t.rules.game.legal_actions(seat))
            driver.deliver(t.play(seat, action, bot=True))
    assert others_acted_since_ann(driver)
    state, actions = views(driver.table.rules.game), list(driver.table.rules.actions)
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takeback_someone"
    assert [p for p, _ in out.messages] == ["ann"]
    assert not out.records
    assert views(driver.table.rules.game) == state and driver.table.rules.actions == actions


def test_only_the_askers_own_action_goes():
    driver = table("swoop", 4, {}, "free")
    play_until(driver, lambda: can_take_back(driver))
    assert driver.table.rules.takebacks.judge(0, driver.table.rules.game, True) == (None, 1)


# -- defect 4: asking again and again ----------------------------------------------------------
def refused_by_bob(driver) -> None:
    driver.receive("ann", dict(ASK))
    request = driver.to("bob", "takeback")[-1]
    assert request["open"]
    driver.receive("bob", {"t": "takeback_vote", "id": request["id"], "yes": False})


@pytest.mark.parametrize("answer", ["no", "none in time"])
def test_after_a_no_the_same_player_may_not_ask_again_before_the_table_moves_on(answer):
    driver = table("swoop", 4, {}, "ask")
    play_until(driver, lambda: can_take_back(driver))
    if answer == "no":
        refused_by_bob(driver)
    else:
        driver.receive("ann", dict(ASK))
        driver.advance(VOTE_WAIT + 1)
    dialogs = len(driver.to("bob", "takeback"))
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takeback_denied"
    assert [p for p, _ in out.messages] == ["ann"]  # no dialog, no notice for Bob
    assert len(driver.to("bob", "takeback")) == dialogs
    assert not driver.table.bots_hold()
    # the table moves on (Bob plays, then Ann again): Ann may ask about her new action
    seen = driver.table.rules.version
    play_until(driver, lambda: driver.table.rules.version > seen and can_take_back(driver))
    out = driver.receive("ann", dict(ASK))
    assert not out.refused and driver.to("bob", "takeback")[-1]["open"]


def test_free_take_backs_are_limited_in_one_turn():
    """Play, take back, play, take back…: each sends every seat a state and a notice; a few
    per turn, then the player plays on (the count starts again once another seat acts)."""
    driver = table("swoop", 4, {}, "free")
    t = driver.table
    play_until(driver, lambda: t.rules.game.pending() == [0] and t.rules.game.phase == "play")
    for _ in range(PER_TURN):
        driver.act("ann")
        assert can_take_back(driver)
        assert not driver.receive("ann", dict(ASK)).refused
    driver.act("ann")
    out = driver.receive("ann", dict(ASK))
    assert refusal(out, "ann") == "takeback_enough"
    assert [p for p, _ in out.messages] == ["ann"]
    play_until(driver, lambda: can_take_back(driver) and any(s == 1 for s, _ in t.rules.actions))
    assert not driver.receive("ann", dict(ASK)).refused  # Bob played: a new turn
