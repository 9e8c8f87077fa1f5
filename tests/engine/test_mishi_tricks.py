"""Mi Shi trick logic on its own: card order, units and tractor links, throws, following,
beating. Trump is spades unless said."""

import pytest

from engine.mishi.cards import ORDERS, bid_rank, card_points, full_deck
from engine.mishi.tricks import (
    Shape,
    beat_key,
    completable,
    decompose,
    failed_throw,
    requirement,
    shape_of,
)

pytestmark = pytest.mark.unit

S = ORDERS["S"]


def kinds(cards, order=S):
    """The decomposition as (pairs, high card code) for short asserts."""
    return [(u.pairs, u.cards[-1] if u.pairs else u.cards[0]) for u in decompose(cards, order)]


def is_tractor(cards, order=S):
    units = decompose(cards, order)
    return len(units) == 1 and units[0].pairs == len(cards) // 2 >= 2


# Cards and order ------------------------------------------------------------------------------


def test_deck_has_92_cards_and_200_points():
    deck = full_deck()
    assert len(deck) == 92
    assert not any(c[:-1] in ("3", "4") for c in deck if c not in ("BJ", "SJ"))
    assert deck.count("BJ") == 2 and deck.count("SJ") == 2
    assert card_points(deck) == 200


def test_trump_order_high_to_low():
    chain = ["BJ", "SJ", "10S", "10H", "2S", "2H", "AS", "KS", "QS", "JS", "9S", "8S", "7S"]
    chain += ["6S", "5S"]
    levels = [S.level(c) for c in chain]
    assert levels == sorted(levels, reverse=True)
    assert len(set(levels)) == len(levels)
    assert all(S.suit(c) == "T" for c in chain)
    assert S.level("10H") == S.level("10D") == S.level("10C")
    assert S.level("2H") == S.level("2D") == S.level("2C")
    assert sum(1 for c in full_deck() if S.suit(c) == "T") == 38


def test_side_suit_order_and_trumps_leave_it():
    side = ["AH", "KH", "QH", "JH", "9H", "8H", "7H", "6H", "5H"]
    assert [S.level(c) for c in side] == list(range(8, -1, -1))
    assert S.suit("10H") == S.suit("2H") == "T"
    assert sum(1 for c in full_deck() if S.suit(c) == "H") == 18


def test_declaration_order():
    order = [("S", 2), ("H", 2), ("C", 2), ("D", 2), ("S", 1), ("H", 1), ("C", 1), ("D", 1)]
    ranks = [bid_rank(s, n) for s, n in order]
    assert ranks == sorted(ranks, reverse=True)


# Units and tractor links -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [
        ["9H", "9H", "JH", "JH"],  # 9–J adjacent (10 is a trump)
        ["KH", "KH", "AH", "AH"],  # K–A
        ["5H", "5H", "6H", "6H"],
        ["AS", "AS", "2H", "2H"],  # trump A – off-suit 2 pair
        ["2D", "2D", "2S", "2S"],  # off-suit 2 pair – trump 2 pair
        ["2S", "2S", "10C", "10C"],  # trump 2 pair – off-suit 10 pair
        ["10C", "10C", "10S", "10S"],  # off-suit 10 pair – trump 10 pair
        ["10S", "10S", "SJ", "SJ"],  # trump 10 pair – SJ pair
        ["SJ", "SJ", "BJ", "BJ"],
        ["KS", "KS", "AS", "AS"],
    ],
)
def test_tractor_links(cards):
    assert is_tractor(cards)


def test_the_whole_trump_chain_is_one_tractor():
    cards = ["AS", "AS", "2H", "2H", "2S", "2S", "10D", "10D", "10S", "10S", "SJ", "SJ", "BJ", "BJ"]
    assert is_tractor(cards)


