"""The host over real sockets on 127.0.0.1: seating, bots, password, resume tokens, pings.
(The table's rules of play, chat and spectators: test_table_play.py, without sockets.)"""

from __future__ import annotations

import asyncio

import pytest
from awaiting import next_of

from net.doors.botclient import run_bot_client
from net.doors.host import Host
from net.table.decisions import SendAway
from net.table.settings import HostLimits
from net.wire.client import Client, Staying
from net.wire.messages import Refused


async def test_bots_and_bot_clients_finish_a_game(toy, hosts):
    host = await hosts(toy, seats=4, bots=2, seed=3)
    results = await asyncio.wait_for(
        asyncio.gather(
            run_bot_client("127.0.0.1", host.port, "a", seed=1),
            run_bot_client("127.0.0.1", host.port, "b", seed=2),
        ),
        10,
    )
    final = await host.wait_over()
    assert results == [final, final]
    assert final["scores"] and host.table.rules.version == 4 * 3


async def test_seating_lobby_and_start(toy, hosts):
    host = await hosts(toy, seats=2, seed=1, name="Den\x1b[31m")
    alice = Client("127.0.0.1", host.port, name="Al\x07ice\n")
    await alice.connect()
    assert alice.seat == 0 and len(alice.token) == 32
    assert alice.table["name"] == "Den[31m" and alice.table["game"] == "toy"
    lobby = await next_of(alice, "lobby")
    assert lobby["players"][0] == {"name": "Alice", "bot": False, "connected": True}
    assert lobby["started"] is False
    bob = Client("127.0.0.1", host.port, name="Bob", seat=0)
    with pytest.raises(Refused) as refused:
        await bob.connect()
    assert refused.value.code == "seat_taken"
    bob = Client("127.0.0.1", host.port, name="Bob", seat=1)
    await bob.connect()
    state = await next_of(alice, "state")
    assert state["version"] == 0 and state["view"]["hand"] and state["legal"]
    bob_state = await next_of(bob, "state")
    assert bob_state["legal"] == [] and bob_state["view"]["seat"] == 1
    late = Client("127.0.0.1", host.port, name="Late")
    with pytest.raises(Refused) as full:
        await late.connect()
    assert full.value.code == "full.seats" and full.value.family == "full"
    await alice.close()
    await bob.close()


async def test_password_right_and_wrong(toy, hosts):
    host = await hosts(toy, seats=2, bots=1, seed=1, password="kotatsu")
    for wrong in (None, "Kotatsu"):
        client = Client("127.0.0.1", host.port, name="x", password=wrong)
        with pytest.raises(Refused) as refused:
            await client.connect()
        assert refused.value.code == ("password.needed" if wrong is None else "password.wrong")
    result = await asyncio.wait_for(
        run_bot_client("127.0.0.1", host.port, "ok", password="kotatsu"), 10
    )
    assert result == host.table.rules.game.result()


async def test_resume_token_rejoins_the_same_seat(toy, hosts):
    host = await hosts(toy, seats=2, seed=9)
    a = Client("127.0.0.1", host.port, name="a", staying=Staying(reconnect=False))
    await a.connect()
    b = Client("127.0.0.1", host.port, name="b")
    await b.connect()
    state = await next_of(a, "state")
    await a.act(state["legal"][0])
    await next_of(a, "state")
    token = a.token
    await a.close()
    # the others hear of the leaving only after a grace (net/table/away.py); the host knows at once
    for _ in range(200):
        if host.table.rules.seating.seats[0].away_since is not None:
            break
        await asyncio.sleep(0.01)
    assert host.table.rules.seating.seats[0].away_since is not None
    again = Client("127.0.0.1", host.port, name="someone else", token=token)
    await again.connect()
    assert again.seat == 0
    state = await next_of(again, "state")
    assert state["version"] == 1 and state["events"] == [] and len(state["view"]["hand"]) == 2
    with pytest.raises(Refused) as bad:
        await Client("127.0.0.1", host.port, token="0" * 32).connect()
    assert bad.value.code == "token"
    await again.close()
    await b.close()


