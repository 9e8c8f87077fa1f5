"""The host's in-process players: the bots that answer for a seat when the table asks them
(``Output.ask``, net/table/botturns.py) — bots seated at the start, bots covering an away player,
a bot deciding for a person out of time. Which seat a bot plays and when is the table's; here
is only how a bot decides: a searching (hard) bot thinks in a process pool, off the event
loop, and answers after the same pause whatever it holds."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import sys
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeGuard

import engine
from engine.base import View
from engine.bots import Bot

if TYPE_CHECKING:  # both loaded by the first hard bot only: a table without one starts sooner
    from concurrent.futures import ProcessPoolExecutor

    from engine.search import SearchBot

#: How long a hard bot thinks at most per decision (s); its search stops between samples.
THINK = 0.6
#: Every decision of a searching bot is answered this many times ``THINK`` after it was asked,
#: whatever the search took: a forced step (one legal action, nothing to search) waits as long
#: as a hard choice, so how long a bot thinks tells nothing of what it holds.
PAUSE = 1.25

Think = Callable[[Bot, View, list[dict], float], tuple[dict, Bot]]
Runner = Callable[[Think, Bot, View, list[dict], float], Awaitable[tuple[dict, Bot]]]
"""Runs ``think`` somewhere off the event loop (a worker process, a thread) and awaits it."""


class ThinkingPool:
    """The worker processes of one host's hard bots, made at the first search and shut down by
    ``close`` (whoever made the pool closes it). One core is left to the host (one worker on
    two cores, at most two), and the workers only take CPU the host does not use, so other
    work is not kept waiting while bots think."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor  # multiprocessing: 5-10 ms

            workers = max(1, min(2, (os.cpu_count() or 1) - 1))
            self._pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
        return self._pool

    async def run(
        self, fn: Think, bot: Bot, view: View, legal: list[dict], limit: float
    ) -> tuple[dict, Bot]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(), fn, bot, view, legal, limit)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


async def think_steadily(
    bot: Bot,
    view: View,
    legal: list[dict],
    run: Runner,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
) -> tuple[dict, Bot]:
    """A searching bot's decision (run by ``run``), answered ``PAUSE * THINK`` seconds after it
    was asked: the wait is padded to that from the moment of asking, so a forced step and a
    long search take the same time (only a search that overran its deadline answers later,
    and that does not depend on whether the step was forced). Only public facts set the
    pause: the level, the constants here and whether the game searches at this point at all
    (``searchable``: the phase; a decision no hand is searched at is answered at once)."""
    limit = THINK
    start = clock()
    padded = searching(bot) and bot.search.searchable(view)
    action, bot = await run(think, bot, view, legal, limit)
    rest = start + limit * PAUSE - clock()
    if padded and rest > 0:
        await sleep(rest)
    return action, bot


def _worker_start() -> None:
    """In each worker: CPython's own garbage collection (a worker forked from a ``kotatsu``
    process inherits its collector switched off: there the app collects between frames,
    tui/collector.py), and think only with the CPU the host does not want (Linux's
    SCHED_IDLE; elsewhere a high ``nice``). A search stops at its deadline whatever it got,
    so a busy host makes its hard bots think less, never answer later."""
    gc.enable()
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (OSError, AttributeError):  # not Linux, or not allowed
        with contextlib.suppress(OSError, AttributeError):
            os.nice(19)


def searching(bot: Bot) -> TypeGuard[SearchBot]:
    """Whether ``bot`` searches (the hard level: ``engine.make_bot`` imports engine.search for
    it, so while no bot searches the module need not be loaded)."""
    search = sys.modules.get("engine.search")
    return search is not None and isinstance(bot, search.SearchBot)


def think(bot: Bot, view: View, legal: list[dict], limit: float) -> tuple[dict, Bot]:
    """In a worker process: the bot's decision within ``limit`` seconds, and the bot itself
    (whose memory of the hand changed) to keep for its next decision."""
    if searching(bot):
        start = time.perf_counter()
        bot.deadline = lambda: time.perf_counter() - start > limit
    try:
        return bot.act(view, legal), bot
    finally:
        if searching(bot):
            bot.deadline = None


class SeatBots:
    """A bot of ``game`` at level ``level`` for each of ``seats`` (seeded by the table's
    ``seed``): what it answers when the table asks it. Each is made when its seat's bot is
    first asked (the game's bot module is imported then: a table shows its first cards
    before any bot's turn), as it would have been made at the start."""

    def __init__(
        self,
        game: str,
        seats: int,
        seed: int,
        level: str = "normal",
        *,
        run: Runner | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.level = level
        self.game, self.seats, self.seed = game, seats, seed
        self._bots: dict[int, Bot] = {}
        self.pool = ThinkingPool()
        """This table's thinking processes (closed with the bots, ``close``)."""
        self._run: Runner = run or self.pool.run
        self._clock, self._sleep = clock, sleep

    def bot(self, index: int) -> Bot:
        """Seat ``index``'s bot (made now if it is first asked for)."""
        if not 0 <= index < self.seats:
            raise KeyError(index)
        if index not in self._bots:
            made = engine.make_bot(self.game, index, seed=self.seed + index, kind=self.level)
            self._bots[index] = made
        return self._bots[index]

    def follow(self, index: int, view: View, legal: list[dict], action: dict) -> None:
        """The seat's bot made ``action`` here (a table rebuilt from its journal): it goes
        on as if it had just chosen it. A plain bot chooses again (its random draws then
        match the first time's); a searching bot only remembers, without searching."""
        bot = self.bot(index)
        if searching(bot):
            bot.follow(view, legal, action)
        else:
            bot.act(view, legal)

    async def decide(self, index: int, view: View, legal: list[dict]) -> dict:
        """The seat's bot's action; a searching bot thinks in the process pool, off the event
        loop, and answers after the same pause whatever it holds (``think_steadily``) — also
        when it plays for an away player."""
        bot = self.bot(index)
        if not searching(bot):
            return bot.act(view, legal)
        action, bot = await think_steadily(bot, view, legal, self._run, self._clock, self._sleep)
        self._bots[index] = bot
        return action

    def close(self) -> None:
        self.pool.close()
