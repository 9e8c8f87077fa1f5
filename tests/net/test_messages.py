"""The message schemas and the text cleaning, without sockets."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_codec import plain

from net.wire.codec import CodecError
from net.wire.messages import (
    PARAM_TEXT_LIMIT,
    check_client,
    check_host,
    clean_chat,
    clean_name,
    wire_params,
)
from net.wire.reasons import say

pytestmark = pytest.mark.unit


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "t",
                "version",
                "action",
                "n",
                "text",
                "to",
                "name",
                "seat",
                "spectator",
                "auth",
                "token",
                "x",
            ]
        ),
        plain,
        max_size=7,
    )
)
def test_near_miss_messages_are_checked_field_by_field(message):
    for check in (check_client, check_host):
        with contextlib.suppress(CodecError):
            check(message)


@pytest.mark.parametrize(
    "message",
    [
        {"t": "act", "version": True, "action": {}},  # bool is not an int
        {"t": "act", "version": 1},  # missing field
        {"t": "act", "version": 1, "action": {}, "seat": 0},  # extra field
        {"t": "act", "version": 1, "action": []},
        {"t": "chat", "text": "x" * 5000, "to": None},  # too long
        {
            "t": "join",
            "name": "a",
            "seat": None,
            "spectator": False,
            "auth": b"short",
            "token": None,
        },
        {
            "t": "join",
            "name": "a",
            "seat": None,
            "spectator": False,
            "auth": None,
            "token": "NOT-HEX" * 4,
        },
        {"t": "welcome", "seat": 0, "token": None, "table": {}},
        {"t": "pickle"},
        {"version": 1},
        ["t", "ping"],
    ],
)
def test_schema_refuses_wrong_types(message):
    with pytest.raises(CodecError):
        check_client(message)


def test_host_messages_are_checked_too():
    table = {"name": "t", "game": "swapo", "options": {}, "seats": 4, "password": False}
    table.update(hints=False, clock=None, bank=0, takebacks="off", absent_bot=None)
    table.update(spectators="all")  # protocol 11
    hello = {"t": "hello", "v": 1, "table": table, "nonce": b"n" * 16, "salt": None}
    assert check_host(hello) and check_host({**hello, "salt": b"s" * 16})
    assert check_host({**hello, "table": {**table, "absent_bot": 30.0}})  # protocol 9
    for absent in (-1, float("inf"), float("nan"), "30", True):
        with pytest.raises(CodecError):
            check_host({**hello, "table": {**table, "absent_bot": absent}})
    without = {k: v for k, v in table.items() if k != "absent_bot"}
    with pytest.raises(CodecError):  # a protocol-8 host's table is not one of 9's
        check_host({**hello, "table": without})
    for spectators in ("some", None, True):  # protocol 11: all, quiet or none
        with pytest.raises(CodecError):
            check_host({**hello, "table": {**table, "spectators": spectators}})
    older = {k: v for k, v in table.items() if k != "spectators"}
    with pytest.raises(CodecError):  # a protocol-10 host's table is not one of 11's
        check_host({**hello, "table": older})
    with pytest.raises(CodecError):
        check_host({**hello, "nonce": b"n" * 15})
    timed = {**hello, "table": {**table, "clock": 30.0, "bank": 60}}
    assert check_host(timed)
    for clock, bank in ((-1, 0), ("30", 0), (30, None), (30, 99999)):
        with pytest.raises(CodecError):
            check_host({**hello, "table": {**table, "clock": clock, "bank": bank}})
    frame = {
        "t": "clock",
        "version": 3,
        "paused": False,
        "seats": [{"seat": 0, "left": 9.5, "bank": 0}],
    }
    assert check_host(frame)
    for seats in ([{"seat": 0, "left": -1, "bank": 0}], [{"seat": 0, "left": 1}], "x"):
        with pytest.raises(CodecError):
            check_host({**frame, "seats": seats})
    with pytest.raises(CodecError):
        check_host({**hello, "salt": b"s" * 15})
    error = {"t": "error", "code": "full.joining", "params": {}}
    assert check_host(error) and check_host({**error, "retry": 0.5})
    for retry in (-1, True, "1", 1e9):
        with pytest.raises(CodecError):
            check_host({**error, "retry": retry})
    with pytest.raises(CodecError):
        check_host({"t": "error", "code": "full", "msg": "later", "params": {}})  # no sentences
    with pytest.raises(CodecError):
        check_host(
            {
                "t": "lobby",
                "players": [{"name": 3, "bot": False, "connected": True}],
                "started": False,
            }
        )


def test_text_is_cleaned_of_control_characters():
    assert clean_name("\x1b[31mRed\x1b[0m\n", "P1") == "[31mRed[0m"
    assert clean_name("\u202eevil\u200b", "P1") == "evil"
    assert clean_name("\x00\x07 \t", "Player 2") == "Player 2"
    assert clean_name("x" * 100, "P") == "x" * 24
    assert clean_chat("line one\r\nline two\u2028three") == "line one line two three"
    assert clean_chat("family 👨\u200d👩\u200d👧") == "family 👨\u200d👩\u200d👧"


def test_text_from_a_host_is_cleaned_on_the_client_side_too():
    from net.wire.messages import clean_host_text

    line = {"t": "chat", "from": 0, "name": "\x1b]0;pwned\x07Eve", "text": "hi\x1b[2J", "to": None}
    assert clean_host_text(line) == {
        "t": "chat",
        "from": 0,
        "name": "]0;pwnedEve",
        "text": "hi[2J",
        "to": None,
    }
    lobby = {
        "t": "lobby",
        "players": [
            {"name": "A\rB", "bot": False, "connected": True},
            {"name": None, "bot": False, "connected": False},
        ],
        "started": False,
    }
    assert [p["name"] for p in clean_host_text(lobby)["players"]] == ["A B", None]


# -- codes and parameters, never sentences ------------------------------------------------------
GOOD_PARAMS = {"kind": "play", "n": 2, "cards": ["10H", "JK"], "seat": 0}
BAD_PARAMS = [
    None,
    [],
    "play: no",
    {"": 1},
    {"Kind": "x"},  # field names are lower-case identifiers
    {"two words": "x"},
    {1: "x"},
    {"k" * 33: "x"},
    {"flag": True},
    {"x": 1.5},
    {"x": None},
    {"x": b"bytes"},
    {"x": {"nested": "map"}},
    {"x": [1, 2]},
    {"x": [["nested"]]},
    {"x": "y" * 201},
    {"x": ["y"] * 129},
    {f"k{i}": i for i in range(17)},
]


def test_rejected_error_and_notice_carry_a_code_and_bounded_params():
    for kind, extra in (("rejected", {"version": 3}), ("error", {}), ("notice", {})):
        message = {"t": kind, **extra, "code": "swapo.give_count", "params": GOOD_PARAMS}
        assert check_host(message) == message
        for params in BAD_PARAMS:
            with pytest.raises(CodecError):
                check_host({**message, "params": params})
        for code in ("", "Full", "full seats", "full.", ".full", "x" * 65, 3, None, "a\x1b"):
            with pytest.raises(CodecError):
                check_host({**message, "code": code})
        for old in ({"reason": "no"}, {"msg": "no"}, {"text": "no"}):
            with pytest.raises(CodecError):
                check_host({**message, **old})


@given(
    st.dictionaries(
        st.text(max_size=40),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=300),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.text(max_size=5), inner, max_size=4)
            ),
            max_leaves=6,
        ),
        max_size=8,
    ),
    st.sampled_from(["not_your_turn", "swapo.no_room", "left", "unknown.code"]),
)
# 150 maps (each tried as both kinds, so 300 messages): every code is drawn ~40 times; the
# cost is drawing maps of long random text, not the check (300 took 5 s of the fast lane), so
# a map has a few keys (a template reads one or two) nested a little.
@settings(max_examples=150, deadline=None)
def test_any_params_map_is_refused_or_worded_never_a_crash(params, code):
    """A hostile host's params: refused by the schema, or worded (any language) without an
    exception, whatever the template asks for."""
    from net.wire.messages import clean_host_text

    for kind in ("rejected", "notice"):
        message = {"t": kind, "version": 1, "code": code, "params": params}
        if kind == "notice":
            del message["version"]
        try:
            checked = clean_host_text(check_host(message))
        except CodecError:
            continue
        assert isinstance(say(code, checked["params"], notice=kind == "notice"), str)


def test_the_params_a_host_sends_fit_the_schema_whatever_the_client_wrote():
    params = wire_params({"kind": "x" * 5000, "keys": [f"k{i}" for i in range(1000)], "n": 3})
    message = {"t": "rejected", "version": 0, "code": "unexpected_keys", "params": params}
    assert check_host(message)
    assert len(params["kind"]) <= PARAM_TEXT_LIMIT and len(params["keys"]) <= 128


def test_params_from_a_host_are_cleaned_on_the_client_side():
    from net.wire.messages import clean_host_text

    notice = {"t": "notice", "code": "left", "params": {"name": "\x1b[2JEve", "seat": 1}}
    assert clean_host_text(notice)["params"] == {"name": "[2JEve", "seat": 1}
    rejected = {"t": "rejected", "version": 0, "code": "mishi.not_held", "params": {}}
    rejected["params"] = {"cards": ["10H\x07", "\u202e10S"]}
    assert clean_host_text(rejected)["params"] == {"cards": ["10H", "10S"]}
