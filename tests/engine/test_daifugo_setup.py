"""大富豪 rules §1–3 and §10: the table, the cards, their order, the deal, who leads, and the
options."""

from __future__ import annotations

from collections import Counter

import pytest
from test_daifugo_helpers import new, stacked

from engine.daifugo.options import DEFAULT_FORBIDDEN
from engine.daifugo.plays import full_deck, sorted_cards

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("seats", range(3, 9))
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_every_card_is_dealt_one_at_a_time_from_the_dealer(seats: int, jokers: int) -> None:
    game = new(seats, {"jokers": jokers}, seed=seats)
    assert Counter(c for h in game.hands for c in h) == Counter(full_deck(jokers))
    total = 52 + jokers
    sizes = [len(h) for h in game.hands]
    assert sizes == [total // seats + (s < total % seats) for s in range(seats)]


def test_the_pack_is_52_cards_plus_two_jokers_by_default() -> None:
    game = new(4)
    assert len(game.all_cards) == 54 and game.all_cards.count("JK") == 2
    assert game.options["jokers"] == 2


def test_with_54_cards_and_four_players_seat_0_and_1_get_14() -> None:
    deck = full_deck(2)
    game = new(4, deck=deck)
    assert [len(h) for h in game.hands] == [14, 14, 13, 13]
    assert game.hands[0][:2] == [deck[0], deck[4]] and game.hands[1][0] == deck[1]


def test_the_holder_of_the_3_of_diamonds_leads_the_first_deal_and_may_play_anything() -> None:
    deck = full_deck(2)
    hands = [deck[0::4], deck[1::4], deck[2::4], deck[3::4]]
    holder = next(s for s, h in enumerate(hands) if "3D" in h)
    game = new(4, deck=stacked(hands))
    assert game.pending() == [holder] and game.view(None)["turn"] == holder
    assert game.start_events[0]["leader"] == holder  # type: ignore[attr-defined]
    others = [a for a in game.legal_actions(holder) if "3D" not in a["cards"]]
    assert others and {"type": "pass"} not in game.legal_actions(holder)


def test_a_stacked_deck_fixes_the_first_deal_only() -> None:
    deck = full_deck(2)
    a = new(4, {"deals": 2}, seed=1, deck=deck)
    b = new(4, {"deals": 2}, seed=2, deck=deck)
    assert a.hands == b.hands
    with pytest.raises(ValueError, match="deck"):
        new(4, deck=full_deck(1))  # must hold the jokers asked for


def test_the_next_deal_is_dealt_by_the_last_daihinmin_from_its_own_share() -> None:
    game = new(4, {"deals": 2}, seed=3)
    game.titles = ["fugo", "daihinmin", "daifugo", "hinmin"]
    from engine.daifugo.deal import deal

    deal(game, None)
    assert game.dealer == 1
    assert [len(h) for h in game.hands] == [13, 14, 14, 13]


def test_options_have_their_defaults_and_accept_text() -> None:
    game = new(4)
    assert game.options == {
        "jokers": 2,
        "deals": 5,
        "sequences": True,
        "revolution": True,
        "sequence_revolution": True,
        "eight_cut": True,
        "spade3": True,
        "lock": True,
        "eleven_back": False,
        "capital_fall": True,
        "forbidden": list(DEFAULT_FORBIDDEN),
    }
    texts = new(4, {"jokers": "1", "deals": "3", "lock": "off", "eleven_back": "yes"})
    assert texts.options["jokers"] == 1 and texts.options["deals"] == 3
    assert texts.options["lock"] is False and texts.options["eleven_back"] is True
    assert new(4, {"forbidden": "eight, joker"}).options["forbidden"] == ["joker", "eight"]
    assert new(4, {"forbidden": ""}).options["forbidden"] == []
    assert new(4, {"forbidden": []}).options["forbidden"] == []


def test_hands_are_shown_in_the_normal_order() -> None:
    assert sorted_cards(["JK", "2S", "3C", "10H", "AD", "3S"]) == [
        "3S",
        "3C",
        "10H",
        "AD",
        "2S",
        "JK",
    ]
