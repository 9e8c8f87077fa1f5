"""Mi Shi deal, declaring, going alone, redeal, the kitty and the hidden partner (stacked decks)."""

import pytest
from test_mishi_helpers import bury, deal, new, stacked

from engine import IllegalAction

pytestmark = pytest.mark.unit


def test_only_a_drawer_that_can_outrank_is_asked():
    # seat 1 draws 10H first, seat 2 draws 10D first, seat 3 draws 10S second.
    deck = stacked({1: ["10H"], 2: ["10D"], 3: ["5C", "10S"]})
    g = new(deck)
    assert g.pending() == [1]
    assert g.legal_actions(1) == [{"type": "declare", "cards": ["10H"]}, {"type": "pass"}]
    g.apply(1, {"type": "declare", "cards": ["10H"]})
    # seat 2's 10D cannot outrank 10H: never asked; seat 3's 10S can.
    assert g.pending() == [3] and len(g.hands[3]) == 2
    events = g.apply(3, {"type": "declare", "cards": ["10S"]})
    assert events[0] == {"type": "declare", "seat": 3, "suit": "S", "cards": ["10S"]}
    assert g.declaration.seat == 3


def test_two_tens_outrank_one_and_the_order_is_spades_hearts_clubs_diamonds():
    deck = stacked({0: ["10S"], 1: ["10D", "10D"]})
    g = new(deck)
    g.apply(0, {"type": "declare", "cards": ["10S"]})
    assert g.pending() == [1] and g.hands[1] == ["10D", "10D"]
    assert g.legal_actions(1) == [{"type": "declare", "cards": ["10D", "10D"]}, {"type": "pass"}]
    with pytest.raises(IllegalAction, match="outrank"):
        g.apply(1, {"type": "declare", "cards": ["10D"]})
    g.apply(1, {"type": "declare", "cards": ["10D", "10D"]})
    assert (g.declaration.suit, g.declaration.count) == ("D", 2)


def test_declarer_may_strengthen_but_not_move_to_another_suit():
    deck = stacked({0: ["10H", "10S", "10H"]})
    g = new(deck)
    g.apply(0, {"type": "declare", "cards": ["10H"]})
    # holding 10S does not make seat 0 pending: it may not move itself to spades
    assert g.pending() == [0] and g.hands[0] == ["10H", "10S", "10H"]
    assert g.legal_actions(0) == [{"type": "declare", "cards": ["10H", "10H"]}, {"type": "pass"}]
    before = g.view(0)
    with pytest.raises(IllegalAction, match="strengthen"):
        g.apply(0, {"type": "declare", "cards": ["10S"]})
    assert g.view(0) == before
    g.apply(0, {"type": "declare", "cards": ["10H", "10H"]})
    assert (g.declaration.suit, g.declaration.count) == ("H", 2)


def test_declaring_a_ten_you_do_not_hold_is_refused():
    g = new(stacked({0: ["10S"]}))
    with pytest.raises(IllegalAction, match="do not hold"):
        g.apply(0, {"type": "declare", "cards": ["10H"]})
    with pytest.raises(IllegalAction):
        g.apply(1, {"type": "pass"})  # not its turn


def test_bao_asks_everyone_in_turn_from_the_declarer_pass_only_when_unable():
    deck = stacked({2: ["10C"], 3: ["10D"], 0: ["10H"]})
    g = new(deck)
    asked = []
    while g.phase == "deal":
        seat = g.pending()[0]
        want = {"type": "declare", "cards": ["10C"]}
        g.apply(seat, want if seat == 2 and g.declaration is None else {"type": "pass"})
    while g.phase == "bao":
        seat = g.pending()[0]
        asked.append((seat, g.legal_actions(seat)))
        action = {"type": "bao", "cards": ["10D"]} if seat == 3 else {"type": "pass"}
        events = g.apply(seat, action)
        if action["type"] == "pass":  # the same public event whether or not it could bid
            assert events[0] == {"type": "pass", "seat": seat, "phase": "bao"}
    # 2 (declarer) passes, 3 bids, 0 (10H could outbid) passes, 1 (no ten) is asked too with
    # only `pass`, 2 may still outbid with 10C > 10D, passes, and the turn is back at the bidder.
    assert [seat for seat, _ in asked] == [2, 3, 0, 1, 2]
    assert asked[3][1] == [{"type": "pass"}]
    assert asked[2][1] == [{"type": "bao", "cards": ["10H"]}, {"type": "pass"}]
    assert g.phase == "bury" and g.declarer == 3 and g.trump == "D" and g.case == "bao"
    assert g.view(None)["sides"] == ["defender", "defender", "defender", "declarer"]


