"""The Swoop bot: always legal, sensible in the classic spots, and far better than random."""

import copy

import pytest
from test_swoop_rules import new, play

import engine
from engine.bots import RandomBot
from engine.swoop import BOT

pytestmark = pytest.mark.unit


def me(hand=0, face_up=(None, None, None, None), mystery=(False,) * 4) -> dict:
    face_up = list(face_up)
    return {
        "hand": hand,
        "face_up": face_up,
        "mystery": list(mystery),
        "uncovered": [m and f is None for m, f in zip(mystery, face_up, strict=True)],
    }


def view_with(pile, hand, others_left=10, phase="play", **extra) -> dict:
    """A seat-0 view of a 3-player table (only the keys a bot may read)."""
    top = None
    if pile:
        r = pile[-1][:-1]
        count = 0
        for c in reversed(pile):
            if c[:-1] != r:
                break
            count += 1
        top = {"rank": r, "count": count}
    return {
        "game": "swoop",
        "seat": 0,
        "seats": 3,
        "phase": phase,
        "pending": [0],
        "hand": hand,
        "players": [me(len(hand)), me(others_left), me(others_left)],
        "pile": pile,
        "top": top,
        "flipped": None,
        "chain": None,
        **extra,
    }


def test_keeps_a_ten_while_the_pile_is_small_and_uses_it_on_a_big_one():
    legal = [play(["KD"]), play(["10H"])]
    small = view_with(["2S"], ["KD", "10H"])
    big = view_with(["KS", "QS", "JS", "9S", "8S", "7S", "2S"], ["KD", "10H"])
    assert BOT(0, seed=1).act(small, legal) == play(["KD"])  # a cheap pick-up on purpose
    assert BOT(0, seed=1).act(big, legal) == play(["10H"])


def test_dumps_tens_when_an_opponent_is_about_to_go_out():
    legal = [play(["5D"]), play(["10H"])]
    assert BOT(0, seed=1).act(view_with(["9S"], ["5D", "10H"]), legal) == play(["5D"])
    near = view_with(["9S"], ["5D", "10H"], others_left=2)
    assert BOT(0, seed=1).act(near, legal) == play(["10H"])


def test_sheds_high_cards_and_prefers_a_swoop():
    legal = [play(["3S"]), play(["QS"])]
    assert BOT(0, seed=1).act(view_with(["KS"], ["3S", "QS"]), legal) == play(["QS"])
    legal = [play(["QS"]), play(["5S", "5H"])]
    view = view_with(["KS", "5D", "5C"], ["QS", "5S", "5H"])
    assert BOT(0, seed=1).act(view, legal) == play(["5S", "5H"])


def test_avoids_a_pick_up_when_it_can_play_low():
    legal = [play(["2S"]), play(["KH"]), {"type": "flip", "slot": 0}]
    view = view_with(["JS", "9D", "4C"], ["2S", "KH"])
    assert BOT(0, seed=1).act(view, legal) == play(["2S"])


def test_always_chains_when_it_can():
    g = new(
        players={
            0: ([], [], ["QS", "6S", "6H"]),
            1: ([], [], ["6D", "6C", "QH", "QD", "QC"]),
            2: ([], [], ["QS"]),
        }
    )
    for seat, cards in (
        (0, ["QS"]),
        (1, ["QH"]),
        (2, ["QS"]),
        (0, ["6S", "6H"]),
        (1, ["6D", "6C"]),
    ):
        g.apply(seat, play(cards))
    assert BOT(1, seed=0).act(g.view(1), g.legal_actions(1))["type"] == "chain"


def test_bot_plays_only_legal_actions_and_leaves_its_inputs_alone():
    for seats in (3, 6):
        g = engine.new_game("swoop", seats, options={"hands": 2}, seed=seats)
        bots = [BOT(s, seed=s) for s in range(seats)]
        while not g.over:
            seat = g.pending()[0]
            view, legal = g.view(seat), g.legal_actions(seat)
            frozen = copy.deepcopy((view, legal))
            action = bots[seat].act(view, legal)
            assert action in legal and (view, legal) == frozen
            g.apply(seat, action)


def test_bot_beats_random_players_on_average_penalty():
    hands, seats = 40, 4
    bot_points = random_points = 0
    for n in range(hands):
        g = engine.new_game("swoop", seats, options={"hands": 1}, seed=500 + n)
        smart = n % seats
        players = [BOT(s, n) if s == smart else RandomBot(s, n + s) for s in range(seats)]
        while not g.over:
            seat = g.pending()[0]
            g.apply(seat, players[seat].act(g.view(seat), g.legal_actions(seat)))
        penalties = g.result()["hands"][0]
        bot_points += penalties[smart]
        random_points += sum(penalties) - penalties[smart]
    bot_avg, random_avg = bot_points / hands, random_points / (hands * (seats - 1))
    assert bot_avg * 3 < random_avg, (bot_avg, random_avg)


def test_ties_are_broken_by_the_bot_seed_alone():
    view = view_with([], [])
    view["players"][0] = me(0, ("5D", "5D", None, None))
    legal = [play([], [0]), play([], [1])]
    for seed in range(5):
        picks = [BOT(0, seed=seed).act(view, legal) for _ in range(3)]
        assert picks[0] in legal and picks.count(picks[0]) == 3
    assert len({str(BOT(0, seed=s).act(view, legal)) for s in range(20)}) == 2
