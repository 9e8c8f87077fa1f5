"""The ``kotatsu`` command line's parser: the top level's flags and each subcommand's
(tui/cli.py runs what it reads). A line that begins with a subcommand is read by that
subcommand's parser alone (``build_parser(COMMAND)``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import engine
import lang
from lang import _
from net.table.resultswait import RESULTS_WAIT
from net.table.settings import ABSENT_BOT

from .args import address, port_number, seconds
from .cli_words import lang_help
from .plain.flag import add_plain_flag
from .secret import add_password_flags
from .table_settings import add_flags

__all__ = ["COMMANDS", "GAME_NAMES", "build_parser"]

GAME_NAMES = tuple(engine.GAMES)
COMMANDS = ("play", "join", "host", "bot", "list", "rules", "serve", "web", "sim", "history",
            "replay", "export", "stats")  # fmt: skip
"""The subcommands, in the order ``kotatsu --help`` lists them."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command``, the parser of a line that begins with it
    (``kotatsu play swapo``): the other subcommands' parsers are not made, which changes
    nothing for such a line (the top level has nothing left to read but the subcommand) and
    spares a start the dozen others (argparse makes a help formatter for every argument)."""

    def wanted(name: str) -> bool:
        return command is None or name == command

    p = argparse.ArgumentParser(
        prog="kotatsu",
        description=_("A terminal card table for friends on one network."),
    )
    p.add_argument("--version", action=VersionAction, help=_("print the version"))
    p.add_argument(
        "--ascii",
        action="store_true",
        help=_("plain ASCII only: cards as 10H, QS, JK, borders of + - |"),
    )
    p.add_argument("--lang", choices=list(lang.LANGUAGES), default=None, help=lang_help())
    p.add_argument(
        "--name",
        dest="player_name",
        default=None,
        metavar="NAME",
        help=_("your name at the table for this run (n in the lobby changes it for good)"),
    )
    add_choices(p, None)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    if wanted("play"):
        add_play(sub)
    if wanted("join"):
        add_join(sub)
    if wanted("host"):
        add_host(sub)
    if wanted("bot"):
        add_bot(sub)
    if wanted("list"):
        add_list(sub)
    if wanted("rules"):
        rules = sub.add_parser("rules", help=_("print a game's rules and table options"))
        rules.add_argument("game", choices=GAME_NAMES, help=game_help())
    if wanted("serve"):
        add_serve_parser(sub)
    if wanted("web"):
        add_web_parser(sub)
    for name in ("play", "join", "host", "rules"):  # --ascii after the subcommand too
        if name in sub.choices:
            sub.choices[name].add_argument(
                "--ascii",
                action="store_true",
                default=argparse.SUPPRESS,
                help=_("plain ASCII only: cards as 10H, borders of + - |"),
            )
    for name in sub.choices:  # and --lang anywhere
        sub.choices[name].add_argument(
            "--lang", choices=list(lang.LANGUAGES), default=argparse.SUPPRESS, help=lang_help()
        )
    for name in ("play", "join", "host"):  # the player's choices after the subcommand too
        if name in sub.choices:
            add_choices(sub.choices[name], argparse.SUPPRESS)
    if wanted("sim"):
        add_sim(sub)
    add_records(sub, wanted)
    return p


def add_play(sub: argparse._SubParsersAction) -> None:
    play = sub.add_parser(
        "play",
        help=_("an instant table against bots, no network needed"),
        options_listed=True,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", choices=GAME_NAMES, help=game_help())
    play.add_argument("--bots", type=int, default=None, help=_("how many bots (default: fill)"))
    add_level(play)
    play.add_argument("--seed", type=int, default=None, metavar="S", help=seed_help())
    play.add_argument("--name", default=None, help=_("your name at the table"))
    play.add_argument("--option", action="append", metavar="KEY=VALUE", help=option_help())
    add_bot_delay(play, _("bots wait S s per move (default: 0.4; 0: at once)"))
    add_flags(play, "play")


def add_bot_delay(parser: argparse.ArgumentParser, words: str) -> None:
    """``--bot-delay S``: how long the table's bots wait before each move (None: the door's
    own pace, net/doors/opening.py)."""
    parser.add_argument("--bot-delay", type=seconds, default=None, metavar="S", help=words)


def add_join(sub: argparse._SubParsersAction) -> None:
    join = sub.add_parser("join", help=_("join a table by address"))
    join.add_argument(
        "address", type=address, metavar="HOST:PORT", help=_("the table's address and port")
    )
    join.add_argument("--name", default=None, help=_("your name at the table"))
    add_password_flags(join)
    join.add_argument("--spectate", action="store_true", help=_("watch without a seat"))


def add_host(sub: argparse._SubParsersAction) -> None:
    host = sub.add_parser(
        "host",
        help=_("host a table on this network"),
        options_listed=True,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    host.add_argument("game", choices=GAME_NAMES, help=game_help())
    host.add_argument(
        "--headless", action="store_true", help=_("no screen; say who joins, print the result")
    )
    host.add_argument(
        "--json", action="store_true", help=_("with --headless: the result as one JSON object")
    )
    host.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help=bind_help())
    host.add_argument(
        "--port", type=port_number, default=0, metavar="P", help=_("default: any free port")
    )
    host.add_argument(
        "--seats", type=int, default=None, metavar="N", help=_("seats at the table, bots too")
    )
    host.add_argument("--bots", type=int, default=0, metavar="K", help=_("bots among them"))
    add_level(host)
    host.add_argument("--seed", type=int, default=None, metavar="S", help=seed_help())
    host.add_argument("--name", default=None, metavar="NAME", help=_("the table's name"))
    add_password_flags(host)
    host.add_argument("--option", action="append", metavar="KEY=VALUE", help=option_help())
    host.add_argument("--resume", default=None, metavar="FILE", help=_("rebuild from a journal"))
    host.add_argument(
        "--journal", default=None, metavar="FILE", help=_("where to keep the journal")
    )
    add_bot_delay(host, _("bots wait S s per move (default: 0.4, or 0 with --headless)"))
    host.add_argument(
        "--results-wait",
        type=seconds,
        default=RESULTS_WAIT,
        metavar="S",
        help=_("bots wait up to S s for everyone to close the results (0: never)"),
    )
    add_flags(host, "host")  # hints, the turn clock, … (tui/table_settings.py)
    host.add_argument(
        "--absent-bot",
        type=float,
        default=ABSENT_BOT,
        metavar="S",
        help=_("a bot plays a seat left S s (default: 30; 0: never)"),
    )


def add_bot(sub: argparse._SubParsersAction) -> None:
    bot = sub.add_parser("bot", help=_("seat a bot at a table"))
    bot.add_argument(
        "--join", type=address, required=True, metavar="HOST:PORT", help=_("the table to sit at")
    )
    bot.add_argument("--name", default=None, help=_("the bot's name at the table"))
    add_password_flags(bot)
    add_level(bot)
    bot.add_argument(
        "--bot-delay", type=float, default=0.0, metavar="S", help=_("wait S s per move")
    )


def add_list(sub: argparse._SubParsersAction) -> None:
    lst = sub.add_parser("list", help=_("list the tables on this network"))
    lst.add_argument(
        "--bind", default=None, metavar="ADDR", help=_("look on this address's network")
    )
    lst.add_argument(
        "--timeout", type=float, default=3.0, metavar="S", help=_("look for S s (default: 3)")
    )
    lst.add_argument("--json", action="store_true", help=_("one JSON list, for scripts"))


def add_choices(parser: argparse.ArgumentParser, default: object) -> None:
    """The player's own choices for this run (saved ones otherwise: tui/settings.py)."""
    flag = argparse.BooleanOptionalAction
    parser.add_argument(
        "--four-colour",
        action=flag,
        default=default,
        help=_("a four-colour deck: ♠ ♥ ♦ ♣ each its own colour"),
    )
    parser.add_argument(
        "--suit-letters",
        action=flag,
        default=default,
        help=_("name each card's suit with a letter (10H, QS), in colour too"),
    )
    add_plain_flag(parser, default)
    parser.add_argument(
        "--nudge",
        action=flag,
        default=default,
        help=_("ring and notify when the table waits for you (default: on)"),
    )


