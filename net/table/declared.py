"""How a table setting is declared, once: its flag, its words, its values and its default.

A table setting (hints, the turn clock, take-backs…) is one field of ``TableSettings``
(net/table/settings.py) declared with ``setting(...)``: the field's name is its key, its ``kind``
(``Switch``, ``Seconds``, ``Choice``) reads, shows and checks its values. Everything else
reads the declarations (``declared``) and names no setting: the command line's flags and
``--help`` (``add_flags``), the values a command line gave (``given``), ``kotatsu rules``, the
host and bots forms and the waiting room (tui/table_settings.py, tui/lobby/table_options.py),
the table info every seat receives (``TableSettings.told``, checked by net/wire/messages.py), the
lobby's advertisement (net/doors/discovery.py) and the journal's header (``TableSettings.header``,
``from_header``). Adding a setting is its field, the place that acts on it, its words and
its tests.

This module is a leaf: it imports no other part of the table, and names no game.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, field, fields
from typing import Any, NamedTuple

from lang import _

SETTING = "kotatsu.setting"
"""The metadata key of a declared field (``setting``)."""
COMMANDS = ("host", "play")
"""The subcommands that take a setting's flag, unless it says (``setting``)."""

Refusal = tuple[str, dict[str, Any]]
"""Why a value cannot be a table's: a code of engine/reasons.py and its parameters."""


class Kind:
    """What values a setting takes: how typed text reads (``read``: ValueError in the
    player's words), how a value is said (``show``), whether a value is one a table can have
    (``valid``; what a journal, a table info or an advertisement holds is checked so), and
    how it is written in the lobby's advertisement (``text``, read back by ``parse``)."""

    metavar: str | None = "S"
    """The flag's value in ``--help`` (None: an on/off switch)."""
    choices: tuple[Any, ...] = ()
    """The values, where they are few (the forms offer them as a choice)."""

    def read(self, text: str) -> Any:
        raise NotImplementedError

    def show(self, value: Any) -> str:
        raise NotImplementedError

    def valid(self, value: Any) -> bool:
        raise NotImplementedError

    def fits(self, value: Any) -> bool:
        """Whether ``value`` has the shape of this setting on the wire (a seat's table info:
        a host's own timings may be shorter than a table may be set to, as in tests)."""
        return self.valid(value)

    def refusal(self, key: str) -> Refusal:
        """Why a value that is not ``valid`` is refused (``engine.BadSetup``'s code)."""
        return "setup.one_of", {"name": key, "values": [str(v) for v in self.choices]}

    def clean(self, value: Any) -> Any:
        """A valid value as the table keeps it (a number of seconds as a float)."""
        return value

    def text(self, value: Any) -> str:
        return str(value)

    def parse(self, text: str) -> Any:
        """An advertised value back; ValueError if it is not one a table can have."""
        if text not in self.choices:
            raise ValueError(text)
        return text

    def hint(self) -> str:
        """What the form's field takes (its placeholder)."""
        return ""


class Switch(Kind):
    """On or off: ``--flag`` (and ``--no-flag`` where it is on by default)."""

    metavar = None
    choices = (False, True)

    def read(self, text: str) -> bool:
        return text.strip().lower() in ("1", "on", "yes", "true", _("on"))

    def show(self, value: Any) -> str:
        return _("on") if value is True else _("off")

    def valid(self, value: Any) -> bool:
        return isinstance(value, bool)

    def text(self, value: Any) -> str:
        return "1" if value is True else "0"

    def parse(self, text: str) -> bool:
        if text not in ("0", "1"):
            raise ValueError(text)
        return text == "1"


def seconds_words(value: object) -> str:
    """``30`` -> "30 s"; anything else (None) -> "off"."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # TRANSLATORS: a number of seconds (the turn clock, the time bank)
        return _("{n} s").format(n=f"{value:g}")
    return _("off")


class Seconds(Kind):
    """A number of seconds from ``lo`` to ``hi``; with ``off``, also None (empty, "off" or
    0 typed). ``wrong`` is the code that says the range (engine/reasons.py), ``says`` the
    form's placeholder (a msgid with ``{lo}`` and ``{hi}``)."""

    __slots__ = ("hi", "lo", "off", "says", "wrong")

    def __init__(self, lo: float, hi: float, wrong: str, says: str, *, off: bool = False) -> None:
        self.lo, self.hi, self.wrong, self.says, self.off = lo, hi, wrong, says, off

    def read(self, text: str) -> float | None:
        text = text.strip()
        if self.off and text.lower() in ("", "off", "0", _("off")):
            return None
        try:
            value: float | None = float(text) if text else 0.0
        except ValueError:
            value = math.nan
        if not self.valid(value):
            from ..wire.reasons import say  # the refusal in the player's words

            raise ValueError(say(*self.refusal("")))
        return value

    def show(self, value: Any) -> str:
        return seconds_words(value)

    def valid(self, value: Any) -> bool:
        if value is None:
            return self.off
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        return number and self.lo <= value <= self.hi

    def fits(self, value: Any) -> bool:
        if value is None:
            return self.off
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        return number and 0 <= value <= self.hi

    def refusal(self, key: str) -> Refusal:
        return self.wrong, {"lo": _number(self.lo), "hi": _number(self.hi)}

    def clean(self, value: Any) -> float | None:
        return None if value is None else float(value)

    def text(self, value: Any) -> str:
        return "off" if value is None else f"{value:g}"

    def parse(self, text: str) -> float | None:
        value = None if text == "off" else float(text)
        if not self.valid(value):
            raise ValueError(text)
        return value

    def hint(self) -> str:
        return _(self.says).format(lo=_number(self.lo), hi=_number(self.hi))


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


