"""The SwaPo view model (tui/games/swapo/model.py): real views of every variant parse into
what they say, and a malformed view becomes safe defaults or ``ViewError`` — never a crash
further in. Also the decision steps' table (tui/games/swapo/steps.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tui.model_views import JUNK, events_of, views_of
from tui.games.swapo.log import LINES, event_line, toast_line
from tui.games.swapo.model import Give, Phase, RoundRecord, Swap, SwapoView
from tui.games.swapo.steps import STEPS, Step
from tui.table.parse import ViewError
from tui.widgets.cards import CardStyle

pytestmark = pytest.mark.unit

VARIANTS = ["", "dagger", "asterisk", "ace", "dagger+ace", "asterisk+ace"]


def options(variant: str) -> dict:
    return {"variant": variant.split("+") if variant else [], "rounds": 3}


def hands(sent):
    return tuple(None if h is None else tuple(h) for h in sent)


def record_says(record: RoundRecord, sent: dict) -> None:
    assert (record.round, record.no_game) == (sent["round"], sent["no_game"])
    assert record.sudden_death is sent["sudden_death"]
    assert record.winners == tuple(sent["winners"]) and record.points == tuple(sent["points"])
    assert record.hands == hands(sent["hands"]) and record.declared == hands(sent["declared"])
    assert record.stabbed == tuple(tuple(c) for c in sent["stabbed"])


def same_as_sent(state: SwapoView, view: dict) -> None:
    """Every field the screens read says what the view said."""
    assert (state.seats, state.phase, state.over) == (view["seats"], view["phase"], view["over"])
    assert state.pending == tuple(view["pending"]) and state.scores == tuple(view["scores"])
    assert state.variant == frozenset(view["variant"])
    assert state.memory_only is view["options"]["memory_only"]
    assert (state.round, state.sudden_death) == (view["round"], view["sudden_death"])
    assert (state.dealer, state.pile, state.turn) == (view["dealer"], view["pile"], view["turn"])
    assert state.rights_done == tuple(view["rights_done"])
    assert state.hand == (None if view["hand"] is None else tuple(view["hand"]))
    assert state.hand_counts == tuple(view["hand_counts"])
    assert state.laid == tuple(view["laid"])
    assert state.moved == tuple(tuple(m) for m in view["moved"])
    assert state.locked_cards == tuple(view["locked_cards"])
    assert state.locked_counts == tuple(view["locked_counts"])
    assert state.locked_positions == tuple(tuple(p) for p in view["locked_positions"])
    give = view["give"]
    assert state.give == (None if give is None else Give(give["seat"], give["from"], give["k"]))
    for swap, sent in zip(state.swaps, view["swaps"], strict=True):
        assert (swap.seat, swap.target, swap.k) == (sent["seat"], sent["target"], sent["k"])
        assert swap.take == tuple(sent.get("take") or ())
        assert swap.give == tuple(sent.get("give") or ())
        for key in ("sent", "received"):
            cards = sent.get(key)
            assert getattr(swap, key) == (None if cards is None else tuple(cards))
    assert state.declared == hands(view["declared"]) and state.to_declare == view["to_declare"]
    assert state.revealed == (None if view["revealed"] is None else hands(view["revealed"]))
    assert state.stabbed == tuple(tuple(c) for c in view["stabbed"])
    power = view["power"]
    assert state.power_done == (None if power is None else tuple(power["done"]))
    for record, sent in zip(state.history, view["history"], strict=True):
        record_says(record, sent)
    result = view["result"] or {}
    reading = (result.get("tiebreak") or {}).get("reading")
    assert state.tiebreak == reading
    assert state.decided_by_sudden_death is bool(result.get("sudden_death"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_real_views_of_every_variant_parse_into_what_they_say(variant):
    phases = set()
    last = None
    for _step, _seat, view in views_of("swapo", 4, 3, options(variant), steps=400):
        last = SwapoView.from_view(view)
        same_as_sent(last, view)
        phases.add(last.phase)
    assert last is not None and last.over and last.history  # to the end, rounds recorded
    assert Phase.SWAP in phases or Phase.GIVE in phases
    if "dagger" in variant:
        assert Phase.ARRANGE in phases
    if "ace" in variant:
        assert Phase.DECLARE in phases


def test_missing_keys_are_safe_defaults():
    state = SwapoView.from_view({})
    assert state == SwapoView()
    assert state.phase is None and state.hand is None and state.revealed is None
    assert state.score(2) == 0 and state.declared_by(0) == () and state.locked_at(1) == ()
    assert state.memory_only is True  # the game's default: the log keeps two rounds


def test_wrong_types_are_safe_defaults():
    state = SwapoView.from_view(
        {
            "seats": "4",
            "phase": "dance",
            "variant": "dagger",
            "options": {"memory_only": "no"},
            "round": None,
            "dealer": 9.0,
            "hand": [3, "7S", None],
            "laid": "yes",
            "moved": [[1, "2"], None],
            "locked_positions": {"0": [1]},
            "give": {"seat": "1", "from": 2, "k": "two"},
            "swaps": [{"seat": 0, "target": "1", "k": [2], "sent": "7S"}, 3],
            "declared": [["K"], "Q", None],
            "revealed": [["AS"], 5],
            "power": {"done": "all"},
            "history": [{"round": [1], "winners": "0", "hands": None}, None],
            "result": {"tiebreak": "first"},
        }
    )
    assert state.seats == 0 and state.phase is None and state.variant == frozenset()
    assert state.memory_only is False and state.round == 1 and state.dealer is None
    assert state.hand == ("7S",) and state.laid == () and state.moved == ((1,), ())
    assert state.locked_positions == ()
    assert state.give == Give(None, 2, None)
    assert state.swaps == (Swap(0, None, None, sent=None),)
    assert state.declared == (("K",), None, None) and state.declared_by(0) == ("K",)
    assert state.revealed == (("AS",), None) and state.power_done == ()
    assert state.history == (RoundRecord(),) and state.tiebreak is None


@pytest.mark.parametrize("junk", [None, [{"phase": "swap"}], "view", 1.5])
def test_a_view_that_is_no_mapping_is_refused(junk):
    with pytest.raises(ViewError):
        SwapoView.from_view(junk)


REAL = [
    v
    for variant in ("dagger", "asterisk+ace")
    for step, seat, v in views_of("swapo", 4, 9, options(variant), steps=80)
    if step % 20 == 0 and seat == 1
]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(REAL), st.sampled_from(sorted(REAL[0])), JUNK)
def test_any_field_in_any_shape_never_crashes(view, key, junk):
    SwapoView.from_view({**view, key: junk})


def test_every_step_has_one_row_and_the_rows_say_what_the_keys_do():
    assert set(STEPS) == set(Step) - {Step.WAIT}
    for step, row in STEPS.items():
        assert row.confirm, step
        assert not row.cards or row.pick  # a step that picks my cards picks with space
        assert row.back is None or row.back in STEPS  # esc goes to another step, or stays
    assert STEPS[Step.GIVE].back == Step.GIVE  # esc clears the picks, nothing to go back to


def test_every_event_kind_is_told_by_one_row_and_junk_gets_none():
    style = CardStyle(ascii_only=True)
    seen = set()
    for variant in ("", "dagger", "ace"):
        for event in events_of("swapo", 4, 4, options(variant), steps=600):
            if event_line(event, str, style, False) is not None:
                seen.add(event["type"])
    assert seen >= {"deal", "swap_asked", "swapped", "pass", "round_over", "game_over"}
    assert seen >= {"arranged", "reveal"} and seen <= set(LINES)
    for junk in ({}, {"type": 1}, {"type": "nothing"}):
        assert event_line(junk, str, style, False) is None
        assert toast_line(junk, str) is None


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(sorted(LINES)),
    st.dictionaries(
        st.sampled_from(
            [
                "seat",
                "target",
                "card",
                "rank",
                "k",
                "take",
                "give",
                "round",
                "dealer",
                "pile",
                "sudden_death",
                "reshuffled",
                "phase",
                "seats",
                "winners",
                "points",
                "hands",
                "declared",
                "stabbed",
                "no_game",
            ]
        ),
        JUNK,
    ),
)
def test_an_event_in_any_shape_is_told_without_a_crash(kind, fields):
    style = CardStyle()
    event_line({**fields, "type": kind}, str, style, True)
    toast_line({**fields, "type": kind}, str)
