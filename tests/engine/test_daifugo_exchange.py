"""大富豪 rules §4: the exchange from the second deal on — the tribute of the strongest cards,
the return of any cards, both pairs at once, and its secrecy."""

from __future__ import annotations

import pytest
from contract import cards_in
from test_daifugo_helpers import new, refused

from engine.daifugo.deal import deal
from engine.daifugo.exchange import tribute_choices
from engine.daifugo.game import DaifugoGame

pytestmark = pytest.mark.unit

TITLES4 = ["fugo", "daihinmin", "daifugo", "hinmin"]


def second_deal(
    titles: list, hands: list[list[str]] | None = None, **options: object
) -> DaifugoGame:
    """Deal 2 after a first deal that gave these ``titles`` (the hands replaced if given)."""
    game = new(len(titles), {"deals": 2, **options}, seed=5)
    game.titles = list(titles)
    deal(game, None)
    if hands is not None:
        game.hands = [list(h) for h in hands]
    return game


def give(cards: list[str]) -> dict:
    return {"type": "give", "cards": cards}


def test_the_poorer_give_first_and_both_pairs_run_at_once() -> None:
    game = second_deal(TITLES4)
    assert game.phase == "exchange" and game.view(None)["turn"] is None
    assert game.pending() == [1, 3]  # the 大貧民 and the 貧民
    assert game.view(0)["exchanges"] == [
        {"from": 1, "to": 2, "count": 2, "done": False},
        {"from": 3, "to": 0, "count": 1, "done": False},
        {"from": 2, "to": 1, "count": 2, "done": False},
        {"from": 0, "to": 3, "count": 1, "done": False},
    ]
    game.apply(3, game.legal_actions(3)[0])
    assert game.pending() == [0, 1]  # the 富豪 has its tribute; the 大貧民 still gives


def test_three_players_exchange_two_cards_between_the_extremes_only() -> None:
    game = second_deal(["daihinmin", "heimin", "daifugo"])
    assert game.view(None)["exchanges"] == [
        {"from": 0, "to": 2, "count": 2, "done": False},
        {"from": 2, "to": 0, "count": 2, "done": False},
    ]
    assert game.pending() == [0] and game.legal_actions(1) == []


def test_a_tribute_is_the_strongest_cards_choosing_only_among_ties() -> None:
    assert tribute_choices(["5C", "JK", "KS", "2S", "KH"], 2) == [["2S", "JK"]]
    assert sorted(tribute_choices(["5C", "KS", "2S", "KH"], 2)) == [["KH", "2S"], ["KS", "2S"]]
    assert tribute_choices(["JK", "JK", "2S"], 2) == [["JK", "JK"]]
    assert tribute_choices(["5C", "KS", "KH", "KD"], 1) == [["KS"], ["KH"], ["KD"]]


def test_a_weaker_tribute_is_refused_and_it_is_asked_even_with_one_choice() -> None:
    hands = [["9S"], ["5C", "KS", "2S", "KH"], ["4D", "6D"], ["3C", "AH"]]
    game = second_deal(TITLES4, hands)
    assert game.legal_actions(3) == [give(["AH"])]  # one choice, still asked
    assert refused(game, 1, give(["KS", "5C"])) == "daifugo.tribute_strongest"
    assert refused(game, 1, give(["2S"])) == "daifugo.give_count"
    assert refused(game, 1, give(["2S", "2H"])) == "daifugo.not_held"
    assert refused(game, 2, give(["4D", "6D"])) == "not_your_turn"  # its tribute is not in


def test_the_richer_returns_any_cards_even_those_just_received() -> None:
    hands = [["9S", "9C"], ["5C", "KS", "2S", "KH"], ["4D", "6D"], ["3C", "AH"]]
    game = second_deal(TITLES4, hands)
    game.apply(1, give(["KH", "2S"]))
    returns = game.legal_actions(2)
    assert give(["KH", "2S"]) in returns and give(["4D", "6D"]) in returns
    assert len(returns) == 6  # any 2 of 4
    game.apply(2, give(["4D", "2S"]))
    assert sorted(game.hands[1]) == sorted(["5C", "KS", "4D", "2S"])


def test_play_begins_when_every_exchange_is_done_and_the_daihinmin_leads() -> None:
    game = second_deal(TITLES4)
    for seat in (1, 3, 0, 2):
        events = game.apply(seat, game.legal_actions(seat)[0])
    assert events[-1] == {"type": "lead", "seat": 1}
    assert game.phase == "play" and game.pending() == [1] and not game.revolution


def test_which_cards_moved_is_known_to_the_two_parties_only() -> None:
    game = second_deal(TITLES4)
    tribute = game.legal_actions(1)[0]
    events = game.apply(1, tribute)
    assert events == [{"type": "give", "from": 1, "to": 2, "count": 2}]
    assert game.view(1)["exchange"] == {"gave": tribute["cards"], "got": []}
    assert game.view(2)["exchange"] == {"gave": [], "got": tribute["cards"]}
    for seat in (None, 0, 3):
        view = game.view(seat)
        assert view["exchange"] in (None, {"gave": [], "got": []})
        public = {k: v for k, v in view.items() if k != "hand"}
        assert not set(tribute["cards"]) & set(cards_in(public))  # named nowhere


def test_there_is_no_exchange_in_the_first_deal() -> None:
    game = new(4)
    assert game.phase == "play" and game.view(0)["exchanges"] == []
    assert game.view(0)["exchange"] is None
