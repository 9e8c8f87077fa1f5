"""``kotatsu play|host|join|replay … --plain``: the table as lines on stdout, commands from
stdin; ``kotatsu --plain`` alone: the plain lobby (tui/plain/lobby.py), and the lobby again
after each table, until the player quits there.

It sits down exactly as the screens do (a launcher of tui/connect.py returns the ``Seat``),
then two tasks run until the player quits, the input ends or the table closes: the client's
messages told by ``PlainTable``, and the typed lines done by ``run_command``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lang import _

from .cards import SpokenCards
from .commands import run_command
from .lobby import BrowserFactory, PlainLobby, lan_browser, password
from .table import PlainTable
from .typed import Typed
from .words import command_words

if TYPE_CHECKING:
    from tui.connect import Launcher, Seat


@dataclass(frozen=True)
class CommandLine:
    """What of the command line the plain front uses (tui/cli.py gives it: the front does
    not import the command line that starts it): its parser, what makes a parsed line ready
    to run (``prepare``: its options read, its password found; what is wrong), and the
    table's own checks (``problem``)."""

    parser: Callable[[], argparse.ArgumentParser]
    problem: Callable[[argparse.Namespace], str | None]
    prepare: Callable[[argparse.Namespace], str | None] = lambda args: None


def say(line: str) -> None:
    print(line, flush=True)


def run_plain(args: argparse.Namespace, line: CommandLine) -> int:
    """Play at the table the command line asks for, in plain lines; the exit code. ``line``:
    the command line's own parser and checks (tui/cli.py, which calls this)."""
    try:
        return asyncio.run(sit(args, line))
    except KeyboardInterrupt:
        return 130


async def sit(args: argparse.Namespace, line: CommandLine) -> int:
    typed = Typed.open()  # ready before the first question is said
    try:
        if args.command is None:  # kotatsu --plain: the plain lobby, until the player quits
            return await in_lobby(typed, line)
        return await sit_down(args, typed, line)
    finally:
        typed.close()


async def in_lobby(typed: Typed, line: CommandLine, browser: BrowserFactory = lan_browser) -> int:
    """The lobby's tables and question; each table chosen played (or replayed), then the
    lobby again, until the player quits there or the input ends."""
    while True:
        lobby = PlainLobby(say, line.parser, line.prepare, sys.argv[1:], browser)
        await lobby.start()
        try:
            for said in lobby.listing():
                say(said)
            chosen = await lobby.choose(typed.lines(), typed.secret)
        finally:
            await lobby.close()
        if chosen is None:
            return 0
        await sit_down(chosen, typed, line, warn=say)
        # TRANSLATORS: plain lobby: back from a table (or a replay)
        say(_("You are back in the lobby."))


async def sit_down(
    args: argparse.Namespace,
    typed: Typed,
    line: CommandLine,
    warn: Callable[[str], None] | None = None,
) -> int:
    """The table (or the replay) ``args`` asks for, until the player leaves it; its exit
    code. What keeps it from opening is said on stderr (exit code 2), or by ``warn``."""
    from tui.app import player_name
    from tui.connect import JoinError, launcher_for

    def refuse(said: str) -> int:
        if warn is not None:
            warn(said)
        else:
            print(f"kotatsu: {said}", file=sys.stderr)
        return 2

    if args.command == "replay":
        from .replay import replay_plain

        return await replay_plain(args, typed, say, refuse)
    problem = line.problem(args)
    if problem:
        return refuse(problem)
    launcher = launcher_for(args, player_name(args))
    if launcher is None:
        # TRANSLATORS: plain table: --plain with no table asked for
        print(_("kotatsu: --plain goes with play, host or join"), file=sys.stderr)
        return 2
    try:
        seat = await joined(args, launcher, typed, lambda: launcher_for(args, player_name(args)))
    except JoinError as exc:
        return refuse(exc.msg)
    words = getattr(args, "suit_letters", None) is not True
    table = PlainTable(seat.client, say, SpokenCards(words=words))
    if seat.address and seat.host is not None:
        # TRANSLATORS: plain table: where others join the table this player hosts
        say(_("Your table is at {address}").format(address=seat.address))
    # TRANSLATORS: plain table: the first line; help lists the commands
    intro = _("Plain table: one line per event. Type {help} for the commands.")
    say(intro.format(help=table.game.words()["help"]))
    try:
        await play(table, seat.client, typed)
    finally:
        await seat.close()
    return 0


async def joined(
    args: argparse.Namespace,
    launcher: Launcher,
    typed: Typed,
    again: Callable[[], Launcher | None],
) -> Seat:
    """The seat ``launcher`` takes; at a table that asks for a password none was given for
    (or a wrong one), the password is asked for on a line of its own, not shown, and the
    table tried again with it (``again``: the launcher of ``args`` as they are now), until an
    empty line gives up (the JoinError then)."""
    from tui.connect import JoinError

    while True:
        try:
            return await launcher()
        except JoinError as exc:
            if exc.family != "password" or args.command != "join":
                raise
            wrong = bool(args.password)
            args.password = await password(say, typed.secret, wrong=wrong)
            if not args.password:
                raise
            launcher = again() or launcher


async def play(table: PlainTable, client: object, typed: Typed) -> None:
    """Until the player quits, the input ends or the table closes."""
    listening = asyncio.create_task(listen(table, client))
    typing = asyncio.create_task(read_commands(table, typed.lines()))
    typed.words = table.game.words  # Tab completes the game's own words
    try:
        await asyncio.wait({listening, typing}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        typed.words = command_words
    for task in (listening, typing):
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task  # a failure here is a bug: its traceback, not a silent exit


async def listen(table: PlainTable, client: object) -> None:
    async for message in client.messages():  # type: ignore[attr-defined]
        await table.take(message)
        if table.closed:
            return


async def read_commands(table: PlainTable, lines: AsyncIterator[str]) -> None:
    async for raw in lines:
        if not await run_command(table, raw):
            return
