"""The ``kotatsu`` command: the lobby, and the subcommands users and scripts rely on.

kotatsu                                   the lobby (LAN tables, host, join, play vs bots)
kotatsu play GAME [--bots N] [--seed S] [--option KEY=VALUE ...]
kotatsu join HOST:PORT [--name NAME] [--password PW] [--spectate]
kotatsu host GAME [--headless] [--bind ADDR] [--port P] [--seats N] [--bots K] [--seed S]
                  [--name NAME] [--password PW] [--option KEY=VALUE ...] [--resume FILE]
kotatsu bot --join HOST:PORT [--name NAME] [--password PW]
kotatsu list [--bind ADDR] [--timeout S]
kotatsu rules GAME
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import engine

GAME_NAMES = tuple(engine.GAMES)


def option_value(text: str) -> Any:
    """``--option`` values: whole numbers, true/false, none, else the text itself."""
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["variant=ace,dagger", "rounds=3"]`` -> ``{"variant": "ace,dagger", "rounds": 3}``."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"kotatsu: --option wants KEY=VALUE, not {pair!r}")
        out[key.strip()] = option_value(value.strip())
    return out


def address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:7717`` for IPv6) -> (host, port)."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, not {text!r}")
    return host.strip("[]"), int(port)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kotatsu",
        description="A terminal card table for friends on one network.",
    )
    p.add_argument("--ascii", action="store_true", help="draw cards as 10H, QS, JK")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="an instant table against bots, no network needed")
    play.add_argument("game", choices=GAME_NAMES)
    play.add_argument("--bots", type=int, default=None, help="how many bots (default: fill)")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--name", default=None, help="your name at the table")
    play.add_argument("--option", action="append", metavar="KEY=VALUE")

    join = sub.add_parser("join", help="join a table by address")
    join.add_argument("address", type=address, metavar="HOST:PORT")
    join.add_argument("--name", default=None)
    join.add_argument("--password", default=None)
    join.add_argument("--spectate", action="store_true", help="watch without a seat")

    host = sub.add_parser("host", help="host a table on this network")
    host.add_argument("game", choices=GAME_NAMES)
    host.add_argument("--headless", action="store_true", help="no screen; print the result")
    host.add_argument("--bind", default="0.0.0.0", metavar="ADDR")
    host.add_argument("--port", type=int, default=0, metavar="P", help="default: any free port")
    host.add_argument("--seats", type=int, default=None, metavar="N")
    host.add_argument("--bots", type=int, default=0, metavar="K")
    host.add_argument("--seed", type=int, default=None, metavar="S")
    host.add_argument("--name", default=None, metavar="NAME", help="the table's name")
    host.add_argument("--password", default=None, metavar="PW")
    host.add_argument("--option", action="append", metavar="KEY=VALUE")
    host.add_argument("--resume", default=None, metavar="FILE", help="rebuild from a journal")
    host.add_argument("--journal", default=None, metavar="FILE", help="where to keep the journal")
    host.add_argument("--bot-delay", type=float, default=0.0, metavar="S", help="bots wait S s")
    host.add_argument(
        "--absent-bot", type=float, default=None, metavar="S", help="a bot plays a seat left S s"
    )

    bot = sub.add_parser("bot", help="seat a bot at a table")
    bot.add_argument("--join", type=address, required=True, metavar="HOST:PORT")
    bot.add_argument("--name", default=None)
    bot.add_argument("--password", default=None)
    bot.add_argument("--bot-delay", type=float, default=0.0, metavar="S", help="wait S s per move")

    lst = sub.add_parser("list", help="list the tables on this network")
    lst.add_argument("--bind", default=None, metavar="ADDR")
    lst.add_argument("--timeout", type=float, default=3.0, metavar="S")

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", choices=GAME_NAMES)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.options = parse_options(getattr(args, "option", None))
    cmd = args.command
    if cmd == "rules":
        from .rules import print_rules

        return print_rules(args.game, ascii_only=args.ascii)
    if cmd == "host" and args.headless:
        from net.cli import run_host

        return run_host(args)
    if cmd == "bot":
        from net.cli import run_bot

        return run_bot(args)
    if cmd == "list":
        from net.cli import run_list

        return run_list(args)
    from .app import run_app

    return run_app(args)


if __name__ == "__main__":
    sys.exit(main())
