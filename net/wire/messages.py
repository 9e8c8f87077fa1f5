"""The messages of the wire (docs/contracts.md) and a schema check for every field of each.

The codec hands over plain data; nothing in net/ touches a field before ``check_client`` (on the
host) or ``check_host`` (on the client) has vouched for its presence and type. Anything else
raises CodecError, and the sender is dropped.

``results_seen`` (protocol 4; not yet in ../shared/DESIGN.md's list, which is outside this
checkout): ``{"t": "results_seen", "version": int}`` from a seated client when its player has
closed the results panel of a round/hand end (not at game over); ``version`` is that of the
``state`` whose events ended the round. The host's bots wait for every seated, connected
person's (net/table/resultswait.py), with a timeout. One that is not waited for (a spectator's,
another round's, a late one) is ignored without an answer; a malformed one drops the sender
like any malformed message. While the table waits, each waited-for seat's ``lobby`` entry has
``"reading": true`` (protocol 5), sent again whenever that set changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.reasons import Param

from .codec import CodecError
from .reasons import family, sentence
from .text import CHAT_LIMIT, NAME_LIMIT, clean_chat, clean_name, clean_text
from .tokens import SALT_BYTES, password_key

__all__ = [  # kept here too: what the wire's text and the table's secret are made of
    "CHAT_LIMIT",
    "NAME_LIMIT",
    "SALT_BYTES",
    "clean_chat",
    "clean_name",
    "clean_text",
    "password_key",
]

TAKEBACK_MODES = ("off", "ask", "free")
"""A table's take-backs (net/table/takebacks.py): refused, asked of the table, or granted at
once."""

PROTOCOL_VERSION = 11
"""2: hello carries a salt; the proof is keyed with a derived key. 3: ``rejected``, ``error``
and the table's ``notice`` carry a code and parameters, never sentences. 4: clients send
``results_seen`` (an older host would drop a client for it; an older client never sends it,
and the bots would wait the whole timeout at every round end). 5: a ``lobby`` player may carry
``reading`` (the table waits for that seat's results panel; an older client would drop the
host for the unknown field). 6: the ``table`` of ``hello`` and ``welcome`` says whether
``hints`` are on; a seated client may send ``hint`` on its turn, and the table tells everyone
with the notice ``hint_asked``. 7: the ``table`` says the turn clock (``clock``: seconds per
decision or None, ``bank``: seconds); the host sends ``clock`` frames (whose clocks run, seconds
left) and the notice ``timed_out``; an act after a seat's time ran out is ``clock_out``. 8: a
client may send ``history`` (once per connection); a seated one is answered ``history``
``items``: what its seat was shown before (net/table/memory.py). Also 8 (the same release): the
``table`` says whether ``takebacks`` are off, asked or free; a seated client may send
``takeback`` and ``takeback_vote``, the host ``takeback`` (a request asked of the table) and the
take-back notices (net/table/takebacks.py). 9: the ``table`` says ``absent_bot``: seconds a seat
stays empty before the host's bot plays it (None: never), so that every screen can say when a bot
will play for an away player (an older client would drop the host for the unknown field).
10: spectators the host can see (net/table/watchers.py): a ``join`` may carry the joiner's own
``key`` (32 hex digits its client keeps for this table), a spectator's ``welcome`` its public
``watcher`` number, every ``lobby`` the ``watchers`` (``id``, ``name``, ``muted``); the host
may mute a spectator's chat (``rejected`` ``chat_muted``; notices ``muted``, ``unmuted``) or
send it away (``error`` ``banned``, also to a banned key or name that joins again; notice
``sent_away``). 11: the ``table`` says ``spectators`` (``all``, ``quiet`` or ``none``: who may
watch); a spectator's ``join`` at a table of none is refused (``error`` ``spectators.none``),
a quiet table's spectator's ``chat`` is ``rejected`` (``spectators_quiet``)."""
TEXT_LIMIT = 1000
"""The most characters of any free text the host sends."""
CODE_PATTERN = re.compile(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*")
CODE_LIMIT = 64
HISTORY_LIMIT = 200
"""The most entries of a ``history`` (net/table/memory.py keeps no more per seat)."""
KEY_PATTERN = re.compile(r"[a-z_][a-z0-9_]*")
PARAMS_LIMIT = 16
"""The most parameters of a code; each is named in at most KEY_LIMIT characters."""
KEY_LIMIT = 32
PARAM_TEXT_LIMIT = 200
"""The most characters of one parameter (or of one item of a list parameter)."""
PARAM_ITEMS_LIMIT = 128
TOKEN_HEX_DIGITS = 32
WATCHERS_LIMIT = 256
"""The most spectators a ``lobby`` lists (the host lets in at most ``max_spectators``)."""
NONCE_BYTES = 16
AUTH_BYTES = 32  # HMAC-SHA256

Check = Callable[[Any], bool]


class Refused(Exception):
    """A refusal with the wire's ``error`` fields: a ``code`` of ``net.wire.reasons.ERRORS`` and its
    ``params`` (data; each screen words them). ``str(exc)`` is the English sentence, for logs.

    The one exception for "no": the table refusing a join or a message, a connection dropping a
    peer (``gone.*`` when the stream simply ended: nothing is sent), and the client told no by
    the host."""

    def __init__(self, code: str, *, retry: float | None = None, **params: Param) -> None:
        super().__init__(code, params)
        self.code = code
        self.params: dict[str, Param] = params
        self.retry = retry
        """Seconds after which trying again may work (``full``); None: do not retry."""

    @classmethod
    def of(cls, error: Mapping[str, Any]) -> Refused:
        """The refusal a checked ``error`` message tells."""
        refused = cls(error["code"], retry=error.get("retry"))
        refused.params = dict(error["params"])
        return refused

    def __str__(self) -> str:
        return sentence(self.code, self.params)

    @property
    def family(self) -> str:
        """``full`` for ``full.seats``: what clients decide on."""
        return family(self.code)

    @property
    def quiet(self) -> bool:
        """The stream ended by itself: there is nobody to tell, nothing worth a log line."""
        return self.family == "gone"

    def message(self) -> dict[str, Any] | None:
        """The ``error`` message that tells the peer (None when ``quiet``)."""
        return None if self.quiet else error_message(self.code, self.params, self.retry)


def clip(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` cut to ``limit`` characters: every free text the host sends goes through here."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def wire_params(params: Mapping[str, Param]) -> dict[str, Param]:
    """``params`` cut to what ``_is_params`` accepts (a client's own words may come back in a
    refusal: a huge action type, a thousand unknown keys)."""
    out: dict[str, Param] = {}
    for key, value in list(params.items())[:PARAMS_LIMIT]:
        key = clip(str(key), KEY_LIMIT)
        if isinstance(value, list):
            out[key] = [clip(str(v), PARAM_TEXT_LIMIT) for v in value[:PARAM_ITEMS_LIMIT]]
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**63:
            out[key] = value
        else:
            out[key] = clip(str(value), PARAM_TEXT_LIMIT)
    return out


def error_message(
    code: str, params: Mapping[str, Param] | None = None, retry: float | None = None
) -> dict[str, Any]:
    """The wire's ``error``; ``retry`` (seconds) only when trying again later may work."""
    message: dict[str, Any] = {"t": "error", "code": code, "params": wire_params(params or {})}
    if retry is not None:
        message["retry"] = round(float(retry), 3)
    return message


