"""What the player chose when starting the app (glyphs, colour, name)."""

from __future__ import annotations

import os
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
