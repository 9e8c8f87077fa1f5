"""Table options in the player's words: each option's name, its values' words, its help, and
the plain listing (``KEY=VALUES  help (default: …)``) that ``kotatsu rules GAME`` and
``--help`` print. Built from each game's schema (``Game.OPTIONS``, ``Option.spec``) and the
labels and choices' words it declares (tui/games/<game>/declared.py)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len

import engine
from engine.base import Option
from lang import _
from tui.fill import comma_list
from tui.table.game_words import words_for


def name_of(game: str, key: str) -> str:
    """An option's label, as its game declares it (tui/games/<game>/declared.py)."""
    name = words_for(game).OPTION_NAMES.get(key)
    return _(name) if name else key


def value_words(game: str, value: Any) -> str:
    """A value of one of ``game``'s options in the player's words (numbers as they are)."""
    word = words_for(game).OPTION_VALUES.get(value) if isinstance(value, str) else None
    if word:
        return _(word)
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return str(value)


def help_of(option: Option) -> str:
    return _(option.help) if option.help else ""


def typed(value: Any) -> str:
    """A value as typed after ``--option KEY=``."""
    if isinstance(value, list | tuple):
        return ",".join(map(str, value)) or '""'
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def accepted(option: Option) -> str:
    """What may follow ``KEY=``: ``dagger,asterisk,ace`` (any of), ``a|b``, ``1-4``…"""
    spec = option.spec
    if spec.kind == "many":
        # TRANSLATORS: --help: an option taking any of the comma-separated values before it
        return _("{values} (any of them)").format(values=",".join(map(str, spec.values)))
    if spec.kind == "choice":
        return "|".join(map(str, spec.values))
    if spec.kind == "flag":
        return "true|false"
    if spec.kind == "number":
        top = "" if spec.hi is None else str(spec.hi)
        return f"{spec.lo}-{top}" if top else f"{spec.lo}+"
    return "TEXT"


def default_words(option: Option) -> str:
    if option.default is None or option.default == ():
        # TRANSLATORS: the default of a table option that is left unset
        return _("not set")
    return typed(option.default)


def listing(game: str, indent: str = "  ") -> list[str]:
    """Two lines per option: ``KEY=VALUES``, then its help and default, in the player's
    language (``kotatsu rules GAME`` and ``--help``)."""
    lines = []
    for key, option in engine.GAMES[game].OPTIONS.items():
        lines.append(f"{indent}{key}={accepted(option)}")
        # TRANSLATORS: --help and `kotatsu rules`: a table option's help, then its default
        about = _("{help} · default: {value}").format(
            help=help_of(option), value=default_words(option)
        )
        lines += hanging(about, f"{indent}    ")
    return lines


def hanging(text: str, indent: str, width: int = 78) -> list[str]:
    """``text`` cut at spaces into lines of at most ``width`` cells, each after ``indent``
    (a listing's help stays under its flag in an 80-column terminal; a word longer than
    the line, such as an unspaced CJK sentence, is left for the terminal to wrap)."""
    room = max(20, width - cell_len(indent))
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and cell_len(line) + 1 + cell_len(word) > room:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, indent + line]


def settings_words(game: str, options: dict[str, Any]) -> list[str]:
    """The options of a table that differ from the game's defaults: "Variants: Ace", …"""
    schema = engine.GAMES[game].OPTIONS if game in engine.GAMES else {}
    out = []
    for key, value in options.items():
        option = schema.get(key)
        if option is None or value == option.default or (value in ([], ()) and not option.default):
            continue
        if isinstance(value, list | tuple):
            shown = comma_list(value_words(game, v) for v in value)
        else:
            shown = value_words(game, value)
        # TRANSLATORS: a table's option and its value, in the lobby and the waiting room
        # ("Variants: Ace, Dagger", "Rounds: 3")
        out.append(_("{option}: {value}").format(option=name_of(game, key), value=shown))
    return out


def settings_line(game: str, options: dict[str, Any]) -> str:
    """A table's settings in one line, as the lobby and the waiting room show them."""
    words = settings_words(game, options)
    if not words:
        # TRANSLATORS: the lobby and the waiting room: a table played with the default options
        return _("Settings: the game's defaults")
    # TRANSLATORS: the lobby and the waiting room: {list} is "Variants: Ace · Rounds: 3"
    return _("Settings: {list}").format(list=" · ".join(words))
