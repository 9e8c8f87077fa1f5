"""The Swoop decision model (``tui.games.swoop.flow.SwoopDecisions``) without a screen: real
engine games dealt from a stacked deck, the model fed their views and legal lists, and what it
sends applied to the engine.

The stacked tables are shared with test_swoop_screen.py.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.swoop.rules import full_deck
from tui.games.swoop import flow
from tui.games.swoop.flow import SwoopDecisions
from tui.table.decisions import Refuse, Send

pytestmark = pytest.mark.unit

SEATS = 3


def stacked_deck(*seats: tuple[list[str], list[str], list[str]]) -> list[str]:
    """A full two-deck stack: each seat's mystery, face-up and hand cards as given, each part
    filled up (to 4, 4 and 11) with ranks the scenario does not use (never 10s or jokers);
    should those run out, the last seats get other cards of the ranks in play."""
    pool = Counter(full_deck(2))
    named = [card for seat in seats for part in seat for card in part]
    pool.subtract(named)
    used = {card[:-1] for card in named}
    plain = [card for card in sorted(pool.elements()) if card != "JK" and card[:-1] != "10"]
    filler = [card for card in plain if card[:-1] not in used]
    spare = [card for card in plain if card[:-1] in used]
    deck: list[str] = []
    for seat in seats:
        for part, size in zip(seat, (4, 4, 11), strict=True):
            deck += part
            deck += [filler.pop() if filler else spare.pop() for _ in range(size - len(part))]
    leftover = Counter(full_deck(2))
    leftover.subtract(deck)
    return deck + sorted(leftover.elements())


def play(seat_cards: list[str], table: list[int] | None = None) -> dict:
    return {"type": "play", "cards": seat_cards, "table": table or []}


# Seat 0 (the player) can swoop four times in a row and then turn up four 10s and jokers.
GOING_OUT = stacked_deck(
    (
        ["10S", "10H", "JK", "JK"],
        ["JK", "JK", "10D", "QS"],
        ["10C", "10S", "10H", "10D", "KS", "KH", "KD", "KC", "QH", "QD", "QC"],
    ),
    ([], [], []),
    ([], [], []),
)

# Bots open with 6 6 and 5 5; the player then swoops with 5 5 and can chain with 6 6.
CHAIN = stacked_deck(
    (["3S", "3H", "3D", "3C"], ["2S", "2H", "9S", "9H"], ["5S", "5H", "6S", "6H", "KS"]),
    ([], [], ["6D", "6C"]),
    ([], [], ["5D", "5C"]),
)
CHAIN_MOVES = ((1, play(["6D", "6C"])), (2, play(["5D", "5C"])))

# The player led its face-up 9 (slot 0); the bots put 8 and 8 on it; the mystery under the 9
# is a 3, and the player holds two more 3s and a King.
FLIP = stacked_deck(
    (["3S", "4S", "4H", "4D"], ["9S", "2S", "2H", "2D"], ["3H", "3D", "KS", "KH"]),
    ([], [], ["8S"]),
    ([], [], ["8H"]),
)
FLIP_MOVES = ((0, play([], [0])), (1, play(["8S"])), (2, play(["8H"])))

# As FLIP, then a second round: the player's face-up 2 (slot 1) on the 8s, and two Aces.
TWO_UNCOVERED = stacked_deck(
    (["3S", "4S", "4H", "4D"], ["9S", "2S", "2H", "2D"], ["3H", "3D", "KS", "KH"]),
    ([], [], ["8S", "AS"]),
    ([], [], ["8H", "AH"]),
)
TWO_UNCOVERED_MOVES = (
    *FLIP_MOVES,
    (0, play([], [1])),
    (1, play(["AS"])),
    (2, play(["AH"])),
)


# The player leads on an empty pile with 7s and Queens both in hand and face up.
MIXED = stacked_deck(
    (["3S", "3H", "3D", "3C"], ["7S", "7H", "QS", "4S"], ["7D", "QH", "QD", "KS"]),
    ([], [], []),
    ([], [], []),
)


class Table:
    """An engine game and the local seat's decision model, kept in step."""

    def __init__(
        self, deck: list[str], *, first: int, moves: tuple[tuple[int, dict], ...] = ()
    ) -> None:
        opts = {"first_player": first, "target": 1000}
        self.game = engine.new_game("swoop", SEATS, opts, seed=5, deck=deck)
        for seat, action in moves:
            self.game.apply(seat, action)
        self.model = SwoopDecisions(0)
        self.refresh()

    def refresh(self) -> None:
        self.model.update(self.game.view(0), self.game.legal_actions(0))

    def send(self, outcome: object) -> dict:
        """Apply what the model sent (it must have sent something) and show the new state."""
        assert isinstance(outcome, Send), outcome
        assert self.model.asked() == "wait"  # waiting for the table's answer
        self.game.apply(0, outcome.action)
        self.refresh()
        return outcome.action

    def walk_to(self, rank: str, where: str = "hand") -> flow.Item:
        """Move the cursor (→) to the first card of ``rank`` in the hand or the slots."""
        model = self.model
        model.move(-len(model.items()))  # from the first card (the cursor stops at the ends)
        for _ in range(len(model.items()) + 1):
            item = model.current()
            if item and item[0] == where and model.mine.rank(item) == rank:
                return item
            assert model.move(1) is None
        raise AssertionError(f"no {rank} to walk to")

    def ranks(self, items: list[flow.Item]) -> list[str | None]:
        return [self.model.mine.rank(i) for i in items]


