"""The table's top line: "kotatsu · SwaPo · Round 2 of 4 · table "friday" · Bo away 2 min".

``header_line`` words it from what it is given; ``Header`` is the table screen's part that
draws it (given the screen as ``Headed``), and keeps the aside a driver adds (a replay's
place and chair).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.style import Style
from rich.text import Text

from lang import _
from tui.settings import Settings
from tui.text import clean, literal, to_ascii
from tui.widgets.steady import Steady

from .people import People


def header_line(
    parts: list[Text | str],
    *,
    table_name: object,
    away: list[Text],
    connection: str,
    look: Callable[[str], Style],
    ascii_only: bool,
    width: int = 0,
    watching: str = "",
) -> Text:
    """The header: the game's ``parts`` (its name, round, pile…), the table's name, who is
    away, the connection when it is not well, and who watches (``watching``). Wider than
    ``width`` (0: any width), it leaves out who watches first, then the app's name, then the
    game's parts from the last one back (never its name), each whole, so that the table's
    name, who is away and the connection stay in sight; what still does not fit ends with
    "…" rather than a cut word or a dangling "·"."""
    line = _header(parts, table_name, away, connection, look, ascii_only, app=True)
    if watching:
        line.append(" · ", look("muted"))
        line.append_text(literal(watching, look("muted"), limit=60))
    if not width or line.cell_len <= width:
        return line
    line = _header(parts, table_name, away, connection, look, ascii_only, app=True)
    if line.cell_len <= width:
        return line
    kept = list(parts)
    while True:
        line = _header(kept, table_name, away, connection, look, ascii_only, app=False)
        if line.cell_len <= width or len(kept) <= 1:
            break
        kept.pop()
    if line.cell_len > width:
        line.truncate(width, overflow="ellipsis")
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


class Headed(Protocol):
    """What of the table screen its header reads (tui/table/screen.py)."""

    quiet: bool
    table_info: dict
    people: People
    settings: Settings

    @property
    def app(self) -> Any: ...
    @property
    def connection(self) -> str: ...
    def header_parts(self) -> list[Text | str]: ...
    def look(self, name: str) -> Style: ...
    def query_one(self, selector: str, expect_type: type[Steady]) -> Steady: ...


class Header:
    """The table screen's header line, a small part the screen owns: it draws the game's parts
    (the screen's ``header_parts``), an aside a driver adds, the table's name, who is away and
    the connection into the header widget, as wide as the window."""

    def __init__(self, table: Headed) -> None:
        self.table = table
        #: More of the header after the game's own name (a replay's place and chair).
        self.aside: Callable[[], list[Text | str]] | None = None

    def tail(self) -> int:
        """The cells the header takes after the game's parts: the table's name, who is away,
        the connection (a game's parts leave room for them)."""
        table = self.table
        line = header_line(
            [],
            table_name=table.table_info.get("name"),
            away=table.people.away_marks(),
            connection=table.connection,
            look=table.look,
            ascii_only=table.settings.ascii_only,
        )
        return line.cell_len - len(" kotatsu")

    def draw(self) -> None:
        table = self.table
        if table.quiet:
            return
        # an aside (a replay's place and chair) right after the game's name: a header too wide
        # for the window loses the game's details at its end before it
        aside = self.aside() if self.aside is not None else []
        parts = table.header_parts()
        line = header_line(
            [*parts[:1], *aside, *parts[1:]],
            table_name=table.table_info.get("name"),
            away=table.people.away_marks(),
            connection=table.connection,
            look=table.look,
            ascii_only=table.settings.ascii_only,
            width=table.app.size.width,
            watching=table.people.watching_line(),
        )
        table.query_one("#header", Steady).show(line)
