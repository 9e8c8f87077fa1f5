"""The spectators the host can see, at the sans-I/O table (net/table/watchers.py): listed for
everyone with a number and a name, muted by the host, sent away for good — by their key and by
their name, also after the table is rebuilt from its journal — and what each is told. The
host's menu offers it (tui/table/people.py), and a spectator sent away is told why on its
screen and its plain table. No socket, no app."""

from __future__ import annotations

import asyncio
from typing import ClassVar

import pytest
from tabledriver import NONCE, Driver

from lang import _
from net.kept.journal import Journal, read_journal
from net.table.decisions import Decision, Mute, SendAway
from net.table.settings import TableSettings
from net.table.table import Table
from net.wire.codec import encode
from net.wire.messages import Refused, check_client
from tui.plain.cards import SpokenCards
from tui.plain.table import PlainTable
from tui.table.host_menu import HostDecisions, host_choices
from tui.table.people import People

pytestmark = pytest.mark.unit

CY, DI = "c" * 32, "d" * 32  # the spectators' own keys (their clients make them)


def join(name: str, key: str | None, spectator: bool = True, token: str | None = None) -> dict:
    message = {"t": "join", "name": name, "seat": None, "spectator": spectator, "auth": None}
    return check_client({**message, "token": token, **({"key": key} if key else {})})


def watch(driver: Driver, peer: str, name: str, key: str | None) -> None:
    driver.deliver(driver.table.open(peer, NONCE))
    driver.receive(peer, join(name, key))


def table(seed: int = 1) -> Driver:
    """A SwaPo table of two people (Ann, Bob) and two of the host's bots, with no waits."""
    settings = TableSettings.new(
        "swapo", seats=4, seed=seed, bot_seats=[2, 3], deal_tick=0, results_wait=0
    )
    driver = Driver(settings)
    driver.seat("ann", 0)
    return driver


def watchers(driver: Driver, peer: str) -> list[dict]:
    return driver.last(peer, "lobby")["watchers"]


def test_spectators_are_listed_for_everyone_by_number_and_a_name_of_their_own():
    driver = table()
    watch(driver, "cy", "Cy", CY)
    assert driver.last("cy", "welcome")["watcher"] == 1
    assert driver.last("ann", "welcome")["watcher"] is None
    watch(driver, "ann2", "Ann", DI)  # a spectator named like a seated player
    listed = [{"id": 1, "name": "Cy", "muted": False}, {"id": 2, "name": "Ann 2", "muted": False}]
    assert watchers(driver, "ann") == watchers(driver, "cy") == listed
    driver.seat("bob", 1)  # the game starts: the seats and the spectators are all shown
    assert watchers(driver, "bob") == listed
    assert driver.last("cy")["view"]["hand"] is None  # the spectator's view, no hand
    # the key and the connections stay between a spectator and the host
    assert all(CY not in str(m) for p, m in [(p, m) for _, p, m in driver.sent] if p != "cy")


def test_a_spectators_second_connection_is_the_same_spectator_and_tells_nobody():
    driver = table()
    watch(driver, "cy", "Cy", CY)
    lobbies = len(driver.to("ann", "lobby"))
    watch(driver, "cy-again", "Cy", CY)  # another terminal, or a reconnection
    assert driver.last("cy-again", "welcome")["watcher"] == 1
    assert len(driver.to("ann", "lobby")) == lobbies  # nothing changed for the others
    out = driver.leave("cy")
    assert out.messages == [] and not out.seating_changed
    out = driver.leave("cy-again")  # gone: the list changes, the seating does not
    assert watchers(driver, "ann") == [] and not out.seating_changed


def test_the_host_mutes_a_spectator_everyone_is_told_and_its_chat_is_refused():
    driver = table()
    watch(driver, "cy", "Cy", CY)
    out = driver.table.decide(Mute(1))
    driver.deliver(out)
    assert out.records == [{"r": "mute", "key": CY, "name": "Cy", "on": True}]
    notice = {"t": "notice", "code": "muted", "params": {"name": "Cy"}}
    assert driver.last("ann", "notice") == driver.last("cy", "notice") == notice
    assert watchers(driver, "ann") == [{"id": 1, "name": "Cy", "muted": True}]
    out = driver.receive("cy", {"t": "chat", "text": "psst", "to": None})
    assert [(p, m["code"]) for p, m in out.messages] == [("cy", "chat_muted")]
    driver.leave("cy")  # coming back does not lift it
    watch(driver, "cy", "Cy", CY)
    assert watchers(driver, "ann") == [{"id": 1, "name": "Cy", "muted": True}]
    out = driver.receive("cy", {"t": "chat", "text": "psst", "to": None})
    assert [m["code"] for _p, m in out.messages] == ["chat_muted"]
    driver.deliver(driver.table.decide(Mute(1, on=False)))
    assert driver.last("ann", "notice")["code"] == "unmuted"
    out = driver.receive("cy", {"t": "chat", "text": "hi", "to": None})
    assert {p for p, m in out.messages if m["t"] == "chat"} == {"ann", "cy"}
    with pytest.raises(ValueError):
        driver.table.decide(Mute(7))  # nobody watches as 7


