"""Mi Shi properties over random playouts, on the contract's driver (contract.py): hands end,
the 200 points are always accounted for, scores are zero-sum, every legal action applies,
illegal actions raise and change nothing, and every view at every step hides what its seat may
not know."""

import random
from collections import Counter

import contract
import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.bots import RandomBot
from engine.mishi.bot import MishiBot
from engine.mishi.cards import card_points, full_deck

pytestmark = pytest.mark.unit

COMMON = {"game", "seat", "seats", "phase", "pending", "scores", "over", "options", "result"}


def points_in_play(g):
    """Card points held, captured, in the trick, and in the kitty/buried pile."""
    total = sum(card_points(h) for h in g.hands) + sum(g.captured)
    total += sum(card_points(c) for _, c in g.trick)
    if g.phase in ("deal", "bao"):
        return total + card_points(g.deck[g.drawn :])
    if g.phase == "bury":
        return total + card_points(g.buried)
    return total + card_points(g.kitty)


def check_views(g):
    public_partner = g.case == "bao" or g.revealed
    seen = contract.views(g)  # the driver's views of this state, each built once
    spectator = StringLists(seen.view(None))  # the lists of the keys most views share
    # the secrets: a hand of more than 3 cards, and the whole kitty (each sorted once)
    hands = [tuple(sorted(h)) if len(h) > 3 else None for h in g.hands]
    kitty = tuple(sorted(g.kitty)) if len(g.kitty) == 8 else None
    for seat in (0, 1, 2, 3, None):
        v = seen.view(seat)
        assert set(v) >= COMMON and v["game"] == "mishi" and v["seat"] == seat
        # Being asked during the deal is a secret: only the asked seat's own view shows it, and
        # every other view shows the deal as of the last public draw (issue 10).
        private = g.phase == "deal" and seat not in g.pending()
        assert v["pending"] == ([] if private else g.pending())
        drawn = g.public_drawn if private else g.drawn
        assert v["to_deal"] == 84 - drawn
        assert g.phase != "deal" or sum(v["counts"]) == drawn
        if not private:
            assert v["counts"] == [len(h) for h in g.hands]
        if seat is None:
            assert v["hand"] is None and v["picked"] == []
        else:
            assert Counter(v["hand"]) <= Counter(g.hands[seat])
            assert len(v["hand"]) == v["counts"][seat]
            if not private:
                assert sorted(v["hand"]) == sorted(g.hands[seat])
            assert v["picked"] == g.picked[seat]
        is_declarer = seat is not None and seat == g.declarer and g.phase not in ("deal", "bao")
        assert v["kitty"] is None or (is_declarer and g.phase == "bury")
        assert v["buried"] is None or is_declarer
        if g.phase == "play" and g.case == "2v2" and not public_partner:
            knows = seat == g.partner
            assert (v["sides"][g.partner] == "partner") == knows
            assert (v["case"] is not None) == (seat in (g.partner, g.declarer))
        if g.phase == "play" and g.case == "paqi" and not public_partner:
            assert (v["case"] == "paqi") == (seat == g.declarer)
        secret = {h for o, h in enumerate(hands) if o != seat and h is not None}
        if not (is_declarer and g.phase == "bury") and kitty is not None:
            secret.add(kitty)
        if secret:  # no list of strings in the view holds another seat's hand or the kitty
            for key, found in spectator.in_view(v):
                shown = found & secret
                assert not shown, (key, sorted(shown))


#: The keys of a view that may hold a seat's own secret cards.
OWN = ("hand", "kitty", "buried", "picked")


class StringLists:
    """The lists of strings in a view's keys (but ``OWN``), each sorted, as a set per key:
    found once for the spectator's view. A key whose value in another view equals the
    spectator's (a deep comparison, in C) holds the same lists, so only the keys that differ
    are walked again."""

    def __init__(self, base: dict) -> None:
        self.base = base
        self.lists = {key: sorted_lists(value) for key, value in base.items() if key not in OWN}

    def in_view(self, view: dict) -> list[tuple[str, set[tuple]]]:
        """(key, its lists of strings, each sorted) for every key of ``view`` but ``OWN``."""
        out = []
        for key, value in view.items():
            if key in OWN:
                continue
            if key in self.lists and self.base[key] == value:
                found = self.lists[key]
            else:
                found = sorted_lists(value)
            if found:
                out.append((key, found))
        return out


def sorted_lists(value) -> set[tuple]:
    """Every list of strings inside a view value, sorted, as tuples."""
    return {tuple(sorted(each)) for each in card_lists(value)}


def card_lists(value) -> list[list]:
    """Every list of strings inside a view value."""
    out = []
    stack = [value]
    while stack:
        each = stack.pop()
        if isinstance(each, list):
            if each and all(isinstance(x, str) for x in each):
                out.append(each)
            stack += [x for x in each if isinstance(x, list | dict)]
        elif isinstance(each, dict):
            stack += each.values()
    return out


