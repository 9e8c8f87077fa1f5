"""What the player chose when starting the app (glyphs, colour, name)."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .text import clean
from .widgets.cards import CardStyle

NAME_LIMIT = 20


@dataclass(frozen=True)
class Settings:
    """Options that shape every screen. ``color`` follows NO_COLOR unless given."""

    ascii_only: bool = False
    color: bool = field(default_factory=lambda: not os.environ.get("NO_COLOR"))
    name: str | None = None
    cursor_blink: bool = True  # off in tests and screenshots, so pictures do not flicker

    @property
    def cards(self) -> CardStyle:
        return CardStyle(ascii_only=self.ascii_only, color=self.color)


def terminal_wants_ascii(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal cannot show the card glyphs (♠ ★ 🔒 秘十): the Linux console
    (``TERM=linux``), or a locale set without UTF-8 (the first of LC_ALL, LC_CTYPE, LANG
    that is set, e.g. ``LANG=C``). An unset locale is taken as able."""
    env = os.environ if environ is None else environ
    if env.get("TERM", "") == "linux":
        return True
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(key)
        if value:
            low = value.lower().replace("-", "")
            return "utf8" not in low
    return False


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/kotatsu/config.toml`` (or ``~/.config/kotatsu/config.toml``)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "kotatsu" / "config.toml"


def load_name() -> str | None:
    """The name saved on the first run (None: never asked, or the file is unreadable)."""
    try:
        data = tomllib.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return None
    name = data.get("name")
    return clean(name, limit=NAME_LIMIT) or None if isinstance(name, str) else None


def save_name(name: str) -> str:
    """Remember ``name`` (cleaned) for the next runs; returns what was saved."""
    name = clean(name, limit=NAME_LIMIT)
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    path.write_text(f'name = "{escaped}"\n', encoding="utf-8")
    return name
