"""大富豪 rules §5–6 and §12: what a play is (singles, sets, sequences, jokers named with
``as``), what beats what, passing, the end of a trick, and the refusals with their codes."""

from __future__ import annotations

import pytest
from test_daifugo_helpers import PASS, play, plays_of, refused, table

pytestmark = pytest.mark.unit

FILL = [["9C"], ["9D"]]  # two more players who hold cards


def test_singles_sets_and_sequences_are_plays() -> None:
    game = table([["5S", "5H", "5D", "5C", "6S", "7S", "9H"], *FILL])
    offered = plays_of(game, 0)
    for cards in (["9H"], ["5S", "5H"], ["5S", "5H", "5D", "5C"], ["5S", "6S", "7S"]):
        assert (cards, []) in offered


def test_never_five_of_a_rank_and_never_a_sequence_of_two() -> None:
    game = table([["5S", "5H", "5D", "5C", "JK", "6S"], *FILL])
    assert all(len(c) <= 4 or len(set(x[:-1] for x in c)) > 1 for c, _ in plays_of(game, 0))
    assert refused(game, 0, play(["5S", "5H", "5D", "5C", "JK"], ["5S"])) == "daifugo.as_in_play"
    assert refused(game, 0, play(["5S", "6S"])) == "daifugo.not_a_play"


def test_k_a_2_is_a_sequence_but_2_3_4_is_not() -> None:
    game = table([["KS", "AS", "2S", "3S", "4S"], *FILL])
    offered = plays_of(game, 0)
    assert (["KS", "AS", "2S"], []) in offered
    assert refused(game, 0, play(["2S", "3S", "4S"])) == "daifugo.not_a_play"
    assert refused(game, 0, play(["AS", "2S", "3S"])) == "daifugo.not_a_play"


def test_sequences_are_one_suit_and_the_option_turns_them_off() -> None:
    game = table([["5S", "6H", "7S", "8S"], *FILL])
    assert refused(game, 0, play(["5S", "6H", "7S"])) == "daifugo.not_a_play"
    off = table([["5S", "6S", "7S"], *FILL], options={"sequences": False})
    assert refused(off, 0, play(["5S", "6S", "7S"])) == "daifugo.no_sequences"
    assert all(len(c) == 1 for c, _ in plays_of(off, 0))


def test_a_joker_names_its_card_in_as() -> None:
    game = table([["5S", "6S", "JK", "9H"], *FILL])
    offered = plays_of(game, 0)
    assert (["5S", "6S", "JK"], ["4S"]) in offered  # 4S–6S
    assert (["5S", "6S", "JK"], ["7S"]) in offered  # 5S–7S
    assert (["5S", "JK"], ["5H"]) in offered
    assert (["JK"], []) in offered  # the Joker: no name
    assert (["9H", "JK"], ["9S"]) in offered
    game.apply(0, play(["6S", "JK", "5S"], ["7S"]))
    assert game.view(1)["trick"] == [{"seat": 0, "cards": ["5S", "6S", "JK"], "as": ["7S"]}]


def test_a_wrong_as_is_refused_with_its_reason() -> None:
    game = table([["5S", "6S", "JK", "JK", "9H"], *FILL])
    assert refused(game, 0, play(["5S", "JK"])) == "daifugo.as_count"
    assert refused(game, 0, play(["5S", "JK"], ["5H", "5D"])) == "daifugo.as_count"
    assert refused(game, 0, play(["JK"], ["5H"])) == "daifugo.as_for_wild"
    assert refused(game, 0, play(["JK", "JK"], ["5H", "5D"])) == "daifugo.as_for_wild"
    assert refused(game, 0, play(["5S", "JK"], ["5S"])) == "daifugo.as_in_play"
    assert refused(game, 0, play(["5S", "JK"], ["JK"])) == "daifugo.as_not_card"
    assert refused(game, 0, play(["5S", "JK"], ["6H"])) == "daifugo.not_a_play"
    assert refused(game, 0, play(["5H"])) == "daifugo.not_held"
    assert refused(game, 0, play(["9H", "9H"])) == "daifugo.not_held"
    assert refused(game, 0, play([])) == "daifugo.no_cards"
    assert refused(game, 0, {"type": "play", "cards": ["XX"], "as": []}) == "not_card_codes"


def test_a_joker_may_stand_for_a_card_in_its_own_hand_and_as_may_be_left_out() -> None:
    game = table([["5S", "5H", "JK", "9H"], *FILL])
    assert (["5S", "JK"], ["5H"]) in plays_of(game, 0)
    game.apply(0, {"type": "play", "cards": ["9H"]})  # no joker: "as" may be left out
    assert game.hands[0] == ["5S", "5H", "JK"]