def test_bao_round_without_a_bid_asks_each_player_once_from_the_declarer():
    g = new(stacked({1: ["10S"]}))
    deal_events = []
    while g.phase == "deal":
        seat = g.pending()[0]
        bid = {"type": "declare", "cards": ["10S"]}
        deal_events += g.apply(seat, bid if g.declaration is None else {"type": "pass"})
    asked = []
    while g.phase == "bao":
        seat = g.pending()[0]
        legal = g.legal_actions(seat)
        assert legal[-1] == {"type": "pass"}
        asked.append(seat)
        g.apply(seat, {"type": "pass"})
    assert asked == [1, 2, 3, 0] and g.declarer == 1 and g.case == "2v2"


def test_a_player_who_cannot_outbid_may_only_pass():
    g = new(stacked({0: ["10S"], 1: ["10D"]}))
    while g.phase == "deal":
        seat = g.pending()[0]
        g.apply(seat, {"type": "pass"})
    g.apply(g.pending()[0], {"type": "bao", "cards": ["10S"]})  # seat 0 goes alone with 10S
    assert g.pending() == [1] and g.legal_actions(1) == [{"type": "pass"}]
    with pytest.raises(IllegalAction, match="outrank"):
        g.apply(1, {"type": "bao", "cards": ["10D"]})
    assert g.pending() == [1]


def test_bao_beats_any_declaration_and_later_bids_must_rank_higher():
    deck = stacked({0: ["10S", "10S"], 1: ["10D"], 2: ["10H"]})
    g = new(deck)
    deal(g, declarer=0, suit="S", count=2, bao=(1, ["10D"]))
    assert g.declarer == 1 and g.case == "bao" and g.partner is None


def test_bao_ranks_against_earlier_bids():
    deck = stacked({0: ["10S"], 1: ["10H"], 2: ["10D"]})
    g = new(deck)
    while g.phase == "deal":
        seat = g.pending()[0]
        first = seat == 0 and g.declaration is None
        g.apply(seat, {"type": "declare", "cards": ["10S"]} if first else {"type": "pass"})
    assert g.pending() == [0]
    g.apply(0, {"type": "bao", "cards": ["10S"]})
    # only a pair of tens outbids a single spade ten: single tens are asked, with only `pass`
    asked = []
    while g.phase == "bao":
        seat = g.pending()[0]
        asked.append(seat)
        if seat in (1, 2):
            assert g.legal_actions(seat) == [{"type": "pass"}]
        else:
            assert any(g.hands[seat].count("10" + s) == 2 for s in "SHCD")
        g.apply(seat, {"type": "pass"})
    assert asked == [1, 2, 3]
    assert g.phase == "bury" and g.declarer == 0 and g.case == "bao"


def test_nobody_declares_then_redeal_from_the_seed_same_hand_and_first_player():
    deck = stacked(first=0)
    g = new(deck)
    hands_before = None
    events = []
    while g.phase in ("deal", "bao") and not any(e["type"] == "redeal" for e in events):
        hands_before = [list(h) for h in g.hands]
        events += g.apply(g.pending()[0], {"type": "pass"})
    assert {"type": "redeal", "hand": 1} in events
    assert g.hand_index == 0 and g.first == 0 and g.phase in ("deal", "bao")
    assert sorted(g.deck) == sorted(deck) and g.deck != deck
    assert hands_before is not None


def test_declarer_takes_the_kitty_then_buries_eight():
    deck = stacked({0: ["10S"], 2: ["10S"]}, kitty=["KH", "KH", "5D"])
    g = new(deck)
    events = deal(g, declarer=0, suit="S")
    assert {"type": "kitty_taken", "seat": 0, "suit": "S", "case": None} in events
    assert len(g.hands[0]) == 29 and g.pending() == [0]
    assert sorted(g.view(0)["kitty"]) == sorted(deck[84:])
    assert g.view(1)["kitty"] is None and g.view(None)["kitty"] is None
    with pytest.raises(IllegalAction, match="exactly 8"):
        g.apply(0, {"type": "bury", "cards": g.hands[0][:7]})
    steps = g.legal_actions(0)
    assert all(a["type"] == "bury_card" for a in steps)
    assert len(steps) == len(set(g.hands[0]))
    g.apply(0, {"type": "bury_card", "card": "KH"})
    assert g.view(0)["buried"] == ["KH"] and g.view(1)["buried"] is None
    events = g.apply(0, {"type": "bury", "cards": g.order.sorted(g.hands[0])[-7:]})
    assert events[0] == {"type": "buried", "seat": 0}
    assert "KH" not in str(events)
    assert g.phase == "play" and g.pending() == [0]  # the declarer leads the first trick
    assert len(g.hands[0]) == 21


