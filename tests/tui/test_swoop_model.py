"""The Swoop view model (tui/games/swoop/model.py): real views parse into what they say, and
a malformed view becomes safe defaults or ``ViewError`` — never a crash further in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tui.model_views import JUNK, events_of, views_of
from tui.games.swoop.draw import event_line, toast_line
from tui.games.swoop.model import Phase, Player, SwoopView
from tui.table.parse import ViewError
from tui.widgets.cards import CardStyle

pytestmark = pytest.mark.unit


def same_as_sent(state: SwoopView, view: dict) -> None:
    """Every field the screens read says what the view said."""
    assert state.seats == view["seats"]
    assert state.phase == view["phase"]
    assert state.pending == tuple(view["pending"])
    assert state.scores == tuple(view["scores"])
    assert state.over is view["over"]
    assert state.winners == tuple((view["result"] or {}).get("winners") or ())
    assert (state.hand_no, state.first, state.turn) == (
        view["hand_no"],
        view["first"],
        view["turn"],
    )
    assert state.hand == (None if view["hand"] is None else tuple(view["hand"]))
    assert state.pile == tuple(view["pile"]) and state.cleared == view["cleared"]
    for player, sent in zip(state.players, view["players"], strict=True):
        assert player.hand == sent["hand"]
        assert list(player.face_up) == sent["face_up"]
        assert list(player.mystery) == sent["mystery"]
        assert list(player.uncovered) == sent["uncovered"]
    top = view["top"]
    assert (state.top is None) == (top is None)
    if state.top is not None:
        assert (state.top.rank, state.top.count) == (top["rank"], top["count"])
    flipped = view["flipped"]
    assert (state.flipped is None) == (flipped is None)
    if state.flipped is not None:
        assert (state.flipped.slot, state.flipped.card) == (flipped["slot"], flipped["card"])
    chain = view["chain"]
    assert (state.chain is None) == (chain is None)
    if state.chain is not None:
        assert (state.chain.rank, state.chain.need) == (chain["rank"], chain["need"])
    assert state.hands == tuple(tuple(h) for h in view["hands"])


@pytest.mark.parametrize("seed,seats", [(1, 3), (7, 4), (23, 6)])
def test_real_views_parse_into_what_they_say(seed, seats):
    phases = set()
    for _step, _seat, view in views_of("swoop", seats, seed, steps=250):
        state = SwoopView.from_view(view)
        same_as_sent(state, view)
        phases.add(state.phase)
    assert {Phase.PLAY, Phase.ADD} <= phases  # several moments: plays and turned-up cards


def test_a_whole_game_to_its_end():
    last = None
    for _step, _seat, view in views_of("swoop", 3, 5, {"hands": 1}, steps=3000):
        last = SwoopView.from_view(view)
        same_as_sent(last, view)
    assert last is not None and last.over and last.phase == Phase.OVER and last.winners
    assert last.turn is None


def test_the_draw_for_the_first_lead_is_read():
    view = next(v for _s, _seat, v in views_of("swoop", 4, 3, steps=1))
    state = SwoopView.from_view(view)
    assert state.draws and all(
        card == pair[1]
        for card, pair in zip((c for _, c in state.draws), view["draws"][-1], strict=True)
    )


def test_missing_keys_are_safe_defaults():
    state = SwoopView.from_view({})
    assert state == SwoopView()
    assert state.phase is None and state.hand is None and state.players == ()
    assert state.player(0) == Player() and state.score(0) is None
    assert state.hand_no == 1 and state.top is None and state.flipped is None


def test_wrong_types_are_safe_defaults():
    state = SwoopView.from_view(
        {
            "seats": "four",
            "phase": "dance",
            "pending": [0, "1", None, True],
            "scores": [3, "x"],
            "over": "yes",
            "result": ["winners"],
            "hand_no": 2.5,
            "turn": -1,
            "first": True,
            "hand": "7S",
            "players": [{"hand": "3", "face_up": [1, "7S"], "mystery": None}, "x"],
            "pile": ["7S", 3, None],
            "top": {"rank": 7, "count": "2"},
            "flipped": {"slot": "2"},
            "chain": [1],
            "hands": [[1, "2"], "x"],
            "draws": [[[0, "7S"], ["x"], 3]],
            "options": "flat",
        }
    )
    assert state.seats == 0 and state.phase is None and state.pending == (0,)
    assert state.scores == (3, 0) and state.over is False and state.winners == ()
    assert state.hand_no == 1 and state.turn is None and state.first is None
    assert state.hand is None
    assert state.players[0] == Player(0, (None, "7S", None, None))
    assert state.players[1] == Player()
    assert state.pile == ("7S",)
    assert state.top is not None and (state.top.rank, state.top.count) == ("", 0)
    assert state.flipped is not None and (state.flipped.slot, state.flipped.card) == (None, "?")
    assert state.chain is not None and (state.chain.rank, state.chain.need) == (None, None)
    assert state.hands == ((1, 0), ()) and state.draws == ((0, "7S"),)
    assert state.flat_numbers is False


@pytest.mark.parametrize("junk", [None, [], "view", 3])
def test_a_view_that_is_no_mapping_is_refused(junk):
    with pytest.raises(ViewError):
        SwoopView.from_view(junk)


REAL = [v for step, seat, v in views_of("swoop", 4, 11, steps=60) if step % 15 == 0 and seat == 0]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(REAL), st.sampled_from(sorted(REAL[0])), JUNK)
def test_any_field_in_any_shape_never_crashes(view, key, junk):
    SwoopView.from_view({**view, key: junk})


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(REAL), JUNK)
def test_any_player_in_any_shape_never_crashes(view, junk):
    state = SwoopView.from_view({**view, "players": [junk, *view["players"][1:]]})
    assert len(state.players[0].face_up) == 4


def test_every_event_gets_its_line_and_junk_gets_none():
    style, look = CardStyle(ascii_only=True), lambda role: "bold"
    events = events_of("swoop", 4, 2, {"hands": 2}, steps=5000)
    told = {e["type"] for e in events if event_line(e, str, style, look, 0) is not None}
    assert told >= {"flip", "play", "pickup", "swoop", "clear", "hand_end", "deal", "game_end"}
    for junk in ({}, {"type": 3}, {"type": "nothing"}):
        assert event_line(junk, str, style, look, 0) is None
        assert toast_line(junk, str, style, 0) is None


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(["flip", "play", "pickup", "swoop", "chain", "clear", "hand_end", "deal"]),
    st.dictionaries(
        st.sampled_from(
            [
                "seat",
                "cards",
                "card",
                "slot",
                "count",
                "removed",
                "hand_no",
                "out",
                "penalties",
                "first",
                "hand",
                "table",
                "mystery",
                "special",
                "winners",
            ]
        ),
        JUNK,
    ),
)
def test_an_event_in_any_shape_is_told_without_a_crash(kind, fields):
    style, look = CardStyle(), lambda role: "bold"
    event_line({**fields, "type": kind}, str, style, look, 0)
    toast_line({**fields, "type": kind}, str, style, 0)
