"""Swoop over random playouts with 3–8 players, on the contract's driver (contract.py): hands
end, cards are conserved, every legal action applies, random actions of every kind are refused
without a trace unless they are a listed move, and views keep Swoop's secrets."""

import random
from collections import Counter

import contract
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.cards import rank
from engine.swoop.rules import sort_key

pytestmark = pytest.mark.unit

STEP_BOUND = 6000
CODES = ["AS", "5H", "9D", "10C", "JK", "KS", "QH", "7C", "2S", "JD", "XX", 7, None]


def check_conservation(g) -> None:
    present = [
        *[c for h in g.hands for c in h],
        *[c for row in g.face_up for c in row if c is not None],
        *[c for row in g.mystery for c in row if c is not None],
        *g.pile,
        *g.unused,
        *([g.flipped[1]] if g.flipped else []),
    ]
    assert len(present) + g.cleared == len(g.all_cards)
    assert not Counter(present) - Counter(g.all_cards)


def public_cards(g) -> Counter:
    """The cards every seat may see: face up, on the pile, flipped, drawn for the deal."""
    return Counter(
        [
            *[c for row in g.face_up for c in row if c is not None],
            *g.pile,
            *([g.flipped[1]] if g.flipped else []),
            *[d[1] for r in (g.draws or []) for d in r],
        ]
    )


def check_view(g, seat, public: Counter | None = None) -> None:
    seen = contract.views(g)  # the driver's views of this state, each built and walked once
    v = seen.view(seat)
    known = public_cards(g) if public is None else Counter(public)
    if seat is not None:
        known.update(g.hands[seat])
    shown = Counter(seen.cards(seat))
    assert not shown - known, f"seat {seat} sees {shown - known}"
    assert v["hand"] == (None if seat is None else sorted(v["hand"], key=sort_key))
    if seat is not None:
        assert Counter(v["hand"]) == Counter(g.hands[seat])
    if seat is None or v["players"] != seen.view(None)["players"]:  # (else checked as the
        for s, p in enumerate(v["players"]):  # spectator's, the same table to the letter)
            assert set(p) == {"hand", "face_up", "mystery", "uncovered"}
            assert p["hand"] == len(g.hands[s]) and all(type(m) is bool for m in p["mystery"])
    for key in ("game", "seat", "seats", "phase", "pending", "scores", "over", "options"):
        assert key in v
    assert v["seat"] == seat and v["pending"] == g.pending()


def canonical(action) -> tuple | None:
    """What makes two actions the same move: kind, rank, how many hand cards, which slots."""
    kind = action.get("type") if isinstance(action, dict) else None
    if kind == "flip":
        return ("flip", action.get("slot"))
    if kind == "stop":
        return ("stop",)
    return None


def random_candidate(g, seat, rng) -> dict:
    """A random action, legal or not, of any kind."""
    kind = rng.choice(["play", "play", "flip", "add", "chain", "stop"])
    if kind == "flip":
        return {"type": "flip", "slot": rng.choice([0, 1, 2, 3, 4, -1, "1", True])}
    if kind == "stop":
        return {"type": "stop"} if rng.random() < 0.9 else {"type": "stop", "x": 1}
    hand = g.hands[seat]
    pool = hand + CODES if hand else CODES
    cards = [rng.choice(pool) for _ in range(rng.randint(0, 4))]
    table = rng.sample(range(5), rng.randint(0, 2))
    action = {"type": kind, "cards": cards, "table": table}
    if not table and rng.random() < 0.5:
        del action["table"]
    return action


def check_table(g) -> None:
    """Swoop's own invariants before every step: one seat moves at a time, cards are
    conserved, and every view shows exactly what its seat may see."""
    if not g.over:
        seat = g.pending()[0]
        for other in range(g.seats):
            assert other == seat or g.legal_actions(other) == []
    check_conservation(g)
    public = public_cards(g)  # the same for every seat
    for viewer in [None, *range(g.seats)]:
        check_view(g, viewer, public)


def candidates(g, seat, rng) -> list[tuple[int, object]]:
    """Random actions of every kind, with real and bad codes and slots."""
    return [(seat, random_candidate(g, seat, rng)) for _ in range(6)]


def judged_legal(g, seat, action) -> None:
    """An accepted action must be one of the listed moves (kind, rank, count, slots)."""
    legal_keys = {_move_key(g, seat, a) for a in contract.views(g).legal(seat)}
    assert _move_key(g, seat, action) in legal_keys, action


def playout(seats, seed, *, options=None) -> int:
    played = contract.playout(
        "swoop",
        seats,
        seed,
        options or {"hands": 1},
        checks=[check_table],
        candidates=candidates,
        accepted=judged_legal,
        probe_rate=0.34,
        apply_rate=0.34,
    )
    return len(played)


def _move_key(g, seat, action) -> tuple | None:
    key = canonical(action)
    if key is not None or not isinstance(action, dict):
        return key
    cards, table = action.get("cards"), action.get("table", [])
    if not isinstance(cards, list) or not isinstance(table, list):
        return None
    try:
        named = [*cards, *(g.face_up[seat][t] for t in table)]
        ranks = {rank(c) for c in named if isinstance(c, str)}
    except (IndexError, TypeError):
        return None
    return (action["type"], tuple(sorted(ranks)), len(cards), tuple(sorted(map(str, table))))


@pytest.mark.parametrize("seats", range(3, 9))  # every table size, side by side on the workers
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_random_hands_hold_together(seats, seed):
    playout(seats, seed)


def test_whole_games_end_and_share_the_win():
    for seats in (3, 8):
        g = engine.new_game("swoop", seats, options={"target": 120}, seed=seats)
        rng = random.Random(seats)
        steps = 0
        while not g.over:
            seat = g.pending()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            steps += 1
            assert steps < 10 * STEP_BOUND
        result = g.result()
        assert max(result["scores"]) >= 120 and len(result["hands"]) == g.hand_no
        assert result["scores"] == [sum(h[s] for h in result["hands"]) for s in range(seats)]
        low = min(result["scores"])
        assert result["winners"] == [s for s in range(seats) if result["scores"][s] == low]


def test_same_seed_same_game():
    def run(seed):
        g = engine.new_game("swoop", 5, options={"hands": 2}, seed=seed)
        rng = random.Random(0)
        log = []
        while not g.over:
            seat = g.pending()[0]
            log += g.apply(seat, rng.choice(g.legal_actions(seat)))
        return log

    assert run(11) == run(11)
    assert run(11) != run(12)
