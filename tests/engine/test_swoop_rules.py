"""Swoop's rules, one stacked deck per rule (shared/rules/swoop.md)."""

from collections import Counter

import pytest

import engine
from engine.base import IllegalAction
from engine.swoop.rules import full_deck

pytestmark = pytest.mark.unit

# Penalties written out independently of the engine's table.
POINTS = {"A": 1, **{str(n): n for n in range(2, 10)}, "J": 10, "Q": 10, "K": 10}
POINTS.update({"10": 50, "JK": 50})


def points(card: str, flat: bool = False) -> int:
    r = card if card == "JK" else card[:-1]
    if flat and r in ("A", "2", "3", "4", "5", "6", "7", "8", "9"):
        return 5
    return POINTS[r]


def stack(seats: int, players: dict, unused: list[str] = (), decks: int | None = None) -> list:
    """A full deck with the given cards placed: ``players[s] = (mystery, face_up, hand)``
    (each list may be short; the rest is filled from the unused cards, low ranks first) and
    ``unused`` on top of the undealt cards."""
    decks = decks or (2 if seats <= 4 else 3 if seats <= 6 else 4)
    pool = Counter(full_deck(decks))
    wanted = [c for parts in players.values() for part in parts for c in part] + list(unused)
    pool.subtract(wanted)
    assert min(pool.values()) >= 0, "test deck asks for more copies than the decks have"
    order = sorted(pool.elements(), key=lambda c: ("10" in c or c == "JK", c))
    filler = iter(order)
    deck = []
    for s in range(seats):
        mystery, face_up, hand = players.get(s, ([], [], []))
        for part, size in ((mystery, 4), (face_up, 4), (hand, 11)):
            deck += list(part) + [next(filler) for _ in range(size - len(part))]
    return deck + list(unused) + list(filler)


def new(seats=3, players=None, unused=(), **options):
    options.setdefault("first_player", 0)
    deck = stack(seats, players or {}, unused, options.get("decks"))
    return engine.new_game("swoop", seats, options=options, seed=1, deck=deck)


def play(cards=(), table=()):
    return {"type": "play", "cards": list(cards), "table": list(table)}


def snapshot(g) -> tuple:
    views = [g.view(s) for s in [*range(g.seats), None]]
    return (views, [list(h) for h in g.hands], g.legal_actions(g.turn) if not g.over else [])


# ---------------------------------------------------------------------------------------------
# Deal and setup


