"""``kotatsu web`` without a browser: aiohttp's client on 127.0.0.1 against the real server.

The mechanics are checked with a small probe in place of the app: it speaks the packet
protocol of Textual's web driver (the prelude, then ``D`` data and ``M`` meta packets), echoes
keys and meta, and can leave, crash or ask for things a page must not get. The real app in a
real browser is tests/browser.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys

import aiohttp
import pytest
from lan_wait import held_ports, until_found

import lang
from net.doors.web import WebConfig, WebGameServer, banner, page_language, web_config
from net.doors.websession import LEFT_MESSAGE
from tui.cli import build_parser

PROBE = r"""
import json, os, sys
out, inp = sys.stdout.buffer, sys.stdin.buffer
def send(kind, payload):
    out.write(kind + len(payload).to_bytes(4, "big") + payload)
    out.flush()
out.write(b"__GANGLION__\n")
out.flush()
env = ",".join(sorted(os.environ))
send(b"M", json.dumps({"type": "open_url", "url": "http://example.com/", "new_tab": True}).encode())
send(b"D", f"PROBE args={sys.argv[1:]} user={os.environ.get('USER')} "
           f"size={os.environ['COLUMNS']}x{os.environ['ROWS']} "
           f"bind={os.environ.get('KOTATSU_BIND')} env={env}\n".encode())
while True:
    head = inp.read(5)
    if len(head) < 5:
        sys.exit(0)
    payload = inp.read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"M":
        meta = json.loads(payload)
        if meta["type"] == "quit":
            sys.exit(0)
        send(b"D", f"META {meta['type']} {meta.get('width')}x{meta.get('height')}\n".encode())
    elif payload == b"q":
        send(b"M", b'{"type": "exit"}')
        sys.exit(0)
    elif payload == b"x":
        os.kill(os.getpid(), 11)
    else:
        send(b"D", b"KEY " + payload + b"\n")
