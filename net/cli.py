"""The network subcommands of ``kotatsu``: ``host --headless``, ``bot`` and ``list``.

``tui/cli.py`` owns the argument parser; these functions take its parsed ``args`` and return the
process's exit status.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import sys
import unicodedata
from argparse import Namespace
from typing import Any

from lang import _, pgettext

from .doors.botclient import run_bot_client
from .doors.discovery import Advertiser, find_tables, lan_address
from .doors.headless import SeatNews, print_result, stay_for_reviews
from .doors.host import Host
from .doors.lan import find_ssh_servers
from .doors.opening import open_table, plan_of
from .kept.journal import JournalError
from .wire.messages import Refused
from .wire.reasons import problem, say


def _say(text: str) -> None:
    print(f"kotatsu: {text}", file=sys.stderr, flush=True)


def _bind_for_discovery(bind: str) -> str | None:
    return None if bind in ("0.0.0.0", "::", "") else bind


def run_host(args: Namespace) -> int:
    """``kotatsu host GAME --headless``: serve one table until the game ends, print the result
    as one JSON line on stdout."""
    logging.basicConfig(level=logging.WARNING, format="kotatsu: %(message)s")
    try:
        return asyncio.run(_host(args))
    except (ValueError, JournalError, OSError) as exc:
        _say(problem(exc))
        return 2


async def _advertise(host: Host, port: int, bind: str) -> Advertiser:
    advertiser = Advertiser(host, port, _bind_for_discovery(bind))
    await advertiser.start()
    return advertiser


async def _host(args: Namespace) -> int:
    host = await open_table(plan_of(args))
    recorder, port = host.recorder, host.port
    assert recorder is not None and host.journal is not None
    journal = host.journal.path
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    advertiser: Advertiser | None = None
    try:
        advertiser = await _advertise(host, port, args.bind)
    except Exception as exc:  # no multicast here: joining by address still works
        _say(_("not advertised on the LAN ({error}); join by address").format(error=exc))
    rules = host.table.rules
    _say(
        f"hosting {rules.game_name} table {rules.name!r} at {args.bind}:{port} (journal: {journal})"
    )
    host.listeners.append(SeatNews(host, f"{lan_address(args.bind)}:{port}", _say))
    over = loop.create_task(host.wait_over())
    stopped = loop.create_task(stop.wait())
    try:
        await asyncio.wait({over, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if over.done() and not over.cancelled() and over.exception() is None:
            if advertiser is not None:  # nobody comes to a finished game
                await advertiser.close()
                advertiser = None
            # the result at once (scripts read it); the people still there may review it
            as_json = bool(getattr(args, "json", False))
            kept = recorder.record_id if recorder.written else None
            print_result(over.result(), host, as_json=as_json, record=kept)
            await stay_for_reviews(host, _say, stop)
    finally:
        stopped.cancel()
        if advertiser is not None:
            await advertiser.close()
        await host.close_table()
    resume = f"kotatsu host --headless --resume {journal}"
    if not over.done() or over.cancelled():
        over.cancel()
        _say(_("stopped before the end; resume with: {command}").format(command=resume))
        return 130
    if over.exception() is not None:
        # TRANSLATORS: {error}: why the table stopped (as Python says it)
        said = _("{error}; resume with: {command}")
        _say(said.format(error=over.exception(), command=resume))
        return 1
    return 0


def run_bot(args: Namespace) -> int:
    """``kotatsu bot --join HOST:PORT``: play a seat with the game's bot until the game ends."""
    logging.basicConfig(level=logging.WARNING, format="kotatsu: %(message)s")
    address, port = args.join
    try:
        result = asyncio.run(
            run_bot_client(
                address,
                port,
                args.name or "Bot",
                args.password,
                delay=getattr(args, "bot_delay", None) or 0.0,
                kind=getattr(args, "level", None) or "normal",
            )
        )
    except Refused as exc:
        said = say(exc.code, exc.params)
        if exc.code not in ("closed", "removed"):
            said = _("the table refused us: {reason}").format(reason=said)
        _say(said)
        return 1
    except (OSError, TimeoutError) as exc:
        _say(_("cannot reach {address}: {error}").format(address=f"{address}:{port}", error=exc))
        return 1
    if result is None:
        _say(_("the connection closed before the game ended"))
        return 1
    return 0


def run_list(args: Namespace) -> int:
    """``kotatsu list``: the tables seen on the LAN within ``--timeout`` seconds, as columns
    under a header (``--json``: one JSON list for scripts)."""
    with contextlib.suppress(KeyboardInterrupt):
        tables, servers = asyncio.run(_find_all(args.timeout, args.bind))
        rows = []
        for table in tables:
            game = f"{table.game}/{table.variant}" if table.variant else table.game
            seats = f"{table.taken}/{table.seats}"
            rows.append((table.name, game, seats, table.endpoint, table.password))
        for server in servers:
            rows.append((server.name, server.kind, "-", server.command, server.password))
        if getattr(args, "json", False):
            keys = ("name", "game", "seats", "address", "password")
            print(json.dumps([dict(zip(keys, row, strict=True)) for row in rows]), flush=True)
            return 0
        if not rows:
            _say(_("no tables found (join by address if multicast is blocked here)"))
            return 0
        head = tuple(pgettext("column", word) for word in ("table", "game", "seats", "address"))
        lock = "  " + _("(password)")
        lines = [head] + [(n, g, s, a + (lock if pw else "")) for n, g, s, a, pw in rows]
        widths = [max(_width(line[i]) for line in lines) for i in range(3)]
        for line in lines:
            cells = [text + " " * (widths[i] - _width(text)) for i, text in enumerate(line[:3])]
            print("  ".join([*cells, line[3]]).rstrip(), flush=True)
    return 0


def _width(text: str) -> int:
    """Terminal cells of ``text`` (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


async def _find_all(timeout: float, bind: str | None) -> tuple[list[Any], list[Any]]:
    """The tables and the doors (``kotatsu serve``, ``kotatsu web``) seen within ``timeout``
    seconds."""
    tables, servers = await asyncio.gather(
        find_tables(timeout, bind), find_ssh_servers(timeout, bind, ("ssh", "web"))
    )
    return tables, servers