def test_the_order_of_cards_and_as_does_not_matter_and_each_play_is_listed_once() -> None:
    game = table([["5S", "JK", "JK", "6S", "7H"], *FILL])
    listed = [(tuple(c), tuple(a)) for c, a in plays_of(game, 0)]
    assert len(listed) == len(set(listed))
    assert ("5S", "6S", "JK", "JK") in {c for c, _ in listed}
    game.apply(0, play(["JK", "6S", "JK", "5S"], ["8S", "7S"]))
    assert game.trick[0][1].cards == ("5S", "6S", "JK", "JK")


def test_a_play_must_match_the_top_and_be_stronger() -> None:
    game = table([["5C"], ["6S", "6H", "4D", "9C"], ["9D"]], turn=1, trick=[(0, ["5S"], [])])
    assert refused(game, 1, play(["6S", "6H"])) == "daifugo.shape"
    assert refused(game, 1, play(["4D"])) == "daifugo.not_stronger"
    assert plays_of(game, 1) == [(["6S"], []), (["6H"], []), (["9C"], [])]
    assert game.legal_actions(1)[-1] == PASS


def test_sequences_beat_only_without_overlap() -> None:
    hands = [["JH"], ["5D", "6D", "7D", "4C", "6C", "7C"], ["9D"]]
    game = table(hands, turn=1, trick=[(0, ["3S", "4S", "5S"], [])])
    assert (["5D", "6D", "7D"], []) not in plays_of(game, 1)  # 5 overlaps
    assert refused(game, 1, play(["5D", "6D", "7D"])) == "daifugo.not_stronger"
    hands[1] += ["8D"]
    game = table(hands, turn=1, trick=[(0, ["3S", "4S", "5S"], [])])
    assert (["6D", "7D", "8D"], []) in plays_of(game, 1)


def test_the_joker_beats_any_single_and_only_the_3_of_spades_beats_it() -> None:
    game = table([["5S"], ["JK", "2H"], ["JK", "3H"]], turn=1, trick=[(0, ["2S"], [])])
    assert (["JK"], []) in plays_of(game, 1)
    game.apply(1, play(["JK"]))
    assert plays_of(game, 2) == []  # not even the other joker
    assert refused(game, 2, play(["JK"])) == "daifugo.not_stronger"


def test_the_joker_pair_beats_every_pair_and_nothing_beats_it() -> None:
    game = table(
        [["5S"], ["JK", "JK", "9D"], ["2H", "2D", "9C"]], turn=1, trick=[(0, ["2S", "2C"], [])]
    )
    assert (["JK", "JK"], []) in plays_of(game, 1)
    game.apply(1, play(["JK", "JK"]))
    assert plays_of(game, 2) == []
    assert game.legal_actions(2) == [PASS]  # still asked, with pass alone


def test_a_pass_leaves_the_trick_and_the_last_player_leads_the_next() -> None:
    game = table([["5S", "9S"], ["6S", "7S"], ["8H", "QS"], ["KS", "KD"]])
    game.apply(0, play(["5S"]))
    game.apply(1, PASS)
    game.apply(2, play(["QS"]))
    game.apply(3, PASS)
    assert game.pending() == [0]  # seat 1 passed: skipped from now on
    events = game.apply(0, PASS)
    assert events[-1] == {"type": "trick_end", "cut": None, "leader": 2}
    assert game.trick == [] and game.pending() == [2] and game.passed == [False] * 4


def test_the_leader_must_play() -> None:
    game = table([["5S", "9S"], ["6S"], ["8H"]])
    assert PASS not in game.legal_actions(0)
    assert refused(game, 0, PASS) == "daifugo.lead_no_pass"


def test_a_player_who_went_out_hands_the_lead_to_the_next_still_in_the_deal() -> None:
    game = table([["5S"], ["6S", "7S"], ["8H", "9H"], ["9S", "9D"]], options={"forbidden": []})
    game.apply(0, play(["5S"]))  # out
    for seat in (1, 2, 3):
        game.apply(seat, PASS)
    assert game.pending() == [1]


def test_strict_action_shapes() -> None:
    game = table([["5S", "9S"], ["6S"], ["8H"]])
    assert refused(game, 0, {"type": "play", "cards": ["5S"], "as": [], "x": 1}) == (
        "unexpected_keys"
    )
    assert refused(game, 0, {"type": "play", "as": []}) == "missing_keys"
    assert refused(game, 0, {"type": "play", "cards": "5S", "as": []}) == "wrong_type"
    assert refused(game, 0, {"type": "give", "cards": ["5S"]}) == "not_allowed_now"
    assert refused(game, 1, play(["6S"])) == "not_your_turn"