class Choice(Kind):
    """One of a few words: ``words`` maps each value to its msgid (the first is what an
    empty field means); ``wrong`` says the values when typed text is none of them, ``says``
    is the form's placeholder."""

    __slots__ = ("says", "words", "wrong")

    def __init__(self, words: Mapping[str, str], wrong: str, says: str) -> None:
        self.words, self.wrong, self.says = words, wrong, says

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(self.words)

    @property
    def metavar(self) -> str:  # type: ignore[override]
        return "{" + ",".join(self.words) + "}"

    def read(self, text: str) -> str:
        said = text.strip().lower()
        if not said:
            return next(iter(self.words))
        for value, words in self.words.items():
            if said in (value, _(words).lower()):
                return value
        raise ValueError(_(self.wrong))

    def show(self, value: Any) -> str:
        if isinstance(value, str) and value in self.words:
            return _(self.words[value])
        return _(next(iter(self.words.values())))

    def valid(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.words

    def hint(self) -> str:
        return _(self.says)


class Setting(NamedTuple):
    """One declared table setting: its ``key`` (the field's name: also its key in the table
    info, the journal's header and the advertisement), its ``kind``, its ``flag``, ``help``
    and form ``label`` (msgids), its ``default`` at a hosted table and at a table against bots
    (``play``), the subcommands that take its flag (``COMMANDS``: both), and the setting it
    ``needs`` (it means nothing while that one is off: a time bank without a turn clock)."""

    key: str
    kind: Kind
    flag: str
    help: str
    label: str
    default: Any
    play: Any
    commands: tuple[str, ...]
    needs: str = ""

    def default_of(self, command: str) -> Any:
        """The value a table gets when nobody says otherwise (``command``: "play" or the
        forms' "bots" is a table against bots)."""
        return self.play if command in ("play", "bots") else self.default

    def checked(self, value: Any) -> Any:
        """``value`` as the table keeps it; ``engine.BadSetup`` if a table cannot have it."""
        if not self.kind.valid(value):
            import engine

            code, params = self.kind.refusal(self.key)
            raise engine.BadSetup(code, **params)
        return self.kind.clean(value)

    def kept(self, value: Any) -> Any:
        """A value read back (a journal's header): the default if a table cannot have it."""
        return self.kind.clean(value) if self.kind.valid(value) else self.default

    def idle(self, values: Mapping[str, Any]) -> bool:
        """Whether this setting means nothing among ``values``: the one it needs is off."""
        return bool(self.needs) and values.get(self.needs) in (None, False)

    def spelled(self) -> str:
        """The flag as ``--help`` and ``kotatsu rules`` spell it: ``--clock S``,
        ``--hints, --no-hints`` where it is on at a table against bots."""
        if self.kind.metavar is not None:
            return f"{self.flag} {self.kind.metavar}"
        if self.play is True or self.default is True:
            return f"{self.flag}, --no-{self.flag.removeprefix('--')}"
        return self.flag


def setting(
    kind: Kind,
    *,
    flag: str,
    help: str,
    label: str,
    default: Any,
    play: Any = MISSING,
    commands: tuple[str, ...] = COMMANDS,
    needs: str = "",
) -> Any:
    """A field of ``TableSettings`` declared as a table setting (see the module docstring):
    its default at a hosted table, and at a table against bots unless ``play`` says."""
    plays = default if play is MISSING else play
    said = Setting("", kind, flag, help, label, default, plays, commands, needs)
    return field(default=default, metadata={SETTING: said})


def declared(cls: type) -> tuple[Setting, ...]:
    """The settings declared on the dataclass ``cls``, in their order."""
    out: list[Setting] = []
    for each in fields(cls):
        said = _declaration(each)
        if said is not None:
            out.append(said._replace(key=each.name))
    return tuple(out)


def _declaration(each: Field[Any]) -> Setting | None:
    said = each.metadata.get(SETTING)
    return said if isinstance(said, Setting) else None


# -- the command line ---------------------------------------------------------------------
def add_flags(parser: argparse.ArgumentParser, command: str, settings: tuple[Setting, ...]) -> None:
    """The flags of ``settings`` that ``command`` ("host" or "play") takes, with their help;
    each value is read by its kind (a wrong one is refused with what it takes)."""
    for each in settings:
        if command not in each.commands:
            continue
        on = each.default_of(command)
        if each.kind.metavar is None:  # a switch: on with its flag, off with --no-… where on
            action = argparse.BooleanOptionalAction if on else "store_true"
            parser.add_argument(
                each.flag, dest=each.key, action=action, default=on, help=_(each.help)
            )
            continue
        parser.add_argument(
            each.flag,
            dest=each.key,
            type=flag_type(each),
            default=on,
            metavar=each.kind.metavar,
            help=_(each.help),
        )


def flag_type(each: Setting) -> Callable[[str], Any]:
    """argparse's type of a setting's flag: a wrong value is refused with what it takes."""

    def parse(text: str) -> Any:
        try:
            return each.kind.read(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = each.key  # argparse names the type in some errors
    return parse


def given(args: argparse.Namespace, command: str, settings: tuple[Setting, ...]) -> dict[str, Any]:
    """The values a command line gave (each setting's default where it has no flag)."""
    return {s.key: getattr(args, s.key, s.default_of(command)) for s in settings}
