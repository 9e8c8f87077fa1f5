"""The table's top line: "kotatsu · SwaPo · Round 2 of 4 · table "friday" · Bo away 2 min".

``header_line`` words it from what it is given; ``TableHeader`` is the widget that owns the
line: the table sets its reactive ``words`` (``HeaderWords``: the game's parts, the table's
name, who is away, the connection, who watches) and it draws itself, as wide as the window,
in the looks it is given (the game's, else the table's), with the aside a driver adds (a
replay's place and chair).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from lang import _
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


class HeaderWords(NamedTuple):
    """What the header says: the game's parts, then the table's name, who is away, the
    connection when it is not well, and who watches."""

    table_name: object
    away: tuple[Text, ...]
    connection: str
    watching: str
    ascii_only: bool
    parts: tuple[Text | str, ...] = ()

    @classmethod
    def of(
        cls,
        table_info: dict,
        people: People,
        connection: str,
        ascii_only: bool,
        parts: Callable[[int], list[Text | str]],
    ) -> HeaderWords:
        """What the header of a table says now: the game's ``parts`` (given the room left
        after them), the table's name, who is away, the connection, who watches."""
        words = cls(
            table_name=table_info.get("name"),
            away=tuple(people.away_marks()),
            connection=connection,
            watching=people.watching_line(),
            ascii_only=ascii_only,
        )
        return words._replace(parts=tuple(parts(words.tail())))

    def tail(self) -> int:
        """The cells the header takes after the game's parts (a game's parts leave room)."""
        line = header_line(
            [],
            table_name=self.table_name,
            away=list(self.away),
            connection=self.connection,
            look=lambda _name: Style(),
            ascii_only=self.ascii_only,
        )
        return line.cell_len - len(" kotatsu")


class TableHeader(Steady):
    """The table's header line; see the module docstring."""

    #: What the header says now (None: nothing yet); drawn when it changes.
    words: reactive[HeaderWords | None] = reactive(
        None, always_update=True, init=False, repaint=False
    )

    def __init__(self, look: Callable[[str], Style]) -> None:
        super().__init__("", id="header", markup=False)
        #: The table's looks (the game's own first: its part's ``look``).
        self.look = look
        #: More of the header after the game's own name (a replay's place and chair).
        self.aside: Callable[[], list[Text | str]] | None = None

    def watch_words(self) -> None:
        self.draw()

    def draw(self) -> None:
        """Draw the line as wide as the window: an aside right after the game's name (a header
        too wide for the window loses the game's details at its end before it)."""
        words = self.words
        if words is None:
            return
        aside = self.aside() if self.aside is not None else []
        parts = list(words.parts)
        line = header_line(
            [*parts[:1], *aside, *parts[1:]],
            table_name=words.table_name,
            away=list(words.away),
            connection=words.connection,
            look=self.look,
            ascii_only=words.ascii_only,
            width=self.app.size.width,
            watching=words.watching,
        )
        self.show(line)
