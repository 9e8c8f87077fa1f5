"""``kotatsu --plain`` with no table asked for (and an SSH login as ``plain``): the plain lobby.

The tables found on the LAN (zeroconf, as the screen lobby finds them: net/doors/discovery.py) are
said one a line as they appear, each with a number it keeps while it is there; a table that
goes is said once. The player types a table's number to join it (``watch N`` to watch it),
or a table's command line — ``play GAME`` against bots, ``host GAME``, ``join ADDRESS``,
``replay last`` — read as ``kotatsu`` would read it (its complaint said, then asked again),
``list`` to hear the tables again, or ``quit``. Nothing is redrawn: each line is said once.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import engine
from lang import _, ngettext
from tui.fill import comma_list
from tui.text import clean

from .words import command_words

DOORS = ("play", "host", "join", "replay")

Say = Callable[[str], None]
Found = Callable[[Any], None]
Gone = Callable[[str], None]
BrowserFactory = Callable[[Found, Gone], Any]
Secret = Callable[[], Awaitable[str]]  # a line typed and not shown (tui/plain/typed.py)


def lan_browser(found: Found, gone: Gone) -> Any:
    """The LAN's tables (zeroconf), looked for where the screen lobby looks."""
    from net.doors.discovery import Browser
    from tui.connect import shared_bind

    bind = shared_bind()
    return Browser(found, gone, None if bind == "0.0.0.0" else bind)