def test_partner_is_the_holder_of_the_other_trump_ten():
    g = new(stacked({0: ["10S"], 2: ["10S"]}))
    deal(g, declarer=0, suit="S")
    assert g.case == "2v2" and g.partner == 2
    assert g.view(2)["sides"] == ["declarer", "defender", "partner", "defender"]
    assert g.view(2)["case"] == "2v2"
    for seat in (0, 1, 3, None):
        assert g.view(seat)["sides"][2] is None
    assert g.view(1)["sides"] == ["declarer", "defender", None, None]


def test_other_ten_in_the_kitty_makes_paqi():
    g = new(stacked({0: ["10S"]}, kitty=["10S"]))
    deal(g, declarer=0, suit="S")
    assert g.case == "paqi" and g.partner is None
    assert g.view(0)["case"] == "paqi" and g.view(1)["case"] is None


def test_holding_both_tens_from_the_deal_is_paqi():
    g = new(stacked({1: ["10H", "10H"]}, first=0))
    deal(g, declarer=1, suit="H", count=1)
    assert g.declaration.count == 1 and g.case == "paqi"


def test_partner_revealed_only_when_the_other_ten_is_played():
    from engine.mishi.bot import MishiBot

    g = new(stacked({0: ["10S"], 2: ["10S"]}))
    deal(g, declarer=0, suit="S")
    bury(g)
    bots = [MishiBot(s, s) for s in range(4)]
    revealed = False
    while g.phase == "play":
        seat = g.pending()[0]
        events = g.apply(seat, bots[seat].act(g.view(seat), g.legal_actions(seat)))
        for e in events:
            if e["type"] == "play" and "10S" in e["cards"] and e["seat"] == 2:
                assert {"type": "partner_revealed", "seat": 2, "case": "2v2"} in events
                revealed = True
        if g.phase == "play":
            assert (g.view(1)["sides"][2] == "partner") == revealed
    assert revealed or g.history[-1]["partner"] == 2


def test_a_player_who_passed_is_asked_again_on_each_later_draw():
    g = new(stacked({2: ["10S"]}))
    asked = []
    while g.phase == "deal":
        asked.append((g.pending()[0], len(g.hands[g.pending()[0]])))
        g.apply(g.pending()[0], {"type": "pass"})
    # seat 2 held 10S from its first draw, so it was asked after each of its 21 draws
    assert [n for seat, n in asked if seat == 2] == list(range(1, 22))


def test_the_last_draw_is_asked_before_the_deal_ends():
    plain = ["5H", "6H", "7H", "8H", "9H", "JH", "QH", "KH", "AH"] * 2 + ["5C", "6C"]
    g = new(stacked({3: [*plain, "10D"]}))
    while not (g.pending() == [3] and len(g.hands[3]) == 21):
        assert g.phase == "deal"
        g.apply(g.pending()[0], {"type": "pass"})
    assert g.drawn == 84 and g.phase == "deal"
    events = g.apply(3, {"type": "declare", "cards": ["10D"]})
    assert [e["type"] for e in events][:2] == ["declare", "dealt"]
    assert g.phase == "bao"


def test_being_asked_during_the_deal_shows_only_in_the_asked_seats_own_view():
    g = new(stacked({1: ["10H"], 3: ["5C", "10S"]}))
    assert g.pending() == [1] and g.drawn == 2
    assert g.view(1)["pending"] == [1] and g.view(1)["hand"] == ["10H"]
    for seat in (0, 2, 3, None):  # the table sees the deal as of the last public draw: none
        view = g.view(seat)
        assert view["phase"] == "deal" and view["pending"] == []
        assert view["counts"] == [0, 0, 0, 0] and view["to_deal"] == 84
        assert view["hand"] == ([] if seat is not None else None)
    assert g.apply(1, {"type": "pass"}) == []  # a deal-phase pass is no event
    assert g.pending() == [1] and g.drawn == 6  # 10H can still declare: asked on each draw
    assert g.apply(1, {"type": "pass"}) == []
    assert g.pending() == [3] and g.drawn == 8
    assert g.view(1)["pending"] == [] and g.view(1)["hand"] == []
    events = g.apply(3, {"type": "declare", "cards": ["10S"]})
    assert events == [{"type": "declare", "seat": 3, "suit": "S", "cards": ["10S"]}]
    # a declaration is public, and so is the draw it was made at
    assert g.view(0)["counts"] == [2, 2, 2, 2] and g.view(0)["to_deal"] == 76
    assert len(g.view(1)["hand"]) == 2
    assert g.view(None)["declaration"]["seat"] == 3