async def test_a_failing_bot_stops_the_table_with_a_reason(toy, hosts, monkeypatch):
    from toygame import ToyBot

    def broken(self, view, legal):
        raise ZeroDivisionError("bot bug")

    monkeypatch.setattr(ToyBot, "act", broken)
    host = await hosts(toy, seats=2, bots=2, seed=1)
    with pytest.raises(RuntimeError, match="the bot at seat 1 failed: bot bug"):
        await asyncio.wait_for(host.wait_over(), 5)


async def test_pings_keep_a_quiet_player_seated(toy, hosts):
    host = await hosts(toy, seats=2, seed=1, idle_timeout=0.3)
    quiet = Client(
        "127.0.0.1", host.port, name="q", staying=Staying(ping_interval=0.05, reconnect=False)
    )
    await quiet.connect()
    await asyncio.sleep(1.0)  # three idle timeouts' worth of nothing but pings
    assert quiet.connected and host.table.rules.seating[0].connected
    await quiet.close()


async def test_leaving_before_the_start_frees_the_seat(toy, hosts, tmp_path):
    """Nothing is lost before the start, so a seat left empty must not block the table; the
    one who left cannot come back with the old token and take over from the newcomer."""
    journal = tmp_path / "table.journal"
    host = await hosts(toy, seats=2, seed=4, journal=journal, fsync=False)
    ann = Client("127.0.0.1", host.port, name="Ann", staying=Staying(reconnect=False))
    await ann.connect()
    old_token = ann.token
    watcher = Client("127.0.0.1", host.port, name="Wat", spectator=True)
    await watcher.connect()
    await ann.close()
    lobby = await next_of(watcher, "lobby", lambda m: m["players"][0]["name"] is None)
    assert lobby["players"][0] == {"name": None, "bot": False, "connected": False}
    with pytest.raises(Refused) as refused:
        await Client("127.0.0.1", host.port, token=old_token).connect()
    assert refused.value.code == "token"
    cy = Client("127.0.0.1", host.port, name="Cy", seat=0, staying=Staying(reconnect=False))
    await cy.connect()
    assert cy.seat == 0 and cy.token != old_token
    dee = Client("127.0.0.1", host.port, name="Dee")
    await dee.connect()
    state = await next_of(cy, "state")
    assert state["version"] == 0 and state["legal"]
    # A host rebuilt from the journal knows the new sitter and her token, not the old ones.
    rebuilt = Host.resume(journal, HostLimits(fsync=False))
    assert rebuilt.table.rules.started and rebuilt.table.rules.seating[0].name == "Cy"
    assert rebuilt.table.rules.seating[0].token == cy.token
    for client in (cy, dee, watcher):
        await client.close()


async def test_a_spectator_sent_away_cannot_come_back_even_to_the_resumed_table(
    toy, hosts, tmp_path, monkeypatch
):
    """The host sends a spectator away: it is told why and does not try again; its key (the
    one its user keeps for this table) is refused afterwards under another name, and so it
    is by the table resumed from its journal (net/table/watchers.py)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    journal = tmp_path / "table.journal"
    host = await hosts(toy, seats=2, seed=4, journal=journal, fsync=False)
    cy = Client("127.0.0.1", host.port, name="Cy", spectator=True, staying=Staying(keep_seat=True))
    await cy.connect()
    lobby = await next_of(cy, "lobby")
    assert lobby["watchers"] == [{"id": 1, "name": "Cy", "muted": False}]
    host.decide(SendAway(1))
    assert (await next_of(cy, "error"))["code"] == "banned"
    await next_of(cy, "connection")  # closed: no reconnection after a ban
    assert not cy.connected

    async def refused_again(port: int) -> str:
        again = Client(
            "127.0.0.1", port, name="Cyril", spectator=True, staying=Staying(keep_seat=True)
        )
        with pytest.raises(Refused) as refused:
            await again.connect()
        await again.close()
        return refused.value.code

    assert await refused_again(host.port) == "banned"
    port = host.port
    await host.close()
    resumed = Host.resume(journal, HostLimits(fsync=False))
    await resumed.start("127.0.0.1", port)
    try:
        assert await refused_again(port) == "banned"
    finally:
        await resumed.close()
    await cy.close()
