"""The message schemas and the text cleaning, without sockets."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_codec import plain

from net.codec import CodecError
from net.messages import check_client, check_host, clean_chat, clean_name


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
    hello = {"t": "hello", "v": 1, "table": table, "nonce": b"n" * 16, "salt": None}
    assert check_host(hello) and check_host({**hello, "salt": b"s" * 16})
    with pytest.raises(CodecError):
        check_host({**hello, "nonce": b"n" * 15})
    with pytest.raises(CodecError):
        check_host({**hello, "salt": b"s" * 15})
    error = {"t": "error", "code": "full", "msg": "later"}
    assert check_host(error) and check_host({**error, "retry": 0.5})
    for retry in (-1, True, "1", 1e9):
        with pytest.raises(CodecError):
            check_host({**error, "retry": retry})
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
    from net.messages import clean_host_text

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
