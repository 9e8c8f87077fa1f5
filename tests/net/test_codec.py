"""The codec and the message schemas, without sockets."""

from __future__ import annotations

import contextlib
import json
import random
import struct

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from net.wire.codec import (
    CLIENT_FRAME_LIMIT,
    HOST_FRAME_LIMIT,
    CodecError,
    FrameDecoder,
    decode_body,
    encode,
)
from net.wire.messages import check_client, check_host

pytestmark = pytest.mark.unit


def frame_of(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def decode_all(data: bytes, chunk: int = 7) -> list:
    decoder = FrameDecoder()
    out = []
    for i in range(0, len(data), chunk):
        decoder.feed(data[i : i + chunk])
        out.extend(decoder)
    return out


def test_frames_round_trip_in_any_chunking():
    messages = [
        {"t": "ping", "n": 1},
        {"t": "act", "version": 3, "action": {"type": "play", "cards": ["10H", "JK"]}},
        {
            "t": "join",
            "name": "名前",
            "seat": None,
            "spectator": False,
            "auth": b"\0" * 32,
            "token": None,
        },
    ]
    data = b"".join(encode(m) for m in messages)
    for chunk in (1, 2, 5, len(data)):
        assert decode_all(data, chunk) == messages


def test_oversized_frame_is_refused_before_it_is_buffered():
    decoder = FrameDecoder()
    with pytest.raises(CodecError, match="over the"):
        decoder.feed(struct.pack(">I", CLIENT_FRAME_LIMIT + 1))
    with pytest.raises(CodecError):
        decoder.feed(b"more")  # a broken stream stays broken


@pytest.mark.parametrize(
    "body",
    [
        msgpack.packb(msgpack.ExtType(1, b"x")),  # ext types are refused
        b"\xc1",  # never-used byte
        msgpack.packb({1: "int key"}),  # strict map keys
        msgpack.packb("a") + b"\x00",  # trailing bytes
        b"\x92\x01",  # truncated array
        b"\xa3ab\xff",  # truncated / bad UTF-8
        b"\xdd\xff\xff\xff\xff",  # array claiming 4 billion items
        b"\x91" * 5000 + b"\x00",  # nesting deeper than the unpacker's stack
    ],
)
def test_malformed_bodies_raise_codec_error(body):
    with pytest.raises(CodecError):
        decode_all(frame_of(body))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.integers(1, 40))
def test_garbage_only_ever_raises_codec_error(data, chunk):
    try:
        for message in decode_all(data, chunk):
            with contextlib.suppress(CodecError):
                check_client(message)
    except CodecError:
        pass


plain = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.text(max_size=20)
    | st.binary(max_size=20)
    | st.floats(allow_nan=False),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(plain)
def test_any_plain_message_is_decoded_or_refused_by_the_schema(obj):
    """Well-formed msgpack of the wrong shape is refused by the schema check, never crashes."""
    decoded = decode_all(frame_of(msgpack.packb(obj, use_bin_type=True)))
    assert len(decoded) == 1
    for check in (check_client, check_host):
        with contextlib.suppress(CodecError):
            assert check(decoded[0]) == obj


def test_unencodable_data_is_a_codec_error():
    with pytest.raises(CodecError):
        encode({"t": "x", "bad": object()})


@pytest.mark.parametrize("game_name", list(engine.GAMES))
def test_engine_views_and_events_encode_as_their_plain_copies(game_name):
    """The engine's typed views and events (phases are ``Literal`` strings) go on the wire as
    exactly the bytes of the same data rebuilt from plain JSON: nothing typed (an enum, a
    tuple, a str subclass) changes a byte of a frame. Two rounds: some phases come only
    from the second on (an exchange between the first round's winners and losers)."""
    seats = engine.GAMES[game_name].DEFAULT_SEATS
    game = engine.new_game(game_name, seats, {engine.GAMES[game_name].LENGTH_OPTION: 2}, seed=4)
    rng = random.Random(4)
    events: list = []
    phases = set()
    while True:
        for seat in (None, *range(seats)):
            view = game.view(seat)
            phases.add(view["phase"])
            message = {"t": "state", "version": 1, "view": view, "events": events, "legal": []}
            frame = encode(message)
            assert encode(json.loads(json.dumps(message))) == frame
            assert encode(decode_body(frame[4:], HOST_FRAME_LIMIT)) == frame
        if game.over:
            break
        seat = rng.choice(game.pending())
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert len(phases) >= 3 and "over" in phases


def test_a_wire_copy_is_what_a_peer_gets_and_shares_nothing():
    from net.wire.codec import wire_copy

    view = {"hand": ["AS", "KH"], "seats": [{"name": "Ann", "n": (1, 2)}], "over": False}
    copied = wire_copy(view)
    assert copied == {"hand": ["AS", "KH"], "seats": [{"name": "Ann", "n": [1, 2]}], "over": False}
    copied["hand"].append("2C")
    copied["seats"][0]["name"] = "Bo"
    assert view["hand"] == ["AS", "KH"] and view["seats"][0]["name"] == "Ann"
