"""``kotatsu web``: the lobby in a browser, for friends with nothing but a web browser.

Built on textual-serve the way ``kotatsu serve`` is built on asyncssh: the page runs
textual-serve's terminal client (its ``textual.js`` and fonts, served from the installed
package, nothing from the internet), and every browser session runs the real app as a child
process with Textual's web driver, speaking textual-serve's packet protocol on the child's stdin
and stdout; net/doors/websession.py bridges them (the websocket's keys and sizes to the child, the
child's screen to the websocket). The child's environment is built from a whitelist (as for
SSH), its command line is fixed (the lobby, and the language the browser asks for), and nothing else
can be started from a page: the child's other requests (open a URL, deliver a file) are dropped.

A session starts with a ticket: the page posts the player's name (and the password, when the
server has one) to ``/session`` and gets a single-use ticket for ``/ws/<ticket>``; wrong
passwords are slowed down per address, and sessions beyond the limit are told the server is
full. Connections before a session, unused tickets and the names answered to are the door's
(net/doors/webdoor.py). Idle sessions are closed, and a child that crashes ends only its own
session; the page then asks ``/ended/<ticket>`` why and says so.
"""

from __future__ import annotations

import asyncio
import html
import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import textual_serve
from aiohttp import web

import lang
from lang import N_, _

from .gate import Guesses, Places
from .listening import listen
from .shared import run_door, say
from .ssh import FULL_MESSAGE
from .sshdoor import Acceptor, Quiet
from .sshpty import clean_user
from .webdoor import HEAD_TIMEOUT, PER_ADDRESS, TICKETS_PER_ADDRESS, TICKETS_TOTAL, TOTAL, WebDoor
from .websession import CRASH_MESSAGE, Ticket, WebSession, cell_count, web_command

DEFAULT_PORT = 8080
DEFAULT_MAX_SESSIONS = 16
DEFAULT_IDLE_TIMEOUT = 30 * 60.0  # seconds without a key from the player
TICKET_LIFE = 60.0  # seconds a ticket waits for its websocket
STATIC_DIR = Path(textual_serve.__file__).resolve().parent / "static"
PAGE = Path(__file__).resolve().with_name("web.html")
ENDED_KEPT = 256  # why recent sessions ended, for their pages

WRONG_PASSWORD = N_("Wrong password.")
NO_NAME = N_("Give a name to sit down with.")
STOPPED_MESSAGE = N_("The server was stopped.")
EXPIRED_MESSAGE = N_("This session has expired; start again.")
# The page's own words (the terminal's come from the app).
PAGE_WORDS = {
    "name": N_("Your name"),
    "password": N_("Password"),
    "sit": N_("Sit down"),
    "ended": N_("Session ended."),
    "again": N_("Start again"),
    "unreachable": N_("The server cannot be reached."),
    "script": N_("This page needs JavaScript."),
}


def page_language(accept: str | None) -> str | None:
    """The first of our languages in an Accept-Language header (None: none of ours)."""
    for part in (accept or "").split(",")[:16]:
        tag = part.split(";")[0].strip()
        if tag and tag != "*" and (code := lang.normalize(tag.replace("-", "_"))):
            return code
    return None


@dataclass
class WebConfig:
    """What ``kotatsu web`` was asked for. ``command`` makes each session's command line from
    the browser's language; tests swap it for a probe."""

    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    password: str | None = None
    max_sessions: int = DEFAULT_MAX_SESSIONS
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT
    command: Callable[[str | None], list[str]] = field(default=web_command)
    head_timeout: float = HEAD_TIMEOUT
    per_address: int = PER_ADDRESS
    waiting_total: int = TOTAL
    """HTTP connections not yet a session (net/doors/webdoor.py): a request's head deadline, and at
    most ``per_address`` from one address and ``waiting_total`` in all."""


