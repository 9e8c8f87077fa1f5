"""Following, checked by brute force on small random hands: the whole-play rule agrees with a
plain statement of the obligations, and the pick steps reach exactly the legal plays (every
prefix they allow can be finished, and nothing legal is missed)."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.mishi.cards import ORDERS
from engine.mishi.tricks import Shape, completable, decompose, shape_of

pytestmark = pytest.mark.unit

S = ORDERS["S"]
POOL = ["5H", "6H", "7H", "8H", "9H", "JH", "QH", "KH", "AH"] * 2 + ["5S", "5S", "2C", "AD"]
LEADS = [
    ["AH"],
    ["KH", "KH"],
    ["5H", "5H", "6H", "6H"],
    ["AH", "AH", "KH"],
    ["AH", "AH", "KH", "KH", "9H", "9H"],
]


def plays(hand, n):
    return {tuple(sorted(c)) for c in combinations(sorted(hand), n)}


def pairs_in(cards):
    return sum(n // 2 for n in Counter(cards).values())


def has_tractor(cards):
    return any(u.pairs >= 2 for u in decompose(cards, S))


def reference(play, hand, lead, lead_suit="H"):
    """The obligations for single, pair and tractor-of-two leads, stated directly."""
    n = len(lead)
    suit = [c for c in hand if S.suit(c) == lead_suit]
    mine = [c for c in play if S.suit(c) == lead_suit]
    if len(mine) != min(n, len(suit)):
        return False
    if len(suit) <= n:
        return True
    if n == 2:
        return pairs_in(mine) == 1 or pairs_in(suit) == 0
    if n == 4:
        if has_tractor(suit):
            return has_tractor(mine)
        return pairs_in(mine) >= min(2, pairs_in(suit))
    return True


def reachable(hand, lead_suit, shape):
    """Every play the pick steps can produce, picking the cards in any order.

    ``completable`` looks at the pick as a multiset (it counts cards), so a pick reached in one
    order is the same pick in every order: each is walked once (``seen``), not once per order.
    """
    out = set()
    seen = set()

    def walk(chosen):
        key = tuple(sorted(chosen))
        if key in seen:
            return
        seen.add(key)
        if len(chosen) == shape.size:
            out.add(key)
            return
        rest = Counter(hand) - Counter(chosen)
        for card in rest:
            if completable([*chosen, card], hand, lead_suit, shape, S):
                walk([*chosen, card])

    walk([])
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(range(len(POOL))), min_size=6, max_size=9, unique=True),
    st.sampled_from(LEADS),
)
def test_whole_rule_and_steps_agree(indices, lead):
    hand = [POOL[i] for i in indices]
    shape: Shape = shape_of(decompose(lead, S))
    legal = {p for p in plays(hand, len(lead)) if completable(list(p), hand, "H", shape, S)}
    assert legal, "there is always a legal follow"
    if len(lead) in (1, 2, 4):
        expected = {p for p in plays(hand, len(lead)) if reference(p, hand, lead)}
        assert legal == expected
    assert reachable(hand, "H", shape) == legal


TRUMP_POOL = ["2H", "2D", "2S", "AS", "KS", "10H", "10D", "10S", "SJ", "BJ"] * 2 + ["5H", "AD"]
TRUMP_LEADS = [
    ["5S"],
    ["6S", "6S"],
    ["7S", "7S", "8S", "8S"],
    ["QS", "QS", "JS"],
    ["5S", "5S", "6S", "6S", "7S", "7S"],
    ["9S", "9S", "JS", "JS", "5S", "5S"],
]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(range(len(TRUMP_POOL))), min_size=6, max_size=10, unique=True),
    st.sampled_from(TRUMP_LEADS),
)
def test_trump_follows_steps_reach_exactly_the_legal_plays(indices, lead):
    hand = [TRUMP_POOL[i] for i in indices]
    shape = shape_of(decompose(lead, S))
    legal = {p for p in plays(hand, len(lead)) if completable(list(p), hand, "T", shape, S)}
    assert legal
    if len(lead) in (1, 2, 4):
        expected = {p for p in plays(hand, len(lead)) if reference(p, hand, lead, "T")}
        assert legal == expected
    assert reachable(hand, "T", shape) == legal
