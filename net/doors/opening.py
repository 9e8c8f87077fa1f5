"""Opening a table: the one way from a table's settings to a host that listens.

A ``TablePlan`` says which table (new ``settings``, or the one a journal holds: ``resume``)
and where it lives (the host's ``limits``, its journal, the address it listens at);
``open_table`` makes its host, keeps its game record and starts it listening. Every table is
opened so: ``kotatsu play`` and the lobby's bots (tui/connect.py ``play_launcher``), ``kotatsu
host`` and the lobby's host form (``host_launcher``), a headless host (net/cli.py), a resumed
one and one dealt again. ``plan_of`` reads a plan off the command line, each declared table
setting from its own flag (net/table/declared.py).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

import engine
from lang import _

from ..table.declared import given
from ..table.seating import new_token
from ..table.settings import (
    ABSENT_BOT,
    BOT_DELAY,
    SETTINGS,
    HostLimits,
    TableSettings,
    absent_after,
)

if TYPE_CHECKING:
    from .host import Host


class TablePlan(NamedTuple):
    """Which table to open and where: new ``settings``, or the table of the journal
    ``resume`` with the ``changes`` it may take (``password``, ``level``, ``results_wait``:
    ``Host.resume``); the host's ``limits``; the ``journal`` of a new table (None: none is
    kept); the address, ``bind``:``port`` (0: any free port, or ``prefer`` where free: the
    port a table dealt again had)."""

    settings: TableSettings | None = None
    resume: str | None = None
    changes: Mapping[str, Any] = MappingProxyType({})
    limits: HostLimits = HostLimits()
    journal: str | None = None
    bind: str = "127.0.0.1"
    port: int = 0
    prefer: int | None = None

    def again(self, host: Host) -> TablePlan:
        """The same table dealt anew (a new seed and seats' tokens), at the port it had if
        that is still free, with a journal of its own if this one kept one."""
        settings = dealt_anew(host.table.settings())
        journal = default_journal(settings.game) if host.journal is not None else None
        return self._replace(settings=settings, resume=None, changes={}, journal=journal,
                             port=0, prefer=host.port)  # fmt: skip


async def open_table(plan: TablePlan) -> Host:
    """The host of ``plan``'s table, its game kept in the user's records, listening (a
    resumed table at its journal's port where that is free); OSError if it cannot listen
    where asked (the host is closed again)."""
    from ..kept.recording import keep_records
    from .host import Host  # the sockets and tasks: only once a table is opened

    if plan.resume:
        host = Host.resume(plan.resume, plan.limits, **plan.changes)
    else:
        assert plan.settings is not None, "a plan opens new settings or resumes a journal"
        host = Host(plan.settings, plan.limits, journal=plan.journal)
    keep_records(host, host.journal.path if host.journal is not None else None)
    wanted = plan.port or plan.prefer or host.resumed_port or 0
    try:
        await host.start(plan.bind, wanted)
    except OSError:
        if plan.port or not wanted:
            await host.close()
            raise
        await host.start(plan.bind, 0)  # where it was is taken now: anywhere else
    return host


def dealt_anew(settings: TableSettings) -> TableSettings:
    """A table's settings for a new game at it: a new seed, new seats' tokens (the last
    game's cannot take a seat at this one)."""
    fresh = TableSettings.new(settings.game, seats=settings.seats)
    return replace(settings, seed=fresh.seed, tokens=tuple(new_token() for _ in fresh.tokens))


def default_journal(game: str) -> str:
    """Where a hosted table keeps its journal by default (so it can be resumed)."""
    from ..kept.journal import default_journal_dir  # (kotatsu play keeps none)

    stamp = time.strftime("%Y%m%d-%H%M%S")
    return str(default_journal_dir() / f"{game}-{stamp}-{os.getpid()}.journal")


def plan_of(args: argparse.Namespace, player: str | None = None) -> TablePlan:
    """The table ``kotatsu play`` or ``kotatsu host`` asks for (``args`` as tui/cli.py parses
    them; ``player``: the name of the person who sits at it, whose table it is named after
    unless ``--name`` says; none headless). ``engine.BadSetup`` says what is wrong with it."""
    options = getattr(args, "options", None) or {}
    level = getattr(args, "level", None)
    if args.command == "play":
        settings = TableSettings.practice(
            args.game, bots=args.bots, seed=args.seed, options=options,
            level=level or "normal", **given(args, "play", SETTINGS),
        )  # fmt: skip
        delay = getattr(args, "bot_delay", None)
        return TablePlan(
            settings, limits=HostLimits(bot_delay=BOT_DELAY if delay is None else delay)
        )
    headless = bool(getattr(args, "headless", False))
    delay = getattr(args, "bot_delay", None)
    limits = HostLimits(
        bot_delay=(0.0 if headless else BOT_DELAY) if delay is None else delay,
        absent_bot_after=absent_after(getattr(args, "absent_bot", ABSENT_BOT)),
    )
    bind, port = args.bind, args.port
    if args.resume:  # the journal's settings, but for these (its level unless another is given)
        changes = {"password": args.password, "level": level, "results_wait": args.results_wait}
        return TablePlan(resume=args.resume, changes=changes, limits=limits, bind=bind, port=port)
    name = args.name or (None if player is None else _("{name}'s table").format(name=player))
    settings = TableSettings.new(
        args.game,
        seats=args.seats or engine.GAMES[args.game].DEFAULT_SEATS,
        bots=args.bots,
        seed=args.seed,
        name=name,
        password=args.password,
        options=options,
        level=level or "normal",
        results_wait=args.results_wait,
        **given(args, "host", SETTINGS),
    )
    journal = args.journal or default_journal(args.game)
    return TablePlan(settings, limits=limits, journal=journal, bind=bind, port=port)