def rejected_message(version: int, code: str, params: Mapping[str, Param]) -> dict[str, Any]:
    """The wire's ``rejected``: the sender's message was refused, the connection stays."""
    return {"t": "rejected", "version": version, "code": code, "params": wire_params(params)}


def notice_message(code: str, params: Mapping[str, Param]) -> dict[str, Any]:
    """The wire's ``notice``: the table's own news (a code of ``net.wire.reasons.NOTICES``)."""
    return {"t": "notice", "code": code, "params": wire_params(params)}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_str(limit: int) -> Check:
    return lambda v: isinstance(v, str) and len(v) <= limit


def _optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_code(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= CODE_LIMIT and CODE_PATTERN.fullmatch(v) is not None


def _is_param_text(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= PARAM_TEXT_LIMIT


def _is_param(v: Any) -> bool:
    if isinstance(v, list):
        return len(v) <= PARAM_ITEMS_LIMIT and all(_is_param_text(item) for item in v)
    return _is_int(v) or _is_param_text(v)


def _is_params(v: Any) -> bool:
    return (
        isinstance(v, dict)
        and len(v) <= PARAMS_LIMIT
        and all(isinstance(k, str) and len(k) <= KEY_LIMIT and KEY_PATTERN.fullmatch(k) for k in v)
        and all(_is_param(item) for item in v.values())
    )


def _is_map(v: Any) -> bool:
    return isinstance(v, dict)


def _is_list(v: Any) -> bool:
    return isinstance(v, list)


def _is_seconds(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 3600


def _is_bytes(size: int) -> Check:
    return lambda v: isinstance(v, bytes) and len(v) == size


def _is_token(v: Any) -> bool:
    return (
        isinstance(v, str)
        and len(v) == TOKEN_HEX_DIGITS
        and all(c in "0123456789abcdef" for c in v)
    )


TABLE_FIELDS = frozenset({"name", "game", "options", "seats", "password"} | {"absent_bot"})
"""The ``table`` info of ``hello`` and ``welcome`` (net/table/rules.py ``Rules.info``), besides the
declared table settings (net/table/settings.py ``SETTINGS``: hints, clock, bank, takebacks…), each
checked by its own kind."""


def _is_delay(v: Any) -> bool:
    """Seconds, 0 or more but not for ever (``absent_bot``)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v < float("inf")


def _is_table(v: Any) -> bool:
    from ..table.settings import (
        SETTINGS,  # declared there (net/table/settings.py imports this module)
    )

    return (
        isinstance(v, dict)
        and set(v) == TABLE_FIELDS | {s.key for s in SETTINGS}
        and _optional(_is_delay)(v["absent_bot"])
        and isinstance(v["name"], str)
        and isinstance(v["game"], str)
        and isinstance(v["options"], dict)
        and _is_int(v["seats"])
        and isinstance(v["password"], bool)
        and all(s.kind.fits(v[s.key]) for s in SETTINGS)
    )


def _is_away(v: Any) -> bool:
    return (
        isinstance(v, dict)
        and set(v) == {"seconds", "bot"}
        and _is_seconds(v["seconds"])
        and isinstance(v["bot"], bool)
    )


def _is_player(v: Any) -> bool:
    return (
        isinstance(v, dict)
        and {"name", "bot", "connected"}
        <= set(v)
        <= {"name", "bot", "connected", "away", "reading"}
        and ("away" not in v or _is_away(v["away"]))
        and ("reading" not in v or v["reading"] is True)
        and (v["name"] is None or isinstance(v["name"], str))
        and isinstance(v["bot"], bool)
        and isinstance(v["connected"], bool)
    )


def _is_watcher(v: Any) -> bool:
    return (
        isinstance(v, dict)
        and set(v) == {"id", "name", "muted"}
        and _is_int(v["id"])
        and isinstance(v["name"], str)
        and len(v["name"]) <= 4 * NAME_LIMIT
        and isinstance(v["muted"], bool)
    )


def _is_watchers(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= WATCHERS_LIMIT and all(_is_watcher(w) for w in v)


def _is_seats(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= 16 and all(_is_int(s) for s in v)


def _is_players(v: Any) -> bool:
    return isinstance(v, list) and all(_is_player(p) for p in v)


def _is_running(v: Any) -> bool:
    """One seat's running clock in a ``clock`` frame (seconds from the frame's arrival)."""
    return (
        isinstance(v, dict)
        and set(v) == {"seat", "left", "bank"}
        and _is_int(v["seat"])
        and _is_seconds(v["left"])
        and _is_seconds(v["bank"])
    )


def _is_clocks(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= PARAM_ITEMS_LIMIT and all(_is_running(c) for c in v)


CLIENT_MESSAGES: dict[str, dict[str, Check]] = {
    "join": {
        "name": _is_str(4 * NAME_LIMIT),
        "seat": _optional(_is_int),
        "spectator": _is_bool,
        "auth": _optional(_is_bytes(AUTH_BYTES)),
        "token": _optional(_is_token),
        "key": _optional(_is_token),  # protocol 10: the joiner's own (net/table/watchers.py)
    },
    "act": {"version": _is_int, "action": _is_map},
    "chat": {"text": _is_str(4 * CHAT_LIMIT), "to": _optional(_is_int)},
    "ping": {"n": _is_int},
    "results_seen": {"version": _is_int},
    "hint": {},
    "review": {},
    "history": {},
    "takeback": {},
    "takeback_vote": {"id": _is_int, "yes": _is_bool},
}

HOST_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {
        "v": _is_int,
        "table": _is_table,
        "nonce": _is_bytes(NONCE_BYTES),
        "salt": _optional(_is_bytes(SALT_BYTES)),
    },
    "welcome": {
        "seat": _optional(_is_int),
        "token": _optional(_is_token),
        "table": _is_table,
        "watcher": _optional(_is_int),  # protocol 10: a spectator's public number
    },
    "error": {"code": _is_code, "params": _is_params, "retry": _is_seconds},
    "lobby": {"players": _is_players, "started": _is_bool, "watchers": _is_watchers},
    "state": {"version": _is_int, "view": _is_map, "events": _is_list, "legal": _is_list},
    "rejected": {"version": _is_int, "code": _is_code, "params": _is_params},
    "notice": {"code": _is_code, "params": _is_params},
    "chat": {
        "from": _optional(_is_int),
        "name": _is_str(4 * NAME_LIMIT),
        "text": _is_str(4 * CHAT_LIMIT),
        "to": _optional(_is_int),
    },
    "pong": {"n": _is_int},
    "record": {"record": _is_map},
    "takeback": {
        "id": _is_int,
        "seat": _is_int,
        "voters": _is_seats,
        "open": _is_bool,
        "seconds": _is_seconds,
    },
    "clock": {"version": _is_int, "paused": _is_bool, "seats": _is_clocks},
    "history": {"items": lambda v: _is_history(v)},
}

OPTIONAL_FIELDS: dict[str, set[str]] = {
    "error": {"retry"},
    "join": {"key"},  # a client without a key of its own: the host makes one for the connection
    "welcome": {"watcher"},  # a seat's (a moved player's fresh ``welcome``) may leave it out
    "lobby": {"watchers"},
}
"""Fields a message may leave out (every other field is required)."""


def _check(message: Any, schemas: dict[str, dict[str, Check]], who: str) -> dict[str, Any]:
    if not isinstance(message, dict):
        raise CodecError(f"a {who} message must be a map")
    kind = message.get("t")
    if not isinstance(kind, str) or kind not in schemas:
        raise CodecError(f"unknown {who} message type {kind!r}"[:120])
    schema = schemas[kind]
    keys = set(message) - {"t"}
    required = set(schema) - OPTIONAL_FIELDS.get(kind, set())
    if not required <= keys <= set(schema):
        missing = sorted(required - keys)
        extra = sorted(map(str, keys - set(schema)))
        raise CodecError(f"{kind}: missing {missing}, unexpected {extra}"[:200])
    for key in keys:
        if not schema[key](message[key]):
            raise CodecError(f"{kind}: field {key!r} has the wrong type or size")
    return message


HISTORY_ENTRIES: dict[str, dict[str, Check]] = {
    "chat": HOST_MESSAGES["chat"],
    "notice": HOST_MESSAGES["notice"],
    "events": {"version": _is_int, "events": _is_list},
}
"""The entries of a ``history``: a chat line, a notice, or one state's public events."""


def _is_history(v: Any) -> bool:
    if not isinstance(v, list) or len(v) > HISTORY_LIMIT:
        return False
    try:
        for entry in v:
            _check(entry, HISTORY_ENTRIES, "history")
    except CodecError:
        return False
    return True


def check_client(message: Any) -> dict[str, Any]:
    """A client→host message, every field checked; CodecError otherwise."""
    return _check(message, CLIENT_MESSAGES, "client")


def check_host(message: Any) -> dict[str, Any]:
    """A host→client message, every field checked; CodecError otherwise."""
    return _check(message, HOST_MESSAGES, "host")


def clean_host_text(message: dict[str, Any]) -> dict[str, Any]:
    """A checked host message with its peer-written text (names, chat, table name) cleaned
    again on our side, so a hostile host cannot put terminal escapes on our screen."""
    kind = message["t"]
    if kind == "chat":
        message["name"] = clean_text(message["name"], NAME_LIMIT)
        message["text"] = clean_chat(message["text"])
    elif kind == "lobby":
        for player in message["players"]:
            if player["name"] is not None:
                player["name"] = clean_text(player["name"], NAME_LIMIT)
        for watcher in message.get("watchers", ()):
            watcher["name"] = clean_text(watcher["name"], NAME_LIMIT)
    elif kind in ("hello", "welcome"):
        message["table"]["name"] = clean_text(message["table"]["name"], 4 * NAME_LIMIT)
    elif kind == "history":
        for entry in message["items"]:
            if entry["t"] in ("chat", "notice"):
                clean_host_text(entry)
    elif kind in ("error", "rejected", "notice"):
        message["params"] = {
            key: [clean_text(item, PARAM_TEXT_LIMIT) for item in value]
            if isinstance(value, list)
            else clean_text(value, PARAM_TEXT_LIMIT)
            if isinstance(value, str)
            else value
            for key, value in message["params"].items()
        }
    return message


def password_proof(key: bytes, nonce: bytes) -> bytes:
    """HMAC-SHA256 of the host's nonce keyed with ``password_key``: proves the password without
    sending it (or anything a listener could replay on another connection)."""
    import hashlib  # (when a password is given: net/wire/tokens.py)
    import hmac

    return hmac.new(key, nonce, hashlib.sha256).digest()