class WebGameServer:
    """The web server: the page, tickets, the session limit and the websockets."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        self.sessions: set[WebSession] = set()
        self.tickets: dict[str, Ticket] = {}
        self.unused = Places(TICKETS_PER_ADDRESS, TICKETS_TOTAL)
        """The unused tickets, by address (they do not count against the sessions)."""
        self.ended: OrderedDict[str, str] = OrderedDict()
        self.guesses = Guesses()
        self.runner: web.AppRunner | None = None
        self.door = WebDoor(
            config.bind, self._protocol, config.head_timeout, config.per_address,
            config.waiting_total,
        )  # fmt: skip
        self.quiet = Quiet(say)
        self.acceptor: Acceptor | None = None
        self._accepting: asyncio.Task | None = None
        self.port = 0

    def _protocol(self) -> Any:
        assert self.runner is not None and self.runner.server is not None
        return self.runner.server()

    def application(self) -> web.Application:
        app = web.Application(client_max_size=1 << 14, middlewares=[self.door.middleware])
        app.router.add_get("/", self.index)
        app.router.add_post("/session", self.new_session)
        app.router.add_get("/ws/{ticket}", self.websocket)
        app.router.add_get("/ended/{ticket}", self.why_ended)
        app.router.add_static("/static", STATIC_DIR, show_index=False, follow_symlinks=False)
        app.on_response_prepare.append(_headers)
        return app

    async def start(self) -> int:
        """Listen; returns the port (useful when ``config.port`` is 0)."""
        listener = listen(self.config.bind, self.config.port)
        self.runner = web.AppRunner(self.application(), access_log=None, handle_signals=False)
        await self.runner.setup()
        places = self.door.places
        self.acceptor = Acceptor(listener, places, self.door.connection, self.quiet, _door_words)
        self._accepting = asyncio.get_running_loop().create_task(self.acceptor.run())
        self.port = listener.getsockname()[1]
        return self.port

    async def close(self) -> None:
        if self._accepting is not None:
            self._accepting.cancel()
            await asyncio.gather(self._accepting, return_exceptions=True)
            self._accepting = None
        stopped = _(STOPPED_MESSAGE)
        await asyncio.gather(*(s.stop(stopped) for s in self.sessions), return_exceptions=True)
        if self.acceptor is not None:
            await self.acceptor.close()
            self.acceptor = None
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    # -- the page -------------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        code = page_language(request.headers.get("Accept-Language")) or lang.current()
        with lang.scope(code):
            words = {key: _(msgid) for key, msgid in PAGE_WORDS.items()}
        config = {"words": words, "password": self.config.password is not None}
        fields = {
            "lang": code,
            "noscript": html.escape(words["script"]),
            "config": json.dumps(config, ensure_ascii=False).replace("<", "\\u003c"),
        }
        text = PAGE.read_text(encoding="utf-8")
        for key, value in fields.items():
            text = text.replace("{{ " + key + " }}", value)
        return web.Response(text=text, content_type="text/html")

    async def new_session(self, request: web.Request) -> web.Response:
        """A name (and the password) for a ticket to one session."""
        code = page_language(request.headers.get("Accept-Language"))
        with lang.scope(code or lang.current()):
            if not _same_origin(request) or request.content_type != "application/json":
                return _refusal(400, "bad request")
            try:
                async with asyncio.timeout(self.config.head_timeout):  # a body sent slowly
                    body = await request.json()
                name, password = str(body.get("name") or ""), str(body.get("password") or "")
            except (ValueError, AttributeError, TimeoutError):
                return _refusal(400, "bad request")
            if not await self._password_ok(request.remote or "?", password):
                return _refusal(403, _(WRONG_PASSWORD))
            if not clean_user(name).strip("._-") or not name.strip():
                return _refusal(400, _(NO_NAME))
            if len(self.sessions) >= self.config.max_sessions:
                return _refusal(503, _(FULL_MESSAGE).format(n=self.config.max_sessions))
            now = time.monotonic()
            for token in [k for k, t in self.tickets.items() if t.expires <= now]:
                self._drop_ticket(token)
            token = secrets.token_urlsafe(18)
            self.tickets[token] = Ticket(clean_user(name), code, now + TICKET_LIFE)
            given_way = self.unused.enter(token, request.remote or "?")
            if given_way is not None:  # the oldest unused ticket of the busiest address
                self._drop_ticket(given_way)
            return web.json_response({"ticket": token})

    def _drop_ticket(self, token: str) -> None:
        self.tickets.pop(token, None)
        self.unused.leave(token)

    async def _password_ok(self, address: str, given: str) -> bool:
        """The password, judged as the table's and the SSH door's are: at once; a wrong one
        from an address is answered later and later, a right one at once
        (net.doors.gate.Guesses)."""
        expected = self.config.password
        if expected is None:
            return True
        return await self.guesses.judge(
            address, lambda: secrets.compare_digest(given.encode(), expected.encode())
        )

    async def why_ended(self, request: web.Request) -> web.Response:
        reason = self.ended.get(request.match_info["ticket"])
        if reason is None:
            code = page_language(request.headers.get("Accept-Language")) or lang.current()
            with lang.scope(code):
                reason = _(EXPIRED_MESSAGE)
        return web.json_response({"reason": reason})

    # -- a session ------------------------------------------------------------------------------
    async def websocket(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["ticket"]
        ticket = self.tickets.get(token)
        self._drop_ticket(token)
        if ticket is None or ticket.expires < time.monotonic() or not _same_origin(request):
            raise web.HTTPForbidden(text="no such session")
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=1 << 17)
        await ws.prepare(request)
        session = WebSession(self.config, token, ticket, ws, self.record_end)
        if len(self.sessions) >= self.config.max_sessions:
            self.record_end(token, session.said(FULL_MESSAGE, n=self.config.max_sessions))
            await ws.close()
            return ws
        self.sessions.add(session)
        self.door.became_session(request)
        cols = cell_count(_number(request.query.get("width")), 80)
        rows = cell_count(_number(request.query.get("height")), 24)
        try:
            reason = await session.run(cols, rows)
        except Exception as exc:  # one session's trouble ends that session only
            reason = session.said(CRASH_MESSAGE)
            say(f"session of {ticket.name} failed: {exc}")
            await session.stop()
        finally:
            self.sessions.discard(session)
        self.record_end(token, reason)
        await ws.close()
        return ws

    def record_end(self, token: str, reason: str) -> None:
        self.ended[token] = reason
        while len(self.ended) > ENDED_KEPT:
            self.ended.popitem(last=False)


def _number(text: str | None) -> int | None:
    return int(text) if text and text.isdigit() and len(text) < 5 else None


def _same_origin(request: web.Request) -> bool:
    """A request from our own page (browsers send Origin on POSTs and websockets)."""
    origin = request.headers.get("Origin")
    return origin is None or origin.split("://", 1)[-1] == request.host


def _refusal(status: int, text: str) -> web.Response:
    return web.json_response({"error": text}, status=status)


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every response: nothing may be loaded from elsewhere, and no one may frame the page."""
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' "
        "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"


