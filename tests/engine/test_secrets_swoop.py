"""The leak audit for Swoop: what the table receives never tells whether a seat holds a rank.

The private fact: whether the seat X that turns up a mystery card of rank r holds a card of
rank r in its hand (the add step after a flip, and a chain step after a swoop, used to exist
only then, and every view named the step).

The pair: one seeded shuffle, with X's 11th hand card and a card of the unused stock arranged
so that game A has a card of rank r (the rank of X's mystery card in slot 0) in X's hand and
game B has instead a card of another rank q in that place; that r card lies in B's unused
stock where A has the q card. X holds no other r card (hand or face up) and the first player is
fixed, so the two games differ in that one private fact and in nothing that any view other
than X's shows (the unused stock is only a count).

The policy, the same in both games: in the add step the empty add, in the chain step `stop`;
otherwise a choice, by a random generator seeded from (seed, step), among the legal actions
with X's actions of ranks r and q left out (so X never shows the r or q card by playing it;
the two lists are then equal whenever the public situation is) — flips preferred, so that X
gets to its slot-0 mystery card. Every step compares the events and every view except X's
(seats and spectator). The comparison stops at the end of the hand (the penalties and the next
deal make the fact public by the rules) or when X has nothing to play but r or q cards.
"""

import random

import pytest

import engine
from engine.cards import rank

pytestmark = pytest.mark.unit

SEEDS = range(120)
MAX_STEPS = 400
SWAPPED = 18  #: X's last hand card (of its 19-card block) is the one that differs


def pair(seed: int) -> tuple[list[str], list[str], int, int, str, str] | None:
    """Two decks differing in X's card of rank r vs q (see the module doc), or None."""
    rng = random.Random(seed)
    seats = rng.choice((3, 4, 5))
    g = engine.new_game("swoop", seats, seed=seed)
    deck = rng.sample(g.all_cards, len(g.all_cards))
    x = rng.randrange(seats)
    block = deck[19 * x : 19 * x + 19]
    r = rank(block[0])  # X's mystery card in slot 0
    if any(rank(c) == r for c in block[4:]):
        return None  # X already holds r (face up or in hand): not the case we test
    unused = range(19 * seats, len(deck))
    where_r = next((i for i in unused if rank(deck[i]) == r), None)
    if where_r is None:
        return None
    a = list(deck)
    here = 19 * x + SWAPPED
    a[here], a[where_r] = a[where_r], a[here]  # A: X holds the r card, the stock its q card
    b = list(deck)  # B: X holds q, the stock holds r (the same multiset of unused cards)
    return a, b, seats, x, r, rank(deck[here])


def choose(legal: list[dict], phase: str, seat: int, x: int, avoid: set[str], view: dict, rng):
    """The audit policy (see the module doc); None when X has nothing but avoided ranks."""
    if phase == "add":
        return {"type": "add", "cards": [], "table": []}
    if phase == "chain":
        return {"type": "stop"}
    if seat == x:
        mine = view["players"][seat]["face_up"]
        legal = [
            a
            for a in legal
            if a["type"] == "flip"
            or rank((a["cards"] or [mine[s] for s in a["table"]])[0]) not in avoid
        ]
    if not legal:
        return None
    flips = [a for a in legal if a["type"] == "flip"]
    if flips and rng.random() < 0.6:
        return rng.choice(flips)
    return rng.choice(legal)


def others(g, x: int) -> dict[int | None, dict]:
    """The views of every seat but X's, and the spectator's, by seat."""
    return {s: g.view(s) for s in [*range(g.seats), None] if s != x}


def test_other_seats_cannot_tell_whether_the_flipper_holds_the_rank():
    tested = 0  # pairs in which X turned up its r card while still holding r in game A
    for seed in SEEDS:
        made = pair(seed)
        if made is None:
            continue
        deck_a, deck_b, seats, x, r, q = made
        opts = {"first_player": seed % seats}
        ga = engine.new_game("swoop", seats, options=opts, seed=seed, deck=deck_a)
        gb = engine.new_game("swoop", seats, options=opts, seed=seed, deck=deck_b)
        for step in range(MAX_STEPS):
            seen_a, seen_b = others(ga, x), others(gb, x)
            assert seen_a == seen_b, (seed, step)
            seat = ga.turn
            assert gb.turn == seat
            # the mover's view: one of those just compared, unless it is X's (read only)
            view_a = seen_a[seat] if seat != x else ga.view(seat)
            view_b = seen_b[seat] if seat != x else gb.view(seat)
            rng = random.Random(seed * 100_003 + step)
            act_a = choose(ga.legal_actions(seat), ga.phase, seat, x, {r, q}, view_a, rng)
            rng = random.Random(seed * 100_003 + step)
            act_b = choose(gb.legal_actions(seat), gb.phase, seat, x, {r, q}, view_b, rng)
            if act_a is None or act_b is None:
                break
            assert act_a == act_b, (seed, step)
            ev_a = ga.apply(seat, act_a)
            ev_b = gb.apply(seat, act_b)
            if any(e["type"] == "hand_end" for e in ev_a + ev_b):
                break
            assert ev_a == ev_b, (seed, step, ev_a, ev_b)
            flip = ev_a[0]
            if flip["type"] == "flip" and flip["seat"] == x and rank(flip["card"]) == r:
                tested += 1
    assert tested >= 10, f"only {tested} pairs reached the flip of the r card"
