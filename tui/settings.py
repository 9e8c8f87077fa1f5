"""What the player chose when starting the app (glyphs, colour, name, language)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lang import DEFAULT as DEFAULT_LANG
from lang import current as current_lang
from lang import normalize as normalize_lang

from .text import clean
from .widgets.cards import CardStyle

NAME_LIMIT = 20


#: Settings' fields, in the order ``Settings`` takes them.
FIELDS = (
    "ascii_only",
    "color",
    "name",
    "cursor_blink",
    "lang",
    "nudge",
    "four_colour",
    "suit_letters",
)


class Settings:
    """Options that shape every screen: made and read, never changed (``replace`` makes new
    ones), equal when their fields are. ``color`` follows NO_COLOR and ``lang`` is the
    process's language unless given. A plain class: as a frozen dataclass it compiled six
    methods from text at every start (some 4 M instructions)."""

    __slots__ = FIELDS

    ascii_only: bool
    color: bool
    name: str | None
    cursor_blink: bool  # off in tests and screenshots, so pictures do not flicker
    #: The language this player reads (a code of lang.LANGUAGES); default: the process's.
    lang: str
    #: A bell and a desktop notification when the table starts waiting for me.
    nudge: bool
    #: Four suit colours (♠ ♥ ♦ ♣ each its own) instead of red and black.
    four_colour: bool
    #: Every card names its suit with a letter (10H, QS), in colour too.
    suit_letters: bool

    def __init__(
        self,
        ascii_only: bool = False,
        color: bool | None = None,
        name: str | None = None,
        cursor_blink: bool = True,
        lang: str | None = None,
        nudge: bool = True,
        four_colour: bool = False,
        suit_letters: bool = False,
    ) -> None:
        if color is None:
            color = not os.environ.get("NO_COLOR")
        if lang is None:
            lang = current_lang()
        values = (ascii_only, color, name, cursor_blink, lang, nudge, four_colour, suit_letters)
        for field, value in zip(FIELDS, values, strict=True):
            object.__setattr__(self, field, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"settings are not changed ({name}): replace() makes new ones")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"settings are not changed ({name}): replace() makes new ones")

    def values(self) -> tuple[object, ...]:
        """The fields' values, in the order of FIELDS."""
        return tuple(getattr(self, field) for field in FIELDS)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Settings:
            return NotImplemented
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __reduce__(self) -> tuple[type[Settings], tuple[object, ...]]:
        return Settings, self.values()  # (copied and pickled by its fields)

    def __repr__(self) -> str:
        shown = ", ".join(f"{field}={getattr(self, field)!r}" for field in FIELDS)
        return f"Settings({shown})"

    def replace(self, **changes: Any) -> Settings:
        """These settings with the fields ``changes`` names changed."""
        return Settings(**{**dict(zip(FIELDS, self.values(), strict=True)), **changes})

    @property
    def cards(self) -> CardStyle:
        return CardStyle(
            ascii_only=self.ascii_only,
            color=self.color,
            four_colour=self.four_colour,
            suit_letters=self.suit_letters,
        )

    def with_choices(self, choices: Mapping[str, bool]) -> Settings:
        """These settings with the player's yes/no ``choices`` (keys of CHOICES) changed."""
        return self.replace(
            nudge=choices.get("nudge", self.nudge),
            four_colour=choices.get("four_colour", self.four_colour),
            suit_letters=choices.get("suit_letters", self.suit_letters),
        )


#: The player's own yes/no choices kept in the config (``key = "on"`` / ``"off"``), each a
#: field of ``Settings`` and a command-line flag (``--four-colour`` / ``--no-four-colour``).
CHOICES = ("nudge", "four_colour", "suit_letters")


def load_choices() -> dict[str, bool]:
    """The yes/no choices saved on earlier runs (a value that is not on/off is ignored)."""
    saved = load_config()
    out = {}
    for key in CHOICES:
        value = saved.get(key, "").strip().lower()
        if value in ("on", "off"):
            out[key] = value == "on"
    return out


def save_choice(key: str, value: bool) -> None:
    """Remember one of the CHOICES for the next runs."""
    if key not in CHOICES:
        raise ValueError(f"not a saved choice: {key}")
    save_setting(key, "on" if value else "off")


