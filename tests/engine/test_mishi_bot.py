"""MishiBot decisions from real views: bury, follow cheaply, feed a known partner, trump a
point-rich trick, and beat random players."""

import pytest
from test_mishi_helpers import deal, new, stacked

import engine
from engine.bots import RandomBot
from engine.mishi.bot import MishiBot
from engine.mishi.cards import points

pytestmark = pytest.mark.unit

KITTY = ["KH", "5D", "6D", "7D", "8D", "9D", "JD", "QD"]


def act(g, seat):
    return MishiBot(seat, 1).act(g.view(seat), g.legal_actions(seat))


def endgame(hands, revealed=False):
    g = new(stacked({0: ["10S"], 2: ["10S"]}), hands=1)
    deal(g, declarer=0, suit="S")
    g.apply(0, {"type": "bury", "cards": g.order.sorted(g.hands[0])[-8:]})
    g.hands = [list(h) for h in hands]
    g.kitty = list(KITTY)
    g.revealed = revealed
    return g


def test_bury_keeps_trumps_and_points_and_voids_the_short_suit():
    hand = ["10S", "BJ", "SJ", "2S", "2H", "AS", "KS", "QS", "JS", "9S"]
    hand += ["AH", "KH", "QH", "7H", "6H", "AD", "KD", "9D", "8D", "6C", "7C"]
    kitty = ["7D", "6D", "9H", "8H", "5H", "QC", "10D", "8C"]
    g = new(stacked({0: hand, 2: ["10S"]}, kitty=kitty), hands=1)
    deal(g, declarer=0, suit="S")
    action = act(g, 0)
    assert action["type"] == "bury" and len(action["cards"]) == 8
    assert not any(points(c) for c in action["cards"])
    assert not any(g.order.suit(c) == "T" for c in action["cards"])
    g.apply(0, action)
    assert not any(c.endswith("C") and g.order.suit(c) == "C" for c in g.hands[0])


def test_follows_cheaply_when_it_cannot_or_need_not_win():
    g = endgame([["7H"], ["5H", "QH", "JH"], ["6H"], ["8H"]])
    g.apply(0, {"type": "play", "cards": ["7H"]})
    assert act(g, 1) == {"type": "play", "cards": ["JH"]}


def test_feeds_points_to_a_known_partner_who_is_winning():
    g = endgame([["AH"], ["6H"], ["KH", "7H"], ["8H"]], revealed=True)
    g.apply(0, {"type": "play", "cards": ["AH"]})
    g.apply(1, {"type": "play", "cards": ["6H"]})
    assert g.view(2)["sides"][0] == "declarer"
    assert act(g, 2) == {"type": "play", "cards": ["KH"]}


def test_trumps_a_point_rich_trick_when_void():
    g = endgame([["KH"], ["5H"], ["6H"], ["5S", "7C"]])
    for seat, card in ((0, "KH"), (1, "5H"), (2, "6H")):
        g.apply(seat, {"type": "play", "cards": [card]})
    assert act(g, 3) == {"type": "play", "cards": ["5S"]}


def test_beats_random_players():
    bot_total = random_total = 0
    for seed in range(24):
        seat = seed % 4
        for smart in (True, False):
            g = engine.new_game("mishi", 4, options={"hands": 1}, seed=seed)
            players = [RandomBot(s, seed) for s in range(4)]
            if smart:
                players[seat] = MishiBot(seat, seed)
            while not g.over:
                (s,) = g.pending()
                g.apply(s, players[s].act(g.view(s), g.legal_actions(s)))
            if smart:
                bot_total += g.result()["scores"][seat]
            else:
                random_total += g.result()["scores"][seat]
    assert bot_total > random_total + 24


def test_leads_away_from_a_suit_an_opponent_is_void_in():
    g = endgame([["KH", "AH", "AD"], ["5C", "6C", "7C"], ["6H", "5D", "6D"], ["7H", "7D", "8D"]])
    for seat, card in ((0, "KH"), (1, "5C"), (2, "6H"), (3, "7H")):
        g.apply(seat, {"type": "play", "cards": [card]})
    assert g.pending() == [0] and g.view(0)["last_trick"]["winner"] == 0
    bot = MishiBot(0, 1)
    assert bot.act(g.view(0), g.legal_actions(0)) == {"type": "play", "cards": ["AD"]}
    fresh = endgame([["AH", "AD"], ["5C", "6C"], ["5D", "6D"], ["7D", "8D"]])
    assert MishiBot(0, 1).act(fresh.view(0), fresh.legal_actions(0))["cards"] == ["AH"]
