"""A table's row in the lobby's list: its name and game as the network gave them (shown
literally), its seats, its address, a lock for a password, and "no answer" where joining it
found nobody listening; the column heads lined up with them."""

from __future__ import annotations

from typing import Any

from rich.cells import set_cell_size
from rich.style import Style
from rich.text import Text

import engine
from lang import _, pgettext
from tui.cells import ljust, rjust
from tui.text import clean, literal

GAME_TITLES = {name: cls.SHORT_TITLE for name, cls in engine.GAMES.items()}


def table_line(
    table: Any,
    *,
    ascii_only: bool = False,
    name: Style | str = "",
    muted: Style | str = "",
    silent: bool = False,
) -> Text:
    """One lobby row; the table's name and game come from the network, shown literally.
    ``name`` and ``muted`` are the looks of the name and of the asides; ``silent``: nobody
    answered there when it was last tried."""
    game = GAME_TITLES.get(clean(table.game), clean(table.game, limit=12))
    variant = " ".join(
        v.capitalize() for v in clean(getattr(table, "variant", "") or "", limit=24).split(",")
    )
    line = literal(set_cell_size(clean(table.name, limit=40), 16), name)
    line.append("  ")
    line.append(set_cell_size(f"{game} {variant}".strip(), 16))
    full = table.taken >= table.seats
    line.append(f"{table.taken}/{table.seats}".rjust(5), style=muted if full else "")
    line.append("  ")
    line.append_text(literal(table.endpoint, muted, limit=40))
    if table.password:
        line.append("  *" if ascii_only else "  🔒")
    if silent:
        # TRANSLATORS: the lobby, after a table's row: joining it found nobody listening
        line.append("  " + _("no answer"), style=muted)
    return line


def columns() -> str:
    """The lobby's column heads, lined up by cells with ``table_line``."""
    heads = (
        # TRANSLATORS: the lobby's column head over the tables' names (≤ 16 cells)
        pgettext("column", "table"),
        # TRANSLATORS: the lobby's column head over the games (≤ 14 cells)
        pgettext("column", "game"),
        # TRANSLATORS: the lobby's column head over the seats taken/all (≤ 5 cells)
        pgettext("column", "seats"),
        # TRANSLATORS: the lobby's column head over the tables' addresses (the last column)
        pgettext("column", "address"),
    )
    return ljust(heads[0], 18) + ljust(heads[1], 16) + rjust(heads[2], 5) + "  " + heads[3]