def test_a_spectator_sent_away_is_told_why_and_may_not_come_back_by_key_or_by_name():
    driver = table()
    watch(driver, "cy", "Cy", CY)
    watch(driver, "cy-tab", "Cy", CY)  # its second terminal goes too
    watch(driver, "di", "Di", DI)
    out = driver.table.decide(SendAway(1))
    driver.deliver(out)
    assert out.records == [{"r": "ban", "key": CY, "name": "Cy"}]
    banned = {"t": "error", "code": "banned", "params": {}}
    assert driver.last("cy", "error") == driver.last("cy-tab", "error") == banned
    assert driver.last("di", "notice") == {
        "t": "notice",
        "code": "sent_away",
        "params": {"name": "Cy"},
    }
    assert watchers(driver, "ann") == [{"id": 2, "name": "Di", "muted": False}]
    for name, key, spectator in (
        ("Cyril", CY, True),  # another name, the same key
        ("cy", "e" * 32, True),  # the same name, another key
        ("Cy", None, True),  # no key at all
        ("Cyril", CY, False),  # to sit rather than to watch
    ):
        driver.deliver(driver.table.open("back", NONCE))
        with pytest.raises(Refused) as refused:
            driver.table.receive("back", join(name, key, spectator))
        assert refused.value.code == "banned"
    token = driver.table.rules.seating[0].token  # a seat's own token takes it back all the same
    driver.deliver(driver.table.open("ann-back", NONCE))
    driver.receive("ann-back", join("Cy", CY, spectator=False, token=token))
    assert driver.table.rules.seat_of("ann-back") == 0


def test_the_mutes_and_bans_are_in_the_journal_and_a_rebuilt_table_keeps_them(tmp_path):
    driver = table()
    watch(driver, "cy", "Cy", CY)
    watch(driver, "di", "Di", DI)
    driver.deliver(driver.table.decide(Mute(2)))
    driver.deliver(driver.table.decide(SendAway(1)))
    assert driver.table.sitters()[1:] == [  # the compacted journal keeps them too
        {"r": "mute", "key": DI, "name": "Di", "on": True},
        {"r": "ban", "key": CY, "name": "Cy"},
    ]
    path = tmp_path / "table.journal"
    journal = Journal.create(path, driver.table.settings().header(), fsync=False)
    for record in driver.records:
        journal.write_frame(encode(record))
    journal.close()
    data = read_journal(path)
    assert (data.banned, data.muted) == ({CY: "Cy"}, {DI: "Di"})
    rebuilt: Table[str] = Table(TableSettings.from_header(data.header))
    rebuilt.replay(data)
    rebuilt.open("cy", NONCE)
    with pytest.raises(Refused) as refused:
        rebuilt.receive("cy", join("Cy", CY))
    assert refused.value.code == "banned"
    rebuilt.open("di", NONCE)
    rebuilt.receive("di", join("Di", DI))
    out = rebuilt.receive("di", {"t": "chat", "text": "psst", "to": None})
    assert [m["code"] for _p, m in out.messages] == ["chat_muted"]


class Decided:
    """A host that keeps the decisions its menu hands it (net/table/decisions.py)."""

    def __init__(self, table: Table[str]) -> None:
        self.table = table
        self.done: list[Decision] = []

    def decide(self, decision: Decision) -> None:
        self.done.append(decision)


def test_the_hosts_menu_mutes_a_spectator_and_asks_another_to_leave():
    driver = table()
    watch(driver, "cy", "Cy", CY)
    watch(driver, "di", "Di", DI)
    driver.deliver(driver.table.decide(Mute(2)))
    host = Decided(driver.table)
    choices = host_choices(host, 0)
    assert choices[-5:] == [
        ("Mute Cy's chat (watching)", "mute", Mute(1)),
        ("Ask Cy to leave (watching)", "send_away", SendAway(1)),
        ("Let Di chat again (watching)", "unmute", Mute(2, on=False)),
        ("Ask Di to leave (watching)", "send_away", SendAway(2)),
        ("Close the table for everyone", "close", None),
    ]
    left: list[bool] = []
    decisions = HostDecisions(host, lambda *a: None, lambda: left.append(True), lambda said: None)
    for _text, _confirm, decision in choices[-4:]:
        decisions.decide(decision)
    assert host.done == [SendAway(1), Mute(2, on=False), SendAway(2)]
    assert left == [True], "closing the table is the host's screen leaving it"


def test_a_spectator_sent_away_reads_why_on_its_screen_and_its_plain_table():
    people = People()
    people.update(
        [], [{"id": 1, "name": "Cy", "muted": False}, {"id": 2, "name": "Di", "muted": True}]
    )
    assert people.watching_line() == "Watching: Cy, Di (muted)"
    assert people.host_error("banned")
    said = _("The host asked you to leave this table: you cannot come back to it")
    assert people.closed_reason == said

    class Watching:
        seat = None
        table: ClassVar[dict] = {"game": "swapo"}

    lines: list[str] = []
    plain = PlainTable(Watching(), lines.append, SpokenCards())
    asyncio.run(plain.take({"t": "error", "code": "banned", "params": {}}))
    assert plain.closed
    assert lines == ["the host asked you to leave this table: you cannot come back to it"]


def test_the_header_names_who_watches_and_leaves_it_out_first_when_narrow():
    from rich.style import Style

    from tui.table.header import header_line

    def header(width: int) -> str:
        line = header_line(
            ["SwaPo", "round 2"],
            table_name="friday",
            away=[],
            connection="",
            look=lambda name: Style(),
            ascii_only=False,
            width=width,
            watching="Watching: Cy, Di",
        )
        return line.plain

    assert header(0).endswith(' · table "friday" · Watching: Cy, Di')
    narrow = len(' kotatsu · SwaPo · round 2 · table "friday"')
    assert header(narrow) == ' kotatsu · SwaPo · round 2 · table "friday"'