def test_deal_blocks_of_nineteen():
    deck = stack(3, {1: (["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], ["9S"] * 2)})
    g = engine.new_game("swoop", 3, options={"first_player": 0}, deck=deck)
    assert g.mystery[1] == deck[19:23] == ["AS", "2S", "3S", "4S"]
    assert g.face_up[1] == deck[23:27] and Counter(g.hands[1]) == Counter(deck[27:38])
    assert g.unused == deck[57:] and len(g.unused) == 108 - 57
    v = g.view(1)
    assert v["players"][1]["mystery"] == [True] * 4 and v["players"][1]["hand"] == 11
    assert v["players"][0]["face_up"] == deck[4:8]
    assert Counter(v["hand"]) == Counter(deck[27:38]) and len(v["hand"]) == 11


@pytest.mark.parametrize(("seats", "decks"), [(3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)])
def test_default_decks_by_players(seats, decks):
    g = engine.new_game("swoop", seats, seed=3)
    assert g.options["decks"] == decks and len(g.all_cards) == 54 * decks


def test_options_are_validated():
    with pytest.raises(ValueError, match="decks"):
        engine.new_game("swoop", 3, options={"decks": 1})  # 54 < 57
    with pytest.raises(ValueError, match="decks"):
        engine.new_game("swoop", 3, options={"decks": 9})
    with pytest.raises(ValueError, match="first_player"):
        engine.new_game("swoop", 3, options={"first_player": 3})
    with pytest.raises(ValueError, match="target"):
        engine.new_game("swoop", 3, options={"target": 0})
    with pytest.raises(ValueError, match="unknown option"):
        engine.new_game("swoop", 3, options={"deck": 2})
    with pytest.raises(ValueError, match="seats"):
        engine.new_game("swoop", 2)
    with pytest.raises(ValueError, match="seats"):
        engine.new_game("swoop", 9)
    with pytest.raises(ValueError, match="deck"):
        engine.new_game("swoop", 3, deck=full_deck(2)[:-1])
    g = engine.new_game("swoop", 5, options={"decks": "2", "flat_numbers": "yes"}, seed=1)
    assert g.options == {
        "decks": 2,
        "first_player": None,
        "target": 300,
        "hands": None,
        "flat_numbers": True,
    }


# ---------------------------------------------------------------------------------------------
# First player


def test_first_player_highest_draw_and_ten_or_joker_draws_again():
    deck = stack(3, {}, unused=["5S", "10H", "JK", "9S", "KH"])
    g = engine.new_game("swoop", 3, deck=deck)
    assert g.draws == [[[0, "5S"], [1, "10H"], [1, "JK"], [1, "9S"], [2, "KH"]]]
    assert g.first == g.turn == 2 and g.pending() == [2]
    assert g.view(0)["draws"] == g.draws


def test_first_player_tie_redraws_among_the_tied():
    deck = stack(3, {}, unused=["KS", "5H", "KD", "3S", "10C", "4S"])
    g = engine.new_game("swoop", 3, deck=deck)
    assert g.draws == [[[0, "KS"], [1, "5H"], [2, "KD"]], [[0, "3S"], [2, "10C"], [2, "4S"]]]
    assert g.first == 2


def test_first_player_option_skips_the_draw():
    g = new(first_player=1)
    assert g.first == 1 and g.pending() == [1] and g.view(None)["draws"] is None


# ---------------------------------------------------------------------------------------------
# Plays on the pile


def test_equal_or_lower_goes_on_the_pile_and_turn_passes():
    g = new(players={0: ([], [], ["9S"]), 1: ([], [], ["9H"]), 2: ([], [], ["4S"])})
    ev = g.apply(0, play(["9S"]))
    assert ev[0]["outcome"] == "pile" and g.pile == ["9S"] and g.turn == 1
    g.apply(1, play(["9H"]))
    ev = g.apply(2, play(["4S"]))
    assert g.pile == ["9S", "9H", "4S"] and g.turn == 0
    assert ev == [
        {
            "type": "play",
            "seat": 2,
            "cards": ["4S"],
            "hand": ["4S"],
            "table": [],
            "table_cards": [],
            "mystery": None,
            "rank": "4",
            "outcome": "pile",
        }
    ]


def test_higher_play_takes_the_pile_including_the_card_just_played():
    g = new(players={0: ([], [], ["5S"]), 1: ([], [], ["9S"])})
    g.apply(0, play(["5S"]))
    before = len(g.hands[1])
    ev = g.apply(1, play(["9S"]))
    assert ev[0]["outcome"] == "pickup" and ev[1] == {"type": "pickup", "seat": 1, "count": 2}
    assert len(g.hands[1]) == before + 1 and {"5S", "9S"} <= set(g.hands[1])
    assert g.pile == [] and g.turn == 2


def test_picking_up_on_purpose_when_a_low_play_exists():
    g = new(players={0: ([], [], ["5S"]), 1: ([], [], ["2S", "KS"])})
    g.apply(0, play(["5S"]))
    legal = g.legal_actions(1)
    assert play(["2S"]) in legal and play(["KS"]) in legal
    g.apply(1, play(["KS"]))
    assert g.pile == [] and "KS" in g.hands[1]


def test_face_up_cards_play_with_hand_cards_and_uncover_mystery():
    g = new(players={0: (["7C"], ["8S", "8H"], ["8D"])})
    ev = g.apply(0, {"type": "play", "cards": ["8D"], "table": [1, 0]})
    assert ev[0]["cards"] == ["8D", "8H", "8S"] and ev[0]["table_cards"] == ["8H", "8S"]
    assert g.face_up[0][:2] == [None, None]
    assert g.view(0)["players"][0]["uncovered"] == [True, True, False, False]


def test_four_of_a_kind_higher_is_a_pickup_not_a_swoop():
    g = new(players={0: ([], [], ["5S"]), 1: ([], [], ["9S", "9H", "9D", "9C"])})
    g.apply(0, play(["5S"]))
    ev = g.apply(1, play(["9S", "9H", "9D", "9C"]))
    assert ev[0]["outcome"] == "pickup" and not any(e["type"] == "swoop" for e in ev)
    assert g.turn == 2 and len(g.hands[1]) == 11 + 1


def test_five_of_a_rank_limit():
    g = new(
        players={
            0: ([], [], ["5S", "5H"]),
            1: ([], [], ["5D", "5C", "5S"]),
            2: ([], [], ["5H", "5D"]),
        }
    )
    g.apply(0, play(["5S", "5H"]))
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="five"):
        g.apply(1, play(["5D", "5C", "5S"]))
    assert snapshot(g) == before
    fives = [a for a in g.legal_actions(1) if a["cards"] and a["cards"][0][0] == "5"]
    assert fives and max(len(a["cards"]) for a in fives) == 2
    g.apply(1, play(["5D"]))  # three fives on top: one more at most
    assert play(["5H", "5D"]) not in g.legal_actions(2) and play(["5H"]) in g.legal_actions(2)
    with pytest.raises(IllegalAction, match="five"):
        g.apply(2, play(["5H", "5D"]))
    ev = g.apply(2, play(["5H"]))
    assert ev[1]["type"] == "swoop"


def test_five_limit_counts_only_the_consecutive_top():
    g = new(
        players={
            0: ([], [], ["4S", "4H", "4D"]),
            1: ([], [], ["3S"]),
            2: ([], [], ["4C", "4S", "4H", "4D"]),
        }
    )
    g.apply(0, play(["4S", "4H", "4D"]))
    g.apply(1, play(["3S"]))
    assert play(["4S", "4H", "4D", "4C"]) in g.legal_actions(2)
    ev = g.apply(2, play(["4C", "4S", "4H", "4D"]))  # higher than the 3: taken, not five 4s
    assert ev[0]["outcome"] == "pickup" and ev[1]["count"] == 8


def test_no_pass():
    g = new()
    with pytest.raises(IllegalAction, match="no pass"):
        g.apply(0, play())
    assert {"type": "pass"} not in g.legal_actions(0)
    with pytest.raises(IllegalAction, match="'pass' is not allowed in the play phase"):
        g.apply(0, {"type": "pass"})


# ---------------------------------------------------------------------------------------------
# Swoops


def test_four_on_an_empty_pile_swoop_and_the_swooper_plays_again():
    g = new(players={0: ([], [], ["7S", "7H", "7D", "7C"])})
    ev = g.apply(0, play(["7S", "7H", "7D", "7C"]))
    assert [e["type"] for e in ev] == ["play", "swoop", "clear"]
    assert ev[1]["cards"] == ["7S", "7H", "7D", "7C"] and not ev[1]["special"]
    assert g.pile == [] and g.cleared == 4 and g.turn == 0 and g.phase == "play"


def test_swoop_completed_across_players_and_chained_two_levels_deep():
    g = new(
        players={
            0: ([], [], ["KS", "4H"]),
            1: ([], ["5C"], ["5S", "5H", "4D", "4C", "5D", "KH", "KD", "KC"]),
            2: ([], [], ["4S"]),
        }
    )
    g.apply(0, play(["KS"]))
    g.apply(1, play(["5S", "5H"]))
    g.apply(2, play(["4S"]))
    g.apply(0, play(["4H"]))
    ev = g.apply(1, play(["4D", "4C"]))
    assert [e["type"] for e in ev] == ["play", "swoop"]
    assert ev[1]["cards"] == ["4S", "4H", "4D", "4C"]
    assert g.phase == "chain" and g.pending() == [1] and g.pile == ["KS", "5S", "5H"]
    assert g.view(1)["chain"] == {"rank": "5", "need": 2}
    # The step is the swooper's own: the others see whose turn it is.
    assert g.view(2)["chain"] is None and g.view(2)["phase"] == "play"
    assert g.view(None)["chain"] is None and g.view(None)["phase"] == "play"
    legal = g.legal_actions(1)
    assert {"type": "stop"} in legal
    assert {"type": "chain", "cards": ["5D"], "table": [0]} in legal
    with pytest.raises(IllegalAction, match="exactly 2"):
        g.apply(1, {"type": "chain", "cards": ["5D"]})
    ev = g.apply(1, {"type": "chain", "cards": ["5D"], "table": [0]})
    assert ev[0]["removed"] == ["5S", "5H", "5D", "5C"]
    assert g.phase == "chain" and g.view(1)["chain"] == {"rank": "K", "need": 3}
    ev = g.apply(1, {"type": "chain", "cards": ["KH", "KD", "KC"]})
    assert ev[0]["removed"] == ["KS", "KH", "KD", "KC"]
    assert ev[-1] == {"type": "clear", "seat": 1, "count": 0}
    assert g.pile == [] and g.cleared == 12 and g.turn == 1 and g.phase == "play"


def test_chain_swoop_with_stop():
    g = new(
        players={
            0: ([], [], ["QS", "6S", "6H"]),
            1: ([], [], ["6D", "6C", "QH", "QD", "QC"]),
            2: ([], [], ["QS"]),
        }
    )
    g.apply(0, play(["QS"]))
    g.apply(1, play(["QH"]))
    g.apply(2, play(["QS"]))
    g.apply(0, play(["6S", "6H"]))
    ev = g.apply(1, play(["6D", "6C"]))
    assert ev[1]["type"] == "swoop" and g.phase == "chain"
    assert g.legal_actions(1) == [{"type": "chain", "cards": ["QD"], "table": []}, {"type": "stop"}]
    ev = g.apply(1, {"type": "stop"})
    assert ev == [{"type": "clear", "seat": 1, "count": 3}]
    assert g.pile == [] and g.cleared == 7 and g.turn == 1 and g.phase == "play"


def test_chain_step_only_stop_when_the_hand_cannot_chain():
    """The rank below is out of reach of the hand, but the table cannot know: asked anyway."""
    g = new(players={0: ([], [], ["QS", "6H"]), 1: ([], [], ["6D", "6C"]), 2: ([], [], ["6S"])})
    assert not any(c.startswith("Q") for c in [*g.hands[0], *g.face_up[0]][1:])
    g.apply(0, play(["QS"]))
    g.apply(1, play(["6D", "6C"]))
    g.apply(2, play(["6S"]))
    ev = g.apply(0, play(["6H"]))
    assert [e["type"] for e in ev] == ["play", "swoop"]
    assert g.phase == "chain" and g.legal_actions(0) == [{"type": "stop"}]
    ev = g.apply(0, {"type": "stop"})
    assert ev == [{"type": "clear", "seat": 0, "count": 1}]
    assert g.phase == "play" and g.turn == 0 and g.cleared == 5


def test_no_chain_step_when_the_table_sees_too_few_cards():
    """Fewer hand cards plus face-up cards of the rank than needed: public, so no chain step."""
    g = new(players={0: ([], [], ["QS", "6H"]), 1: ([], [], ["6D", "6C"]), 2: ([], [], ["6S"])})
    g.hands[0] = ["QS", "6H", "2S"]
    g.face_up[0] = [None, None, None, None]
    g.apply(0, play(["QS"]))
    g.apply(1, play(["6D", "6C"]))
    g.apply(2, play(["6S"]))
    ev = g.apply(0, play(["6H"]))  # the Q below needs 3, seat 0 shows 1 hand card
    assert [e["type"] for e in ev] == ["play", "swoop", "clear"]
    assert ev[2]["count"] == 1 and g.phase == "play" and g.turn == 0


def test_ten_on_a_big_pile_swoops_everything_and_plays_again():
    g = new(
        players={
            0: ([], [], ["KS", "8S", "10H"]),
            1: ([], [], ["QS", "7S"]),
            2: ([], [], ["JS", "6S"]),
        }
    )
    for seat, card in ((0, "KS"), (1, "QS"), (2, "JS"), (0, "8S"), (1, "7S"), (2, "6S")):
        g.apply(seat, play([card]))
    assert len(g.pile) == 6
    ev = g.apply(0, play(["10H"]))
    assert [e["type"] for e in ev] == ["play", "swoop", "clear"]
    assert ev[1] == {"type": "swoop", "seat": 0, "cards": ["10H"], "special": True}
    assert ev[2] == {"type": "clear", "seat": 0, "count": 6}
    assert g.pile == [] and g.cleared == 7 and g.turn == 0


def test_jokers_swoop_and_tens_and_jokers_do_not_mix():
    g = new(players={0: ([], [], ["JK", "JK", "10S"]), 1: ([], [], ["KS"])})
    with pytest.raises(IllegalAction, match="one rank"):
        g.apply(0, play(["JK", "10S"]))
    ev = g.apply(0, play(["JK", "JK"]))
    assert ev[1]["special"] and g.turn == 0 and g.cleared == 2


def test_ten_swoops_even_on_a_five_limit_pile():
    g = new(players={0: ([], [], ["3S", "3H", "3D"]), 1: ([], [], ["10S", "10H", "10D", "10C"])})
    g.apply(0, play(["3S", "3H", "3D"]))
    assert play(["10S", "10H", "10D", "10C"]) in g.legal_actions(1)
    ev = g.apply(1, play(["10S", "10H", "10D", "10C"]))
    assert ev[1]["special"] and ev[2]["count"] == 3 and g.turn == 1


def test_first_player_draw_reshuffles_an_exhausted_stack():
    kings = ["KS", "KH", "KD", "KC"] * 2 + ["QS", "QH"]
    deck = stack(8, {}, unused=kings, decks=3)
    assert len(deck) - 8 * 19 == len(kings)
    g1 = engine.new_game("swoop", 8, options={"decks": 3}, seed=4, deck=deck)
    g2 = engine.new_game("swoop", 8, options={"decks": 3}, seed=4, deck=deck)
    assert g1.draws == g2.draws and g1.first == g2.first
    assert g1.draws[0] == [[s, c] for s, c in enumerate(kings[:8])]
    assert g1.draws[1][:2] == [[0, "QS"], [1, "QH"]] and len(g1.draws[1]) == 8
    assert all(card in kings for r in g1.draws for _, card in r)


def test_first_player_draw_that_cannot_settle_falls_back_to_seat_zero():
    specials = ["10S", "10H", "10D", "10C", "JK", "JK", "10S", "10H", "10D", "10C"]
    deck = stack(8, {}, unused=specials, decks=3)
    g = engine.new_game("swoop", 8, options={"decks": 3}, seed=4, deck=deck)
    assert g.first == 0 and sum(len(r) for r in g.draws) == 500
