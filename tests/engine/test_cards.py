import pytest

from engine import cards
from engine.base import IllegalAction, Option, check_action, integer, parse_options

pytestmark = pytest.mark.unit


def test_codes_parse():
    assert cards.rank("10H") == "10" and cards.suit("10H") == "H"
    assert cards.rank("JK") == "JK" and cards.suit("JK") is None
    assert cards.is_card("QS") and cards.is_card("BJ")
    assert not cards.is_card("1S") and not cards.is_card("10X") and not cards.is_card(10)


def test_standard_deck_counts():
    assert len(cards.standard_deck(1, jokers=["JK"])) == 53
    assert len(cards.standard_deck(2, jokers=["JK", "JK"])) == 108


def test_validate_deck_names_the_fault():
    full = cards.standard_deck(1, jokers=["JK"])
    assert cards.validate_deck(list(full), full) == full
    with pytest.raises(ValueError, match="missing"):
        cards.validate_deck(full[:-1], full)
    with pytest.raises(ValueError, match="unexpected JK"):
        cards.validate_deck([*full[:-2], "JK", "JK"], full)
    with pytest.raises(ValueError):
        cards.validate_deck("AS", full)


def test_removed_is_a_multiset_difference():
    assert cards.removed(["2S", "2S", "3H"], ["2S"]) == ["2S", "3H"]
    with pytest.raises(ValueError):
        cards.removed(["2S"], ["2S", "2S"])


def test_options_are_checked_by_name():
    schema = {"rounds": Option(None, integer(1, 50, allow_none=True))}
    assert parse_options(schema, None) == {"rounds": None}
    assert parse_options(schema, {"rounds": "3"}) == {"rounds": 3}
    with pytest.raises(ValueError, match="unknown option 'round'"):
        parse_options(schema, {"round": 3})
    with pytest.raises(ValueError, match="option 'rounds'"):
        parse_options(schema, {"rounds": 0})


def test_actions_are_strict():
    shape = {"type": str, "slot": int}
    assert check_action({"type": "flip", "slot": 1}, shape)
    for bad in (
        {"type": "flip"},
        {"type": "flip", "slot": 1, "x": 0},
        {"type": "flip", "slot": True},
        {"type": "flip", "slot": "1"},
        ["flip"],
    ):
        with pytest.raises(IllegalAction):
            check_action(bad, shape)


def test_rank_order_and_suit_index():
    assert cards.rank_order(("A", "2", "K")) == {"A": 1, "2": 2, "K": 3}
    assert cards.rank_order(cards.RANKS, start=0)["K"] == 12
    assert [cards.suit_index(c) for c in ("AS", "10H", "QD", "2C")] == [0, 1, 2, 3]
    assert {cards.suit_index(j) for j in cards.JOKERS} == {len(cards.SUITS)}