class PlainLobby:
    """The tables found so far, numbered, and the line that asks which one; see the module
    docstring. ``parser`` and ``prepare`` are the command line's (tui/cli.py), ``argv`` the
    flags of this run (``--lang ja --plain``) that every typed command line goes with."""

    def __init__(
        self,
        say: Say,
        parser: Callable[[], argparse.ArgumentParser],
        prepare: Callable[[argparse.Namespace], str | None],
        argv: Sequence[str] = (),
        browser: BrowserFactory = lan_browser,
    ) -> None:
        self.say = say
        self.parser = parser
        self.prepare = prepare
        self.argv = list(argv)
        self.browser_factory = browser
        self.browser: Any = None
        self.tables: dict[str, Any] = {}  # by the table's key
        self.numbers: dict[str, int] = {}  # each table's number, kept while it is there
        self.next_number = 1
        self.problem: str | None = None  # why the LAN cannot be searched here

    # -- the tables on the LAN -------------------------------------------------------------
    async def start(self) -> None:
        try:
            self.browser = self.browser_factory(self.found, self.gone)
            await self.browser.start()
        except Exception as exc:  # no multicast here: join ADDRESS still works
            self.browser = None
            self.problem = clean(exc, limit=80)

    async def close(self) -> None:
        browser, self.browser = self.browser, None
        if browser is not None:
            with contextlib.suppress(Exception):  # leaving the lobby must not fail
                await browser.close()

    def found(self, table: Any) -> None:
        """A table appeared (said with its new number) or changed: said once where it filled
        up, freed a seat or changed its settings (not each seat taken on its way to full)."""
        before = self.tables.get(table.key)
        self.tables[table.key] = table
        if before is None:
            self.numbers[table.key] = self.next_number
            self.next_number += 1
            line, settings = self.table_words(table)
            # TRANSLATORS: plain lobby: a table appeared on the network; {table}: its line
            self.say(_("New table {table}").format(table=line))
            self.say(settings)
            return
        for said in self.changes(before, table):
            self.say(said)

    def changes(self, before: Any, table: Any) -> list[str]:
        """What changed at a known table that a player would act on, in a sentence each."""
        number, name = self.numbers[table.key], clean(table.name, limit=40)
        said = []
        full = table.taken >= table.seats
        if full and before.taken < before.seats:
            # TRANSLATORS: plain lobby: a known table's last seat was taken; {watch}: the
            # command word, typed with the number to watch it
            words = _("Table {number}, {name}, is full now: {watch} {number} to watch it")
            said.append(words.format(number=number, name=name, watch=command_words()["watch"]))
        elif table.taken < before.taken and not full:
            seats = ngettext(
                "{taken} of {seats} seat taken", "{taken} of {seats} seats taken", table.seats
            ).format(taken=table.taken, seats=table.seats)
            # TRANSLATORS: plain lobby: someone left a known table; {seats}: "2 of 4 seats
            # taken"; {number} is typed to join it
            words = _("Table {number}, {name}, has a free seat: {seats}")
            said.append(words.format(number=number, name=name, seats=seats))
        settings = self.table_words(table)[1]
        if settings != self.table_words(before)[1]:
            # TRANSLATORS: plain lobby: a known table's settings changed; {settings}: its
            # settings' sentence ("Settings: Variants: Ace · Hints on")
            words = _("Table {number}, {name}, has new settings. {settings}")
            said.append(words.format(number=number, name=name, settings=settings.strip()))
        return said

    def gone(self, key: str) -> None:
        table = self.tables.pop(key, None)
        number = self.numbers.pop(key, None)
        if table is not None:
            # TRANSLATORS: plain lobby: a table left the network (closed, or its host went)
            said = _("Table {number}, {name}, is gone")
            self.say(said.format(number=number, name=clean(table.name, limit=40)))

    def table_words(self, table: Any) -> tuple[str, str]:
        """A table in one sentence — "2: Friday, SwaPo Ace, 2 of 4 seats taken, at
        192.168.1.20:7717" — and its settings on a line of their own."""
        from tui.lobby.rows import GAME_TITLES
        from tui.option_words import settings_line
        from tui.table_settings import summary

        game = _(GAME_TITLES.get(table.game, clean(table.game, limit=16)))
        variant = " ".join(v.capitalize() for v in clean(table.variant, limit=40).split(",") if v)
        # TRANSLATORS: plain lobby: a table's seats ("2 of 4 seats taken")
        seats = ngettext(
            "{taken} of {seats} seat taken", "{taken} of {seats} seats taken", table.seats
        ).format(taken=table.taken, seats=table.seats)
        full = table.taken >= table.seats
        if table.password and full:
            # TRANSLATORS: plain lobby: one table; {number} is typed to join it, {watch}
            # (the command word) with the number to watch it
            said = _(
                "{number}: {name}, {game}, {seats}, at {address}, with a password, full: {watch} it"
            )
        elif full:
            # TRANSLATORS: plain lobby: one table, full; {watch}: the command word
            said = _("{number}: {name}, {game}, {seats}, at {address}, full: {watch} it")
        elif table.password:
            # TRANSLATORS: plain lobby: one table; {number} is typed to join it
            said = _("{number}: {name}, {game}, {seats}, at {address}, with a password")
        else:
            # TRANSLATORS: plain lobby: one table; {number} is typed to join it
            said = _("{number}: {name}, {game}, {seats}, at {address}")
        line = said.format(
            number=self.numbers.get(table.key, "?"),
            name=clean(table.name, limit=40),
            game=f"{game} {variant}".strip(),
            seats=seats,
            address=clean(table.endpoint, limit=60),
            watch=command_words()["watch"],
        )
        options = dict(table.options)
        if table.variant and "variant" not in options:
            options["variant"] = table.variant.split(",")
        told = summary(dict(table.settings))
        settings = settings_line(table.game, options)
        return line, "  " + (f"{settings} · {told}" if told else settings)

    def listing(self) -> list[str]:
        """The tables found, in the order of their numbers (or that none is found yet)."""
        if self.problem is not None:
            # TRANSLATORS: plain lobby: zeroconf cannot run here; join ADDRESS stays as typed
            said = _("Tables on this network cannot be found here ({reason}): join ADDRESS")
            return [said.format(reason=self.problem)]
        if not self.tables:
            # TRANSLATORS: plain lobby: nothing found on the network (it goes on looking)
            return [_("No table found on this network yet; still looking.")]
        ordered = sorted(self.tables.values(), key=lambda t: self.numbers[t.key])
        return [said for table in ordered for said in self.table_words(table)]

    def question(self) -> str:
        said = command_words()
        # TRANSLATORS: plain lobby: what to type. play, host, join, replay, GAME and ADDRESS
        # stay as they are (typed as a command line); {games}: the games' names as typed, in a
        # list; {watch}, {list}, {quit}: command words
        asked = _(
            "Type a table's number to join it ({watch} NUMBER to watch it), play GAME to play"
            " against bots ({games}), host GAME to open a table, join"
            " ADDRESS, replay last, {list} to hear the tables again, or {quit}."
        )
        return asked.format(games=comma_list(engine.GAMES), **said)

    # -- what the player types ---------------------------------------------------------------
    async def choose(self, lines: AsyncIterator[str], secret: Secret) -> argparse.Namespace | None:
        """The command line of the table the player chose; None once they quit (or the
        input ended). ``secret`` reads a password: a line that is not shown as it is typed."""
        said = command_words()
        self.say(self.question())
        async for line in lines:
            words = line.split()
            if not words:
                continue
            first = words[0].lower()
            if first in ("quit", said["quit"].lower()):
                return None
            if first in ("list", said["list"].lower()):
                for table_line in self.listing():
                    self.say(table_line)
                continue
            chosen = await self.read(words, secret)
            if chosen is not None:
                return chosen
            self.say(self.question())
        return None

    async def read(self, words: list[str], secret: Secret) -> argparse.Namespace | None:
        """One typed line as the command line of a table; None where it is not one (why is
        said)."""
        said = command_words()
        first = words[0].lower()
        watch = first in ("watch", said["watch"].lower())
        if watch or first.isdigit():
            words = self.numbered(words[1:] if watch else words, watch)
            if not words:
                return None
        elif first not in DOORS:
            # TRANSLATORS: plain lobby: a typed line that is no table's command
            self.say(_("Not a command: {text}").format(text=" ".join(words)))
            return None
        args = self.parsed(words)
        if args is None:
            return None
        if args.command in ("join", "host") and args.password and not args.password_file:
            if not isinstance(args.password, str):  # --password alone: asked for here
                args.password = await password(self.say, secret, hosting=args.command == "host")
            if not args.password:
                return None
        try:
            problem = self.prepare(args)
        except SystemExit as exc:  # a malformed --option pair
            problem = str(exc.code or "")
        if problem:
            self.say(problem.removeprefix("kotatsu: "))
            return None
        return args

    def numbered(self, words: list[str], watch: bool) -> list[str]:
        """``3`` (``watch 3``) with the flags after it, as ``join ADDRESS`` would be typed;
        [] where no table has the number (said)."""
        number = words[0] if words else ""
        key = next((k for k, n in self.numbers.items() if str(n) == number), None)
        table = self.tables.get(key) if key is not None else None
        if table is None and number:
            # TRANSLATORS: plain lobby: a number typed that no table has; {list}: command
            said = _("No table {number}: type {list} to hear the tables")
            self.say(said.format(number=number, list=command_words()["list"]))
        if table is None:
            return []
        flags = words[1:] + (["--spectate"] if watch else [])
        if table.password and not ({"--password", "--password-file"} & set(flags)):
            flags.append("--password")  # asked for as the join is read
        return ["join", table.endpoint, *flags]

    def parsed(self, words: list[str]) -> argparse.Namespace | None:
        """``words`` after this run's own flags, as ``kotatsu`` reads them; None where it
        does not (its complaint is said, not an exit)."""
        words = [words[0].lower(), *words[1:]]
        complaint = io.StringIO()
        with contextlib.redirect_stderr(complaint), contextlib.suppress(SystemExit):
            args = self.parser().parse_args([*self.argv, *words])
            args.plain = True
            return args
        last = complaint.getvalue().strip().splitlines()
        self.say(last[-1] if last else "")
        return None


async def password(say: Say, secret: Secret, hosting: bool = False, wrong: bool = False) -> str:
    """A password typed on a line of its own, never shown ('' gives up): the table's to join
    it (``wrong``: the one typed was not), or the one for the table this player opens."""
    if hosting:
        # TRANSLATORS: plain lobby: host GAME --password, the password asked for on its line
        said = _(
            "The password for your table (not shown as you type): type it, or an empty line"
            " to give up"
        )
    elif wrong:
        # TRANSLATORS: plain table: the password typed to join was wrong; asked again
        said = _(
            "Wrong password. Type it again (not shown as you type), or an empty line to give up"
        )
    else:
        # TRANSLATORS: plain lobby: joining a table with a password
        said = _(
            "This table asks for a password (not shown as you type): type it, or an empty"
            " line to give up"
        )
    say(said)
    return await secret()
