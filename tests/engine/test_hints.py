"""Hints for learners (engine/hints.py): the normal bot's choice and its reason, taken from the
seat's own view and legal actions only, and the bots' decisions unchanged by explaining them."""

from __future__ import annotations

import random

import pytest

import engine
from engine.cards import standard_deck
from engine.hints import HINT_SEED, HINTS, hint
from engine.mishi.cards import full_deck as mishi_deck
from engine.reasons import english
from engine.swoop.rules import default_decks
from engine.swoop.rules import full_deck as swoop_deck

pytestmark = pytest.mark.unit

LISTED = [
    ("swoop", 4, {}),
    ("swapo", 4, {}),
    ("swapo", 4, {"variant": "ace"}),
    ("swapo", 3, {"variant": "dagger,asterisk"}),
    ("mishi", 4, {}),
]
#: Every registered game: those listed with their variants, any other at its usual size.
GAMES = [
    *LISTED,
    *(
        (name, cls.DEFAULT_SEATS, {})
        for name, cls in engine.GAMES.items()
        if name not in {n for n, _, _ in LISTED}
    ),
]
IDS = [f"{name}-{opts.get('variant', 'plain')}" for name, _, opts in GAMES]


def deck_of(name: str, seats: int) -> list[str]:
    if name == "swoop":
        return swoop_deck(default_decks(seats))
    if name == "mishi":
        return mishi_deck()
    if name == "swapo":
        return standard_deck(1, jokers=("JK",))
    dealt = engine.new_game(name, seats, seed=0)  # another game: the cards it deals
    return sorted(c for s in range(seats) for c in dealt.view(s)["hand"])


@pytest.mark.parametrize(("name", "seats", "options"), GAMES, ids=IDS)
def test_explaining_changes_no_decision_and_every_reason_is_worded(name, seats, options):
    """Bots that explain themselves play the very game that bots that only act play."""
    for seed in (1, 2):
        game = engine.new_game(name, seats, options, seed=seed)
        acting = {s: engine.make_bot(name, s, seed + s) for s in range(seats)}
        explaining = {s: engine.make_bot(name, s, seed + s) for s in range(seats)}
        codes = set()
        while not game.over:
            seat = game.pending()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            action = acting[seat].act(view, legal)
            same, (code, params) = explaining[seat].explain(view, legal)
            assert same == action
            assert code in HINTS, code
            sentence = english(HINTS, code, params)
            assert sentence and sentence != code and "{" not in sentence
            codes.add(code)
            game.apply(seat, action)
        assert codes - {"best"}, "the bot gave no reason of its own"


@pytest.mark.parametrize(("name", "seats", "options"), GAMES, ids=IDS)
def test_a_hint_is_the_normal_bots_choice_from_the_view(name, seats, options):
    game = engine.new_game(name, seats, options, seed=3)
    players = {s: engine.make_bot(name, s, 3 + s) for s in range(seats)}
    for _ in range(40):
        if game.over:
            break
        seat = game.pending()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        given = hint(name, seat, view, legal)
        assert given is not None
        fresh = engine.make_bot(name, seat, HINT_SEED)
        assert given.action == fresh.act(game.view(seat), game.legal_actions(seat))
        assert view == game.view(seat)  # the hint changed nothing it was given
        game.apply(seat, players[seat].act(view, legal))
    assert hint(name, 0, game.view(0), []) is None


def twins(name: str, seats: int, options: dict, seed: int, rng: random.Random):
    """Two games dealt from decks that differ in two cards, seat 0's first views equal."""
    deck = rng.sample(deck_of(name, seats), len(deck_of(name, seats)))
    while True:
        i, j = rng.sample(range(len(deck)), 2)
        if deck[i] == deck[j]:
            continue
        other = list(deck)
        other[i], other[j] = other[j], other[i]
        first = engine.new_game(name, seats, options, seed=seed, deck=deck)
        second = engine.new_game(name, seats, options, seed=seed, deck=other)
        if first.view(0) == second.view(0):
            return first, second


def compare_hints(name: str, seats: int, first, second, seed: int) -> int:
    """Play both games alike while seat 0 sees the same; at each of seat 0's decisions where
    another seat's view differs (a hidden card differs), the hints must be equal. Returns how
    many such decisions were compared."""
    players = {s: engine.make_bot(name, s, seed + s) for s in range(seats)}
    compared = 0
    for _ in range(120):
        if first.over or first.view(0) != second.view(0):
            break
        seat = first.pending()[0]
        if seat == 0 and 0 in second.pending():
            hidden = any(first.view(s) != second.view(s) for s in range(1, seats))
            one = hint(name, 0, first.view(0), first.legal_actions(0))
            two = hint(name, 0, second.view(0), second.legal_actions(0))
            assert one == two
            compared += hidden
        action = players[seat].act(first.view(seat), first.legal_actions(seat))
        try:
            second.apply(seat, action)
        except engine.IllegalAction:
            break  # the twins part here (another seat's own cards differ)
        first.apply(seat, action)
    return compared


@pytest.mark.parametrize(("name", "seats", "options"), GAMES, ids=IDS)
def test_a_hint_is_a_function_of_the_seats_own_view_only(name, seats, options):
    """Two games that differ only in what others hold give seat 0 the same hints as long as
    its views are the same: nothing it may not know goes into a hint."""
    rng = random.Random(7)
    compared = 0
    for attempt in range(60):
        first, second = twins(name, seats, options, attempt + 1, rng)
        compared += compare_hints(name, seats, first, second, attempt + 1)
        if compared >= 5:
            break
    assert compared >= 5


def test_swoops_reason_fits_the_card_it_suggests():
    """'High penalties go early' was said of an Ace (it costs 1): a play's reason now names
    the card it is about, and says what holds for that card — the only rank that can be
    played, a low card that is hard to play on, or the penalty the card would cost."""
    from engine.swoop.rules import penalty

    said: dict[str, set[str]] = {}
    for seed in range(1, 5):
        game = engine.new_game("swoop", 4, {}, seed=seed)
        bots = {s: engine.make_bot("swoop", s, seed + s) for s in range(4)}
        while not game.over:
            seat = game.pending()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            given = hint("swoop", seat, view, legal)
            assert given is not None
            code, params = given.code, given.params
            if code in ("swoop.shed", "swoop.low_on_top", "swoop.only_play"):
                rank = params["rank"]
                said.setdefault(code, set()).add(rank)
                if code == "swoop.shed":
                    assert params["n"] == penalty(rank + "S") and rank != "A"
                if code == "swoop.low_on_top":
                    assert rank in ("A", "2", "3")
            game.apply(seat, bots[seat].act(view, legal))
    assert {"swoop.shed", "swoop.low_on_top", "swoop.only_play"} <= set(said), said
    assert "A" in said["swoop.low_on_top"] | said.get("swoop.only_play", set())
