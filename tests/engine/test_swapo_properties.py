"""Random SwaPo playouts in every variant mix and table size, checked at every step.

- every game ends; every pending seat has legal actions and every one of them applies (all of
  them, or 40 drawn at random, are tried on copies of the game at some steps);
- cards are conserved (pile + discards + hands + stabbed = the game's cards);
- an illegal action raises IllegalAction and changes nothing;
- no view holds a card its seat may not know: the test tracks the truth (which cards each seat
  has held, and when it could look at them; what was revealed) and checks every view of every
  seat and of a spectator after every step.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_swapo_support import snapshot

import engine
from engine.base import IllegalAction
from engine.cards import is_card
from engine.swapo.options import VARIANTS

COMBINATIONS = [list(c) for k in range(4) for c in itertools.combinations(VARIANTS, k)]


def codes_in(value) -> set[str]:
    """Every card code anywhere inside a view."""
    if isinstance(value, str):
        return {value} if is_card(value) else set()
    if isinstance(value, dict):
        return set().union(*(codes_in(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(codes_in(v) for v in value)) if value else set()
    return set()


class Knowledge:
    """What each seat may know, from the game's true state, updated after every step."""

    def __init__(self, g) -> None:
        self.seen: list[set[str]] = [set() for _ in range(g.seats)]
        self.public: set[str] = {c for d in g.dealer_draw["draws"] for c in d}

    def update(self, g) -> None:
        for record in g.rounds:
            self.public |= codes_in(record["hands"]) | codes_in(record["stabbed"])
        if g.is_revealed and not g.over:
            self.public |= {c for h in g.hands for c in h} | {c for h in g.stabbed for c in h}
        looking = not (g.dagger and g.phase == "swap")
        for s in g.players:
            if looking:
                self.seen[s] |= set(g.hands[s])

    def check(self, g) -> None:
        for seat in [*range(g.seats), None]:
            view = g.view(seat)
            allowed = self.public | (self.seen[seat] if seat is not None else set())
            leaked = codes_in({k: v for k, v in view.items() if k != "result"}) - allowed
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {g.phase}"
            if g.dagger and g.phase == "swap" and seat in g.players and g.laid[seat]:
                hand = view["hand"]
                assert all(hand[p] == "?" for p, c in enumerate(g.known[seat]) if c is None)
        msgpack.packb(g.view(None))


def conserved(g) -> bool:
    cards = list(g.pile) + list(g.discards)
    cards += [c for h in g.hands for c in h] + [c for h in g.stabbed for c in h]
    return Counter(cards) == Counter(g.all_cards)


def illegal_variants(g, seat: int, action: dict) -> list[tuple[int, object]]:
    """Actions that must be refused: extra key, missing key, wrong types, wrong seat."""
    out: list[tuple[int, object]] = [(seat, {**action, "bogus": 1})]
    for key, value in action.items():
        if key == "type":
            continue
        out.append((seat, {k: v for k, v in action.items() if k != key}))
        out.append((seat, {**action, key: True if isinstance(value, int) else "x"}))
    others = [s for s in range(g.seats) if s not in g.pending()]
    if others:
        out.append((others[0], action))
    out.append((seat, {"type": "nonsense"}))
    return out


def playout(variant, seats, seed, decks=1, options=None, check_every=1) -> object:
    rng = random.Random(seed)
    opts = {"variant": variant, "decks": decks, **(options or {})}
    g = engine.new_game("swapo", seats, opts, seed=seed)
    know = Knowledge(g)
    know.update(g)
    know.check(g)
    steps = 0
    while not g.over:
        steps += 1
        assert steps < 20_000, "the game does not end"
        pending = g.pending()
        assert pending
        seat = rng.choice(pending)
        legal = g.legal_actions(seat)
        assert legal, f"seat {seat} pending with no legal action in {g.phase}"
        action = rng.choice(legal)
        if rng.random() < 0.05:
            for each in legal if len(legal) <= 40 else rng.sample(legal, 40):
                copy.deepcopy(g).apply(seat, each)
        if rng.random() < 0.15:
            before = snapshot(g)
            for who, bad in illegal_variants(g, seat, action):
                with pytest.raises(IllegalAction):
                    g.apply(who, bad)
            assert snapshot(g) == before
        events = g.apply(seat, action)
        msgpack.packb(events)
        assert conserved(g)
        know.update(g)
        if steps % check_every == 0:
            know.check(g)
    result = g.result()
    assert result["winners"] and len(result["scores"]) == seats
    top = max(result["scores"])
    assert all(result["scores"][w] == top for w in result["winners"])
    return g


@pytest.mark.parametrize("variant", COMBINATIONS, ids=lambda v: "+".join(v) or "normal")
def test_every_variant_mix_plays_to_the_end(variant):
    for seats, seed in ((2, 1), (4, 2), (10, 3)):
        playout(variant, seats, seed)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    variant=st.sampled_from(COMBINATIONS),
    seats=st.integers(2, 10),
    seed=st.integers(0, 2**32 - 1),
    decks=st.sampled_from([1, 1, 2]),
    deal=st.sampled_from(["one_at_a_time", "five_at_once"]),
    dealer=st.sampled_from(["joker_draw", "high_card"]),
    rotation=st.sampled_from(["rotate", "fixed"]),
    rounds=st.sampled_from([None, None, 1, 3]),
)
def test_random_playouts_hold_the_invariants(
    variant, seats, seed, decks, deal, dealer, rotation, rounds
):
    options = {
        "deal_method": deal,
        "dealer_method": dealer,
        "dealer_rotation": rotation,
        "rounds": rounds,
    }
    playout(variant, seats, seed, decks, options, check_every=1 if seats <= 5 else 3)
