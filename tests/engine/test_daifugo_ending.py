"""大富豪 rules §8–9: going out, forbidden finishes, the capital's fall, the end of a deal,
titles, points and the end of the game."""

from __future__ import annotations

import pytest
from test_daifugo_helpers import PASS, new, play, table

from engine.daifugo.deal import titles_for

pytestmark = pytest.mark.unit


def out_events(events: list) -> list:
    return [e for e in events if e["type"] in ("out", "fall")]


def test_going_out_plays_on_and_the_deal_ends_with_one_player_holding_cards() -> None:
    hands = [["5S"], ["6S", "7S"], ["8H", "9H"], ["4S", "4D"]]
    game = table(hands, options={"deals": 2, "lock": False, "eight_cut": False})
    assert out_events(game.apply(0, play(["5S"]))) == [{"type": "out", "seat": 0, "foul": []}]
    assert game.trick and game.pending() == [1]  # its play stands: the others may beat it
    game.apply(1, play(["7S"]))
    game.apply(2, play(["9H"]))
    game.apply(3, PASS)
    game.apply(1, PASS)
    game.apply(2, play(["8H"]))  # leads, goes out
    game.apply(3, PASS)
    events = game.apply(1, PASS)
    end = next(e for e in events if e["type"] == "trick_end")
    assert end["leader"] == 3  # 2 went out: the next still in the deal
    events = game.apply(3, play(["4S", "4D"]))  # out: only seat 1 holds cards
    deal_end = next(e for e in events if e["type"] == "deal_end")
    assert deal_end["order"] == [0, 2, 3, 1]
    assert deal_end["titles"] == ["daifugo", "daihinmin", "fugo", "hinmin"]
    assert deal_end["points"] == [2, -2, 1, -1] and game.scores == [2, -2, 1, -1]
    assert events[-1]["type"] == "deal" and game.deal_no == 2 and game.phase == "exchange"


@pytest.mark.parametrize(
    ("last", "named", "forbidden", "foul"),
    [
        (["JK"], [], ["joker"], ["joker"]),
        (["5S", "JK"], ["5H"], ["joker"], ["joker"]),
        (["2S"], [], ["top"], ["top"]),
        (["KS", "AS", "2S"], [], ["top"], ["top"]),  # sequences count
        (["8S"], [], ["eight"], ["eight"]),
        (["6S", "7S", "8S"], [], ["eight"], ["eight"]),
        (["3S"], [], ["spade3"], ["spade3"]),
        (["JK"], [], ["top", "eight"], []),  # a joker alone is no 2
        (["2S"], [], [], []),
        (["8S"], [], ["joker", "top"], []),
    ],
)
def test_forbidden_finishes_look_at_the_real_cards(
    last: list[str], named: list[str], forbidden: list[str], foul: list[str]
) -> None:
    game = table([last, ["9H", "10H"], ["9D", "10D"]], options={"forbidden": forbidden})
    assert out_events(game.apply(0, play(last, named)))[0]["foul"] == foul
    assert game.fouls == ([0] if foul else []) and game.finished == ([] if foul else [0])


def test_top_is_the_3_under_a_revolution_and_rules_off_forbid_nothing() -> None:
    rev = table([["3S"], ["9H"], ["9D"]], revolution=True, options={"forbidden": ["top"]})
    assert out_events(rev.apply(0, play(["3S"])))[0]["foul"] == ["top"]
    two = table([["2S"], ["9H"], ["9D"]], revolution=True, options={"forbidden": ["top"]})
    assert out_events(two.apply(0, play(["2S"])))[0]["foul"] == []
    off = table([["8S"], ["9H"], ["9D"]], options={"eight_cut": False})
    assert out_events(off.apply(0, play(["8S"])))[0]["foul"] == []
    spade = table([["3S"], ["9H"], ["9D"]], options={"forbidden": ["spade3"], "spade3": False})
    assert out_events(spade.apply(0, play(["3S"])))[0]["foul"] == []


def test_a_foul_is_offered_its_play_stands_and_the_first_to_foul_is_lowest() -> None:
    game = table([["2S"], ["2H", "9H"], ["JK", "9D"], ["5C", "6C"]])
    assert {"type": "play", "cards": ["2S"], "as": []} in game.legal_actions(0)
    game.apply(0, play(["2S"]))  # fouls: ranked last
    game.apply(1, PASS)
    game.apply(2, PASS)
    game.apply(3, PASS)  # the fouled 2 won the trick: the next in the deal leads
    assert game.pending() == [1]
    game.apply(1, play(["9H"]))
    game.apply(2, PASS)
    game.apply(3, PASS)
    game.apply(1, play(["2H"]))  # fouls too
    game.apply(2, PASS)
    events = game.apply(3, PASS)
    game.apply(2, play(["9D"]))
    events = game.apply(3, PASS)
    events = game.apply(2, play(["JK"]))  # out with a joker: a third foul
    deal_end = next(e for e in events if e["type"] == "deal_end")
    assert deal_end["fouls"] == [0, 1, 2]
    assert deal_end["order"] == [3, 2, 1, 0]


