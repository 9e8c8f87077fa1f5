"""The ``hint`` message (protocol 6): a player looked at a hint; the table tells everyone."""

from __future__ import annotations

import pytest

from net.table.settings import TableSettings
from net.wire.codec import CodecError
from net.wire.messages import check_client
from net.wire.reasons import notice_sentence
from tests.net.test_table import NONCE, Table, act, join, seated, to, well_formed

pytestmark = pytest.mark.unit

HINT = {"t": "hint"}


def test_the_hint_message_has_no_fields():
    assert check_client(dict(HINT)) == HINT
    with pytest.raises(CodecError):
        check_client({"t": "hint", "seat": 2})


def test_the_table_says_whether_hints_are_on(toy):
    assert Table(toy, seats=2, seed=1).info["hints"] is False
    table = Table(toy, seats=2, seed=1, hints=True)
    ((_, hello),) = table.open("ann", NONCE)
    assert hello["table"]["hints"] is True
    settings = TableSettings.new(toy, seats=2, seed=1, hints=True)
    assert TableSettings.from_header(settings.header()).hints is True  # a resumed table
    old = {k: v for k, v in settings.header().items() if k != "hints"}
    assert TableSettings.from_header(old).hints is False  # journals before hints: off


def test_a_hint_on_your_turn_is_told_to_everyone_once_per_state(toy):
    table = Table(toy, seats=2, seed=1, hints=True)
    seated(table, "ann", "bob")
    table.open("eve", NONCE)
    table.receive("eve", join("eve", spectator=True))
    turn = table.game.pending()[0]
    player, other = ("ann", "bob") if turn == 0 else ("bob", "ann")
    out = well_formed(table.receive(player, dict(HINT)))
    assert sorted(p for p, m in out if m["t"] == "notice") == ["ann", "bob", "eve"]
    notice = out[0][1]
    assert notice["code"] == "hint_asked" and notice["params"]["seat"] == turn
    assert notice_sentence(notice["code"], notice["params"]) == f"{player} asked for a hint"
    assert table.receive(player, dict(HINT)) == []  # the same turn: told already
    # not their turn: refused to the sender only, nobody else hears a thing
    (refused,) = to(table.receive(other, dict(HINT)), other)
    assert refused["code"] == "not_your_turn"
    assert to(table.receive("eve", dict(HINT)), "eve")[0]["code"] == "spectator_act"
    # the next state: a new turn, a new notice
    legal = table.game.legal_actions(turn)
    table.receive(player, act(table.version, legal[0]))
    after = table.game.pending()[0]
    name = "ann" if after == 0 else "bob"
    out = table.receive(name, dict(HINT))
    assert [m["code"] for _, m in out] == ["hint_asked"] * 3


def test_hints_off_refuses_and_tells_nobody(toy):
    table = Table(toy, seats=2, seed=1)
    seated(table, "ann", "bob")
    player = "ann" if table.game.pending()[0] == 0 else "bob"
    out = table.receive(player, dict(HINT))
    assert [(p, m["code"]) for p, m in out] == [(player, "hints_off")]


def test_no_hint_is_told_for_a_seat_the_table_may_not_know_is_asked(toy, monkeypatch):
    """Sealed or secret questions (SwaPo's declarations, Mi Shi's declaring in the deal) leave
    the seat out of the spectator view's ``pending``: a hint there would tell it."""
    table = Table(toy, seats=2, seed=1, hints=True)
    seated(table, "ann", "bob")
    turn = table.game.pending()[0]
    player = "ann" if turn == 0 else "bob"
    shown = table.game.view

    def sealed(seat):
        view = shown(seat)
        return {**view, "pending": [s for s in view["pending"] if s == seat]}

    monkeypatch.setattr(table.game, "view", sealed)
    out = table.receive(player, dict(HINT))
    assert [(p, m["code"]) for p, m in out] == [(player, "not_your_turn")]


def test_a_swapo_seat_declaring_gets_no_hint_told():
    """The real case: SwaPo Ace's sealed declare phase."""
    import engine

    table = Table("swapo", seats=3, seed=4, options={"variant": "ace"}, hints=True)
    seated(table, "ann", "bob", "cy")
    game = table.game
    bots = {s: engine.make_bot("swapo", s, s) for s in range(3)}
    while game.phase != "declare":
        seat = game.pending()[0]
        table.play(seat, bots[seat].act(game.view(seat), game.legal_actions(seat)))
    seat = game.pending()[0]
    name = ["ann", "bob", "cy"][seat]
    assert [m["code"] for _, m in table.receive(name, dict(HINT))] == ["not_your_turn"]