def refused(outcome: object, words: str) -> bool:
    return isinstance(outcome, Refuse) and words in outcome.reason


def test_the_cursor_stops_at_the_ends_as_in_swapo():
    """← on the first card stays there, → on the last too: no wrapping round to the other
    end (a player once played the card at the far end that way)."""
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    model = table.model
    last = len(model.items()) - 1
    model.move(-len(model.items()))
    assert model.cursor == 0
    model.move(-1)
    assert model.cursor == 0
    model.move(last)
    model.move(1)
    assert model.cursor == last


def test_a_group_picked_card_by_card_from_the_slots():
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    model = table.model
    assert model.asked() == "play" and model.key_label("confirm") == "play"
    assert model.key_state("back") is False  # nothing picked yet
    first = table.walk_to("2", "up")
    assert model.pick() is None and model.picks == [first]
    model.move(1)
    assert model.pick() is None and table.ranks(model.picks) == ["2", "2"]
    assert model.key_state("back") is True and model.key_label("back") == "clear"
    model.pick()  # space again on a picked card unpicks it
    assert model.picks == [first]
    model.pick()
    action = table.send(model.confirm())
    assert action == {"type": "play", "cards": [], "table": [1, 2]}
    assert model.picks == []


def test_hand_and_face_up_cards_make_one_group():
    table = Table(MIXED, first=0)
    model = table.model
    seven = table.walk_to("7", "up")
    model.pick()
    table.walk_to("7")
    model.pick()
    assert seven in model.picks and len(model.picks) == 2
    # A Queen starts a new group (on the empty pile any rank leads).
    table.walk_to("Q")
    assert model.pick() is None and table.ranks(model.picks) == ["Q"]
    # Digits pick that many of the rank under the cursor: hand cards first, then slots.
    assert model.digit(3) is None
    assert [where for where, _ in model.picks] == ["hand", "hand", "up"]
    assert table.ranks(model.picks) == ["Q", "Q", "Q"] and ("up", 2) in model.picks
    action = table.send(model.confirm())
    assert action == {"type": "play", "cards": ["QH", "QD"], "table": [2]}


def test_the_digits_pick_and_refuse_with_the_reason():
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    model = table.model
    table.walk_to("K")
    assert refused(model.digit(4), "you cannot play 4 × K now")
    assert model.picks == []
    assert model.digit(2) is None and table.ranks(model.picks) == ["K", "K"]
    assert model.digit(0) is None and model.picks == []


def test_esc_clears_the_picks():
    table = Table(MIXED, first=0)
    model = table.model
    table.walk_to("7")
    model.digit(3)
    assert len(model.picks) == 3
    assert model.back() is None and model.picks == []
    assert model.key_state("back") is False


def test_a_mystery_card_is_turned_not_picked():
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    model = table.model
    assert model.can_turn() and not model.can_stop()
    model.cursor = model.items().index(("down", 0))
    assert refused(model.pick(), "a mystery card is turned up, not picked: press t")
    # enter on a mystery card with nothing picked turns it, like t
    action = table.send(model.confirm())
    assert action == {"type": "flip", "slot": 0}


def test_t_turns_the_only_one_wherever_the_cursor_is():
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    table.walk_to("K")
    assert table.send(table.model.turn()) == {"type": "flip", "slot": 0}


def test_t_asks_which_one_when_several_can_be_turned():
    table = Table(TWO_UNCOVERED, first=0, moves=TWO_UNCOVERED_MOVES)
    model = table.model
    assert model.items()[:2] == [("down", 0), ("down", 1)]
    table.walk_to("K")
    model.pick()
    assert refused(model.turn(), "more than one can be turned: move to one and press t again")
    assert model.current() == ("down", 0) and model.picks == []
    model.move(1)
    assert table.send(model.turn()) == {"type": "flip", "slot": 1}


def test_adding_to_the_card_turned_up():
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    model = table.model
    table.send(model.turn())
    assert model.asked() == "add" and model.flipped_card() == "3S"
    assert not model.can_turn() and model.key_label("confirm") == "play"
    # The cursor starts on a card that may be added; only the 3s are lit.
    assert model.mine.rank(model.current()) == "3"
    assert {model.mine.rank(i) for i in model.items() if model.enabled(i)} == {"3"}
    table.walk_to("K")
    assert refused(model.pick(), "only 3s can be added to the card you turned up")
    assert model.digit(2) is None  # from the K: the digits count the turned-up rank
    assert table.ranks(model.picks) == ["3", "3"] and model.picked_codes() == ["3H", "3D"]
    model.back()
    table.walk_to("3")
    model.pick()
    action = table.send(model.confirm())
    assert action["type"] == "add" and [c[:-1] for c in action["cards"]] == ["3"]


