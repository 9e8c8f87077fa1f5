"""A game's table options as form fields, built from its schema (``Game.OPTIONS``,
``Option.spec``): variants as checkboxes, choices as selects, numbers as number fields with
their range, flags as a checkbox; each with its help underneath, in the player's language."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select

import engine
from engine.base import Option
from lang import _
from net.table.settings import SETTINGS
from tui.option_words import help_of, name_of, value_words
from tui.tcss import compact
from tui.widgets.tick import Tick
from tui.widgets.typed import TypedInput


def field_id(key: str, value: object = None) -> str:
    return f"opt-{key}" if value is None else f"opt-{key}-{value}"


def number_hint(option: Option) -> str:
    spec = option.spec
    top = spec.hi
    span = _("{lo} or more").format(lo=spec.lo) if top is None else f"{spec.lo}–{top}"
    # TRANSLATORS: an empty number field of a table option that is left to the game
    return _("{span}; empty: not set").format(span=span) if spec.unset else span


class OptionFields(Vertical):
    """The fields of ``game``'s options; ``values()`` reads them (ValueError says what is
    wrong, in the player's words)."""

    DEFAULT_CSS = compact("""
    OptionFields { height: auto; }
    """)

    def __init__(self, game: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.schema = engine.GAMES[game].OPTIONS

    def compose(self) -> ComposeResult:
        for key, option in self.schema.items():
            with Horizontal(classes="field"):
                yield Label(name_of(self.game, key), classes="field-label")
                yield from self.widgets(key, option)
            if option.help:
                yield Label(help_of(option), classes="field-help")

    def widgets(self, key: str, option: Option) -> ComposeResult:
        spec = option.spec
        if spec.kind == "many":
            chosen = set(option.default or ())
            for value in spec.values:
                yield Tick(value_words(self.game, value), value in chosen, id=field_id(key, value))
        elif spec.kind == "choice":
            choices = [(value_words(self.game, v), i) for i, v in enumerate(spec.values)]
            start = spec.values.index(option.default) if option.default in spec.values else 0
            yield Select(choices, value=start, allow_blank=False, id=field_id(key))
        elif spec.kind == "flag":
            yield Tick(_("on"), bool(option.default), id=field_id(key))
        else:
            shown = "" if option.default is None else str(option.default)
            if spec.kind == "number":
                hint = number_hint(option)
                yield TypedInput(shown, placeholder=hint, type="integer", id=field_id(key))
            else:
                yield TypedInput(shown, id=field_id(key))

    def raw(self) -> dict[str, Any]:
        """Every option's value as the fields hold it (None: a number left empty)."""
        out: dict[str, Any] = {}
        for key, option in self.schema.items():
            spec = option.spec
            if spec.kind == "many":
                out[key] = [
                    v for v in spec.values if self.query_one(f"#{field_id(key, v)}", Checkbox).value
                ]
            elif spec.kind == "choice":
                index = self.query_one(f"#{field_id(key)}", Select).value
                out[key] = spec.values[index if isinstance(index, int) else 0]
            elif spec.kind == "flag":
                out[key] = self.query_one(f"#{field_id(key)}", Checkbox).value
            else:
                text = self.query_one(f"#{field_id(key)}", Input).value.strip()
                out[key] = text or None
        return out

    def values(self) -> dict[str, Any]:
        """The options that differ from the game's defaults, checked by the game's own
        checks; a wrong value raises ValueError naming the field and its range."""
        out: dict[str, Any] = {}
        for key, value in self.raw().items():
            option = self.schema[key]
            try:
                checked = option.check(value)
            except ValueError:
                spec = option.spec
                if spec.kind == "number":
                    # TRANSLATORS: a table form's error; {field} is the option's name
                    raise ValueError(
                        _("{field}: {hint}").format(
                            field=name_of(self.game, key), hint=number_hint(option)
                        )
                    ) from None
                raise ValueError(name_of(self.game, key)) from None
            default = option.default
            if checked != default and not (checked in ([], ()) and default in ([], ())):
                out[key] = checked
        return out


def setting_id(key: str) -> str:
    return f"setting-{key}"


def _shown(value: object) -> str:
    """A setting's default in its field: a number as "30", a word as it is ("off")."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:g}"
    return str(value)


class SettingFields(Vertical):
    """The table settings (net/table/settings.py's declarations: hints, the turn clock, its
    bank…), one field a setting with its help, their defaults those of ``mode`` ("host" or
    "bots"); ``values()`` reads them (ValueError says what is wrong, in the player's words)."""

    DEFAULT_CSS = compact("""
    SettingFields { height: auto; }
    """)

    def __init__(self, mode: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.mode = mode

    def compose(self) -> ComposeResult:
        for setting in SETTINGS:
            if self.mode == "host" and "host" not in setting.commands:
                continue
            if self.mode == "bots" and "play" not in setting.commands:
                continue
            kind, default = setting.kind, setting.default_of(self.mode)
            with Horizontal(classes="field"):
                yield Label(_(setting.label), classes="field-label")
                if kind.metavar is None:
                    yield Tick(_("on"), bool(default), id=setting_id(setting.key))
                elif kind.choices:
                    choices = [(kind.show(value), value) for value in kind.choices]
                    yield Select(
                        choices, value=default, allow_blank=False, id=setting_id(setting.key)
                    )
                else:
                    shown = "" if not default else _shown(default)
                    yield TypedInput(shown, placeholder=kind.hint(), id=setting_id(setting.key))
            yield Label(_(setting.help), classes="field-help")

    def values(self) -> dict[str, Any]:
        """Every setting's value; a wrong one raises ValueError naming the field."""
        out: dict[str, Any] = {}
        for setting in SETTINGS:
            kind, key = setting.kind, setting.key
            found = self.query(f"#{setting_id(key)}")
            if not found:
                continue  # not a setting of this form's command
            if kind.metavar is None:
                out[key] = found.only_one(Checkbox).value
            elif kind.choices:
                out[key] = found.only_one(Select).value
            else:
                try:
                    out[key] = kind.read(found.only_one(Input).value)
                except ValueError:
                    raise ValueError(
                        _("{field}: {hint}").format(field=_(setting.label), hint=kind.hint())
                    ) from None
        return out
