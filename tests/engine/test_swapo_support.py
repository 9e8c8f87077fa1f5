"""Helpers for the SwaPo tests: stacked decks that deal chosen hands, snapshots, shortcuts.

No tests live here; the test_swapo_* modules import it.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

import engine
from engine.cards import standard_deck

pytestmark = pytest.mark.unit


def full_deck(decks: int = 1) -> list[str]:
    return standard_deck(decks, jokers=("JK",))


def deal_order(hands: list[list[str]], dealer: int, five: bool = False) -> list[str]:
    """The top of a pile that deals ``hands`` (5 cards each, by seat) starting at ``dealer``."""
    n = len(hands)
    players = [(dealer + i) % n for i in range(n)]
    if five:
        return [c for p in players for c in hands[p]]
    return [hands[players[i % n]][i // n] for i in range(5 * n)]


def stack(top: list[str], decks: int = 1) -> list[str]:
    """``top`` first, then every other card of the game in a fixed order."""
    left = Counter(full_deck(decks)) - Counter(top)
    assert sum(Counter(top).values()) == len(top) and not Counter(top) - Counter(full_deck(decks))
    rest = []
    for card in full_deck(decks):
        if left[card]:
            rest.append(card)
            left[card] -= 1
    return list(top) + rest


def new_game(
    rounds_of_hands: list[list[list[str]]],
    variant: list[str] | tuple = (),
    dealer: int = 0,
    **options,
):
    """A game whose first rounds deal exactly ``rounds_of_hands`` (dealer rotating)."""
    decks = options.get("decks", 1)
    five = options.get("deal_method") == "five_at_once"
    n = len(rounds_of_hands[0])
    fixed = options.get("dealer_rotation") == "fixed"
    top: list[str] = []
    for r, hands in enumerate(rounds_of_hands):
        top += deal_order(hands, dealer if fixed else (dealer + r) % n, five)
    opts = {"variant": list(variant), "first_dealer": dealer, **options}
    return engine.new_game("swapo", n, opts, seed=1, deck=stack(top, decks))


def snapshot(game) -> tuple:
    """Everything the game holds, to prove an illegal action changed nothing."""
    state = {k: v for k, v in vars(game).items() if k != "rng"}
    return copy.deepcopy(state), game.rng.getstate()


def singles(seat: int) -> list[str]:
    """Five cards of different ranks, different for each seat 0–3 (no joker, no Ace)."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    suit = "SHDC"[seat % 4]
    return [ranks[(seat * 3 + i) % 12] + suit for i in range(5)]


def declare_step(g, seat: int, ranks: dict | None = None) -> dict:
    """``seat``'s next sealed declare step: a rank from ``ranks[seat]`` (K when none is given)
    while it holds an undeclared joker, else ``pass``."""
    if not g.view(seat)["to_declare"]:
        return {"type": "pass"}
    wanted = (ranks or {}).get(seat)
    return {"type": "declare", "rank": wanted.pop(0) if wanted else "K"}


def seal_declarations(g, ranks: dict | None = None) -> list[dict]:
    """Every seat takes its sealed declare steps (see ``declare_step``); the events (the reveal
    and what follows it)."""
    events: list[dict] = []
    while g.phase == "declare":
        seat = g.pending()[0]
        events += g.apply(seat, declare_step(g, seat, ranks))
    return events


def swap_cycle(g) -> None:
    """Every swap right of the current round passes."""
    current = g.round_no
    while g.phase == "swap" and g.round_no == current and not g.over:
        g.apply(g.pending()[0], {"type": "pass"})
