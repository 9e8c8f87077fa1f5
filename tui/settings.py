"""What the player chose when starting the app (glyphs, colour, name)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from .widgets.cards import CardStyle


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