def add_records(sub: argparse._SubParsersAction, wanted: Callable[[str], bool]) -> None:
    """The game records kept on this machine (tui/records.py): the ``wanted`` commands."""
    if wanted("history"):
        history = sub.add_parser("history", help=_("the games kept on this machine, newest first"))
        history.add_argument("--json", action="store_true", help=_("print one JSON list"))
    if wanted("replay"):
        replay = sub.add_parser("replay", help=_("replay a kept game, or a record file"))
        replay.add_argument(
            "record",
            metavar="ID|FILE",
            help=_("a kept game's ID (kotatsu history), its start, last (the newest) or a file"),
        )
        replay.add_argument(
            "--seat", type=int, default=None, metavar="N", help=_("whose view (1…)")
        )
        add_plain_flag(replay, argparse.SUPPRESS)
        replay.add_argument(
            "--ascii",
            action="store_true",
            default=argparse.SUPPRESS,
            help=_("plain ASCII only: cards as 10H, borders of + - |"),
        )
    if wanted("export"):
        export = sub.add_parser("export", help=_("write a kept game's record as JSON"))
        export.add_argument(
            "id", metavar="ID", help=_("a kept game's ID (kotatsu history), its start or last")
        )
        export.add_argument(
            "-o", dest="output", default=None, metavar="FILE", help=_("default: stdout")
        )
    if wanted("stats"):
        stats = sub.add_parser("stats", help=_("standings over the games kept on this machine"))
        stats.add_argument("--json", action="store_true", help=_("print one JSON object"))
        stats.add_argument(
            "--game", choices=GAME_NAMES, default=None, metavar="G", help=_("one game only")
        )
    for name in ("history", "replay", "export", "stats"):
        if name in sub.choices:
            sub.choices[name].add_argument(
                "--lang", choices=list(lang.LANGUAGES), default=argparse.SUPPRESS, help=lang_help()
            )


