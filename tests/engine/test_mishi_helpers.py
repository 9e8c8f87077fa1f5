"""Stacked decks and drivers for the Mi Shi tests."""

from collections import Counter

import pytest

import engine
from engine.mishi.cards import full_deck

pytestmark = pytest.mark.unit

FILL_ORDER = {"5": 0, "6": 1, "7": 2, "8": 3, "9": 4, "J": 5, "Q": 6, "A": 7, "K": 8}


def _filler_key(card):
    """Fillers: low, pointless side cards first; trumps-anywhere cards (10s, 2s, jokers) last."""
    if card in ("BJ", "SJ"):
        return (3, card)
    rank = card[:-1]
    if rank in ("10", "2"):
        return (2, card)
    return (0 if rank not in ("5", "K") else 1, FILL_ORDER[rank], card)


def stacked(hands=None, kitty=(), first=0, void=None):
    """A deck that deals ``hands`` (seat -> cards, filled up to 21) and ``kitty`` (filled to 8).

    ``void`` (seat -> suit letters) keeps those natural suits out of a seat's fillers. Fillers
    are dealt lowest first; the kitty is filled last, so leftover 10s, 2s and jokers go to the
    last seats filled and the kitty.
    """
    hands = {s: list(c) for s, c in (hands or {}).items()}
    void = void or {}
    rest = Counter(full_deck())
    for cards in [*hands.values(), kitty]:
        rest.subtract(cards)
    assert all(n >= 0 for n in rest.values()), "a card is asked for too often"
    pool = sorted(rest.elements(), key=_filler_key)
    full = {}
    for seat in sorted(range(4), key=lambda s: (s not in void, s)):
        cards = hands.get(seat, [])
        need = 21 - len(cards)
        fill = [c for c in pool if c in ("BJ", "SJ") or c[-1] not in void.get(seat, "")][:need]
        assert len(fill) == need, f"not enough fillers for seat {seat}"
        for c in fill:
            pool.remove(c)
        full[seat] = cards + fill
    kitty = list(kitty) + pool[: 8 - len(kitty)]
    deck = [None] * 92
    for seat, cards in full.items():
        for j, card in enumerate(cards):
            deck[4 * j + (seat - first) % 4] = card
    deck[84:] = kitty
    assert Counter(deck) == Counter(full_deck())
    return deck


def deal(game, declarer=None, suit=None, count=1, bao=None):
    """Drive the deal and bidding: ``declarer`` declares ``suit`` (with ``count`` tens) as soon
    as it can; ``bao`` = (seat, cards) goes alone when asked; everyone else passes."""
    events = []
    while game.phase in ("deal", "bao"):
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        action = {"type": "pass"}
        if game.phase == "deal" and seat == declarer:
            for n in range(count, 0, -1):
                want = {"type": "declare", "cards": ["10" + suit] * n}
                if want in legal and (n == count or game.declaration is None):
                    action = want
                    break
        if game.phase == "bao" and bao and seat == bao[0]:
            want = {"type": "bao", "cards": list(bao[1])}
            if want in legal:
                action = want
        events += game.apply(seat, action)
    return events


def bury(game, cards=None):
    """Bury ``cards`` (or the declarer's 8 lowest-sorted side cards)."""
    seat = game.declarer
    if cards is None:
        cards = game.order.sorted(game.hands[seat])[-8:]
    return game.apply(seat, {"type": "bury", "cards": list(cards)})


def new(deck, **options):
    return engine.new_game("mishi", 4, options=options or None, seed=1, deck=deck)


def test_stacked_deals_the_asked_hands_in_draw_order():
    deck = stacked({1: ["10D", "AH"], 2: ["BJ"]}, kitty=["KS"])
    g = new(deck)
    assert g.pending() == [1] and g.hands[1] == ["10D"] and len(g.hands[0]) == 1
    assert deck[1] == "10D" and deck[5] == "AH" and deck[2] == "BJ" and deck[84] == "KS"
    assert stacked({1: ["10D"]}, first=1)[0] == "10D"
