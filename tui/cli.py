"""The ``kotatsu`` command: the lobby, and the subcommands users and scripts rely on.

kotatsu                                   the lobby (LAN tables, host, join, play vs bots)
kotatsu play GAME [--bots N] [--level L] [--seed S] [--clock S] [--bank S]
                  [--takebacks off|ask|free] [--option KEY=VALUE ...]
kotatsu join HOST:PORT [--name NAME] [--password [PW] | --password-file FILE] [--spectate]
kotatsu host GAME [--headless] [--bind ADDR] [--port P] [--seats N] [--bots K] [--level L]
                  [--seed S] [--hints] [--clock S] [--bank S] [--takebacks off|ask|free]
                  [--name NAME] [--password [PW] | --password-file FILE] [--option KEY=VALUE ...]
                  [--resume FILE]
kotatsu bot --join HOST:PORT [--name NAME] [--password [PW] | --password-file FILE] [--level L]
kotatsu sim GAME [--seats N] [--bots hard,normal,...] [--games G] [--seed S] [--jobs J] [--json]
kotatsu list [--bind ADDR] [--timeout S]
kotatsu rules GAME
kotatsu serve [--bind ADDR] [--port P] [--password [PW] | --password-file FILE]
              [--authorized-keys FILE]
              [--max-sessions N] [--idle-timeout MIN]
kotatsu history [--json]
kotatsu replay ID|FILE [--seat N] [--plain]
kotatsu export ID [-o FILE]
kotatsu stats [--json] [--game G]
kotatsu web [--bind ADDR] [--port 8080] [--password [PW] | --password-file FILE]
            [--max-sessions N] [--idle-timeout MIN]

A password can also come from the environment: KOTATSU_PASSWORD (tui/secret.py).
"""

from __future__ import annotations

import argparse
import gc
import sys

import engine
import lang
from lang import _
from net.wire.reasons import problem

from .args import address, parse_options
from .cli_words import argparse_words, language_asked
from .parser import COMMANDS, GAME_NAMES, build_parser
from .pipes import quiet_when_unread
from .secret import password_from
from .table_settings import chosen, resume_kept
from .table_settings import problem as settings_problem

__all__ = [
    "COMMANDS",
    "GAME_NAMES",
    "address",
    "build_parser",
    "main",
    "parse_options",
    "run_app",
]


@quiet_when_unread  # kotatsu history | head: no BrokenPipeError traceback
def main(argv: list[str] | None = None) -> int:
    from .settings import load_lang

    argv = sys.argv[1:] if argv is None else argv
    lang.use(lang.pick(language_asked(argv), load_lang()))
    with argparse_words(lang.current()):  # (a line that begins with a command: its parser)
        args = build_parser(argv[0] if argv[:1] and argv[0] in COMMANDS else None).parse_args(argv)
    args.lang = lang.current()
    said = prepared(args)
    if said:
        print(f"kotatsu: {said}", file=sys.stderr)
        return 2
    cmd = args.command
    if cmd == "rules":
        from .rules import print_rules
        from .settings import terminal_wants_ascii

        return print_rules(args.game, ascii_only=args.ascii or terminal_wants_ascii())
    if cmd == "host" and args.headless:
        from net.cli import run_host

        return run_host(args)
    if cmd == "sim":
        from .sim import run_sim

        return run_sim(args)
    if cmd == "bot":
        from net.cli import run_bot

        return run_bot(args)
    if cmd == "serve":
        from net.doors.ssh import run_serve

        return run_serve(args)
    if cmd == "web":
        from net.doors.web import run_web

        return run_web(args)
    if cmd == "list":
        from net.cli import run_list

        return run_list(args)
    if cmd in ("history", "export", "stats"):
        from . import records

        run = {"history": records.run_history, "export": records.run_export}
        return run.get(cmd, records.run_stats)(args)
    if getattr(args, "plain", False) and cmd in (None, "play", "host", "join", "replay"):
        from .plain.run import CommandLine, run_plain

        line = CommandLine(parser=build_parser, problem=table_problem, prepare=prepared)
        return run_plain(args, line)
    if cmd == "replay":
        from .replay.run import run_replay

        return run_replay(args)
    return run_app(args)


def prepared(args: argparse.Namespace) -> str | None:
    """The parsed command line made ready to run (its ``--option`` pairs read, its password
    found), and its flags checked together; what is wrong, in a sentence (None: nothing). A
    malformed ``--option`` pair exits (SystemExit with its sentence)."""
    args.options = parse_options(getattr(args, "option", None))
    cmd = args.command
    if cmd in ("host", "join", "bot", "serve", "web"):
        try:
            args.password = password_from(args)
        except ValueError as exc:
            return str(exc)
    if cmd == "host" and args.resume:
        kept = resume_kept(args)
        if kept:
            # TRANSLATORS: kotatsu host --resume with a flag that sets the table; keep --resume
            refused = _(
                "{flag} cannot go with --resume: a resumed table keeps its journal's settings"
            )
            return refused.format(flag=kept)
    if cmd in ("host", "play") and not getattr(args, "resume", None):
        return settings_problem(chosen(args, cmd))  # each flag alone was checked already
    return None


def run_app(args: argparse.Namespace) -> int:
    """Run the app for the parsed ``args`` until the player quits."""
    problem = table_problem(args)
    if problem:
        print(f"kotatsu: {problem}", file=sys.stderr)
        return 2
    # Importing the screens allocates much and frees little: nothing is collected until the
    # app's collector starts and freezes it all (some 20 ms of CPU, a tenth of the import).
    gc.disable()
    try:
        from .app import make_app, player_name  # the TUI only when a screen is wanted
        from .collector import Collector
        from .connect import shared_account
        from .settings import load_name

        ask = player_name(args) is None and not shared_account() and load_name() is None
        # one app in this process: collections between its frames (A full collection had
        # cost 30–60 ms, one state in twenty, and a young one 2–4 ms inside many frames.)
        collector = Collector()
        app = make_app(args, ask_name=ask, collector=collector)
        app.leave_on_signals = True
        with collector:
            app.run()
    finally:
        gc.enable()  # (the collector gives it back too, once started)
    if app.failure:  # the table asked for could not be had: said in one line
        print(f"kotatsu: {app.failure}", file=sys.stderr)
        return 2
    return app.return_code or 0


def table_problem(args: argparse.Namespace) -> str | None:
    """Why the table asked for on the command line cannot be made: bad seats or options, or
    (``host``) an address or port it cannot listen at."""
    if getattr(args, "command", None) == "host":
        from net.doors.listening import listen_problem

        said = listen_problem(args.bind, args.port)
        if said:
            return said
    if getattr(args, "command", None) not in ("play", "host") or getattr(args, "resume", None):
        return None
    if args.command == "play":
        seats = engine.GAMES[args.game].DEFAULT_SEATS if args.bots is None else args.bots + 1
    else:
        seats = args.seats or engine.GAMES[args.game].DEFAULT_SEATS
    try:
        engine.new_game(args.game, seats, getattr(args, "options", None) or {}, seed=0)
    except ValueError as exc:
        return problem(exc)  # a bad seat count or option, in the player's language
    return None


if __name__ == "__main__":
    sys.exit(main())
