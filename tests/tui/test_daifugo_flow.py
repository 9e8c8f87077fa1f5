"""大富豪's decision model on real engine views: picking the cards of a play, naming what a
joker stands for, passing, giving in the exchange, and the refusals a person reads."""

from __future__ import annotations

import pytest

import engine.daifugo as daifugo
from tests.engine.test_daifugo_helpers import table
from tui.games.daifugo.flow import DaifugoDecisions, Step
from tui.games.daifugo.model import DaifugoView, Phase

pytestmark = pytest.mark.unit


def model_at(game, seat: int) -> DaifugoDecisions:
    model = DaifugoDecisions(seat)
    model.update(game.view(seat), game.legal_actions(seat))
    return model


def pick(model: DaifugoDecisions, *codes: str) -> None:
    for code in codes:
        index = next(i for i, c in enumerate(model.hand) if c == code and i not in model.picks)
        model.cursor = index
        assert model.pick() is None, code


HANDS = [["5S", "9C", "JK", "3D"], ["4H", "KD"], ["6C", "7C"], ["8S", "QH"]]


def test_a_single_is_picked_and_played():
    g = table(HANDS, turn=0, trick=[(3, ["4D"], [])])
    model = model_at(g, 0)
    assert model.step() == Step.PLAY and model.can_pass() and not model.leads()
    pick(model, "9C")
    sent = model.confirm()
    assert sent is not None and sent.action == {"type": "play", "cards": ["9C"], "as": []}
    assert model.step() == Step.WAIT  # sent: waiting for the table


def test_the_joker_alone_is_sent_at_once():
    g = table(HANDS, turn=0, trick=[(3, ["4D"], [])])
    model = model_at(g, 0)
    pick(model, "JK")
    sent = model.confirm()
    assert sent is not None and sent.action["cards"] == ["JK"] and not sent.action["as"]


def test_a_leader_names_the_joker_of_a_pair_and_may_not_pass():
    model = model_at(table(HANDS, turn=0), 0)
    assert model.leads() and not model.can_pass() and model.pass_turn() is None
    pick(model, "5S", "JK")
    assert model.confirm() is None
    assert model.step() == Step.NAME and len(model.naming) == 3  # as 5♥, 5♦ or 5♣
    model.move(1)
    assert model.named() == model.naming[1]
    model.digit(3)
    chosen = model.named()
    sent = model.confirm()
    assert sent is not None and sent.action == chosen
    assert sorted(sent.action["cards"]) == ["5S", "JK"] and len(sent.action["as"]) == 1


def test_esc_on_the_name_step_goes_back_to_the_hand():
    model = model_at(table(HANDS, turn=0), 0)
    pick(model, "5S", "JK")
    model.confirm()
    model.back()
    assert model.step() == Step.PLAY and len(model.picks) == 2
    model.back()
    assert not model.picks


def test_cards_that_make_no_play_are_refused_with_a_reason():
    model = model_at(table(HANDS, turn=0), 0)
    pick(model, "5S")
    refused = model.toggle(model.hand.index("9C"))
    assert refused is not None and "no play" in refused.reason
    assert not model.enabled(model.hand.index("9C"))
    sent = model.confirm()  # the 5♠ alone is a play
    assert sent is not None and sent.action["cards"] == ["5S"]


def test_nothing_picked_says_how():
    refused = model_at(table(HANDS, turn=0), 0).confirm()
    assert refused is not None and "space" in refused.reason


def test_with_only_pass_the_seat_is_still_asked_and_p_passes():
    g = table(HANDS, turn=0, trick=[(3, ["JK"], [])])
    g.hands[0] = ["5S", "9C", "4C"]  # no joker, no 3♠ left to beat the Joker
    model = model_at(g, 0)
    assert model.only_pass() and model.step() == Step.PLAY
    sent = model.pass_turn()
    assert sent is not None and sent.action == {"type": "pass"}


def at_the_exchange() -> object:
    """A game at its second deal's exchange (normal bots play the first deal)."""
    g = daifugo.GAME(4, seed=4)
    bots = [daifugo.BOT(s, s) for s in range(4)]
    while g.view(None)["deal"] == 1:
        seat = g.pending()[0]
        g.apply(seat, bots[seat].act(g.view(seat), g.legal_actions(seat)))
    return g


def test_the_exchange_gives_exactly_the_cards_asked():
    g = at_the_exchange()
    assert DaifugoView.from_view(g.view(None)).phase == Phase.EXCHANGE
    giver = g.pending()[0]
    model = model_at(g, giver)
    assert model.step() == Step.GIVE
    n = model.give_count()
    choice = g.legal_actions(giver)[0]["cards"]
    pick(model, *choice[:1])
    if n > 1:
        refused = model.confirm()
        assert refused is not None and f"{n}" in refused.reason
        pick(model, *choice[1:])
    sent = model.confirm()
    assert sent is not None and sorted(sent.action["cards"]) == sorted(choice)


def test_a_spectator_is_never_asked():
    model = DaifugoDecisions(None)
    model.update(table(HANDS, turn=0).view(None), [])
    assert model.step() == Step.WAIT and model.confirm() is None and model.pick() is None
