"""The host's table settings (issue 27: hints, the turn clock and its bank, …), one row each.

Every place that shows or asks for them reads ``SETTINGS``: the command line's flags
(``add_flags``), ``kotatsu rules GAME`` (``listing``), the lobby's host and play forms
(tui/lobby/forms.py) and the waiting room (``summary``). A new setting is one row here (and
its field in net/settings.py ``TableSettings``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lang import N_, _
from net.clock import BANK_MAX, CLOCK_MAX, CLOCK_MIN, clock_error
from net.reasons import say
from tui.option_words import hanging


@dataclass(frozen=True)
class Setting:
    """One table setting: its ``key`` (``TableSettings``'s field, the ``table`` info's key),
    its ``flag`` (with ``metavar``, None for an on/off switch), the ``help`` (a msgid), its
    ``label`` in the forms, the ``default`` at a hosted table and at a table against bots
    (``play``), the subcommands that take the flag, how a value reads and shows, and its
    ``choices`` where it takes one of a few values."""

    key: str
    flag: str
    metavar: str | None
    help: str
    label: str
    default: Any
    play: Any
    commands: tuple[str, ...]
    read: Callable[[str], Any]
    show: Callable[[Any], str]
    #: the values it may take, where they are few (the forms offer them as a choice)
    choices: tuple[str, ...] = ()


def seconds_words(value: object) -> str:
    """``30`` -> "30 s"."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # TRANSLATORS: a number of seconds (the turn clock, the time bank)
        return _("{n} s").format(n=f"{value:g}")
    return _("off")


def on_off(value: object) -> str:
    return _("on") if value is True else _("off")


def read_clock(text: str) -> float | None:
    """A form's or flag's turn clock: empty or "off" is none; ValueError says the range."""
    text = text.strip()
    if text.lower() in ("", "off", "0", _("off")):
        return None
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    wrong = clock_error(value, 0)
    if wrong is not None:
        raise ValueError(say(*wrong))
    return value


def read_bank(text: str) -> float:
    """A form's or flag's time bank (empty: none); ValueError says the range."""
    text = text.strip()
    try:
        value = float(text) if text else 0.0
    except ValueError:
        value = float("nan")
    wrong = clock_error(None, value)
    if wrong is not None:
        raise ValueError(say(*wrong))
    return value


TAKEBACK_WORDS = {
    "off": N_("off"),
    # TRANSLATORS: take-backs are asked of the other people at the table (yes or no)
    "ask": N_("ask the table"),
    # TRANSLATORS: take-backs are granted at once
    "free": N_("free"),
}
"""How each take-back mode (net/takebacks.py) is said."""


def read_takebacks(text: str) -> str:
    """A form's or flag's take-backs: off (or empty), ask or free, also as the words shown."""
    said = text.strip().lower()
    if not said:
        return "off"
    for mode, words in TAKEBACK_WORDS.items():
        if said in (mode, _(words).lower()):
            return mode
    raise ValueError(_("take-backs: off, ask or free"))


def takeback_words(value: object) -> str:
    return (
        _(TAKEBACK_WORDS[value]) if isinstance(value, str) and value in TAKEBACK_WORDS else _("off")
    )


def read_switch(text: str) -> bool:
    return text.strip().lower() in ("1", "on", "yes", "true")


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "hints",
        "--hints",
        None,
        N_("players may ask for a hint (h: what the bot would do; the table sees it)"),
        # TRANSLATORS: a table setting in the host and play forms (hints for learners)
        N_("Hints"),
        False,
        True,
        ("host", "play"),
        read_switch,
        on_off,
    ),
    Setting(
        "clock",
        "--clock",
        "S",
        # TRANSLATORS: --help of --clock; keep S (the flag's value)
        N_("S seconds per decision, then the time bank; then the bot makes it"),
        # TRANSLATORS: a table setting in the host and play forms: seconds per decision
        N_("Turn clock"),
        None,
        None,
        ("host", "play"),
        read_clock,
        seconds_words,
    ),
    Setting(
        "bank",
        "--bank",
        "S",
        # TRANSLATORS: --help of --bank; keep S (the flag's value)
        N_("with --clock: each player's extra S seconds for the whole game"),
        # TRANSLATORS: a table setting in the host and play forms: extra seconds per game
        N_("Time bank"),
        0.0,
        0.0,
        ("host", "play"),
        read_bank,
        seconds_words,
    ),
    Setting(
        "takebacks",
        "--takebacks",
        "{off,ask,free}",
        # TRANSLATORS: --help of --takebacks; keep off, ask and free (the flag's values)
        N_(
            "may players take back their last action: off, ask (the other people at the "
            "table say yes or no) or free"
        ),
        # TRANSLATORS: a table setting in the host and play forms (taking back one's last action)
        N_("Take-backs"),
        "off",
        "off",
        ("host", "play"),
        read_takebacks,
        takeback_words,
        tuple(TAKEBACK_WORDS),
    ),
)


