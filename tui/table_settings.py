"""The table settings (hints, the turn clock…) as the screens and the command line show them.

Each setting is declared once, as a field of ``TableSettings`` (net/table/settings.py, with
net/table/declared.py's kinds): its flag, help, label, values and defaults. This module reads the
declarations and names no setting: the command line's flags (``add_flags``) and the values
it gave (``chosen``), ``kotatsu rules GAME`` (``listing``), the waiting room's line
(``summary``); the host and bots forms build a field for each (tui/lobby/table_options.py).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from lang import _
from net.table import declared
from net.table.settings import SETTINGS, problem
from tui.option_words import hanging

__all__ = ["SETTINGS", "add_flags", "chosen", "listing", "problem", "resume_kept", "summary"]


def add_flags(parser: argparse.ArgumentParser, command: str) -> None:
    """The settings' flags of ``command`` ("host" or "play"), each with its help."""
    declared.add_flags(parser, command, SETTINGS)


def chosen(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """The settings' values a command line gave (the defaults otherwise)."""
    return declared.given(args, command, SETTINGS)


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


def listing() -> list[str]:
    """``kotatsu rules``: one line a setting, its flag, help and defaults."""
    lines = []
    for setting in SETTINGS:
        default = setting.kind.show(setting.default)
        if setting.play != setting.default:
            # TRANSLATORS: kotatsu rules: a setting's default at hosted tables and at play
            said = _("default: {host}; kotatsu play: {play}").format(
                host=default, play=setting.kind.show(setting.play)
            )
        else:
            said = _("default: {value}").format(value=default)
        commands = ", ".join(f"kotatsu {c}" for c in setting.commands)
        lines.append(f"  {setting.spelled()}  ({commands})")
        lines += hanging(f"{_(setting.help)} · {said}", "      ")
    return lines


def summary(info: Mapping[str, Any]) -> str:
    """The waiting room's line of a table's settings (its ``table`` info): "hints on ·
    turn clock 30 s · time bank 60 s"."""
    parts = []
    for setting in SETTINGS:
        if setting.key not in info:
            continue
        if setting.idle(info):
            continue  # no clock: no bank to speak of
        shown = setting.kind.show(info[setting.key])
        # TRANSLATORS: the waiting room's line of settings: one setting and its value
        # ("Hints on", "Turn clock 30 s"); the line joins them with " · "
        parts.append(_("{setting} {value}").format(setting=_(setting.label), value=shown))
    return " · ".join(parts)
