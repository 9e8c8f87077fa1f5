"""The Mi Shi decision model (tui/games/mishi/flow.py) on real engine views, no Textual."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engine
from engine.base import Game
from tui.games.mishi.flow import BURY, MishiDecisions
from tui.table.decisions import Refuse, Send
from tui.widgets.cards import CardStyle

pytestmark = pytest.mark.unit

ME = 0


def play_until(
    seed: int,
    stop: Callable[[Game], bool],
    mine: Callable[[Game], dict] | None = None,
) -> tuple[Game, MishiDecisions]:
    """Bots play every seat (``mine`` chooses for seat 0 when given) until ``stop(game)``
    holds with seat 0 asked; returns the game and a model told seat 0's view."""
    game = engine.new_game("mishi", 4, seed=seed)
    bots = {s: engine.make_bot("mishi", s, seed + s) for s in range(4)}
    flow = MishiDecisions(ME, CardStyle(ascii_only=True))
    for _ in range(2000):
        assert not game.over, "the game ended before the expected point"
        flow.update(game.view(ME), game.legal_actions(ME))
        if ME in game.pending() and stop(game):
            return game, flow
        seat = game.pending()[0]
        if seat == ME and mine is not None:
            action = mine(game)
        else:
            action = bots[seat].act(game.view(seat), game.legal_actions(seat))
        game.apply(seat, action)
    raise AssertionError("never reached the expected point")


def passing(game: Game) -> dict:
    return {"type": "pass"} if game.phase in ("deal", "bao") else bot_move(game)


def bot_move(game: Game) -> dict:
    return engine.make_bot("mishi", ME, 0).act(game.view(ME), game.legal_actions(ME))


def declaring(game: Game) -> dict:
    legal = game.legal_actions(ME)
    bids = [a for a in legal if a["type"] == "declare"]
    return bids[0] if bids else (legal[-1] if game.phase in ("deal", "bao") else bot_move(game))


def can_declare(game: Game) -> bool:
    return game.phase == "deal" and any(a["type"] == "declare" for a in game.legal_actions(ME))


def send(outcome: object) -> dict:
    assert isinstance(outcome, Send), outcome
    return outcome.action


def pick_card(flow: MishiDecisions, index: int) -> object:
    """Walk the cursor to ``index`` by arrows, then space."""
    for _ in range(2 * len(flow.hand)):
        if flow.cursor == index:
            break
        flow.move(1)
    assert flow.cursor == index
    return flow.pick()


# -- the deal and going alone ------------------------------------------------------------------
def test_declaring_during_the_deal_shows_the_ten_drawn_and_d_sends_it() -> None:
    game, flow = play_until(6, can_declare, passing)
    assert flow.step == "declare"
    question = flow.question().plain
    assert question.startswith("You drew ") and "d declare" in question
    assert question.endswith("space pass")
    bid = flow.chosen_bid()
    assert bid is not None and bid in game.legal_actions(ME)
    assert send(flow.declare()) == {"type": "declare", "cards": bid["cards"]}
    assert send(flow.confirm()) == send(flow.declare())  # enter declares too
    assert send(flow.pick()) == {"type": "pass"}  # space passes
    assert flow.key_label("pick") == "pass" and flow.key_label("confirm") == "declare"
    assert flow.key_state("confirm") is True and flow.key_state("back") is False
    assert flow.can_declare()


def test_the_go_alone_question_offers_the_bid_and_a_pass() -> None:
    game, flow = play_until(1, lambda g: g.phase == "bao", passing)
    assert flow.step == "bao"
    question = flow.question().plain
    assert question.startswith("Go alone (包牌), one against three? d go alone with ")
    assert "space pass" in question
    bid = flow.chosen_bid()
    assert bid is not None and bid["type"] == "bao"
    assert send(flow.declare()) == {"type": "bao", "cards": bid["cards"]}
    assert flow.key_label("confirm") == "go alone"
    engine_answer = game.apply(ME, send(flow.declare()))
    assert any(e["type"] == "bao" for e in engine_answer)


def test_choosing_between_two_tens_with_arrows_and_digits() -> None:
    def two_tens(game: Game) -> bool:
        return sum(a["type"] == "declare" for a in game.legal_actions(ME)) > 1

    _, flow = play_until(3, two_tens, passing)
    assert [b["cards"] for b in flow.bid_options()] == [["10S"], ["10C"]]
    assert "d declare S (10S)" in flow.question().plain
    assert "←→ 2 choices" in flow.question().plain
    assert flow.key_state("move") is True and flow.key_state("digit") is True
    assert flow.digit(2) is None
    assert "d declare C (10C)" in flow.question().plain
    flow.move(1)  # wraps round
    assert "d declare S (10S)" in flow.question().plain
    flow.move(-1)
    assert send(flow.declare()) == {"type": "declare", "cards": ["10C"]}
    flow.digit(7)  # no seventh choice: nothing changes
    assert flow.chosen_bid() == {"type": "declare", "cards": ["10C"]}


