"""The Mi Shi view model (tui/games/mishi/model.py): real views parse into what they say, and
a malformed view becomes safe defaults or ``ViewError`` — never a crash further in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tui.model_views import JUNK, events_of, views_of
from tui.games.mishi.draw import LINES, event_line, plain_look, toast_line
from tui.games.mishi.flow import winning_seat
from tui.games.mishi.model import Bid, Case, HandRecord, Lead, MishiView, Phase, Play, Side
from tui.table.parse import ViewError
from tui.widgets.cards import CardStyle

pytestmark = pytest.mark.unit


def bid(raw):
    return None if raw is None else Bid(raw["seat"], raw["suit"], tuple(raw["cards"]))


def same_as_sent(state: MishiView, view: dict) -> None:
    """Every field the screens read says what the view said."""
    assert (state.seats, state.phase, state.over) == (view["seats"], view["phase"], view["over"])
    assert state.pending == tuple(view["pending"]) and state.scores == tuple(view["scores"])
    assert (state.hand_number, state.hands) == (view["hand_number"], view["hands"])
    assert state.first_player == view["first_player"]
    assert state.hand == (None if view["hand"] is None else tuple(view["hand"]))
    assert state.counts == tuple(view["counts"]) and state.to_deal == view["to_deal"]
    assert state.declaration == bid(view["declaration"]) and state.bao == bid(view["bao"])
    assert (state.trump, state.declarer) == (view["trump"], view["declarer"])
    for key in ("kitty", "buried"):
        sent = view[key]
        assert getattr(state, key) == (None if sent is None else tuple(sent))
    assert list(state.sides) == view["sides"] and state.case == view["case"]
    assert state.partner_revealed is view["partner_revealed"]
    assert state.captured == tuple(view["captured"]) and state.leader == view["leader"]
    assert state.trick == tuple(Play(p["seat"], tuple(p["cards"])) for p in view["trick"])
    lead = view["lead"]
    if lead is None:
        assert state.lead is None
    else:
        assert state.lead == Lead(
            lead["suit"], tuple(lead["tractors"]), lead["pairs"], lead["singles"]
        )
    last = view["last_trick"]
    assert (state.last_trick is None) == (last is None)
    if state.last_trick is not None:
        assert state.last_trick.winner == last["winner"]
        assert state.last_trick.points == last["points"]
        assert [p.cards for p in state.last_trick.plays] == [
            tuple(p["cards"]) for p in last["plays"]
        ]
    assert state.trick_number == view["trick_number"]
    for record, sent in zip(state.history, view["history"], strict=True):
        assert (record.hand, record.declarer, record.partner) == (
            sent["hand"],
            sent["declarer"],
            sent["partner"],
        )
        assert (record.case, record.trump) == (sent["case"], sent["trump"])
        assert record.defender_points == sent["defender_points"]
        assert record.deltas == tuple(sent["deltas"])


@pytest.mark.parametrize("seed", [1, 8])
def test_real_views_parse_into_what_they_say(seed):
    phases, winners = set(), 0
    for _step, _seat, view in views_of("mishi", 4, seed, {"hands": 2}, steps=600):
        state = MishiView.from_view(view)
        same_as_sent(state, view)
        phases.add(state.phase)
        winners += winning_seat(state) is not None
    assert phases >= {Phase.DEAL, Phase.BURY, Phase.PLAY}  # several moments of a hand
    assert winners  # tricks on the table, with a winner so far


def test_a_whole_game_to_its_end():
    last = None
    for _step, _seat, view in views_of("mishi", 4, 3, {"hands": 1}, steps=600):
        last = MishiView.from_view(view)
        same_as_sent(last, view)
    assert last is not None and last.over and last.phase == Phase.OVER
    assert len(last.history) == 1 and last.history[0].case in tuple(Case)


def test_missing_keys_are_safe_defaults():
    state = MishiView.from_view({})
    assert state == MishiView()
    assert state.phase is None and state.hand is None and state.lead is None
    assert state.side(0) is None and state.count(3) == 0 and state.points(1) == 0
    assert winning_seat(state) is None


def test_wrong_types_are_safe_defaults():
    state = MishiView.from_view(
        {
            "phase": ["play"],
            "pending": "0",
            "hand_number": "2",
            "hands": None,
            "hand": {"10S": 1},
            "counts": [3, "x", None],
            "to_deal": -4,
            "declaration": {"seat": 7.0, "suit": "X", "cards": ["10S", 10]},
            "bao": "yes",
            "trump": "trump",
            "declarer": "0",
            "kitty": 8,
            "sides": ["declarer", "spy", None, 3],
            "case": "3v1",
            "captured": {"0": 5},
            "trick": [{"seat": 1, "cards": "AH"}, {"seat": "2"}, "x"],
            "lead": {"suit": 5, "tractors": ["2", -1, 2], "pairs": "one"},
            "last_trick": {"plays": None, "winner": True},
            "history": [{"hand": "1", "case": "bao", "deltas": [1, "2"]}, 4],
        }
    )
    assert state.phase is None and state.pending == () and state.hand_number == 1
    assert state.hands is None and state.hand is None
    assert state.counts == (3, 0, 0) and state.to_deal == 0
    assert state.declaration == Bid(None, None, ("10S",)) and state.bao is None
    assert state.trump is None and state.declarer is None and state.kitty is None
    assert state.sides == (Side.DECLARER, None, None, None) and state.case is None
    assert state.captured == () and state.trick == (Play(1, ()),)
    assert state.lead == Lead("?", (0, 2), 0, 0)
    assert state.last_trick is not None and state.last_trick.plays == ()
    assert state.last_trick.winner is None
    assert state.history == (HandRecord(None, None, None, Case.BAO, None, 0, (1, 0)),)
    assert winning_seat(state) == 1  # nothing beats: the first play stands


@pytest.mark.parametrize("junk", [None, ["view"], b"view", 0])
def test_a_view_that_is_no_mapping_is_refused(junk):
    with pytest.raises(ViewError):
        MishiView.from_view(junk)


REAL = [v for step, seat, v in views_of("mishi", 4, 5, steps=160) if step % 40 == 0 and seat == 0]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(REAL), st.sampled_from(sorted(REAL[0])), JUNK)
def test_any_field_in_any_shape_never_crashes(view, key, junk):
    state = MishiView.from_view({**view, key: junk})
    winning_seat(state)


def test_every_event_kind_is_told_by_one_row_and_junk_gets_none():
    style = CardStyle(ascii_only=True)
    events = events_of("mishi", 4, 2, {"hands": 2}, steps=1500)
    told = {e["type"] for e in events if event_line(e, str, style, plain_look, 0) is not None}
    assert told == {e["type"] for e in events} & set(LINES)
    assert told >= {"hand_start", "declare", "pass", "dealt", "kitty_taken", "buried", "play"}
    assert told >= {"trick_won", "hand_end", "game_over"}
    for junk in ({}, {"type": None}, {"type": "nothing"}):
        assert event_line(junk, str, style, plain_look, 0) is None
        assert toast_line(junk, str, style, 0) is None


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(sorted(LINES)),
    st.dictionaries(
        st.sampled_from(
            [
                "seat",
                "cards",
                "phase",
                "suit",
                "case",
                "points",
                "trick",
                "hand",
                "first_player",
                "declarer",
                "partner",
                "trump",
                "defender_points",
                "deltas",
                "winners",
                "kitty_points",
                "multiplier",
                "bonus",
            ]
        ),
        JUNK,
    ),
)
def test_an_event_in_any_shape_is_told_without_a_crash(kind, fields):
    style = CardStyle()
    event_line({**fields, "type": kind}, str, style, plain_look, 0)
    toast_line({**fields, "type": kind}, str, style, 0)
