"""SwaPo's end: most points, the three tie-break readings, sudden death among the tied only."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from test_swapo_support import declare_step, full_deck, new_game

from engine.cards import RANKS

pytestmark = pytest.mark.unit


def planned_hands(plan: list[dict[int, str]], seats: int, decks: int) -> list[list[list[str]]]:
    """Hands for each round: seat -> rank of its pair from ``plan``, everyone else singles."""
    pool = Counter(c for c in full_deck(decks) if c != "JK")
    order = full_deck(decks)

    def take(rank: str) -> str:
        for card in order:
            if card != "JK" and card[:-1] == rank and pool[card]:
                pool[card] -= 1
                return card
        raise AssertionError(f"no {rank} left")

    def left(rank: str) -> int:
        return sum(n for c, n in pool.items() if c[:-1] == rank)

    reserved = [{seat: [take(r), take(r)] for seat, r in pairs.items()} for pairs in plan]
    rounds = []
    for pairs in reserved:
        hands = []
        for seat in range(seats):
            hand = list(pairs.get(seat, []))
            while len(hand) < 5:
                used = {c[:-1] for c in hand}
                rank = max(
                    (r for r in RANKS if r not in used and left(r)),
                    key=lambda r: (left(r), -RANKS.index(r)),
                )
                hand.append(take(rank))
            hands.append(hand)
        rounds.append(hands)
    return rounds


def pass_until_over(g) -> None:
    """No swaps, no powers; a joker (Ace) is declared a King, the other seats pass."""
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, declare_step(g, seat) if g.phase == "declare" else {"type": "pass"})


# A three-way tie after five rounds (2 decks, 4 players): A=0 scores in rounds 1 and 4,
# B=1 in rounds 2 and 5, C=2 in rounds 3 and 4 (round 4 is shared by A and C).
THREE_WAY = [{0: "K"}, {1: "K"}, {2: "Q"}, {0: "J", 2: "10"}, {1: "9"}]


@pytest.mark.parametrize(
    ("reading", "winner"),
    [("first_point_earliest", 0), ("last_point_latest", 1), ("first_point_latest", 2)],
)
def test_each_tiebreak_reading(reading, winner):
    g = new_game(planned_hands(THREE_WAY, 4, 2), decks=2, tiebreak=reading)
    pass_until_over(g)
    assert [r["winners"] for r in g.rounds] == [[0], [1], [2], [0, 2], [1]]
    assert g.scores == [2, 2, 2, 0]
    assert g.result()["winners"] == [winner]
    assert g.result()["tiebreak"] == {"reading": reading, "tied": [0, 1, 2], "after": [winner]}
    assert g.result()["sudden_death"] is None


def test_a_clear_leader_needs_no_tiebreak():
    plan = [{0: "K"}, {0: "Q"}, {1: "J"}, {2: "10"}, {3: "9"}]
    g = new_game(planned_hands(plan, 4, 2), decks=2)
    pass_until_over(g)
    assert g.result()["winners"] == [0] and g.result()["tiebreak"] is None


@pytest.mark.parametrize("reading", ["first_point_earliest", "last_point_latest"])
def test_sudden_death_is_played_by_the_still_tied_only(reading):
    # 10 players, one round (53 cards): seats 3 and 7 share it; every reading leaves them tied.
    g = new_game(planned_hands([{3: "K", 7: "Q"}], 10, 1), tiebreak=reading)
    events = []
    while not g.over:
        seat = g.pending()[0]
        events += g.apply(seat, {"type": "pass"})
    first, *later = g.rounds
    assert first["winners"] == [3, 7] and not first["sudden_death"]
    assert {"type": "sudden_death", "seats": [3, 7]} in events
    assert g.result()["sudden_death"] == [3, 7]
    assert later and all(r["sudden_death"] for r in later)
    for r in later:
        assert sorted(r["players"]) == [3, 7]
        assert all(p == 0 for s, p in enumerate(r["points"]) if s not in (3, 7))
        assert r["hands"][0] is None
    # the deal starts with the first tied seat clockwise from where it would go next (seat 1)
    assert later[0]["dealer"] == 3 and later[0]["players"] == [3, 7]
    if len(later) > 1:
        assert later[1]["dealer"] == 7
    # it ends after the first sudden-death round that leaves exactly one of them ahead
    (winner,) = g.result()["winners"]
    loser = 10 - winner
    assert g.scores[winner] > g.scores[loser]
    totals = {3: 1, 7: 1}
    for r in later[:-1]:
        for s in (3, 7):
            totals[s] += r["points"][s]
        assert totals[3] == totals[7]
    assert all(g.scores[s] == 0 for s in range(10) if s not in (3, 7))
    # every card is back in the game's hands, pile or discards
    held = [c for h in g.hands for c in h]
    assert Counter(held + g.pile + g.discards) == Counter(full_deck(1))


def test_sudden_death_dealer_under_fixed_rotation():
    g = new_game(planned_hands([{3: "K", 7: "Q"}], 10, 1), dealer=8, dealer_rotation="fixed")
    pass_until_over(g)
    later = [r for r in g.rounds if r["sudden_death"]]
    # the deal would stay with seat 8: the first tied seat clockwise from it is 3, and it stays
    assert all(r["dealer"] == 3 for r in later)


def test_ace_a_point_means_points_above_zero():
    # 2 players, 5 rounds. Rounds 1, 4, 5: both hold singles and "win" with 0 points.
    # Round 2: seat 1 scores a pair of 5s (10); round 3: seat 0 scores a pair of 5s (10).
    plan = [{}, {1: "5"}, {0: "5"}, {}, {}]
    g = new_game(planned_hands(plan, 2, 1), variant=["ace"])
    pass_until_over(g)
    main = [r for r in g.rounds if not r["sudden_death"]]
    assert [r["winners"] for r in main] == [[0, 1], [1], [0], [0, 1], [0, 1]]
    assert [r["points"] for r in main] == [[0, 0], [0, 10], [10, 0], [0, 0], [0, 0]]
    assert g.result()["winners"] == [1]  # its first point (round 2) is the earliest
    assert g.result()["sudden_death"] is None


def test_ace_nobody_scored_goes_to_sudden_death_among_all():
    g = new_game(planned_hands([{}], 10, 1), variant=["ace"])
    pass_until_over(g)
    assert g.rounds[0]["winners"] == list(range(10)) and g.rounds[0]["points"] == [0] * 10
    assert g.result()["sudden_death"] == list(range(10))
    (winner,) = g.result()["winners"]
    assert g.scores[winner] > max(g.scores[s] for s in range(10) if s != winner)


def sudden_rounds_follow_the_lead(g) -> int:
    """§4.4: each sudden-death round is played by those still tied for the lead after the
    round before (a player who fell behind drops out). Returns how many players dropped."""
    sudden = [r for r in g.rounds if r["sudden_death"]]
    totals = {s: g.scores[s] - sum(r["points"][s] for r in sudden) for s in range(g.seats)}
    dropped = 0
    for before, after in itertools.pairwise(sudden):
        for s in before["players"]:
            totals[s] += before["points"][s]
        top = max(totals[s] for s in before["players"])
        leaders = sorted(s for s in before["players"] if totals[s] == top)
        assert sorted(after["players"]) == leaders
        dropped += len(before["players"]) - len(leaders)
    return dropped


@pytest.mark.parametrize("seats", [3, 4, 6, 10])
def test_after_each_sudden_death_round_only_those_still_tied_for_the_lead_play_on(seats):
    g = new_game(planned_hands([{}], seats, 1), variant=["ace"])
    events = []
    while not g.over:
        seat = g.pending()[0]
        events += g.apply(seat, declare_step(g, seat) if g.phase == "declare" else {"type": "pass"})
    assert g.result()["sudden_death"] == list(range(seats))
    dropped = sudden_rounds_follow_the_lead(g)
    if seats == 10:
        assert dropped > 0  # the case the rule is about does happen here
        calls = [e["seats"] for e in events if e["type"] == "sudden_death"]
        assert len(calls) > 1 and all(len(b) < len(a) for a, b in itertools.pairwise(calls))
    (winner,) = g.result()["winners"]
    assert g.scores[winner] > max(g.scores[s] for s in range(seats) if s != winner)
