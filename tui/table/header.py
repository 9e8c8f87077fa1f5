"""The table's top line: "kotatsu · SwaPo · Round 2 of 4 · table "friday" · Bo away 2 min"."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from lang import _
from tui.text import clean, literal, to_ascii


def header_line(
    parts: list[Text | str],
    *,
    table_name: object,
    away: list[Text],
    connection: str,
    look: Callable[[str], Style],
    ascii_only: bool,
    width: int = 0,
) -> Text:
    """The header: the game's ``parts`` (its name, round, pile…), the table's name, who is
    away, and the connection when it is not well. Wider than ``width`` (0: any width), it
    leaves out the app's name first, so that the table's name stays in sight."""
    line = _header(parts, table_name, away, connection, look, ascii_only, app=True)
    if width and line.cell_len > width:
        return _header(parts, table_name, away, connection, look, ascii_only, app=False)
    return line


def _header(
    parts: list[Text | str],
    table_name: object,
    away: list[Text],
    connection: str,
    look: Callable[[str], Style],
    ascii_only: bool,
    *,
    app: bool,
) -> Text:
    muted = look("muted")
    line = Text(" kotatsu", look("name")) if app else Text("")
    for n, part in enumerate(parts):
        line.append(" · " if app or n else " ", muted)
        part = part if isinstance(part, Text) else Text(part)
        if ascii_only:  # no 秘十 ★ where the terminal cannot show them
            part = Text(to_ascii(part.plain), style=part.style)
        line.append_text(part)
    if table_name:
        line.append(" · ", muted)
        quoted = _('table "{name}"').format(name=clean(table_name, limit=24))
        line.append_text(literal(quoted, muted))
    for mark in away:
        line.append(" · ", muted)
        line.append_text(literal(mark.plain, look("alert"), limit=40))
    if connection == "lost":
        line.append("  " + _("✗ reconnecting"), look("alert"))
    elif connection == "closed":
        line.append("  " + _("✗ closed"), look("alert"))
    return line
