"""The Mi Shi leak audit: who is asked during the deal and the go-alone round must not depend,
in anything another seat or a spectator receives, on who holds a ten.

Design of a pair. From a shuffled deck, seat X is made to hold a ten (game A). Game B is the
same deck with that ten swapped for a card of no interest (not a ten), either from the kitty
(only X's hand differs) or from another seat Y (X's and Y's hands differ). The *observers* are
every seat whose hand is the same in both games, and the spectator. Both games are played with
one policy: a seat whose hand differs always passes; an observer picks among its legal actions
with an rng seeded by (seed, seat, how many actions it has taken), so the same public situation
gives the same choice. The games are compared until the bidding ends (the declarer takes the
kitty, whose content differs by construction):

- the public events, as one stream, are identical (a deal-phase pass is not an event);
- each observer's views (with its legal actions) outside the deal phase, dropping repeats, are
  identical step by step;
- during the deal, private asks pause the engine at different draws in the two games, so the
  deal frames are compared per public history (the events so far): an observer that is not
  asked sees one and the same frame in both games (no pending, no cards beyond the last public
  point); the frames in which the observer itself is asked are identical in both games. How
  long the deal takes at a table is the host's pacing, not the engine's.

On the code before issue 10 this fails: the deal pass was an event ("could show a ten but
passes"), views named the asked drawer, and the go-alone round skipped those without a ten.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.mishi.cards import full_deck

pytestmark = pytest.mark.unit

SEEDS = range(120)


def _pair(seed: int, other_seat: bool) -> tuple[list[str], list[str], set[int]]:
    """Decks A and B and the seats whose hands differ."""
    rng = random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    x = seed % 4
    mine = [i for i in range(84) if i % 4 == x]
    tens = [i for i in mine if deck[i].startswith("10")]
    if not tens:  # give X a ten from elsewhere (still a valid deck)
        there = rng.choice([i for i in range(92) if i % 4 != x and deck[i].startswith("10")])
        here = rng.choice(mine)
        deck[here], deck[there] = deck[there], deck[here]
        tens = [here]
    ten = rng.choice(tens)
    if other_seat:
        y = (x + 1 + seed % 3) % 4
        places = [i for i in range(84) if i % 4 == y and not deck[i].startswith("10")]
        differ = {x, y}
    else:
        places = [i for i in range(84, 92) if not deck[i].startswith("10")]
        differ = {x}
    swap = rng.choice(places)
    other = list(deck)
    other[ten], other[swap] = other[swap], other[ten]
    return deck, other, differ


def _play(seed: int, deck: list[str], differ: set[int]) -> dict:
    """Play one game of the pair; record what every observer receives."""
    g = engine.new_game("mishi", 4, options={"hands": 1}, seed=seed, deck=deck)
    observers: list[int | None] = [s for s in range(4) if s not in differ] + [None]
    events = list(g.start_events)
    frames: dict = {o: [] for o in observers}  # outside the deal: (view, legal), repeats dropped
    deal: dict = {o: {} for o in observers}  # deal frames per public history
    counts = [0] * 4
    private_choices = 0

    listed: dict = {}  # each observer's legal actions at this state (the mover's read again)

    def record() -> None:
        listed.clear()
        if g.phase not in ("deal", "bao"):
            return  # the declarer holds the kitty now: its view differs by construction
        for o in observers:
            view = g.view(o)
            legal = listed[o] = [] if o is None else g.legal_actions(o)
            frame = repr((view, legal))
            if view["phase"] == "deal":
                asked = o is not None and o in view["pending"]
                deal[o].setdefault((len(events), asked), []).append(frame)
            elif not frames[o] or frames[o][-1] != frame:
                frames[o].append(frame)

    record()
    steps = 0
    while g.phase in ("deal", "bao"):
        steps += 1
        assert steps < 5000
        (seat,) = g.pending()
        legal = listed[seat] if seat in listed else g.legal_actions(seat)
        if seat in differ:
            action = {"type": "pass"}
            private_choices += len(legal) > 1
        else:
            pick = random.Random(f"{seed}/{seat}/{counts[seat]}")
            action = pick.choice(legal)
        counts[seat] += 1
        events += g.apply(seat, action)
        record()
    return {"events": events, "frames": frames, "deal": deal, "private": private_choices}


def _dedupe(frames: list[str]) -> list[str]:
    return [f for i, f in enumerate(frames) if i == 0 or frames[i - 1] != f]


@pytest.mark.parametrize("other_seat", [False, True], ids=["kitty", "seat"])
def test_who_holds_a_ten_does_not_show_in_the_public_stream(other_seat: bool) -> None:
    meaningful = 0
    for seed in SEEDS:
        deck_a, deck_b, differ = _pair(seed, other_seat)
        a, b = _play(seed, deck_a, differ), _play(seed, deck_b, differ)
        meaningful += a["private"] != b["private"]
        assert a["events"] == b["events"], f"seed {seed}: the events differ"
        for o in a["frames"]:
            assert a["frames"][o] == b["frames"][o], f"seed {seed}: seat {o} sees a difference"
            for key in set(a["deal"][o]) & set(b["deal"][o]):
                seen_a, seen_b = a["deal"][o][key], b["deal"][o][key]
                if key[1]:  # the observer itself is asked
                    assert _dedupe(seen_a) == _dedupe(seen_b), f"seed {seed}: seat {o} asked"
                else:
                    assert set(seen_a) == set(seen_b) and len(set(seen_a)) == 1, (
                        f"seed {seed}: seat {o}'s deal view depends on who is asked"
                    )
            for key, seen in [*a["deal"][o].items(), *b["deal"][o].items()]:
                assert key[1] or len(set(seen)) == 1, f"seed {seed}: seat {o}'s deal view moves"
    # The pair is meaningful: in many games the ten gave X a choice the other game did not.
    assert meaningful >= len(SEEDS) // 4
