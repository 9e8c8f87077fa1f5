"""``kotatsu --plain`` with no table asked for (and an SSH login as ``plain``): which table,
asked in one line — ``play GAME`` against bots, ``host GAME``, ``join ADDRESS`` (with
``--spectate`` to watch) — read as the command line would read it, or ``quit``."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Callable

from lang import _

from .typed import Typed
from .words import command_words

DOORS = ("play", "host", "join")


async def choose_table(
    typed: Typed, say: Callable[[str], None], parser: Callable[[], argparse.ArgumentParser]
) -> argparse.Namespace | None:
    """The command line the player types a table for; None once they quit."""
    # TRANSLATORS: plain table with no table yet; play, host, join, GAME and ADDRESS stay
    # as they are (typed as a command line); {quit}: the command word
    asked = _(
        "Which table? Type play GAME to play against bots (swoop, swapo, mishi or daifugo),"
        " host GAME to open a table, join ADDRESS to join one, or {quit}."
    ).format(quit=command_words()["quit"])
    say(asked)
    async for line in typed.lines():
        words = line.split()
        if not words:
            continue
        if words[0].lower() in ("quit", command_words()["quit"].lower()):
            return None
        chosen = parsed(words, parser) if words[0].lower() in DOORS else None
        if chosen is not None:
            return chosen
        say(asked)
    return None


def parsed(
    words: list[str], parser: Callable[[], argparse.ArgumentParser]
) -> argparse.Namespace | None:
    """``words`` after this run's own flags (``--lang ja --plain``), as ``kotatsu`` reads
    them; None where it does not (its complaint is said, not an exit)."""
    words = [words[0].lower(), *words[1:]]
    complaint = io.StringIO()
    with contextlib.redirect_stderr(complaint), contextlib.suppress(SystemExit):
        args = parser().parse_args([*sys.argv[1:], *words])
        args.plain = True
        return args
    last = complaint.getvalue().strip().splitlines()
    print(last[-1] if last else "", flush=True)
    return None