def test_adding_nothing_plays_the_turned_card_alone():
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    table.send(table.model.turn())
    assert table.send(table.model.confirm()) == {"type": "add", "cards": [], "table": []}


def test_a_swoop_then_a_chain():
    table = Table(CHAIN, first=1, moves=CHAIN_MOVES)
    model = table.model
    table.walk_to("5")
    model.digit(2)
    assert table.send(model.confirm())["cards"] == ["5S", "5H"]
    assert model.asked() == "chain" and model.key_label("confirm") == "chain"
    assert model.can_stop() and not model.can_turn()
    # The chain step comes with its cards picked, the cursor on them.
    assert table.ranks(model.picks) == ["6", "6"]
    assert model.mine.rank(model.current()) == "6"
    # Another rank is refused, and so is a chain of the wrong size.
    table.walk_to("K")
    assert refused(model.pick(), "a chain needs 6s")
    model.back()
    table.walk_to("6")
    model.pick()
    assert table.ranks(model.picks) == ["6"]
    assert refused(model.confirm(), "a chain takes exactly 2 6 — or x to stop")
    model.digit(2)
    action = table.send(model.confirm())
    assert action["type"] == "chain" and [c[:-1] for c in action["cards"]] == ["6", "6"]
    assert model.asked() == "play" and table.game.view(0)["pile"] == []


def test_stopping_a_chain():
    table = Table(CHAIN, first=1, moves=CHAIN_MOVES)
    model = table.model
    assert model.stop() is None  # not in a chain
    table.walk_to("5")
    model.digit(2)
    table.send(model.confirm())
    assert table.send(model.stop()) == {"type": "stop"}
    assert model.asked() == "play"


def test_waiting_and_a_refused_action():
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    model = table.model
    table.walk_to("K")
    sent = model.confirm()  # enter with nothing picked plays the card under the cursor
    assert isinstance(sent, Send) and sent.action["cards"] == ["KS"]
    assert model.asked() == "wait" and model.key_state("confirm") is False
    assert model.confirm() is None and model.turn() is None and model.picks == []
    model.rejected()  # the table said no: the question stands again
    assert model.asked() == "play" and model.key_state("confirm") is True
    # A seat that is not asked (or a spectator) waits.
    watcher = SwoopDecisions(None)
    watcher.update(table.game.view(None), [])
    assert watcher.asked() == "wait" and watcher.items() == []


def test_a_click_points_and_picks():
    table = Table(FLIP, first=0, moves=FLIP_MOVES)
    model = table.model
    king = next(i for i in model.items() if model.mine.rank(i) == "K")
    assert model.click(king) is None
    assert model.picks == [king] and model.current() == king
    assert model.click(("down", 0)) is None  # a mystery card is only pointed at
    assert model.current() == ("down", 0) and model.picks == [king]
    assert model.click(("hand", 99)) is None and model.current() == ("down", 0)


def test_the_joker_is_named_as_drawn():
    assert flow.rank_name("JK", letters=False) == "★"
    assert flow.rank_name("JK", letters=True) == "JK"
    assert flow.rank_name("10", letters=True) == "10"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_every_listed_group_can_be_picked_card_by_card_and_is_accepted(seed, steps):
    """The picking (from ``legal`` only) reaches every listed group, one card at a time, and
    what it sends is accepted by the engine — with the helpers, and with the model's keys."""
    game = engine.new_game("swoop", 4, {"first_player": 0}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.pending()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if game.over:
            return
    seat = game.pending()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    kind = view["phase"]
    mine = flow.Mine.from_view(view, seat)
    allowed = flow.shapes(legal, kind, mine)
    assert flow.flip_slots(legal) == [s for s in range(4) if mine.uncovered[s]] or kind != "play"
    model = SwoopDecisions(seat)
    for action in flow.of_type(legal, kind):
        free = list(range(len(mine.hand)))
        picks: list = []
        for code in action["cards"]:
            index = next(i for i in free if mine.hand[i] == code)
            free.remove(index)
            picks.append(("hand", index))
        picks += [("up", slot) for slot in action.get("table") or []]
        for n, item in enumerate(picks):
            assert flow.can_add(picks[:n], item, allowed, mine)
        built = flow.action_for(picks, kind, allowed, mine)
        assert built is not None
        copy.deepcopy(game).apply(seat, built)  # accepted (raises IllegalAction otherwise)
        # The same group through the keys: move onto each card, space, enter.
        model.update(view, legal)
        model.back()
        for item in picks:
            model.cursor = model.items().index(item)
            assert model.pick() is None
        if picks:
            sent = model.confirm()
            assert isinstance(sent, Send) and sent.action == built
