"""kotatsu serve offers the plain table to an SSH login that asks for it by its user name,
``plain`` (issue 39): a blind friend types ``ssh plain@HOST -p PORT`` and needs nothing
installed. The session's program is the probe (tests/net/sshprobe.py), which says its
arguments."""

from __future__ import annotations

import asyncio

from tests.net.sshprobe import connect, open_session, read_until, serve  # noqa: F401


async def test_a_login_as_plain_gets_the_plain_table(serve) -> None:  # noqa: F811
    server = await serve()
    async with connect(server, username="plain") as conn:
        proc = await open_session(conn, env={"LANG": "en_US.UTF-8"})
        assert "args=['--plain']" in await read_until(proc, "SIZE")
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), 10)
    async with connect(server, username="ann") as conn:  # any other name: the lobby
        proc = await open_session(conn, env={"LANG": "en_US.UTF-8"})
        assert "args=[]" in await read_until(proc, "SIZE")
        proc.stdin.write(b"q")
        await asyncio.wait_for(proc.wait_closed(), 10)
