"""The SwaPo decision model on real engine views and legal lists — no Textual, no host."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engine
from tui.games.swapo import draw
from tui.games.swapo.flow import SwapoDecisions
from tui.games.swapo.menu import Entry
from tui.table.decisions import Refuse, Send
from tui.widgets.cards import CardStyle

pytestmark = pytest.mark.unit

NO_COLOR = CardStyle(color=False, suit_letters=True)  # plain labels, suits as letters


def model(game, seat: int) -> SwapoDecisions:
    flow = SwapoDecisions(seat)
    flow.update(game.view(seat), game.legal_actions(seat))
    return flow


def refresh(flow: SwapoDecisions, game) -> None:
    flow.update(game.view(flow.seat), game.legal_actions(flow.seat))


def send(outcome) -> dict:
    assert isinstance(outcome, Send), outcome
    return outcome.action


def refused(outcome, words: str) -> None:
    assert isinstance(outcome, Refuse), outcome
    assert words in outcome.reason


def play_until(game, seed: int, want: Callable[[object, int], bool]) -> int:
    """Let bots play every seat until ``want(game, seat)`` holds for a pending seat."""
    bots = {s: engine.make_bot("swapo", s, seed + s) for s in range(game.seats)}
    for _ in range(500):
        assert not game.over, "the game ended first"
        for seat in game.pending():
            if want(game, seat):
                return seat
        seat = game.pending()[0]
        game.apply(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
    raise AssertionError("never asked")


def labels(flow: SwapoDecisions) -> list[str]:
    return [draw.menu_label(e, flow.hand, NO_COLOR, flow.name_of).plain for e in flow.menu]


def test_swap_target_count_cards_confirm():
    game = engine.new_game("swapo", 4, None, seed=2)
    flow = model(game, 0)
    assert flow.step == "target" and flow.key_label("confirm") == "choose"
    assert flow.question().plain.startswith("Choose an opponent to swap with — 1 Seat 2")
    assert flow.key_state("pick") is False and flow.can_pass_now()
    refused(flow.digit(9), "9 is not an opponent you can swap with")
    assert flow.digit(2) is None
    assert flow.step == "count" and flow.target == 2
    assert "how many cards? 1–5" in flow.question().plain
    refused(flow.digit(7), "you cannot swap 7 cards with Seat 3")
    assert flow.back() is None and (flow.step, flow.target) == ("target", None)
    flow.move(1)  # the cursor walks the opponents; enter takes the one under it
    assert flow.target_choice() == 2 and flow.is_chosen_target(2)
    flow.confirm()
    assert (flow.step, flow.target) == ("count", 2)
    flow.move(1)
    flow.confirm()  # the count menu: 1, 2… the cursor on 2
    assert (flow.step, flow.k) == ("cards", 2)
    assert flow.pickable() == [True] * 5
    refused(flow.confirm(), "pick exactly 2 cards to give")
    flow.pick()
    flow.move(1)
    flow.pick()
    assert flow.picked == [0, 1] and "2/2" in flow.question().plain
    refused(flow.digit(3), "that card cannot be picked now")
    assert flow.pickable() == [True, True, False, False, False]
    flow.pick()  # picking a picked card unpicks it
    assert flow.picked == [0]
    flow.digit(5)
    action = send(flow.confirm())
    assert action == {"type": "swap", "target": 2, "cards": ["4S", "6C"]}
    assert flow.step == "wait" and flow.key_state("confirm") is False
    assert flow.question().plain == "Sent — waiting for the table…"
    game.apply(0, action)  # the engine takes what the model built
    refresh(flow, game)
    assert flow.step == "wait" and not flow.sent
    assert flow.question().plain == "Seat 3 is choosing 2 cards to give Seat 1…"


def test_esc_steps_back_from_cards_to_the_count_then_the_target():
    game = engine.new_game("swapo", 4, None, seed=2)
    flow = model(game, 0)
    flow.digit(1)
    flow.digit(1)
    flow.pick()
    assert (flow.step, flow.picked) == ("cards", [flow.cursor])
    flow.back()
    assert (flow.step, flow.picked, flow.menu[0]) == ("count", [], Entry(k=1))
    assert labels(flow) == ["1", "2", "3", "4", "5"]
    flow.back()
    assert (flow.step, flow.target) == ("target", None)
    assert flow.key_state("back") is False


def test_give_picks_only_what_may_be_given_and_esc_clears():
    game = engine.new_game("swapo", 4, None, seed=2)
    game.apply(0, {"type": "swap", "target": 1, "cards": ["3H", "4S"]})
    flow = model(game, 1)
    assert flow.step == "give" and flow.key_label("confirm") == "give"
    assert flow.question().plain.startswith("Seat 1 asks you for 2 cards — pick the 2")
    refused(flow.confirm(), "pick exactly 2 cards to give")
    flow.digit(1)
    flow.pick_at("hand", 3)  # a click: the cursor goes there and picks
    assert flow.picked == [0, 3] and flow.cursor == 3
    assert flow.pickable().count(False) == 3
    refused(flow.digit(2), "that card cannot be picked now")
    assert flow.key_label("back") == "clear"
    flow.back()
    assert flow.picked == [] and flow.step == "give"
    flow.digit(2)
    flow.digit(5)
    action = send(flow.confirm())
    hand = game.view(1)["hand"]
    assert action == {"type": "give", "cards": sorted([hand[1], hand[4]])}
    game.apply(1, action)


def test_arrange_carries_a_card_then_lays_the_row_down():
    game = engine.new_game("swapo", 4, {"variant": "dagger"}, seed=2)
    flow = model(game, 0)
    first = flow.order[0]
    assert flow.step == "arrange" and flow.key_label("pick") == "grab"
    flow.pick()
    assert "holding a card" in flow.question().plain
    flow.move(1)
    flow.move(1)
    assert flow.order[2] == first and flow.picked == [2] and flow.cursor == 2
    flow.pick()  # dropped
    flow.move(1)
    assert flow.order[2] == first and flow.picked == []
    action = send(flow.confirm())
    assert action["type"] == "arrange" and action["order"][2] == first
    game.apply(0, action)


def test_dagger_takes_their_positions_then_gives_mine():
    game = engine.new_game("swapo", 4, {"variant": "dagger"}, seed=2)
    for seat in range(4):
        game.apply(seat, {"type": "arrange", "order": game.view(seat)["hand"]})
    flow = model(game, 0)
    flow.digit(1)
    flow.digit(2)
    assert (flow.step, flow.target, flow.k) == ("take", 1, 2)
    assert flow.key_label("confirm") == "next" and flow.takeable() == [True] * 5
    refused(flow.confirm(), "pick exactly 2 of their positions")
    flow.digit(1)
    flow.pick_at("target", 2)
    assert flow.taken == [0, 2] and flow.target_cursor == 2
    assert flow.takeable() == [True, False, True, False, False]
    refused(flow.digit(4), "that position cannot be taken now")
    flow.confirm()
    assert flow.step == "give_pos" and flow.picked == []
    refused(flow.confirm(), "pick exactly 2 of your positions")
    flow.back()
    assert flow.step == "take" and flow.taken == [0, 2]
    flow.confirm()
    flow.digit(2)
    flow.digit(5)
    action = send(flow.confirm())
    assert action == {"type": "swap", "target": 1, "take": [0, 2], "give": [1, 4]}
    game.apply(0, action)


def test_ace_declare_menu_names_the_group_each_rank_makes():
    game = engine.new_game("swapo", 4, {"variant": "ace"}, seed=2)
    seat = play_until(
        game, 2, lambda g, s: g.view(s)["phase"] == "declare" and g.view(s)["to_declare"]
    )
    flow = model(game, seat)
    assert flow.step == "declare" and "Declare your joker" in flow.question().plain
    hand = flow.hand
    assert len(flow.menu) == 13 and (flow.menu[0].kind, flow.menu[0].rank) == ("declare", "A")
    eights = 1 + sum(1 for c in hand if c[:-1] == "8")
    assert f"8×{eights}" in labels(flow)
    flow.move(-1)  # the menu stops at its ends
    assert flow.menu_cursor == 0
    flow.move(12)
    flow.move(1)
    assert send(flow.confirm()) == {"type": "declare", "rank": "K"}


def test_ace_power_menu_and_the_honey_trap_rank():
    game = engine.new_game("swapo", 4, {"variant": "ace"}, seed=14)
    seat = play_until(game, 14, lambda g, s: g.view(s)["phase"] == "power")
    flow = model(game, seat)
    assert flow.step == "power" and flow.can_pass_now()
    # First step: which Ace; then which card or whose joker, on the revealed hands.
    assert labels(flow) == ["AH Take a joker", "AD Steal a card", "Pass"]
    flow.move(1)
    assert flow.confirm() is None and flow.step == "power_target"
    assert all(label.startswith("AD Steal Seat ") for label in labels(flow))
    assert any(label.startswith("AD Steal Seat 1's ") for label in labels(flow))
    flow.back()
    assert flow.step == "power" and flow.menu_cursor == 1
    flow.move(-1)
    assert flow.confirm() is None and flow.step == "power_target"
    shown = labels(flow)
    assert shown == ["AH Take Seat 3's joker"]
    assert flow.confirm() is None
    assert (flow.step, flow.target) == ("power_rank", 2)
    assert [a.rank for a in flow.menu][:3] == ["A", "2", "3"]
    flow.back()
    assert flow.step == "power_target" and flow.menu_cursor == 0
    flow.back()
    assert flow.step == "power" and flow.menu_cursor == 0
    flow.confirm()
    flow.confirm()
    flow.move(12)
    assert send(flow.confirm()) == {"type": "honey_trap", "target": 2, "rank": "K"}


def test_power_menu_names_each_ace_and_asks_the_honey_trap_rank_next():
    flow = SwapoDecisions(0)
    legal = [
        {"type": "stab", "target": 1, "card": "KD"},
        {"type": "honey_trap", "target": 2, "rank": "K"},
        {"type": "honey_trap", "target": 2, "rank": "2"},
        {"type": "pass"},
    ]
    view = {"seats": 3, "variant": ["ace"], "hand": ["AS", "AH", "2C", "JK", "5D"]}
    view |= {"pending": [0], "phase": "power"}
    flow.update(view, legal)
    assert labels(flow) == ["AS Stab a card", "AH Take a joker", "Pass"]
    flow.confirm()
    assert labels(flow) == ["AS Stab Seat 2's KD"]
    flow.back()
    flow.move(1)
    flow.confirm()
    assert labels(flow) == ["AH Take Seat 3's joker"]
    flow.confirm()
    assert [a.rank for a in flow.menu] == ["K", "2"]
    assert labels(flow) == ["K", "2"]
    flow.move(3)
    assert flow.pass_turn() is None  # p passes only where a pass is asked
    flow.back()
    flow.back()
    assert send(flow.pass_turn()) == {"type": "pass"}


def test_declare_menu_shows_the_group_each_rank_would_make():
    flow = SwapoDecisions(0)
    view = {"seats": 3, "variant": ["ace"], "hand": ["AS", "AH", "2C", "JK", "5D"]}
    view |= {"pending": [0], "phase": "declare"}
    flow.update(view, [{"type": "declare", "rank": r} for r in ("A", "2", "K")])
    assert labels(flow) == ["A×3", "2×2", "K×1"]


def test_a_reveal_is_shown_until_enter_or_esc():
    game = engine.new_game("swapo", 4, None, seed=2)
    flow = model(game, 0)
    flow.reveal = {"round": 1, "winners": [2], "points": [0, 0, 7, 0], "hands": []}
    assert flow.question().plain.startswith("Round 1: Seat 3 (no pair, +7) won")
    assert flow.key_state("confirm") and flow.key_label("back") == "close"
    assert not flow.can_pass_now() and flow.key_state("digit") is False
    assert flow.confirm() is None and flow.reveal is None and flow.step == "target"
    flow.reveal = {"round": 1, "no_game": True}
    assert flow.question().plain == "Round 1: no game (Draw) · enter to continue"
    flow.back()
    assert flow.reveal is None


def test_a_rejection_starts_the_decision_over():
    game = engine.new_game("swapo", 4, None, seed=2)
    flow = model(game, 0)
    flow.digit(1)
    flow.digit(1)
    send(flow.confirm() if flow.pick() is None else None)
    assert flow.step == "wait"
    flow.start()  # the table said no: the same question again
    assert (flow.step, flow.target, flow.picked) == ("target", None, [])


def test_sealed_steps_ask_once_per_joker_and_send_the_owed_passes():
    """Three decks, three sealed steps each: the person answers once per joker (once with
    none); each later step is a new question, and the passes still owed go by themselves."""
    from tests.engine.test_swapo_support import new_game

    hands = [["JK", "JK", "4S", "5S", "6S"], ["JK", "8S", "9S", "10S", "JS"]]
    hands += [["KH", "KD", "KC", "2H", "3H"], ["QH", "QD", "4H", "5H", "6H"]]
    game = new_game([hands], variant=["ace"], decks=3)
    for seat in range(4):
        game.apply(seat, {"type": "pass"})
    flows = [model(game, seat) for seat in range(4)]
    answered = {seat: 0 for seat in range(4)}
    while game.phase == "declare":
        seat = game.pending()[0]
        flow = flows[seat]
        owed = flow.owed_pass()
        if owed is None:  # the person is asked: the question is on show until answered
            assert flow.step == "declare" and not flow.sent
            answered[seat] += 1
            action = send(flow.confirm())
        else:
            action = owed.action
            assert action == {"type": "pass"} and flow.step == "wait" and flow.sent
        game.apply(seat, action)
        for other in range(4):
            refresh(flows[other], game)
    assert answered == {0: 2, 1: 1, 2: 1, 3: 1}
    assert game.phase == "power" or game.rounds  # revealed: the round went on