@pytest.mark.parametrize(
    "cards",
    [
        ["2H", "2H", "2D", "2D"],  # two different off-suit 2 pairs: same level, no link
        ["10H", "10H", "10D", "10D"],  # likewise for off-suit 10s
        ["9H", "9H", "10H", "10H"],  # the 10 is a trump, not in the heart chain
        ["AH", "AH", "2H", "2H"],  # a side A does not link to a 2
        ["5H", "5H", "AH", "AH"],  # 5 is the bottom: nothing wraps
        ["QS", "QS", "AS", "AS"],  # a gap (K missing)
        ["AS", "AS", "2S", "2S"],  # trump A links to an off-suit 2 pair only
        ["2H", "2H", "10H", "10H"],  # off-suit 2 to off-suit 10 skips the trump 2
        ["KH", "KH", "AD", "AD"],  # different suits
    ],
)
def test_not_tractors(cards):
    assert not is_tractor(cards)


def test_two_off_suit_tens_of_different_suits_are_not_a_pair():
    assert kinds(["10H", "10D"]) == [(0, "10H"), (0, "10D")] or kinds(["10H", "10D"]) == [
        (0, "10D"),
        (0, "10H"),
    ]
    assert kinds(["2C", "2D"])[0][0] == 0
    assert kinds(["10H", "10H"]) == [(1, "10H")]
    assert kinds(["BJ", "BJ"]) == [(1, "BJ")]


def test_throw_split_longest_tractor_first():
    units = decompose(["AH", "AH", "KH", "KH", "QH", "QH", "9H", "9H", "7H", "7H", "5H"], S)
    assert [u.pairs for u in units] == [3, 1, 1, 0]
    assert shape_of(units) == Shape((3,), 2, 1)


# Throws ---------------------------------------------------------------------------------------


def test_throw_stands_when_nobody_can_beat_a_unit():
    units = decompose(["AH", "AH", "KH"], S)
    assert failed_throw(units, [["KH", "QH", "QH"], ["5H"], []], S) is None


def test_throw_fails_on_the_lowest_beatable_unit_singles_first():
    units = decompose(["QH", "QH", "KH", "9H"], S)  # pair Q, singles K and 9
    forced = failed_throw(units, [["AH", "AH"], [], []], S)
    assert forced.cards == ("9H",)  # both singles beatable by A: the lower goes
    units = decompose(["QH", "QH", "AH"], S)
    forced = failed_throw(units, [["KH", "KH"], [], []], S)
    assert forced.cards == ("QH", "QH")  # only the pair is beaten


def test_throw_tractor_beaten_only_by_a_higher_tractor_of_its_length():
    units = decompose(["9H", "9H", "JH", "JH", "AH"], S)
    assert failed_throw(units, [["QH", "QH", "KH", "KH"]], S).cards == ("9H", "9H", "JH", "JH")
    assert failed_throw(units, [["QH", "QH", "AH", "AH"]], S) is None  # no tractor among them


def test_a_single_unit_is_never_a_throw():
    assert failed_throw(decompose(["5H"], S), [["AH"]], S) is None


# Following ------------------------------------------------------------------------------------


def follow_ok(play, hand, lead_cards, order=S):
    units = decompose(lead_cards, order)
    return completable(play, hand, order.suit(lead_cards[0]), shape_of(units), order)


def test_must_follow_suit_with_as_many_as_held():
    hand = ["7H", "5D", "6D"]
    assert not follow_ok(["5D", "6D"], hand, ["AH", "KH"])
    assert follow_ok(["7H", "5D"], hand, ["AH", "KH"])
    assert follow_ok(["7H"], hand, ["AH"])
    assert not follow_ok(["5D"], hand, ["AH"])


def test_trumps_count_as_one_suit_when_following():
    hand = ["2H", "5D", "6D"]  # 2H is a trump
    assert follow_ok(["2H"], hand, ["AS"])
    assert not follow_ok(["5D"], hand, ["AS"])


def test_must_play_a_pair_on_a_pair_lead():
    hand = ["7H", "7H", "8H", "AH"]
    assert not follow_ok(["8H", "AH"], hand, ["5H", "5H"])
    assert follow_ok(["7H", "7H"], hand, ["5H", "5H"])
    assert follow_ok(["8H", "AH"], ["7H", "8H", "AH"], ["5H", "5H"])  # no pair held