def by_key(key: str) -> Setting:
    return next(s for s in SETTINGS if s.key == key)


def add_flags(parser: argparse.ArgumentParser, command: str) -> None:
    """The settings' flags of ``command`` ("host" or "play"), each with its help."""
    for setting in SETTINGS:
        if command not in setting.commands:
            continue
        if setting.metavar is None:  # a switch: on with its flag, or off with --no-… where on
            on = setting.play if command == "play" else setting.default
            parser.add_argument(
                setting.flag,
                action=argparse.BooleanOptionalAction if on else "store_true",
                default=on,
                help=_(setting.help),
            )
            continue
        parser.add_argument(
            setting.flag,
            type=flag_type(setting),
            default=setting.default,
            metavar=setting.metavar,
            help=_(setting.help),
        )


def flag_type(setting: Setting) -> Callable[[str], Any]:
    """argparse's type of a setting's flag: a wrong value is refused with its range."""

    def parse(text: str) -> Any:
        try:
            return setting.read(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = setting.key  # argparse names the type in some errors
    return parse


def chosen(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """The settings' values a command line gave (the defaults otherwise)."""
    default = "play" if command == "play" else "default"
    return {s.key: getattr(args, s.key, getattr(s, default)) for s in SETTINGS}


# What ``kotatsu host`` sets at a new table and a resumed one reads from its journal, with the
# value each has when not given (``--level`` may change on resume: the journal says which).
_TABLE_FLAGS = {"seats": ("--seats", None), "bots": ("--bots", 0), "seed": ("--seed", None),
                "name": ("--name", None), "option": ("--option", None)}  # fmt: skip


def resume_kept(args: argparse.Namespace) -> str | None:
    """The first flag given with ``--resume`` that would set the table anew (the journal's
    settings win: saying nothing of the flag would drop it silently), or None."""
    flags = dict(_TABLE_FLAGS)
    flags.update({s.key: (s.flag, s.default) for s in SETTINGS if "host" in s.commands})
    for key, (flag, default) in flags.items():
        if getattr(args, key, default) != default:
            return flag
    return None


def problem(values: Mapping[str, Any]) -> str | None:
    """What is wrong with settings that are each fine alone (a bank without a clock)."""
    if values.get("clock") is None and values.get("bank"):
        return _("--bank needs --clock: a time bank is drawn only past a turn clock")
    return None


def listing() -> list[str]:
    """``kotatsu rules``: one line a setting, its flag, help and defaults."""
    lines = []
    for setting in SETTINGS:
        flag = setting.flag + (f" {setting.metavar}" if setting.metavar else "")
        if setting.metavar is None and setting.play:  # a switch that is on at play
            flag += ", --no-" + setting.flag.removeprefix("--")
        default = setting.show(setting.default)
        if setting.play != setting.default:
            # TRANSLATORS: kotatsu rules: a setting's default at hosted tables and at play
            said = _("default: {host}; kotatsu play: {play}").format(
                host=default, play=setting.show(setting.play)
            )
        else:
            said = _("default: {value}").format(value=default)
        commands = ", ".join(f"kotatsu {c}" for c in setting.commands)
        lines.append(f"  {flag}  ({commands})")
        lines += hanging(f"{_(setting.help)} · {said}", "      ")
    return lines


def ranges() -> dict[str, str]:
    """The forms' placeholders: what each field takes."""
    return {
        # TRANSLATORS: the turn clock field's placeholder: empty means no clock
        "clock": _("off, or {lo}–{hi} s").format(lo=CLOCK_MIN, hi=CLOCK_MAX),
        "bank": _("0–{hi} s").format(hi=BANK_MAX),
        # TRANSLATORS: the take-backs field's placeholder
        "takebacks": _("off, ask or free"),
    }


def summary(info: Mapping[str, Any]) -> str:
    """The waiting room's line of a table's settings (its ``table`` info): "hints on ·
    turn clock 30 s · time bank 60 s"."""
    parts = []
    for setting in SETTINGS:
        if setting.key not in info:
            continue
        value = info[setting.key]
        if setting.key == "bank" and info.get("clock") is None:
            continue  # no clock: no bank to speak of
        parts.append(f"{_(setting.label)} {setting.show(value)}")
    return " · ".join(parts)
