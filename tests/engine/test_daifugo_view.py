"""大富豪 rules §11–12: the keys a view has, and what it never shows — another seat's hand, the
exchange's cards to a third seat or a spectator, the fallen hand, the cards left at a deal's
end — and that a seat with only ``pass`` is still asked."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from contract import cards_in
from test_daifugo_helpers import PASS, new, play, table

pytestmark = pytest.mark.unit

KEYS = {
    "game",
    "seat",
    "seats",
    "phase",
    "pending",
    "scores",
    "over",
    "options",
    "result",
    "hand",
    "counts",
    "deal",
    "turn",
    "trick",
    "passed",
    "revolution",
    "back",
    "lock",
    "titles",
    "finished",
    "fouls",
    "fallen",
    "exchanges",
    "exchange",
}


def test_a_view_has_the_keys_of_the_rules() -> None:
    game = new(4, seed=2)
    for seat in (None, 0, 3):
        view = game.view(seat)
        assert view.keys() >= KEYS
        assert view["game"] == "daifugo" and view["deal"] == 1 and view["phase"] == "play"
        assert view["titles"] == [None] * 4 and view["lock"] is None
    assert game.view(None)["hand"] is None
    assert game.view(1)["hand"] == sorted(game.view(1)["hand"], key=_key)
    assert game.view(1)["counts"] == [len(h) for h in game.hands]


def _key(card: str) -> tuple[int, int]:
    from engine.daifugo.plays import sort_key

    return sort_key(card)


def test_a_seat_with_only_pass_is_still_asked() -> None:
    game = table([["2S"], ["3H", "4H"], ["5D"]])
    game.apply(0, play(["2S"]))
    assert game.pending() == [1] and game.legal_actions(1) == [PASS]


def allowed(game: object, seat: int, view: dict) -> set[str]:
    """What a seat's view may name: its own hand and exchange, this deal's plays and the
    cards the trick's jokers stand for."""
    own = set(view["hand"] or [])
    if view["exchange"] is not None:
        own |= set(view["exchange"]["gave"]) | set(view["exchange"]["got"])
    return own | public(view)


def public(view: dict) -> set[str]:
    """This deal's played cards, and the cards the jokers of the trick stand for."""
    return set(view["played"]) | {c for entry in view["trick"] for c in entry["as"]}


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_no_view_or_event_names_a_hidden_card(seats: int) -> None:
    """Through random games with exchanges and falls: every view names only its seat's own
    cards and exchange and the plays of the deal; a spectator only the plays; events name
    only the cards played; at the end nobody's hand is shown."""
    rng = random.Random(seats)
    for seed in range(4):
        game = new(seats, {"deals": 3}, seed=seed)
        while not game.over:
            for seat in range(seats):
                view = game.view(seat)
                assert set(cards_in(view)) <= allowed(game, seat, view)
                if seat not in game.swapped:
                    assert view["exchange"] is None
            spectator = game.view(None)
            assert set(cards_in(spectator)) <= public(spectator)
            seat = rng.choice(game.pending())
            events = game.apply(seat, rng.choice(game.legal_actions(seat)))
            for event in events:
                named = cards_in(event)
                assert not named or event["type"] == "play", event
        assert all(game.view(s)["hand"] == [] for s in range(seats))
        assert set(cards_in(game.view(None))) <= public(game.view(None))


def test_the_fallen_hand_is_never_shown() -> None:
    titles = ["daifugo", "fugo", "hinmin", "daihinmin"]
    hands = [["KS", "KH"], ["5S"], ["9H", "9D"], ["6C", "7C"]]
    game = table(hands, options={"deals": 2}, titles=titles, deal_no=2, turn=1)
    events = game.apply(1, play(["5S"]))
    assert {"type": "fall", "seat": 0} in events
    for seat in (None, 0, 1, 2, 3):
        assert not {"KS", "KH"} & set(cards_in(game.view(seat)))
    assert [h.cards for h in game.hidden_cards()] == [("KS", "KH")]  # a full review only


def test_the_cards_left_at_a_deals_end_are_not_shown() -> None:
    game = table([["5S"], ["6S"], ["AH", "AD", "JK"]], options={"deals": 2, "forbidden": []})
    game.apply(0, play(["5S"]))
    events = game.apply(1, play(["6S"]))
    assert not any(cards_in(e) for e in events if e["type"] != "play")
    assert Counter(c for h in game.hands for c in h) == Counter(game.all_cards)  # a new deal