def test_tractor_lead_needs_a_tractor_else_pairs_else_singles():
    lead = ["5H", "5H", "6H", "6H"]
    hand = ["9H", "9H", "JH", "JH", "AH", "AH", "KH"]
    assert follow_ok(["9H", "9H", "JH", "JH"], hand, lead)
    assert not follow_ok(["9H", "9H", "AH", "AH"], hand, lead)  # has a tractor: must play it
    pairs_only = ["7H", "7H", "QH", "QH", "AH", "KH"]
    assert follow_ok(["7H", "7H", "QH", "QH"], pairs_only, lead)
    assert not follow_ok(["7H", "7H", "AH", "KH"], pairs_only, lead)
    one_pair = ["7H", "7H", "QH", "AH", "KH"]
    assert follow_ok(["7H", "7H", "AH", "KH"], one_pair, lead)
    assert not follow_ok(["QH", "AH", "KH", "7H"], one_pair, lead)


def test_throw_followed_unit_by_unit():
    lead = ["AH", "AH", "KH", "KH", "QH", "QH", "9H"]  # tractor of 3 + single: 7 cards
    hand = ["8H", "8H", "7H", "7H", "6H", "6H", "5H", "JH", "9H"]
    assert follow_ok(["8H", "8H", "7H", "7H", "6H", "6H", "JH"], hand, lead)
    assert not follow_ok(["8H", "8H", "7H", "7H", "5H", "JH", "9H"], hand, lead)
    lead2 = ["AH", "AH", "KH", "KH", "9H", "9H"]  # tractor of 2 + a pair
    hand2 = ["7H", "7H", "6H", "6H", "5H", "5H", "QH"]
    assert requirement(hand2, shape_of(decompose(lead2, S)), S) == ((2,), 1)
    assert follow_ok(["7H", "7H", "6H", "6H", "5H", "5H"], hand2, lead2)
    assert not follow_ok(["7H", "7H", "6H", "6H", "5H", "QH"], hand2, lead2)


def test_short_of_the_suit_fills_with_anything():
    hand = ["7H", "5D", "6C", "2S"]
    assert follow_ok(["7H", "6C"], hand, ["5H", "5H"])
    assert follow_ok(["7H", "2S"], hand, ["5H", "5H"])
    assert not follow_ok(["6C", "2S"], hand, ["5H", "5H"])


def test_every_prefix_of_a_legal_follow_is_completable():
    lead = ["5H", "5H", "6H", "6H"]
    hand = ["9H", "9H", "JH", "JH", "AH", "AH", "KH"]
    assert completable(["JH"], hand, "H", shape_of(decompose(lead, S)), S)
    assert not completable(["KH"], hand, "H", shape_of(decompose(lead, S)), S)
    assert not completable(["AH"], hand, "H", shape_of(decompose(lead, S)), S)


# Beating --------------------------------------------------------------------------------------


def key(play, lead_cards, order=S):
    units = decompose(lead_cards, order)
    return beat_key(play, order.suit(lead_cards[0]), shape_of(units), order)


def test_higher_single_in_suit_beats_and_off_suit_does_not():
    assert key(["AH"], ["KH"]) > key(["KH"], ["KH"])
    assert key(["AD"], ["KH"]) is None


def test_trump_pair_beats_a_side_pair_but_two_trump_singles_do_not():
    lead = ["AH", "AH"]
    assert key(["5S", "5S"], lead) > key(lead, lead)
    assert key(["5S", "6S"], lead) is None
    assert key(["BJ", "SJ"], lead) is None


def test_equal_plays_tie_and_the_earlier_one_stands():
    lead = ["2H"]  # off-suit 2 led as a trump single
    assert key(["2D"], lead) == key(["2H"], lead)  # equal, so not higher
    assert key(["10D"], ["10H"]) == key(["10H"], ["10H"])


def test_tractor_needs_tractor_to_beat():
    lead = ["5H", "5H", "6H", "6H"]
    assert key(["7H", "7H", "8H", "8H"], lead) > key(lead, lead)
    assert key(["7H", "7H", "9H", "9H"], lead) is None
    assert key(["5S", "5S", "6S", "6S"], lead)[0] == 1


def test_throw_beaten_only_by_matching_every_unit():
    lead = ["AH", "AH", "KH"]
    assert key(["5S", "5S", "6S"], lead)[0] == 1
    assert key(["5S", "6S", "7S"], lead) is None
    assert key(["5S", "5S", "BJ"], lead) < key(["6S", "6S", "5S"], lead)  # by the pair