"""


ALLOWED_ENV = """PATH HOME LANG TERM USER LOGNAME PYTHONPATH PYTHONIOENCODING KOTATSU_SHARED
TEXTUAL_DRIVER TEXTUAL_FPS TEXTUAL_COLOR_SYSTEM COLORTERM COLUMNS ROWS
KOTATSU_BIND LC_ALL LC_CTYPE XDG_STATE_HOME XDG_DATA_HOME TZ"""


def probe_command(code: str | None) -> list[str]:
    return [sys.executable, "-c", PROBE, *(["--lang", code] if code else [])]


@pytest.fixture
async def web():
    """``await web(**config)`` -> (server, base URL, client session); all closed afterwards."""
    made: list[tuple[WebGameServer, aiohttp.ClientSession]] = []

    async def start(**kwargs):
        kwargs.setdefault("command", probe_command)
        server = WebGameServer(WebConfig(bind="127.0.0.1", port=0, **kwargs))
        port = await server.start()
        client = aiohttp.ClientSession()
        made.append((server, client))
        return server, f"http://127.0.0.1:{port}", client

    yield start
    for server, client in made:
        await client.close()
        await server.close()


async def ticket(client, base, name="ann", password="", **headers) -> tuple[int, dict]:
    async with client.post(
        base + "/session", json={"name": name, "password": password}, headers=headers
    ) as reply:
        return reply.status, await reply.json()


class Page:
    """What a page's terminal client does: one websocket, the screen's bytes as text."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.text = ""
        self.strings: list[str] = []

    @classmethod
    async def open(cls, client, base, token, width=100, height=30) -> Page:
        ws = await client.ws_connect(f"{base}/ws/{token}?width={width}&height={height}")
        return cls(ws)

    async def until(self, pattern: str, timeout: float = 10.0) -> re.Match:
        async with asyncio.timeout(timeout):
            while not (found := re.search(pattern, self.text)):
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.text += message.data.decode()
                elif message.type == aiohttp.WSMsgType.TEXT:
                    self.strings.append(message.data)
                else:
                    raise AssertionError(f"closed before {pattern!r}: {self.text}")
        return found

    async def closed(self, timeout: float = 10.0) -> None:
        async with asyncio.timeout(timeout):
            while (await self.ws.receive()).type not in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
                aiohttp.WSMsgType.CLOSING,
            ):
                pass

    async def key(self, keys: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", keys]))


async def why(client, base, token) -> str:
    async with client.get(f"{base}/ended/{token}") as reply:
        return (await reply.json())["reason"]


async def test_a_session_runs_the_fixed_command_with_an_environment_built_by_the_server(
    web, monkeypatch
):
    monkeypatch.setenv("KOTATSU_SERVER_SECRET", "do-not-pass")
    _server, base, client = await web(password="friday")
    status, got = await ticket(client, base, "ann b<i>", "friday", **{"Accept-Language": "ja,en"})
    assert status == 200
    page = await Page.open(client, base, got["ticket"], 100, 30)
    found = await page.until(r"PROBE args=(.*) user=(\S+) size=(\S+) bind=(\S+) env=(\S+)")
    args, user, size, bind, env = found.groups()
    assert args == "['--lang', 'ja']" and user == "annbi" and size == "100x30"
    assert bind == "127.0.0.1"
    names = set(env.split(","))
    assert "KOTATSU_SERVER_SECRET" not in names and "friday" not in page.text
    assert {"TEXTUAL_DRIVER", "KOTATSU_SHARED", "USER", "PATH", "HOME"} <= names
    assert names <= {
        *ALLOWED_ENV.split(),
    }
    # keys, sizes and focus reach the child; what it asked of the page (open a URL) did not
    await page.key("a")
    await page.until("KEY a")
    await page.ws.send_str(json.dumps(["resize", {"width": 120, "height": 40}]))
    await page.until("META resize 120x40")
    await page.ws.send_str(json.dumps(["resize", {"width": 10**6, "height": "x"}]))
    await page.until("META resize 500x24")
    await page.ws.send_str(json.dumps(["ping", "123"]))
    await page.ws.send_str("not json")
    await page.ws.send_str(json.dumps(["exec", "sh"]))
    await page.key("b")
    await page.until("KEY b")
    assert page.strings == ['["pong", "123"]']
    await page.key("q")
    await page.closed()
    with lang.scope("ja"):  # told in the language the browser asked for
        assert await why(client, base, got["ticket"]) == lang._(LEFT_MESSAGE)


async def test_leaving_ends_the_session_and_its_page_is_told_why(web):
    server, base, client = await web()
    _status, got = await ticket(client, base)
    page = await Page.open(client, base, got["ticket"])
    await page.until("PROBE")
    await page.key("q")
    await page.closed()
    assert await why(client, base, got["ticket"]) == "You left the lobby."
    assert not server.sessions


async def test_a_crash_ends_only_its_own_session(web):
    server, base, client = await web()
    pages = []
    for name in ("ann", "bob"):
        _status, got = await ticket(client, base, name)
        pages.append((await Page.open(client, base, got["ticket"]), got["ticket"]))
        await pages[-1][0].until("PROBE")
    (ann, ann_ticket), (bob, _bob_ticket) = pages
    await ann.key("x")
    await ann.closed()
    assert "stopped unexpectedly" in await why(client, base, ann_ticket)
    await bob.key("still here")
    await bob.until("KEY still here")
    assert len(server.sessions) == 1


async def test_idle_sessions_are_closed(web):
    _server, base, client = await web(idle_timeout=0.5)
    _status, got = await ticket(client, base)
    page = await Page.open(client, base, got["ticket"])
    await page.until("PROBE")
    await page.closed()
    assert "minutes without a key" in await why(client, base, got["ticket"])


async def test_the_session_after_the_last_is_told_the_server_is_full(web):
    server, base, client = await web(max_sessions=1)
    _status, got = await ticket(client, base)
    page = await Page.open(client, base, got["ticket"])
    await page.until("PROBE")
    status, refused = await ticket(client, base, "bob")
    assert status == 503 and "full (1 sessions)" in refused["error"]
    await page.key("q")
    await page.closed()
    status, _got = await ticket(client, base, "bob")
    assert status == 200 and len(server.sessions) == 0


async def test_a_wrong_password_is_refused_and_no_name_is_asked_for(web):
    server, base, client = await web(password="friday")
    status, refused = await ticket(client, base, "ann", "saturday")
    assert (status, refused) == (403, {"error": "Wrong password."})
    status, refused = await ticket(client, base, "...", "friday")
    assert status == 400 and "name" in refused["error"]
    assert not server.tickets


async def test_tickets_are_single_use_and_other_sites_cannot_start_sessions(web):
    _server, base, client = await web()
    status, _refused = await ticket(client, base, Origin="http://elsewhere.example")
    assert status == 400
    async with client.post(base + "/session", data="name=ann") as reply:
        assert reply.status == 400  # a form post from another page: not JSON
    _status, got = await ticket(client, base)
    with pytest.raises(aiohttp.WSServerHandshakeError):
        await client.ws_connect(
            f"{base}/ws/{got['ticket']}", headers={"Origin": "http://elsewhere.example"}
        )
    with pytest.raises(aiohttp.WSServerHandshakeError):  # that try used the ticket up
        await client.ws_connect(f"{base}/ws/{got['ticket']}")
    with pytest.raises(aiohttp.WSServerHandshakeError):
        await client.ws_connect(f"{base}/ws/made-up")


async def test_the_page_and_its_files_come_from_this_server_only(web):
    _server, base, client = await web(password="pw")
    async with client.get(base + "/", headers={"Accept-Language": "ko-KR,ko;q=0.9"}) as reply:
        page = await reply.text()
        policy = reply.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert '<html lang="ko">' in page and '"password": true' in page
    links = re.findall(r"""(?:src|href)=["']([^"']+)""", page) + re.findall(r"url\(([^)]+)\)", page)
    assert links and all(re.match(r"""["']?(/|data:)""", link) for link in links), links
    for path in ("/static/js/textual.js", "/static/css/xterm.css"):
        async with client.get(base + path) as reply:
            assert reply.status == 200
    for path in ("/static/", "/static/../web.py", "/static/%2e%2e/web.py"):
        async with client.get(base + path) as reply:
            assert reply.status in (403, 404)


def test_the_browser_language_is_one_of_ours_or_none():
    assert page_language("ja-JP,ja;q=0.9,en;q=0.8") == "ja"
    assert page_language("fr-FR, zh-CN;q=0.5") == "zh"
    assert page_language("fr, de") is None
    assert page_language(None) is None and page_language("*") is None


def test_web_command_line_and_its_password_kept_off_it(monkeypatch):
    args = build_parser().parse_args(["web"])
    config = web_config(args)
    assert (config.bind, config.port, config.max_sessions) == ("0.0.0.0", 8080, 16)
    assert config.idle_timeout == 30 * 60 and config.password is None
    # `kotatsu web` reads the password as the other commands do (tui/secret.py)
    import net.doors.web
    import tui.cli

    seen = {}
    monkeypatch.setattr(
        net.doors.web, "run_web", lambda args: seen.setdefault("config", web_config(args))
    )
    monkeypatch.setenv("KOTATSU_PASSWORD", "friday")
    tui.cli.main(["web", "--port", "8099", "--max-sessions", "3"])
    assert (seen["config"].password, seen["config"].port) == ("friday", 8099)
    assert "KOTATSU_PASSWORD" not in os.environ  # and no session inherits it


async def test_the_banner_says_where_and_who_may_come_in():
    server = WebGameServer(WebConfig(bind="127.0.0.1", port=0))
    server.port = 8080
    lines = banner(server)
    assert "http://127.0.0.1:8080/" in lines[0] and "OPEN" in lines[-1]
    server.config.password = "pw"
    assert "password" in banner(server)[-1] and "pw" not in " ".join(banner(server))


def test_kotatsu_list_shows_the_web_way_in(monkeypatch, capsys):
    import net.cli
    from net.doors.lan import SshServerInfo

    async def no_tables(timeout, bind):
        return []

    async def doors(timeout, bind, kinds=("ssh",)):
        return [
            SshServerInfo(
                f"k{i}", f"kotatsu {kind} on den", kind == "web", "192.168.1.20", port, kind
            )
            for i, (kind, port) in enumerate((("ssh", 2222), ("web", 8080)))
            if kind in kinds
        ]

    monkeypatch.setattr(net.cli, "find_tables", no_tables)
    monkeypatch.setattr(net.cli, "find_ssh_servers", doors)
    assert net.cli.run_list(build_parser().parse_args(["list", "--timeout", "0"])) == 0
    out = capsys.readouterr().out
    assert "ssh -p 2222 192.168.1.20" in out
    assert "kotatsu web on den  web   -      http://192.168.1.20:8080/  (password)" in out


@pytest.mark.xdist_group("zeroconf")
async def test_the_web_server_is_advertised_next_to_the_ssh_door():
    from net.doors.lan import SshAdvertiser, find_ssh_servers

    with held_ports(2) as (ssh, web):  # told from other runs' doors on this machine
        advertisers = [
            SshAdvertiser(ssh, "127.0.0.1", kind="ssh"),
            SshAdvertiser(web, "127.0.0.1", closed=True, kind="web"),
        ]
        for advertiser in advertisers:
            await advertiser.start()

        def ours(found) -> list:
            return sorted((s.kind, s.command, s.password) for s in found if s.port in (ssh, web))

        def look():
            return find_ssh_servers(1.5, bind="127.0.0.1", kinds=("ssh", "web"))

        try:  # one browse window may close before a busy machine answers: look until both are
            found = await until_found(look, lambda found: len(ours(found)) == 2)
        finally:
            for advertiser in advertisers:
                await advertiser.close()
    assert ours(found) == [
        ("ssh", f"ssh -p {ssh} 127.0.0.1", False),
        ("web", f"http://127.0.0.1:{web}/", True),
    ]