def terminal_wants_ascii(
    environ: Mapping[str, str] | None = None, *, started_in_c: bool | None = None
) -> bool:
    """Whether the terminal cannot show the card glyphs (♠ ★ 🔒 秘十) and box-drawing
    borders: the Linux console (``TERM=linux``), or a locale set without UTF-8 (the first of
    LC_ALL, LC_CTYPE, LANG that is set, e.g. ``LANG=C``). An unset locale is taken as able.

    Python itself sets ``LC_CTYPE=C.UTF-8`` in its environment when it starts in the C
    locale (PEP 538 coercion, with UTF-8 mode on: PEP 540), so ``LANG=C`` would read as
    UTF-8: that ``LC_CTYPE`` is not the player's and is passed over (``started_in_c``: the
    process started in the C locale; by default read from ``sys.flags.utf8_mode`` for the
    process's own environment)."""
    env = os.environ if environ is None else environ
    if started_in_c is None:
        started_in_c = environ is None and sys.flags.utf8_mode == 1 and "PYTHONUTF8" not in env
    if env.get("TERM", "") == "linux":
        return True
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(key)
        if key == "LC_CTYPE" and started_in_c and value == "C.UTF-8":
            continue  # Python's coercion, not the player's locale
        if value:
            low = value.lower().replace("-", "")
            return "utf8" not in low
    return False


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/kotatsu/config.toml`` (or ``~/.config/kotatsu/config.toml``)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "kotatsu" / "config.toml"


def load_config() -> dict[str, str]:
    """The saved choices (``name``, ``lang``): only string values; {} if there is no file or
    it cannot be read. A file as ``save_setting`` writes it is read by ``as_written``; any
    other TOML by tomllib (imported then: some 8 M instructions of every start otherwise)."""
    try:
        text = config_path().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    data: Mapping[str, object] | None = as_written(text)
    if data is None:
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return {}
    return {k: v for k, v in data.items() if isinstance(v, str)}


_BARE_KEY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def as_written(text: str) -> dict[str, str] | None:
    """The TOML ``text`` read as tomllib reads it, if it is as ``save_setting`` writes it:
    lines ``key = "value"`` ending in a newline, each a bare key given once and a basic
    string whose only escapes are ``\\`` and ``\"`` (and no control character but a tab).
    None for any other text."""
    if text and not text.endswith("\n"):
        return None
    out: dict[str, str] = {}
    for line in text.split("\n")[:-1]:
        key, sep, rest = line.partition(' = "')
        if not sep or not key or not set(key) <= _BARE_KEY or key in out:
            return None
        if not rest.endswith('"'):
            return None
        value = _basic_string(rest[:-1])
        if value is None:
            return None
        out[key] = value
    return out


def _basic_string(body: str) -> str | None:
    """The value of a TOML basic string's ``body`` (between its quotes) whose only escapes
    are ``\\`` and ``\"``; None if it has another escape, a bare quote or a control
    character other than a tab."""
    if body.isprintable() and "\\" not in body and '"' not in body:
        return body
    chars: list[str] = []
    escaped = False
    for char in body:
        if escaped:
            if char not in '\\"':
                return None
            chars.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"' or (char < " " and char != "\t") or char == "\x7f":
            return None
        else:
            chars.append(char)
    return None if escaped else "".join(chars)


def save_setting(key: str, value: str) -> None:
    """Remember one choice for the next runs, keeping the others."""
    data = load_config()
    data[key] = value
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for k, v in sorted(data.items()):
        escaped = v.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'{k} = "{escaped}"\n')
    path.write_text("".join(lines), encoding="utf-8")


def load_name() -> str | None:
    """The name saved on the first run (None: never asked, or the file is unreadable)."""
    name = load_config().get("name")
    return clean(name, limit=NAME_LIMIT) or None if name else None


def save_name(name: str) -> str:
    """Remember ``name`` (cleaned) for the next runs; returns what was saved."""
    name = clean(name, limit=NAME_LIMIT)
    save_setting("name", name)
    return name


def load_lang() -> str | None:
    """The language chosen in the lobby on an earlier run (None: never chosen)."""
    return normalize_lang(load_config().get("lang"))


def save_lang(code: str) -> str:
    """Remember the lobby's language choice; returns the language code kept."""
    code = normalize_lang(code) or DEFAULT_LANG
    save_setting("lang", code)
    return code
