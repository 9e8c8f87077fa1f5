"""The SwaPo search: its fast playout is the heuristic's playout without views, and what its
samples infer (the others' swaps replayed, Dagger's kept groups, the discards) holds."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from contract import bot_game

import engine
from engine.cards import rank
from engine.search import playout, restore, snapshot
from engine.swapo import determinize, replay, sampling
from engine.swapo.bot import SwapoBot, keep_priority, least_wanted, spare_cards
from engine.swapo.swaps import distinct_subsets

pytestmark = pytest.mark.unit

VARIANTS = [[], ["dagger"], ["asterisk"], ["ace"], ["dagger", "asterisk"], ["asterisk", "ace"]]
VARIANTS += [["dagger", "asterisk", "ace"]]


def _state(game) -> dict:
    return {k: v for k, v in vars(game).items() if k != "rng"}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "+".join(v) or "normal")
def test_rollout_reaches_the_same_state_as_the_playout(variant):
    for seed in range(12):
        seats = 2 + seed % 5
        game = engine.new_game("swapo", seats, {"variant": variant}, seed=seed)
        bots = [SwapoBot(s, s) for s in range(seats)]
        for _ in range(random.Random(seed).randrange(5)):
            seat = game.pending()[0]
            game.apply(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
        frozen = snapshot(game)
        for horizon in (determinize.horizon, lambda g: 0):  # to the round's end, the game's
            slow, fast = restore(frozen, 9), restore(frozen, 9)
            start = horizon(slow)
            playout(slow, [SwapoBot(s, 50 + s) for s in range(seats)], start, horizon, 5000)
            rolled = [SwapoBot(s, 50 + s) for s in range(seats)]
            determinize.rollout(fast, rolled, start, horizon, 5000)
            assert _state(fast) == _state(slow)


def test_least_wanted_is_the_bots_give_among_the_legal_ones():
    rng = random.Random(4)
    deck = engine.new_game("swapo", 2, seed=1).all_cards
    for _ in range(300):
        hand = rng.sample(deck, 5)
        ace = rng.random() < 0.5
        for k in range(1, 6):
            legal = distinct_subsets(hand, k)
            keep = keep_priority(hand, ace)
            # the rule the bot had: the legal give whose most wanted card is least wanted
            best = min(legal, key=lambda a: sorted((keep[c] for c in a), reverse=True))
            assert least_wanted(hand, [], k, ace) == list(best)


def _heuristic_positions(variant: list[str], seeds: range):
    """(game, seat, view, the game as dealt this round) at every decision of heuristic games."""
    for seed in seeds:
        game = engine.new_game("swapo", 4, {"variant": variant}, seed=seed)
        bots = [SwapoBot(s, s) for s in range(4)]
        dealt, round_no = snapshot(game), game.round_no
        while not game.over:
            if game.round_no != round_no:
                dealt, round_no = snapshot(game), game.round_no
            seat = game.pending()[0]
            view = game.view(seat)
            yield game, seat, view, dealt
            game.apply(seat, bots[seat].act(view, game.legal_actions(seat)))


@pytest.mark.parametrize("variant", [[], ["asterisk"], ["ace"]], ids=lambda v: "+".join(v) or "n")
def test_the_real_deal_replays_and_replayed_samples_fit_the_view(variant):
    rng = random.Random(3)
    replayed = 0
    for _game, seat, view, dealt in _heuristic_positions(variant, range(8)):
        if not replay.replayable(view):
            continue
        real = restore(dealt, 1)
        for s, (k, exact) in replay._deal_shapes(view).items():
            spare = len(spare_cards(real.hands[s], real.ace))
            assert spare == k or (not exact and spare > k)
        assert replay._replay(real, view)  # heuristic seats: the truth fits
        sample = replay.replayed(view, rng)
        if sample is not None:
            assert sample.view(seat) == view
            replayed += 1
    assert replayed >= 20


def test_dagger_kept_groups_hold_one_rank():
    checked = 0
    for game, _seat, view, _dealt in _heuristic_positions(["dagger"], range(10)):
        if view["phase"] != "swap":
            continue
        for s, positions in sampling.kept_groups(view).items():
            assert len({rank(game.hands[s][p]) for p in positions} - {"JK"}) <= 1
            checked += 1
    assert checked >= 20


def test_the_last_rounds_cards_are_counted_in_the_discards():
    checked = 0
    for game, _seat, view, _dealt in _heuristic_positions([], range(6)):
        gone = sampling.discarded(view)
        assert not Counter(gone) - Counter(game.discards)
        checked += bool(gone)
    assert checked >= 5


@pytest.mark.parametrize("variant", [[], ["dagger"], ["asterisk", "ace"]], ids=str)
def test_the_hard_bot_is_deterministic_and_legal_for_a_seed(variant):
    def game_of(seed: int) -> list[dict]:
        kinds = ["hard", "normal", "hard", "normal"]
        # bot_game raises if a bot chose an illegal action
        return bot_game("swapo", {"variant": variant}, kinds, seed, iterations=60)[2]

    assert game_of(5) == game_of(5)
