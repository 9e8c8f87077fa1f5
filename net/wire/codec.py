"""The wire codec: length-prefixed msgpack frames, with no sockets in sight.

A frame is a 4-byte big-endian length and one msgpack map. ``FrameDecoder`` is sans-I/O (as in
the websockets library): the connection layer ``feed``s it whatever bytes arrived and iterates
the complete messages out. Every limit is enforced before memory is spent, every decoding
failure becomes one ``CodecError``, and nothing but plain data (no ext types, string or bytes
map keys only) can come out of it.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import Any, NoReturn

import msgpack  # no stubs; only codec.py touches it

CLIENT_FRAME_LIMIT = 64 * 1024
"""The largest frame a client may send (DESIGN.md)."""

HOST_FRAME_LIMIT = 4 * 1024 * 1024
"""The largest frame a client accepts from a host: views are bigger than actions."""

_LENGTH = struct.Struct(">I")


class CodecError(Exception):
    """Bytes that are not a well-formed frame of a well-formed message. The peer is dropped."""


def _no_ext(code: int, data: bytes) -> NoReturn:
    raise CodecError(f"msgpack extension type {code} is not allowed")


def encode(message: dict[str, Any]) -> bytes:
    """One frame: the length prefix and the packed map. Raises CodecError for unpackable data."""
    try:
        body = msgpack.packb(message, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise CodecError(f"cannot encode message: {exc}") from None
    return _LENGTH.pack(len(body)) + body


def wire_copy(value: Any) -> Any:
    """``value`` as a peer gets it: packed and unpacked as a frame's map is (a deep copy of
    plain data, some four times faster than ``copy.deepcopy``; tuples come back as lists)."""
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False)


def decode_body(body: bytes, limit: int = CLIENT_FRAME_LIMIT) -> Any:
    """Unpack exactly one msgpack object from ``body`` under the size caps of ``limit``."""
    unpacker = msgpack.Unpacker(
        raw=False,
        strict_map_key=True,
        ext_hook=_no_ext,
        use_list=True,
        max_buffer_size=max(limit, 1),
        max_str_len=limit,
        max_bin_len=limit,
        max_array_len=limit // 2 + 1,
        max_map_len=limit // 4 + 1,
        max_ext_len=0,
    )
    try:
        unpacker.feed(body)
        obj = unpacker.unpack()
        extra = unpacker.tell() != len(body)
    except CodecError:
        raise
    except msgpack.OutOfData:
        raise CodecError("truncated msgpack object in frame") from None
    except Exception as exc:  # msgpack raises ValueError, TypeError, UnicodeDecodeError, ...
        raise CodecError(f"malformed msgpack: {type(exc).__name__}") from None
    if extra:
        raise CodecError("trailing bytes after the message in a frame")
    return obj


class FrameDecoder:
    """Turns a byte stream into messages. After a CodecError the decoder stays broken: the
    stream is out of step and the connection must be dropped."""

    def __init__(self, limit: int = CLIENT_FRAME_LIMIT) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._broken: CodecError | None = None

    def feed(self, data: bytes) -> None:
        """Add received bytes. Refuses to buffer more than one frame's worth ahead."""
        if self._broken:
            raise self._broken
        self._buffer += data
        if len(self._buffer) >= _LENGTH.size:
            (length,) = _LENGTH.unpack_from(self._buffer)
            if length > self.limit:
                self._fail(f"frame of {length} bytes is over the {self.limit}-byte limit")

    def _fail(self, reason: str) -> NoReturn:
        self._buffer.clear()
        self._broken = CodecError(reason)
        raise self._broken

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        """The next complete message, or StopIteration until more bytes arrive."""
        if self._broken:
            raise self._broken
        if len(self._buffer) < _LENGTH.size:
            raise StopIteration
        (length,) = _LENGTH.unpack_from(self._buffer)
        if length > self.limit:
            self._fail(f"frame of {length} bytes is over the {self.limit}-byte limit")
        end = _LENGTH.size + length
        if len(self._buffer) < end:
            raise StopIteration
        body = bytes(self._buffer[_LENGTH.size : end])
        del self._buffer[:end]
        try:
            return decode_body(body, self.limit)
        except CodecError as exc:
            self._buffer.clear()
            self._broken = exc
            raise

    @property
    def pending_bytes(self) -> int:
        """Bytes received but not yet part of a complete frame."""
        return len(self._buffer)
