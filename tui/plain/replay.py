"""``kotatsu replay ID|FILE --plain`` (and ``replay last`` in the plain lobby): a kept game
read as sentences, one event a line, in the reader's language, from one seat's chair.

Each move is said as the plain table said it live (tui/plain/table.py: the game's own face
words each event; a round's results follow its end), worked out once from the record when it
opens. The reader steps with typed commands: ``next`` (or an empty line), ``back``, a move's
number, ``round`` (the next round or hand), ``end``; ``hand`` and ``score`` read the table at
the move, ``help`` and ``rules`` as at a table, ``quit`` leaves. Nothing is redrawn.
"""

from __future__ import annotations

import argparse
from collections.abc import AsyncIterator, Callable

from engine.base import SeatView
from engine.record import Replay
from lang import _
from net.wire.codec import wire_copy
from tui.table.messages import with_view

from .cards import SpokenCards
from .commands import command_of, held_words, say_rules, score_words
from .table import PlainTable
from .typed import Typed
from .words import command_words

Say = Callable[[str], None]


class PlainReplay:
    """A record's moves said from ``seat``'s chair (None: a spectator's)."""

    def __init__(self, replay: Replay, seat: int | None, say: Say, cards: SpokenCards) -> None:
        from tui.replay.source import RecordSource

        self.replay = replay
        self.seat = seat
        self.say = say
        self.heard: list[str] = []
        self.source = RecordSource(replay, seat)
        self.table = PlainTable(self.source, self.heard.append, cards)
        self.table.people.update(self.source.players())
        self.said: list[list[str]] = []  # the lines of each position
        self.views: list[SeatView | None] = []  # each position's, as the table read it
        self.at = 0

    async def read(self) -> None:
        """Every position's lines, as the plain table says them in order."""
        for position, (view, events) in enumerate(self.replay.walk(self.seat)):
            seen = wire_copy(view)  # what the seat was sent (the engine's view moves on)
            state = {"t": "state", "version": position, "view": seen, "events": events}
            await self.table.take_state({**state, "legal": []})
            self.said.append(self.heard[:])
            self.views.append(self.table.state.view)
            self.heard.clear()

    @property
    def last(self) -> int:
        return len(self.said) - 1

    def intro(self) -> str:
        from tui.lobby.rows import GAME_TITLES

        record = self.replay.record
        game = _(GAME_TITLES.get(record["game"], record["game"]))
        if self.seat is None:
            # TRANSLATORS: plain replay: its first line, a spectator's view
            said = _("Replay of {game} at {table}: {moves} moves, as a spectator.")
        else:
            # TRANSLATORS: plain replay: its first line; {name}: whose seat it is read from
            said = _("Replay of {game} at {table}: {moves} moves, from the seat of {name}.")
        name = self.table.seats.called(self.seat) if self.seat is not None else ""
        return said.format(game=game, table=record["table"], moves=self.last, name=name)

    def help_lines(self) -> list[str]:
        words = command_words()
        # TRANSLATORS: plain replay: how to step; the {words} are the typed commands
        return [
            _(
                "{next} or an empty line: the next move; {back}: the move before; a number: that"
                " move; {round}: the next round; {end}: the last move."
            ).format(**words),
            _(
                "{hand}: the cards held at this move; {score}: the scores; {rules}: the rules;"
                " {quit}: leave the replay."
            ).format(**words),
        ]

    def show(self, position: int) -> None:
        """Go to ``position`` and say its lines, the first with the move's number."""
        self.at = position
        lines = self.said[position]
        if position == 0 and self.seat is not None:
            lines = [*lines, held_words(hand_of(self.views[0]), self.table.cards)]
        # TRANSLATORS: plain replay: a move with nothing this seat could see
        lines = lines or [_("nothing seen from this seat")]
        if position == 0:
            # TRANSLATORS: plain replay: the first position, before any move
            head = _("The deal")
        else:
            # TRANSLATORS: plain replay: the move's number before its first event
            head = _("Move {n} of {last}").format(n=position, last=self.last)
        self.say(f"{head}: {lines[0]}")
        for line in lines[1:]:
            self.say(line)

    async def step(self, line: str) -> bool:
        """One typed line; False once the reader leaves."""
        word = line.strip().partition(" ")[0]
        name = command_of(word.lower(), command_words()) if word else "next"
        if name == "quit":
            return False
        if name == "next":
            self.move_to(self.at + 1)
        elif name == "back":
            self.move_to(self.at - 1)
        elif name == "end":
            self.move_to(self.last)
        elif name == "round":
            later = [mark for mark in self.replay.marks if mark > self.at]
            if later:
                self.show(later[0])
            else:
                # TRANSLATORS: plain replay: no round starts after this move
                self.say(_("No round starts after this move"))
        elif name == "hand":
            self.say(held_words(hand_of(self.views[self.at]), self.table.cards))
        elif name == "score":
            shown = self.views[self.at]
            if shown is not None:
                self.table.state = with_view(self.table.state, shown)
            self.say(score_words(self.table))
        elif name == "help":
            for said in self.help_lines():
                self.say(said)
        elif name == "rules":
            await say_rules(self.table, "")
        elif word.isdigit():
            self.move_to(int(word))
        else:
            # TRANSLATORS: plain replay: a typed line that is no command
            wrong = _("Not a command: {text} — type {help}")
            self.say(wrong.format(text=line.strip(), help=command_words()["help"]))
        return True

    def move_to(self, position: int) -> None:
        if 0 <= position <= self.last:
            self.show(position)
        elif position > self.last:
            # TRANSLATORS: plain replay: past the last move
            said = _("That was the last move ({last}); {quit} leaves")
            self.say(said.format(last=self.last, quit=command_words()["quit"]))
        else:
            # TRANSLATORS: plain replay: before the deal
            self.say(_("This is the deal: nothing comes before it"))

    async def follow(self, lines: AsyncIterator[str]) -> None:
        """Until the reader quits or the input ends."""
        self.say(self.intro())
        for said in self.help_lines():
            self.say(said)
        self.show(0)
        async for line in lines:
            if not await self.step(line):
                return


async def replay_plain(
    args: argparse.Namespace, typed: Typed, say: Say, refuse: Callable[[str], int]
) -> int:
    """``kotatsu replay RECORD --plain``: the record read until the reader quits; the exit
    code (2: no such record or seat, said on stderr or by ``refuse``)."""
    from tui.records import load, replay_seat

    replay = load(args.record)  # says why not on stderr
    if isinstance(replay, int):
        return replay
    seat, problem = replay_seat(replay, getattr(args, "seat", None))
    if problem is not None:
        return refuse(problem)
    if replay.stopped:
        say(_("this game stopped unfinished: the replay ends where it stopped"))
    words = getattr(args, "suit_letters", None) is not True
    reader = PlainReplay(replay, seat, say, SpokenCards(words=words))
    await reader.read()
    await reader.follow(typed.lines())
    return 0


def hand_of(view: SeatView | None) -> list[str] | None:
    return view["hand"] if view is not None else None
