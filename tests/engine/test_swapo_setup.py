"""SwaPo setup: options, choosing the first dealer, dealing (stacked decks, both methods)."""

from __future__ import annotations

import random

import pytest
from test_swapo_support import deal_order, full_deck, new_game, singles, stack, swap_cycle

import engine
from engine.swapo.dealing import high_card_draw, high_card_order, joker_draw
from engine.swapo.options import variant_list

pytestmark = pytest.mark.unit

# Options -------------------------------------------------------------------------------------


def test_defaults_are_filled_in():
    g = engine.new_game("swapo", 4, seed=1)
    assert g.options == {
        "variant": [],
        "decks": 1,
        "dealer_method": "joker_draw",
        "first_dealer": None,
        "dealer_rotation": "rotate",
        "deal_method": "one_at_a_time",
        "rounds": None,
        "tiebreak": "first_point_earliest",
        "memory_only": True,
        "adult_talk": True,
    }


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("ace,dagger", ["dagger", "ace"]),
        (" Asterisk , ace ", ["asterisk", "ace"]),
        ("", []),
        ([], []),
        (["ace", "dagger", "asterisk"], ["dagger", "asterisk", "ace"]),
        ("normal", []),
    ],
)
def test_variant_forms(given, expected):
    assert variant_list(given) == expected
    assert engine.new_game("swapo", 3, {"variant": given}, seed=1).options["variant"] == expected


@pytest.mark.parametrize(
    ("options", "fault"),
    [
        ({"variant": "ace,sword"}, "variant"),
        ({"variant": 3}, "variant"),
        ({"decks": 5}, "decks"),
        ({"decks": 0}, "decks"),
        ({"dealer_method": "coin"}, "dealer_method"),
        ({"first_dealer": 4}, "first_dealer"),
        ({"dealer_rotation": "left"}, "dealer_rotation"),
        ({"deal_method": "all"}, "deal_method"),
        ({"rounds": 0}, "rounds"),
        ({"tiebreak": "coin"}, "tiebreak"),
        ({"memory_only": "maybe"}, "memory_only"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_name_the_option(options, fault):
    with pytest.raises(ValueError, match=fault):
        engine.new_game("swapo", 4, options, seed=1)


def test_command_line_option_forms():
    g = engine.new_game(
        "swapo", 4, {"rounds": "3", "memory_only": "off", "first_dealer": "2"}, seed=1
    )
    assert g.options["rounds"] == 3 and g.options["memory_only"] is False
    assert g.dealer == 2


@pytest.mark.parametrize("seats", [1, 11, True, "4"])
def test_two_to_ten_players(seats):
    with pytest.raises(ValueError, match="seats"):
        engine.new_game("swapo", seats, seed=1)


def test_deck_is_53_cards_per_deck_and_stacking_is_checked():
    for decks in (1, 2, 3, 4):
        g = engine.new_game("swapo", 2, {"decks": decks}, seed=1)
        held = sum(len(h) for h in g.hands)
        assert held + len(g.pile) == 53 * decks
    with pytest.raises(ValueError, match="deck"):
        engine.new_game("swapo", 4, seed=1, deck=full_deck()[:-1])
    with pytest.raises(ValueError, match="deck"):
        engine.new_game("swapo", 4, {"decks": 2}, seed=1, deck=full_deck())


def test_same_seed_same_game():
    def run(seed):
        g = engine.new_game("swapo", 5, {"variant": "ace,asterisk"}, seed=seed)
        rng = random.Random(3)
        while not g.over:
            seat = g.pending()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        return g.result()

    assert run(11) == run(11)


# Choosing the dealer -------------------------------------------------------------------------


def test_joker_draw_gives_the_deal_to_the_joker():
    for seed in range(20):
        g = engine.new_game("swapo", 6, seed=seed)
        draw = g.view(None)["dealer_draw"]
        assert draw["method"] == "joker_draw"
        (cards,) = draw["draws"]
        assert len(cards) == 6 and cards.count("JK") == 1
        assert g.dealer == cards.index("JK") == draw["dealer"]


def test_joker_draw_has_one_joker_with_several_decks():
    draw = joker_draw(10, full_deck(4), random.Random(5))
    assert draw["draws"][0].count("JK") == 1


def test_high_card_order():
    order = sorted(["2C", "AS", "KH", "JK", "AH", "10D", "AC"], key=high_card_order, reverse=True)
    assert order == ["JK", "AS", "AH", "AC", "KH", "10D", "2C"]


def test_high_card_deals_to_the_highest():
    for seed in range(20):
        g = engine.new_game("swapo", 5, {"dealer_method": "high_card"}, seed=seed)
        draw = g.view(None)["dealer_draw"]
        last = draw["draws"][-1]
        best = max(last, key=high_card_order)
        assert draw["seats"][-1][last.index(best)] == g.dealer


class ScriptedRng(random.Random):
    """``sample`` returns the scripted draws in turn (to force a tie on identical cards)."""

    def __init__(self, draws):
        super().__init__(0)
        self.draws = list(draws)

    def sample(self, population, k):
        return self.draws.pop(0)


def test_high_card_ties_draw_again_among_the_tied_only():
    rng = ScriptedRng([["AS", "3H", "AS", "2C"], ["4D", "9C"]])
    draw = high_card_draw(4, full_deck(2), rng)
    assert draw["seats"] == [[0, 1, 2, 3], [0, 2]]
    assert draw["dealer"] == 2


def test_first_dealer_skips_the_draw():
    g = engine.new_game("swapo", 4, {"first_dealer": 3}, seed=1)
    assert g.dealer == 3
    assert g.view(None)["dealer_draw"] == {
        "method": "first_dealer",
        "draws": [],
        "seats": [],
        "dealer": 3,
    }


# Dealing ------------------------------------------------------------------------------------


def test_one_at_a_time_deals_from_the_dealer_clockwise():
    deck = stack([])
    g = engine.new_game("swapo", 3, {"first_dealer": 1}, seed=1, deck=deck)
    assert g.hands[1] == deck[0:15:3]
    assert g.hands[2] == deck[1:15:3]
    assert g.hands[0] == deck[2:15:3]
    assert len(g.pile) == 53 - 15


def test_five_at_once_gives_blocks_of_five():
    deck = stack([])
    g = engine.new_game(
        "swapo", 3, {"first_dealer": 2, "deal_method": "five_at_once"}, seed=1, deck=deck
    )
    assert g.hands[2] == deck[0:5]
    assert g.hands[0] == deck[5:10]
    assert g.hands[1] == deck[10:15]


def test_stacked_deck_helper_round_trip():
    hands = [singles(s) for s in range(4)]
    for five in (False, True):
        g = new_game([hands], dealer=2, deal_method="five_at_once" if five else "one_at_a_time")
        assert g.hands == hands
    assert deal_order(hands, 2, True)[:5] == hands[2]
    assert deal_order(hands, 2, False)[:5] == [
        hands[2][0],
        hands[3][0],
        hands[0][0],
        hands[1][0],
        hands[2][1],
    ]


def test_a_stacked_deck_fixes_the_first_deal_only():
    deck = stack([])
    games = [
        engine.new_game("swapo", 4, {"rounds": 2, "first_dealer": 0}, seed=s, deck=deck)
        for s in (1, 1, 2)
    ]
    assert games[0].hands == games[2].hands  # the stacked deck deals round 1
    for g in games:
        swap_cycle(g)
    assert games[0].hands == games[1].hands  # the reshuffle follows the seed …
    assert games[0].hands != games[2].hands  # … so another seed deals round 2 differently
