"""The table's rules without sockets: messages in, ``(recipient, message)`` lists out.

Recipients are plain strings here; the host uses its connections. Nothing in these tests opens
a socket, starts a task or touches a file.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from net.table.rebuild import replay
from net.table.rules import Rules
from net.table.settings import HostLimits, TableSettings
from net.wire.messages import Refused, check_client, check_host, password_key, password_proof
from net.wire.reasons import notice_sentence, sentence

pytestmark = pytest.mark.unit

NONCE = b"n" * 16


def Table(game: str, *, absent_bot: float | None = None, **given: Any) -> Rules[str]:
    """The rules of a new table of ``game`` (``TableSettings.new`` checks what is given)."""
    return Rules(TableSettings.new(game, **given), HostLimits(absent_bot_after=absent_bot))


def join(name="", seat=None, spectator=False, auth=None, token=None):
    return check_client(
        {
            "t": "join",
            "name": name,
            "seat": seat,
            "spectator": spectator,
            "auth": auth,
            "token": token,
        }
    )


def act(version, action):
    return check_client({"t": "act", "version": version, "action": action})


def chat(text, to=None):
    return check_client({"t": "chat", "text": text, "to": to})


def to(out, peer, kind=None):
    """The messages ``peer`` is sent in ``out`` (of type ``kind``, if given)."""
    return [m for p, m in out if p == peer and (kind is None or m["t"] == kind)]


def recipients(out, kind):
    return sorted(p for p, m in out if m["t"] == kind)


def seated(table, *names, **wishes):
    """Open and join ``names`` in order; the output of the last join."""
    out = []
    for name in names:
        table.open(name, NONCE)
        out = table.receive(name, join(name, seat=wishes.get(name)))
    return out


def well_formed(out):
    for _, message in out:
        check_host(message)  # every message the table makes is one the wire allows
    return out


def test_hello_then_join_without_a_password(toy):
    table = Table(toy, seats=2, seed=1, name="Den")
    ((peer, hello),) = table.open("ann", NONCE)
    assert peer == "ann" and hello["nonce"] == NONCE and hello["table"]["password"] is False
    assert check_host(hello)["table"] == {
        "name": "Den",
        "game": "toy",
        "options": table.game.options,
        "seats": 2,
        "password": False,
        "hints": False,
        "clock": None,
        "bank": 0.0,
        "takebacks": "off",
        "spectators": "all",
        "absent_bot": None,
    }
    timed = Table(toy, seats=2, seed=1, absent_bot=30.0)  # the host's --absent-bot, told
    assert check_host(timed.open("bo", NONCE)[0][1])["table"]["absent_bot"] == 30.0
    out = well_formed(table.receive("ann", join("Ann")))
    (welcome,) = to(out, "ann", "welcome")
    assert welcome["seat"] == 0 and welcome["token"] == table.seating[0].token
    (lobby,) = to(out, "ann", "lobby")
    assert lobby["players"][0] == {"name": "Ann", "bot": False, "connected": True}
    assert not lobby["started"] and not to(out, "ann", "state")
    effects = table.take_effects()
    assert effects.records == [{"r": "sit", "seat": 0, "name": "Ann"}]
    assert effects.seating_changed and table.take_effects().records == []


def test_the_game_starts_when_the_last_seat_is_taken(toy):
    table = Table(toy, seats=2, seed=1)
    seated(table, "ann")
    out = well_formed(seated(table, "bob"))
    assert table.started and recipients(out, "state") == ["ann", "bob"]
    ann, bob = to(out, "ann", "state")[0], to(out, "bob", "state")[0]
    assert ann["version"] == bob["version"] == 0 and ann["events"] == []
    assert ann["legal"] and bob["legal"] == []
    assert ann["view"]["hand"] == table.game.hands[0] and bob["view"]["hand"] == table.game.hands[1]
    assert to(out, "ann", "lobby")[-1]["started"] is True


def test_a_password_is_proved_not_sent(toy):
    table = Table(toy, seats=2, seed=1, password="kotatsu")
    table.open("eve", NONCE)
    assert table.info["password"] is True
    salt = table.verifier["salt"]
    right = password_key("kotatsu", salt)
    wrong = (password_key("Kotatsu", salt), password_key("kotatsu", b"s" * 16))
    header = table.table_settings.header()
    assert "password" not in header and header["verifier"]["key"] == right
    for auth in (None, password_proof(wrong[0], NONCE), password_proof(wrong[1], NONCE)):
        with pytest.raises(Refused) as refused:
            table.receive("eve", join("Eve", auth=auth))
        assert (refused.value.code, str(refused.value)) == ("password.wrong", "wrong password")
    assert not table.seating[0].taken and table.take_effects().records == []
    assert password_proof(right, b"x" * 16) != password_proof(right, NONCE)
    out = table.receive("eve", join("Eve", auth=password_proof(right, NONCE)))
    assert to(out, "eve", "welcome")[0]["seat"] == 0


def test_a_seat_wish_is_honoured_or_refused(toy):
    table = Table(toy, seats=3, seed=1, bots=1)
    seated(table, "bob", bob=1)
    assert table.seat_of("bob") == 1
    for wish, code in ((1, "seat_taken"), (2, "seat_taken"), (3, "no_seat")):
        table.open("cy", NONCE)
        with pytest.raises(Refused) as refused:
            table.receive("cy", join("Cy", seat=wish))
        assert refused.value.code == code
    seated(table, "ann")
    assert table.seat_of("ann") == 0 and table.started
    table.open("late", NONCE)
    with pytest.raises(Refused) as full:
        table.receive("late", join("Late"))
    assert full.value.code == "full.seats" and "spectator" in str(full.value)


def test_a_spectator_sees_the_spectator_view_and_cannot_act_or_whisper(toy):
    table = Table(toy, seats=2, seed=1, options={"adult_talk": True})
    table.open("wat", NONCE)
    out = well_formed(table.receive("wat", join("Wat\x1b", spectator=True)))
    assert to(out, "wat", "welcome")[0] | {"table": None} == {
        "t": "welcome",
        "seat": None,
        "token": None,
        "table": None,
        "watcher": 1,
    }
    table.open("eli", NONCE)
    table.receive("eli", join("Eli", spectator=True))
    out = seated(table, "ann", "bob")
    (wat,), (eli,) = to(out, "wat", "state"), to(out, "eli", "state")
    assert wat is eli, "spectators share one message, encoded once"
    assert wat["view"]["seat"] is None and wat["view"]["hand"] is None and wat["legal"] == []
    assert to(table.receive("wat", act(0, {"type": "play", "card": "x"})), "wat") == [
        {"t": "rejected", "version": 0, "code": "spectator_act", "params": {}}
    ]
    rejected = to(table.receive("wat", chat("psst", to=0)), "wat", "rejected")
    assert (rejected[0]["code"], rejected[0]["params"]) == ("spectator_whisper", {})
    line = to(table.receive("wat", chat("hello")), "ann", "chat")[0]
    assert line["from"] is None and line["name"] == "Wat"


def test_a_resume_token_takes_the_seat_back_and_replaces_an_old_connection(toy):
    table = Table(toy, seats=2, seed=1)
    seated(table, "ann", "bob")
    token = table.seating[0].token
    table.receive("ann", act(0, {"type": "play", "card": table.game.hands[0][0]}))
    out = table.leave("ann")
    assert to(out, "bob") == []  # told once the seat stays empty a while (test_away_news.py)
    assert table.seating.lobby(0.0)[0] == {
        "name": "ann",
        "bot": False,
        "connected": False,
        "away": {"seconds": 0.0, "bot": False},
    }
    assert table.seating[0].token == token and table.take_effects().records[-1]["r"] == "act"
    table.open("ann2", NONCE)
    out = well_formed(table.receive("ann2", join("someone else", token=token)))
    assert to(out, "ann2", "welcome")[0]["seat"] == 0 and table.seating[0].name == "ann"
    (state,) = to(out, "ann2", "state")
    assert state["version"] == 1 and state["events"] == [] and len(state["view"]["hand"]) == 2
    table.open("ann3", NONCE)
    out = table.receive("ann3", join(token=token))
    assert out[0] == (
        "ann2",
        {"t": "error", "code": "replaced", "params": {}},
    )
    assert table.seating[0].peer == "ann3" and table.leave("ann2") == []
    assert table.seating[0].peer == "ann3"
    table.open("mallory", NONCE)
    with pytest.raises(Refused) as bad:
        table.receive("mallory", join(token="0" * 32))
    assert bad.value.code == "token"


def test_stale_not_your_turn_and_illegal_actions_are_rejected_to_the_sender_only(toy):
    table = Table(toy, seats=2, seed=1)
    seated(table, "ann")
    assert to(table.receive("ann", act(0, {"type": "play", "card": "x"})), "ann") == [
        {"t": "rejected", "version": 0, "code": "not_started", "params": {}}
    ]
    seated(table, "bob")
    card = table.game.hands[0][0]
    cases = [
        (
            "ann",
            act(3, {"type": "play", "card": card}),
            ("stale", {"seen": 3, "now": 0}),
        ),
        ("bob", act(0, {"type": "play", "card": table.game.hands[1][0]}), ("not_your_turn", {})),
        (
            "ann",
            act(0, {"type": "play", "card": "nope"}),
            ("swoop.not_in_hand", {"kind": "play", "card": "nope"}),
        ),
        ("ann", act(0, {"type": "dance"}), None),
    ]
    hands = [list(h) for h in table.game.hands]
    table.take_effects()
    for peer, message, reason in cases:
        out = table.receive(peer, message)
        assert [p for p, _ in out] == [peer]
        (rejected,) = to(out, peer, "rejected")
        assert rejected["version"] == 0
        assert reason is None or (rejected["code"], rejected["params"]) == reason
        assert set(rejected) == {"t", "version", "code", "params"}
    assert table.version == 0 and table.game.hands == hands
    assert table.take_effects().records == [], "nothing rejected is journalled"
    out = table.receive("ann", act(0, {"type": "play", "card": card}))
    assert recipients(out, "state") == ["ann", "bob"] and table.version == 1
    assert to(out, "bob", "state")[0]["events"] == [{"type": "played", "seat": 0, "card": card}]
    assert table.take_effects().records == [
        {"r": "act", "seat": 0, "action": {"type": "play", "card": card}}
    ]


def test_no_view_ever_holds_another_seats_hand(toy):
    table = Table(toy, seats=3, seed=7)
    table.open("wat", NONCE)
    table.receive("wat", join(spectator=True))
    out = seated(table, "a", "b", "c")
    seat_of = {p: table.seat_of(p) for p in "abc"} | {"wat": None}
    dealt = {s: set(table.game.hands[s]) for s in range(3)}
    states = 0
    while not table.over:
        for peer, message in well_formed(out):
            if message["t"] != "state":
                continue
            states += 1
            view = message["view"]
            assert view["seat"] == seat_of[peer]
            if seat_of[peer] is None:
                assert view["hand"] is None
            else:
                assert set(view["hand"]) <= dealt[seat_of[peer]]
                assert view["hand"] == table.game.hands[seat_of[peer]]
        seat = table.game.pending()[0]
        peer = "abc"[seat]
        out = table.receive(peer, act(table.version, table.game.legal_actions(seat)[0]))
    assert states == 4 * table.version
    final = to(out, "wat", "state")[0]
    assert final["view"]["over"] and final["legal"] == [] and table.over


def test_chat_goes_to_every_joined_connection_and_whispers_where_allowed(toy):
    quiet = Table(toy, seats=3, seed=1)
    quiet.open("lurker", NONCE)  # not joined: hears nothing
    seated(quiet, "ann", "bob")
    out = quiet.receive("ann", chat("  hi\x1b[2J  all "))
    assert recipients(out, "chat") == ["ann", "bob"]
    assert out[0][1] == {"t": "chat", "from": 0, "name": "ann", "text": "hi[2J all", "to": None}
    for text, target, reason in (
        ("psst", 1, "whispers_off"),
        ("\x00\u200b ", None, "chat_empty"),
    ):
        assert [m["code"] for m in to(quiet.receive("ann", chat(text, target)), "ann")] == [reason]
    talk = Table(toy, seats=3, seed=1, options={"adult_talk": True})
    seated(talk, "ann", "bob")
    out = talk.receive("ann", chat("psst", to=1))
    assert [p for p, _ in out] == ["bob", "ann"] and out[0][1]["to"] == 1
    for target, reason in (
        (0, "whisper_target"),
        (5, "whisper_target"),
        (2, "whisper_away"),
    ):
        assert to(talk.receive("ann", chat("psst", to=target)), "ann")[0]["code"] == reason


def test_leaving_before_the_start_frees_the_seat_with_a_fresh_token(toy):
    table = Table(toy, seats=3, seed=1)
    seated(table, "ann", "bob")
    old = table.seating[0].token
    table.take_effects()
    out = table.leave("ann")
    assert recipients(out, "lobby") == ["bob"]
    assert to(out, "bob")[0]["players"][0] == {"name": None, "bot": False, "connected": False}
    new = table.seating[0].token
    assert new != old and table.take_effects().records == [{"r": "stand", "seat": 0, "token": new}]
    table.open("eve", NONCE)
    with pytest.raises(Refused):
        table.receive("eve", join(token=old))
    assert table.leave("eve") == [] and table.leave("nobody") == []


def test_the_protocol_order_is_enforced(toy):
    table = Table(toy, seats=2, seed=1)
    table.open("x", NONCE)
    with pytest.raises(Refused) as first:
        table.receive("x", check_client({"t": "ping", "n": 1}))
    assert first.value.code == "protocol.join_first"
    assert str(first.value) == "the first message must be a join"
    table.receive("x", join("X"))
    assert table.receive("x", check_client({"t": "ping", "n": 7})) == [("x", {"t": "pong", "n": 7})]
    with pytest.raises(Refused) as again:
        table.receive("x", join("X"))
    assert (again.value.code, again.value.params) == ("protocol.unexpected", {"kind": "join"})
    assert str(again.value) == "unexpected join after joining"
    with pytest.raises(Refused):
        table.receive("stranger", join("S"))


def test_the_hosts_bots_play_through_the_table_and_a_replay_rebuilds_it(toy):
    table = Table(toy, seats=2, seed=3, bots=1)
    assert table.start() == [] and table.seating[1].name == "Bot 2"
    out = seated(table, "ann")
    assert table.started and recipients(out, "state") == ["ann"]
    actions = []
    while not table.over:
        seat = table.game.pending()[0]
        action = table.game.legal_actions(seat)[0]
        if seat == 1:
            out = table.play(1, action)
            assert recipients(out, "state") == ["ann"]
        else:
            table.receive("ann", act(table.version, action))
        actions.append((seat, action))
    records = table.take_effects().records
    assert [(r["seat"], r["action"]) for r in records if r["r"] == "act"] == actions
    rebuilt: Rules[str] = Rules(replace(table.table_settings, tokens=tuple(table.seating.tokens)))
    replay(rebuilt, {0: "ann"}, {}, actions)
    assert rebuilt.started and rebuilt.over and rebuilt.version == table.version
    assert rebuilt.game.result() == table.game.result() and rebuilt.seating.tokens == (
        table.seating.tokens
    )


def test_rejected_error_and_notice_frames_carry_codes_and_params_never_sentences(toy):
    """The wire carries data: every screen words it in its own player's language."""
    table = Table(toy, seats=3, seed=1)
    seated(table, "ann", "bob", "cy")
    sentences = []
    out = table.receive("bob", act(0, {"type": "play", "card": table.game.hands[1][0]}))
    out += table.receive("ann", act(0, {"type": "play", "card": "nope"}))
    out += table.leave("cy")  # during play: told once a bot covers the seat (or after a while)
    out += table.controls.cover(2)
    out += table.controls.remove(1)  # an error to bob, a notice to the rest
    frames = [m for _, m in well_formed(out) if m["t"] in ("rejected", "error", "notice")]
    assert {m["t"] for m in frames} == {"rejected", "error", "notice"}
    for message in frames:
        assert set(message) - {"t", "version", "retry"} == {"code", "params"}
        for name, value in message["params"].items():
            assert name == "name" or " " not in str(value), (message, name)
        sentences.append(notice_sentence if message["t"] == "notice" else sentence)
        english = sentences[-1](message["code"], message["params"])
        assert english != message["code"] and english not in repr(message)
    codes = [(m["t"], m["code"]) for m in frames]
    assert codes == [
        ("rejected", "not_your_turn"),
        ("rejected", "swoop.not_in_hand"),
        ("notice", "covered"),
        ("notice", "covered"),
        ("error", "removed"),
        ("notice", "removed"),
    ]