def _door_words(reason: str, address: str) -> str:
    """What the door says in the server's log: only that it ran out of descriptors (its
    places always make room, net/doors/webdoor.py)."""
    return _(
        "out of file descriptors: not accepting web connections for a moment "
        "(running sessions go on)"
    )


def web_url(config: WebConfig, port: int) -> str:
    """The address to open, as the banner prints it: the bound address, else the one others
    on the LAN reach this machine at (as ``kotatsu host`` and ``kotatsu serve`` print it)."""
    from .discovery import lan_address

    return f"http://{lan_address(config.bind)}:{port}/"


def banner(server: WebGameServer) -> list[str]:
    """What ``kotatsu web`` prints at start: where, how many, who may come in."""
    config = server.config
    lines = [
        _("serving the lobby to browsers on {address}: open {url}").format(
            address=f"{config.bind}:{server.port}", url=web_url(config, server.port)
        ),
        _("at most {n} sessions; idle ones close after {m} min").format(
            n=config.max_sessions, m=max(1, round(config.idle_timeout / 60))
        ),
    ]
    if config.password is None:
        lines.append(_("OPEN to anyone who can reach it: no password (--password to close it)"))
    else:
        lines.append(_("sessions need the password"))
    return lines


async def serve_web(config: WebConfig, ready: Callable[[WebGameServer], None] | None = None) -> int:
    """Run the web server until SIGINT/SIGTERM, advertised on the LAN when multicast allows."""
    from .lan import SshAdvertiser  # zeroconf only for the real server

    server = WebGameServer(config)
    await server.start()

    def advertiser() -> SshAdvertiser:
        return SshAdvertiser(
            server.port, config.bind, closed=config.password is not None, kind="web"
        )

    return await run_door(server, banner(server), advertiser, ready)


def web_config(args: Any) -> WebConfig:
    """The parsed command line as a WebConfig (the password already read by tui.secret: from
    ``--password``, ``--password-file``, a prompt or KOTATSU_PASSWORD)."""
    return WebConfig(
        bind=args.bind,
        port=args.port,
        password=args.password,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout * 60,
    )


def run_web(args: Any) -> int:
    """``kotatsu web``: the parsed command line -> the server's exit status."""
    config = web_config(args)
    if config.max_sessions < 1:
        say("--max-sessions must be at least 1")
        return 2
    try:
        return asyncio.run(serve_web(config))
    except (OSError, ValueError) as exc:
        say(str(exc))
        return 2