def candidates(g, seat, rng) -> list[tuple[int, object]]:
    """Wrong actions of every Mi Shi kind, and the first legal one played by the next seat."""
    cards = sorted(set(full_deck()))
    out: list[tuple[int, object]] = [
        (seat, {"type": "play", "cards": ["BJ"] * 3}),
        (seat, {"type": "pick", "card": "3S"}),
        (seat, {"type": "pass", "extra": 1}),
        (seat, {"type": "bury", "cards": []}),
        (seat, {"type": "declare", "cards": ["5H"]}),
        (seat, {"nope": 1}),
        (seat, "play"),
    ]
    out += [(seat, {"type": "pick", "card": c}) for c in rng.sample(cards, 3)]
    out.append((seat, {"type": "play", "cards": rng.sample(cards, rng.randint(1, 3))}))
    out.append(((seat + 1) % 4, contract.views(g).legal(seat)[0]))
    return out


def whole_play_only(g, seat, action) -> None:
    """The only unlisted actions the engine may accept are whole plays and picks."""
    assert isinstance(action, dict) and action.get("type") in ("play", "pick"), action


def one_seat_and_all_points(g) -> None:
    if not g.over:
        (seat,) = g.pending()
        assert all(g.legal_actions(s) == [] for s in range(4) if s != seat)
        assert points_in_play(g) == 200
    check_views(g)


def events_keep_secrets(g, seat, action, events) -> None:
    if action["type"] in ("pick", "bury_card") and g.phase in ("play", "bury"):
        assert all(e["type"] in ("play", "trick_won", "partner_revealed") for e in events) or (
            action["type"] == "bury_card"
        )
    assert msgpack.unpackb(msgpack.packb(events)) == events
    for e in events:
        assert e["type"] not in ("kitty_taken", "buried") or "cards" not in e


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_random_playouts_hold_together(seed):
    def choose(g, seat, legal, rng):
        if g.phase == "bao" and seed % 3:  # most games: nobody goes alone, so 2v2 and 扒起 too
            return {"type": "pass"}
        return rng.choice(legal)

    g = engine.new_game("mishi", 4, options={"hands": 2}, seed=seed)
    contract.playout(
        "mishi",
        4,
        seed,
        {"hands": 2},
        game=g,
        checks=[one_seat_and_all_points],
        choose=choose,
        candidates=candidates,
        accepted=whole_play_only,
        after=events_keep_secrets,
    )
    result = g.result()
    assert sum(result["scores"]) == 0
    assert result["winners"] and all(len(h["deltas"]) == 4 for h in result["history"])


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_bots_and_random_players_only_make_legal_moves(seed):
    g = engine.new_game("mishi", 4, options={"hands": 1}, seed=seed)
    bots = [MishiBot(0, seed), RandomBot(1, seed), MishiBot(2, seed), RandomBot(3, seed)]
    while not g.over:
        (seat,) = g.pending()
        before = g.view(seat)
        g.apply(seat, bots[seat].act(before, g.legal_actions(seat)))
        if g.phase == "play" and g.trick:
            assert points_in_play(g) == 200
    assert sum(g.result()["scores"]) == 0


def test_random_playouts_reach_every_case():
    """The playouts above pass in the bao round in most games, so they see all three cases."""
    cases = Counter()
    for seed in range(30):
        g = engine.new_game("mishi", 4, options={"hands": 1}, seed=seed)
        rng = random.Random(seed)
        while not g.over:
            (seat,) = g.pending()
            action = rng.choice(g.legal_actions(seat))
            g.apply(seat, {"type": "pass"} if g.phase == "bao" and seed % 3 else action)
        cases[g.history[-1]["case"]] += 1
    assert set(cases) == {"2v2", "paqi", "bao"}, cases


def test_events_never_carry_the_kitty_or_a_partial_pick():
    g = engine.new_game("mishi", 4, options={"hands": 1}, seed=3)
    rng = random.Random(3)
    while not g.over:
        (seat,) = g.pending()
        legal = g.legal_actions(seat)
        action = rng.choice(legal)
        partial = action["type"] == "bury_card" and len(g.buried) < 7
        partial |= action["type"] == "pick" and (
            not g.trick or len(g.picked[seat]) + 1 < len(g.trick[0][1])
        )
        events = g.apply(seat, action)
        if partial:
            assert events == []


def test_same_seed_and_actions_give_the_same_game():
    def run(seed):
        g = engine.new_game("mishi", 4, options={"hands": 2}, seed=seed)
        rng = random.Random(99)
        log = []
        while not g.over:
            (seat,) = g.pending()
            log += g.apply(seat, rng.choice(g.legal_actions(seat)))
        return log, g.result()

    assert run(4) == run(4)
    assert run(4) != run(5)