# -- burying -----------------------------------------------------------------------------------
def test_burying_eight_counts_the_picks_and_refuses_a_ninth() -> None:
    game, flow = play_until(6, lambda g: g.phase == "bury", declaring)
    assert flow.step == "bury" and len(flow.hand) == 29
    assert sorted(flow.hand[i] for i in flow.kitty_marks()) == sorted(game.view(ME)["kitty"])
    assert "0/8" in flow.question().plain and flow.key_state("confirm") is None
    for _ in range(BURY):
        assert flow.pick() is None
        flow.move(1)
    assert len(flow.picked) == BURY and flow.picked_count_words() == "8/8"
    assert "8/8" in flow.question().plain and "enter bury" in flow.question().plain
    flow.cursor = next(i for i in range(len(flow.hand)) if i not in flow.picked)
    refused = flow.pick()
    assert isinstance(refused, Refuse) and "8 cards are picked already" in refused.reason
    assert len(flow.picked) == BURY
    action = send(flow.confirm())
    assert action == {"type": "bury", "cards": flow.picked_cards()}
    game.apply(ME, action)
    assert sorted(game.view(ME)["buried"]) == sorted(action["cards"])


def test_esc_puts_the_picks_back_and_enter_waits_for_enough_cards() -> None:
    _, flow = play_until(6, lambda g: g.phase == "bury", declaring)
    flow.pick()
    flow.move(1)
    flow.pick()
    assert "2/8" in flow.question().plain and "enter when 8 are picked" in flow.question().plain
    # nothing sent yet: enter says what is still to pick
    assert flow.confirm() == Refuse("Pick 6 more cards to bury (space)") and len(flow.picked) == 2
    assert flow.key_state("back") is True and flow.key_label("back") == "clear"
    assert flow.back() is None
    assert flow.picked == [] and "0/8" in flow.question().plain
    assert flow.key_state("back") is False
    assert flow.pick() is None and flow.pick() is None  # space twice: picked, put back
    assert flow.picked == []


# -- leading -----------------------------------------------------------------------------------
def leading(game: Game) -> bool:
    return game.phase == "play" and not game.view(ME)["trick"]


def test_a_lead_is_one_suit_any_shape_and_enter_sends_it() -> None:
    game, flow = play_until(6, leading, declaring)
    assert flow.question().plain.startswith("Your lead: pick cards of one suit")
    assert flow.follow_size() == 0 and flow.key_state("confirm") is None
    lit = {c for c, ok in zip(flow.hand, flow.pickable(), strict=True) if ok}
    assert lit == {a["card"] for a in game.legal_actions(ME) if a["type"] == "pick"}
    order = flow.order
    first = next(i for i, ok in enumerate(flow.pickable()) if ok)
    pick_card(flow, first)
    suit = order.suit(flow.hand[first])
    # Only cards of the first card's suit can join a lead (singles, pairs, tractors, throws).
    for index, ok in enumerate(flow.pickable()):
        assert ok == (index == first or order.suit(flow.hand[index]) == suit)
    assert flow.ready() and "enter play · esc clear" in flow.question().plain
    single = send(flow.confirm())
    assert single == {"type": "play", "cards": [flow.hand[first]]}


def pairs_in(flow: MishiDecisions) -> list[tuple[str, int, list[int]]]:
    """(suit, level, the two indexes) of every pair in my hand that may be led now."""
    order, seen = flow.order, {}
    lit = flow.pickable()
    out = []
    for index, code in enumerate(flow.hand):
        if code in seen and lit[index]:
            out.append((order.suit(code), order.level(code), [seen.pop(code), index]))
        else:
            seen[code] = index
    return out


def lead_with(flow: MishiDecisions, game: Game, indexes: list[int]) -> dict:
    """Pick ``indexes`` by keys, send, and return the lead the engine saw."""
    for index in indexes:
        assert pick_card(flow, index) is None
    action = send(flow.confirm())
    assert sorted(action["cards"]) == sorted(flow.hand[i] for i in indexes)
    game.apply(ME, action)
    return game.view(ME)["lead"]