def deal_two(titles: list, hands: list[list[str]], **options: object) -> object:
    return table(hands, options={"deals": 2, **options}, titles=list(titles), deal_no=2)


def test_the_capital_falls_when_another_goes_out_first() -> None:
    titles = ["daifugo", "fugo", "hinmin", "daihinmin"]
    game = deal_two(titles, [["KS", "KH"], ["5S"], ["9H", "9D"], ["6C", "7C"]], forbidden=[])
    game.turn = 1
    events = game.apply(1, play(["5S"]))  # type: ignore[attr-defined]
    assert out_events(events) == [
        {"type": "out", "seat": 1, "foul": []},
        {"type": "fall", "seat": 0},
    ]
    view = game.view(0)  # type: ignore[attr-defined]
    assert view["fallen"] == 0 and view["hand"] == [] and view["counts"][0] == 0
    assert game.fallen_cards == ["KS", "KH"]  # type: ignore[attr-defined]
    assert "KS" not in str(game.view(None))  # type: ignore[attr-defined]
    assert game.pending() == [2]  # type: ignore[attr-defined]


def test_the_fallen_capital_ranks_after_the_finishers_and_before_the_fouls() -> None:
    titles = ["daifugo", "fugo", "hinmin", "daihinmin"]
    game = deal_two(titles, [["KS", "KH"], ["5S"], ["2H"], ["6C", "7C"]], forbidden=["top"])
    game.turn = 2
    game.apply(2, play(["2H"]))  # a foul first: no fall
    assert game.fallen is None and game.fouls == [2]
    game.apply(3, PASS)
    game.apply(0, PASS)
    game.apply(1, PASS)
    events = game.apply(3, play(["6C"]))
    events = game.apply(0, PASS)
    events = game.apply(1, PASS)
    events = game.apply(3, play(["7C"]))  # the first normal finisher: the capital falls
    assert {"type": "fall", "seat": 0} in events
    deal_end = next(e for e in events if e["type"] == "deal_end")
    assert deal_end["order"] == [3, 1, 0, 2] and deal_end["fallen"] == 0


def test_no_fall_when_the_capital_goes_out_first_in_the_first_deal_or_with_the_option_off() -> None:
    titles = ["daifugo", "fugo", "hinmin", "daihinmin"]
    hands = [["KS", "KH"], ["5S"], ["9H", "9D"], ["6C", "7C"]]
    off = deal_two(titles, hands, capital_fall=False)
    off.turn = 1
    assert not any(e["type"] == "fall" for e in off.apply(1, play(["5S"])))
    first = table(hands)
    first.turn = 1
    assert not any(e["type"] == "fall" for e in first.apply(1, play(["5S"])))
    own = deal_two(titles, [["5S"], ["KS", "KH"], ["9H", "9D"], ["6C", "7C"]])
    assert not any(e["type"] == "fall" for e in own.apply(0, play(["5S"])))


@pytest.mark.parametrize(
    ("seats", "titles"),
    [
        (3, ["daifugo", "heimin", "daihinmin"]),
        (4, ["daifugo", "fugo", "hinmin", "daihinmin"]),
        (5, ["daifugo", "fugo", "heimin", "hinmin", "daihinmin"]),
        (8, ["daifugo", "fugo", *["heimin"] * 4, "hinmin", "daihinmin"]),
    ],
)
def test_titles_by_place_and_points_sum_to_zero(seats: int, titles: list[str]) -> None:
    assert titles_for(seats) == titles
    from engine.daifugo.deal import POINTS

    assert sum(POINTS[t] for t in titles) == 0  # type: ignore[index]


def test_the_game_ends_after_its_deals_and_a_tie_for_the_top_is_shared() -> None:
    game = table([["5S"], ["6S"], ["7S"]], options={"deals": 1, "forbidden": []})
    game.scores = [0, 2, 0]
    events = game.apply(0, play(["5S"]))
    events += game.apply(1, play(["6S"]))
    assert events[-1] == {"type": "game_end", "scores": [2, 2, -2], "winners": [0, 1]}
    result = game.result()
    assert result["titles"] == ["daifugo", "heimin", "daihinmin"]
    assert result["deals"] == [
        {
            "order": [0, 1, 2],
            "titles": ["daifugo", "heimin", "daihinmin"],
            "points": [2, 0, -2],
            "fouls": [],
            "fallen": None,
        }
    ]
    assert game.pending() == [] and game.view(2)["hand"] == []
    ahead = table([["5S"], ["6S"], ["7S"]], options={"deals": 1, "forbidden": []})
    ahead.scores = [0, 3, 0]
    ahead.apply(0, play(["5S"]))
    assert ahead.apply(1, play(["6S"]))[-1]["winners"] == [1]


def test_result_before_the_end_has_no_winners_and_no_titles() -> None:
    result = new(4).result()
    assert result == {"scores": [0] * 4, "winners": [], "titles": [None] * 4, "deals": []}
