"""The table setting ``spectators`` (issue 38 §4): a hosted table lets everyone watch (all),
watch without chat (quiet) or nobody (none); declared once (net/table/settings.py), acted on by the
sans-I/O rules (net/table/rules.py), and everything else — the command line, the host form, the
table info, the advertisement, the journal — comes from the declaration."""

from __future__ import annotations

import pytest

from net.doors.discovery import settings_of, settings_text
from net.doors.opening import plan_of
from net.table.settings import TableSettings
from net.wire.messages import Refused, check_host
from net.wire.reasons import sentence
from tests.net.test_table import NONCE, Table, join, seated, to, well_formed
from tui.cli import build_parser

pytestmark = pytest.mark.unit


def chat(text: str) -> dict:
    return {"t": "chat", "text": text, "to": None}


def test_none_refuses_a_spectator_with_a_clear_reason_and_seats_still_fill(toy):
    table = Table(toy, seats=2, seed=1, spectators="none")
    assert check_host(table.open("eve", NONCE)[0][1])["table"]["spectators"] == "none"
    with pytest.raises(Refused) as refused:
        table.receive("eve", join("Eve", spectator=True))
    assert refused.value.code == "spectators.none"
    assert sentence("spectators.none", {}) == "this table takes no spectators"
    seated(table, "ann")  # players sit as ever
    assert table.seat_of("ann") == 0


def test_quiet_lets_a_spectator_watch_but_refuses_its_chat_with_a_reason(toy):
    table = Table(toy, seats=2, seed=1, spectators="quiet")
    seated(table, "ann")
    table.open("eve", NONCE)
    well_formed(table.receive("eve", join("Eve", spectator=True)))
    (refused,) = to(well_formed(table.receive("eve", chat("hello"))), "eve", "rejected")
    assert refused["code"] == "spectators_quiet"
    assert sentence("spectators_quiet", {}) == "spectators may watch this table but not chat"
    out = well_formed(table.receive("ann", chat("hi")))  # the players talk as ever
    assert to(out, "eve", "chat") and to(out, "ann", "chat")


def test_all_is_the_default_and_a_spectator_chats(toy):
    table = Table(toy, seats=2, seed=1)
    assert table.info["spectators"] == "all"
    seated(table, "ann")
    table.open("eve", NONCE)
    table.receive("eve", join("Eve", spectator=True))
    assert to(well_formed(table.receive("eve", chat("hello"))), "ann", "chat")


def test_the_flag_the_journal_and_the_advertisement_come_from_the_declaration():
    args = build_parser().parse_args(["host", "swoop", "--spectators", "quiet"])
    args.options = {}
    settings = plan_of(args).settings
    assert settings is not None and settings.spectators == "quiet"
    assert TableSettings.from_header(settings.header()).spectators == "quiet"
    assert TableSettings.from_header({**settings.header(), "spectators": "x"}).spectators == "all"
    text = settings_text(settings.told())
    assert "spectators=quiet" in text and ("spectators", "quiet") in settings_of(text)
    with pytest.raises(SystemExit):  # what it takes is said
        build_parser().parse_args(["host", "swoop", "--spectators", "some"])
    with pytest.raises(SystemExit):  # a table against bots has nobody else to let in
        build_parser().parse_args(["play", "swoop", "--spectators", "none"])