def test_a_pair_is_led_by_picking_both_cards() -> None:
    for seed in range(1, 40):
        game, flow = play_until(seed, leading, declaring)
        if pairs_in(flow):
            break
    _, _, both = pairs_in(flow)[0]
    lead = lead_with(flow, game, both)
    assert lead["pairs"] == 1 and lead["singles"] == 0 and not lead["tractors"]


def test_a_tractor_is_led_by_picking_two_neighbouring_pairs() -> None:
    for seed in range(1, 60):
        game, flow = play_until(seed, leading, declaring)
        pairs = pairs_in(flow)
        tractor = next(
            (a[2] + b[2] for a in pairs for b in pairs if a[0] == b[0] and b[1] == a[1] + 1),
            None,
        )
        if tractor:
            break
    assert tractor, "no seed gave a tractor to lead"
    assert lead_with(flow, game, tractor)["tractors"] == [2]


def test_a_whole_suit_can_be_thrown() -> None:
    game, flow = play_until(6, leading, declaring)
    order = flow.order
    by_suit: dict[str, list[int]] = {}
    for index, code in enumerate(flow.hand):
        if flow.pickable()[index]:
            by_suit.setdefault(order.suit(code), []).append(index)
    indexes = max(by_suit.values(), key=len)
    for index in indexes:
        pick_card(flow, index)
    assert flow.picked_count_words() == str(len(indexes))
    action = send(flow.confirm())
    assert sorted(action["cards"]) == sorted(flow.hand[i] for i in indexes)
    game.apply(ME, action)  # the engine takes the throw (or fails it by the rules)
    assert len(game.view(ME)["hand"]) < len(flow.hand)


# -- following ---------------------------------------------------------------------------------
def following(game: Game) -> bool:
    return game.phase == "play" and bool(game.view(ME)["trick"])


def test_following_lights_only_legal_cards_and_says_the_obligation() -> None:
    game, flow = play_until(1, following, passing)
    size = flow.follow_size()
    assert size >= 1
    question = flow.question().plain
    assert question.startswith("Follow ") and f"0/{size}" in question
    assert flow.follow_duty() in question
    lit = {c for c, ok in zip(flow.hand, flow.pickable(), strict=True) if ok}
    assert lit == {a["card"] for a in game.legal_actions(ME) if a["type"] == "pick"}
    if not all(flow.pickable()):
        flow.cursor = flow.pickable().index(False)
        refused = flow.pick()
        assert isinstance(refused, Refuse)
        assert "cannot be part of a legal play" in refused.reason
        assert flow.picked == []
    for _ in range(size):
        index = next(i for i, ok in enumerate(flow.pickable()) if ok and i not in flow.picked)
        pick_card(flow, index)
    assert flow.ready() and "enter play" in flow.question().plain
    extra = [i for i in range(len(flow.hand)) if i not in flow.picked]
    if extra:
        flow.cursor = extra[0]
        refused = flow.pick()
        assert isinstance(refused, Refuse)
        assert f"{size} card{'s' * (size != 1)} are picked already" in refused.reason
    action = send(flow.confirm())
    game.apply(ME, action)  # the engine accepts what the model built


def test_every_follow_the_model_builds_is_legal_for_the_engine() -> None:
    game, flow = play_until(1, following, passing)
    for _ in range(12):
        if game.over:
            break
        if ME in game.pending() and flow.step == "play":
            for _ in range(flow.follow_size() or 1):
                index = next(
                    i for i, ok in enumerate(flow.pickable()) if ok and i not in flow.picked
                )
                pick_card(flow, index)
            game.apply(ME, send(flow.confirm()))
        else:
            seat = game.pending()[0]
            game.apply(
                seat,
                engine.make_bot("mishi", seat, 1).act(game.view(seat), game.legal_actions(seat)),
            )
        flow.update(game.view(ME), game.legal_actions(ME))


# -- waiting and the last trick ----------------------------------------------------------------
def test_waiting_hides_the_keys_and_names_who_is_asked() -> None:
    game = engine.new_game("mishi", 4, seed=1)
    flow = MishiDecisions(None)  # a spectator
    flow.update(game.view(None), [])
    assert flow.step == "wait"
    assert all(flow.key_state(k) is False for k in ("move", "pick", "confirm", "back", "digit"))
    assert flow.question().plain.startswith("Dealing…")
    assert flow.pick() is None and flow.declare() is None and flow.confirm() is None


def test_t_shows_the_last_trick_until_the_next_one_is_won() -> None:
    _, flow = play_until(
        1, lambda g: g.phase == "play" and g.view(ME)["last_trick"] is not None, passing
    )
    assert flow.has_last_trick()
    assert flow.last_trick() is None and flow.show_last and flow.showing_last()
    flow.trick_won()
    assert not flow.show_last