def add_serve_parser(sub: argparse._SubParsersAction) -> None:
    """``kotatsu serve``: the lobby over SSH for players with nothing installed."""
    serve = sub.add_parser("serve", help=_("let friends play over ssh with nothing installed"))
    serve.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help=bind_help())
    serve.add_argument(
        "--port",
        type=port_number,
        default=2222,
        metavar="P",
        help=_("the SSH port (default: 2222)"),
    )
    add_password_flags(serve, _("default: open to all"))
    serve.add_argument("--authorized-keys", default=None, metavar="FILE", help=_("keys let in"))
    serve.add_argument(
        "--max-sessions", type=int, default=16, metavar="N", help=_("at most N at once (16)")
    )
    serve.add_argument(
        "--idle-timeout", type=float, default=30.0, metavar="MIN", help=_("close idle sessions")
    )


class VersionAction(argparse.Action):
    """``--version``: the installed version, looked up only when asked (reading the package
    metadata is a noticeable part of every start otherwise)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        suppress = argparse.SUPPRESS
        super().__init__(option_strings, suppress, nargs=0, default=suppress, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(f"kotatsu {version()}", flush=True)
        parser.exit()


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("kotatsu")
    except PackageNotFoundError:
        return "(not installed)"


def game_help() -> str:
    return _("the game: {games}").format(games=", ".join(GAME_NAMES))


def seed_help() -> str:
    return _("the same seed deals the same cards (default: random)")


def bind_help() -> str:
    return _("listen on this address only (default: all)")


def option_help() -> str:
    # TRANSLATORS: --help of --option; `kotatsu rules GAME` stays as it is
    return _("a table option (repeat it for more); listed below and by kotatsu rules GAME")


class CommandParser(argparse.ArgumentParser):
    """A command's parser. With ``options_listed`` its help ends with every game's table
    options (``options_epilog``), worded when the help is shown: reading them imports every
    game's rules, which a table of one game never needs."""

    def __init__(self, *args: Any, options_listed: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.options_listed = options_listed

    def format_help(self) -> str:
        if self.options_listed:
            self.epilog = options_epilog()
        return super().format_help()


def options_epilog() -> str:
    """Every game's table options, with values and defaults (the end of ``--help``)."""
    from .option_words import listing

    parts = []
    for name in engine.GAMES:
        # TRANSLATORS: --help: a heading before a game's table options
        head = _("table options of {game} (--option KEY=VALUE):").format(game=name)
        parts.append(head + "\n" + "\n".join(listing(name)))
    return "\n\n".join(parts)


def add_web_parser(sub: argparse._SubParsersAction) -> None:
    """``kotatsu web``: the lobby in a browser for players with nothing installed."""
    web = sub.add_parser("web", help=_("let friends play in a web browser"))
    web.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help=bind_help())
    web.add_argument(
        "--port",
        type=port_number,
        default=8080,
        metavar="P",
        help=_("the web port (default: 8080)"),
    )
    add_password_flags(web, _("default: open to all"))
    web.add_argument(
        "--max-sessions", type=int, default=16, metavar="N", help=_("at most N at once (16)")
    )
    web.add_argument(
        "--idle-timeout", type=float, default=30.0, metavar="MIN", help=_("close idle sessions")
    )


def add_level(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--level",
        choices=list(engine.LEVELS),
        default=None,  # normal; a resumed table keeps its journal's level
        help=_("how well the bots play (default: normal)"),
    )


def add_sim(sub: argparse._SubParsersAction) -> None:
    sim = sub.add_parser("sim", help=_("a bot tournament: wins, scores and thinking times"))
    sim.add_argument("game", choices=GAME_NAMES, help=game_help())
    sim.add_argument(
        "--seats",
        type=int,
        default=None,
        metavar="N",
        help=_("seats per game (default: the game's usual number)"),
    )
    sim.add_argument(
        "--bots",
        default="hard,normal",
        metavar="L,L,...",
        help=_("level per seat, the last one for the rest (default: hard,normal)"),
    )
    sim.add_argument("--games", type=int, default=100, metavar="G", help=_("games to play (100)"))
    sim.add_argument("--seed", type=int, default=None, metavar="S", help=seed_help())
    sim.add_argument("--option", action="append", metavar="KEY=VALUE", help=option_help())
    sim.add_argument(
        "--jobs", type=int, default=1, metavar="J", help=_("worker processes (default: 1)")
    )
    sim.add_argument(
        "--think",
        type=float,
        default=0.7,
        metavar="S",
        help=_("hard bots' time to think per move, in seconds (default: 0.7)"),
    )
    sim.add_argument("--json", action="store_true", help=_("print one JSON object"))
