"""Random SwaPo playouts in every variant mix and table size, on the contract's driver
(contract.py), which checks at every step that the game ends, every pending seat has legal
actions and each of them applies, near misses are refused and change nothing, and no view holds
a card its seat never held or saw made public. SwaPo's own invariants plug in as hooks:

- cards are conserved (pile + discards + hands + stabbed = the game's cards);
- no SwaPo near miss is accepted: not the generic ones, nor a listed action with a value
  replaced by text;
- no view holds a card its seat may not know, by SwaPo's truth (stricter than the contract's):
  a seat knows its hand only once it may look at it (not a Dagger row in the swap phase, whose
  unknown places show "?"), and only what the dealer draw, the past rounds and a reveal made
  public; checked for every seat and a spectator;
- the winners are the seats with the top score.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter

import contract
import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.swapo.options import VARIANTS

pytestmark = pytest.mark.unit

COMBINATIONS = [list(c) for k in range(4) for c in itertools.combinations(VARIANTS, k)]


def codes_in(value) -> set[str]:
    """Every card code anywhere inside a view."""
    return set(contract.cards_in(value))


class Knowledge:
    """What each seat may know, from the game's true state, updated after every step."""

    def __init__(self, g) -> None:
        self.seen: list[set[str]] = [set() for _ in range(g.seats)]
        self.public: set[str] = {c for d in g.dealer_draw["draws"] for c in d}
        self.rounds: list[bytes] = []  # each round record's hands and stabbed, as last walked

    def update(self, g) -> None:
        for i, record in enumerate(g.rounds):
            # A record's cards are walked again only when it pickles otherwise than when it
            # was last walked (a record is written once: each is walked once).
            both = pickle.dumps((record["hands"], record["stabbed"]), pickle.HIGHEST_PROTOCOL)
            if i < len(self.rounds) and self.rounds[i] == both:
                continue
            self.public |= codes_in(record["hands"]) | codes_in(record["stabbed"])
            self.rounds[i:] = [both]
        if g.is_revealed and not g.over:
            self.public |= {c for h in g.hands for c in h} | {c for h in g.stabbed for c in h}
        looking = not (g.dagger and g.phase == "swap")
        for s in g.players:
            if looking:
                self.seen[s] |= set(g.hands[s])

    def check(self, g) -> None:
        seen = contract.views(g)  # the driver's views of this state, each built and walked once
        for seat in [*range(g.seats), None]:
            view = seen.view(seat)
            allowed = self.public | (self.seen[seat] if seat is not None else set())
            if codes_in(view.get("result")):  # the result's cards are not the view's
                shown = codes_in({k: v for k, v in view.items() if k != "result"})
            else:
                shown = seen.codes(seat)
            leaked = shown - allowed
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {g.phase}"
            if g.dagger and g.phase == "swap" and seat in g.players and g.laid[seat]:
                hand = view["hand"]
                assert all(hand[p] == "?" for p, c in enumerate(g.known[seat]) if c is None)
        msgpack.packb(seen.view(None))


class Secrets:
    """A check hook: brings the seats' knowledge up to the game's state (the driver calls its
    checks once on every state: before each step and at the end) and checks the views of
    every ``every``-th state."""

    def __init__(self, every: int = 1) -> None:
        self.every = every
        self.states = 0
        self.know: Knowledge | None = None

    def __call__(self, g) -> None:
        if self.know is None:
            self.know = Knowledge(g)
        self.know.update(g)
        if self.states % self.every == 0:
            self.know.check(g)
        self.states += 1


def conserved(g) -> None:
    cards = list(g.pile) + list(g.discards)
    cards += [c for h in g.hands for c in h] + [c for h in g.stabbed for c in h]
    assert Counter(cards) == Counter(g.all_cards), "cards are not conserved"


def top_scores_win(g) -> None:
    if g.over:
        result = g.result()
        top = max(result["scores"])
        assert all(result["scores"][w] == top for w in result["winners"])


def mistyped_as_text(g, seat: int, rng: random.Random) -> list[tuple[int, object]]:
    """A listed action of the seat's with one of its values (not an int) replaced by text."""
    action = rng.choice(contract.views(g).legal(seat))  # (the driver's list)
    return [
        (seat, {**action, key: "x"})
        for key, value in action.items()
        if key != "type" and not isinstance(value, int)
    ]


def never_accepted(g, seat: int, action: object) -> None:
    raise AssertionError(f"seat {seat}'s unlisted action {action!r} was accepted")


def playout(variant, seats, seed, decks=1, options=None, check_every=1) -> None:
    contract.playout(
        "swapo",
        seats,
        seed,
        {"variant": variant, "decks": decks, **(options or {})},
        checks=[conserved, Secrets(check_every), top_scores_win],
        candidates=mistyped_as_text,
        accepted=never_accepted,
        apply_sample=40,
    )


@pytest.mark.parametrize("variant", COMBINATIONS, ids=lambda v: "+".join(v) or "normal")
def test_every_variant_mix_plays_to_the_end(variant):
    for seats, seed in ((2, 1), (4, 2), (10, 3)):
        playout(variant, seats, seed)


@settings(
    max_examples=75,  # 100 with the old loop: the contract checks every view too (same time)
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
