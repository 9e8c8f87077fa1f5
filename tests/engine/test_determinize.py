"""Determinization from a view (engine.<game>.determinize), for random mid-game positions.

For every sample: its view for the seat equals the real view (the whole view, every key), the
seat's legal actions are the same, and the real state lies in what can be sampled: the cards
the seat cannot see make the same multiset (Swoop: both lie within the unseen cards, which
include the swooped-away ones no state keeps), and the real hands obey every constraint the
sampler imposes (cards the seat gave that must still be there, Mi Shi's shown voids).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine.search import unknown_pool

pytestmark = pytest.mark.unit

SWAPO_VARIANTS = ["", "dagger", "asterisk", "ace", "dagger,asterisk", "ace,asterisk", "dagger,ace"]
CASES = [("swapo", {"variant": v}) for v in SWAPO_VARIANTS] + [("swoop", {}), ("mishi", {})]
GAMES_PER_CASE = 6


def hidden(name: str, game, seat: int) -> list[str]:
    """The cards ``seat`` cannot see, in the real or a sampled state."""
    if name == "swapo":
        out = list(game.pile) + list(game.discards)
        if game.is_revealed:
            return out
        for s in game.players:
            if s != seat:
                out += game.hands[s]
        view_hand = game.view(seat)["hand"] or []
        out += [c for c, v in zip(game.hands[seat], view_hand, strict=False) if v == "?"]
        return out
    if name == "swoop":
        out = list(game.unused) + [c for m in game.mystery for c in m if c is not None]
        for s in range(game.seats):
            if s != seat:
                out += game.hands[s]
        return out
    out = [c for s in range(game.seats) if s != seat for c in game.hands[s]]
    if game.declarer != seat:
        out += game.kitty
    return out


def positions(name: str, options: dict, seed: int):
    """(game, seat, view, memory) at the searchable decisions of one game played by a mix of
    heuristic and random bots (the memory is what a search bot remembers from its views)."""
    search = engine.SEARCHES[name]
    game = engine.new_game(name, 4, options=options, seed=seed)
    rng = random.Random(seed)
    bots = [
        engine.make_bot(name, s, seed + s, kind="normal" if s % 2 else "random") for s in range(4)
    ]
    memory: list[dict] = [{} for _ in range(4)]
    steps = 0
    while not game.over and steps < 1500:
        seat = game.pending()[0]
        view = game.view(seat)
        search.observe(memory[seat], view)
        if search.searchable(view) and rng.random() < 0.25:
            yield game, seat, view, memory[seat]
        action = bots[seat].act(view, game.legal_actions(seat))
        search.remember(memory[seat], view, action)
        game.apply(seat, action)
        steps += 1


def key(actions: list[dict]) -> list[str]:
    return sorted(map(repr, actions))


@pytest.mark.parametrize(("name", "options"), CASES, ids=lambda c: str(c))
def test_samples_match_the_view_and_hold_the_real_state(name, options):
    search = engine.SEARCHES[name]
    checked = 0
    for seed in range(GAMES_PER_CASE):
        rng = random.Random(1000 + seed)
        for game, seat, view, memory in positions(name, options, seed):
            real_hidden = Counter(hidden(name, game, seat))
            # (the same for both samples)
            real_legal = key(game.legal_actions(seat))
            if name == "swoop":
                pool = Counter(unknown_pool(game.all_cards, _swoop_seen(view)))
            for _ in range(2):
                sample = search.determinize(view, rng, memory)
                assert sample.view(seat) == view
                assert key(sample.legal_actions(seat)) == real_legal
                got = Counter(hidden(name, sample, seat))
                if name == "swoop":
                    assert not got - pool and not real_hidden - pool
                    assert got.total() == real_hidden.total()
                else:
                    assert got == real_hidden
            _constraints_hold(name, game, seat, view, memory)
            checked += 1
    assert checked >= 10


def _swoop_seen(view: dict) -> list[str]:
    seen = list(view["hand"]) + list(view["pile"])
    seen += [c for p in view["players"] for c in p["face_up"] if c is not None]
    if view["flipped"] is not None:
        seen.append(view["flipped"]["card"])
    return seen


def _constraints_hold(name: str, game, seat: int, view: dict, memory: dict) -> None:
    """The real state satisfies what the sampler requires of every sample."""
    if name == "swapo":
        from engine.swapo.sampling import _pinned, tracked

        if view["revealed"] is None:
            for s, cards in _pinned(view).items():
                assert not Counter(cards) - Counter(game.hands[s])
            for s, places in tracked(view, memory).items():
                assert all(game.hands[s][i] == c for i, c in places.items())
    if name == "mishi":
        from engine.mishi.determinize import _plays, _voids

        order = game.order
        for s, suits in _voids(view, _plays(memory, view)).items():
            assert not [c for c in game.hands[s] if order.suit(c) in suits]


def test_mishi_needs_the_tricks_it_saw():
    search = engine.SEARCHES["mishi"]
    for _game, _seat, view, _memory in positions("mishi", {}, 5):
        with pytest.raises(ValueError):
            search.determinize(view, random.Random(1), {})
        return


def test_dagger_rows_are_followed_through_the_swaps():
    """The seat's laid row, followed through the public swaps, is where the real cards are."""
    from engine.swapo.sampling import tracked

    followed = 0
    for seed in range(4):
        for game, seat, view, memory in positions("swapo", {"variant": "dagger"}, seed):
            for s, places in tracked(view, memory).items():
                followed += sum(1 for i, c in places.items() if s != seat or view["hand"][i] == "?")
                assert all(game.hands[s][i] == c for i, c in places.items())
    assert followed > 0
