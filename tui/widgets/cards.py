"""Drawing cards in a terminal: boxes, labels, backs, and a row widget you can pick from.

Every glyph choice depends on the ``CardStyle`` the app was started with: unicode suits with
red hearts and diamonds by default, ``10H`` codes with ``--ascii``, and suit letters with no
colour at all under ``NO_COLOR``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = {"H", "D"}
JOKER_CODES = {"JK", "BJ", "SJ"}
UNKNOWN = "?"  # a card the viewer cannot know (arrived face down)
BACK = None  # a card drawn face down


@dataclass(frozen=True)
class CardStyle:
    """How cards look: ``ascii_only`` gives ``10H``; ``color`` off gives plain suit letters."""

    ascii_only: bool = False
    color: bool = True

    @property
    def letters(self) -> bool:
        return self.ascii_only or not self.color

    def back(self, width: int = 2) -> str:
        return ("#" if self.ascii_only else "▒") * width

    def lock_mark(self) -> str:
        return "*" if self.letters else "🔒"

    def label(self, code: str | None, declared: str | None = None) -> str:
        """The short face of a card: ``10♥`` / ``10H``, ``★`` / ``JK`` (``★=K`` once declared)."""
        if code is None:
            return self.back()
        if code == UNKNOWN:
            return "?"
        if code in JOKER_CODES:
            face = {"JK": "★", "BJ": "B★", "SJ": "S★"}[code] if not self.letters else code
            if declared:
                face = f"{face}={declared}"
            return face
        rank, suit = code[:-1], code[-1]
        return rank + (suit if self.letters else SUIT_GLYPHS.get(suit, suit))

    def card_style(self, code: str | None) -> str:
        """The Rich style of a card's face: red suits red (when colour is on)."""
        if not self.color or code is None or code == UNKNOWN:
            return ""
        if code in JOKER_CODES:
            return "bold magenta"
        return "bold red" if code[-1] in RED_SUITS else "bold"

    def text(self, code: str | None, declared: str | None = None) -> Text:
        """One card as inline text (for logs, reveals and prompts)."""
        return Text(self.label(code, declared), style=self.card_style(code))

    def hand(self, codes: Sequence[str | None], sep: str = " ") -> Text:
        """Several cards inline: ``2♠ 2♥ 6♦``."""
        out = Text()
        for i, code in enumerate(codes):
            if i:
                out.append(sep)
            out.append_text(self.text(code))
        return out


@dataclass
class CardFace:
    """One card in a row, with what the player may do with it now."""

    code: str | None  # a card code, UNKNOWN ("?"), or BACK (None)
    enabled: bool = True  # may be picked now (dimmed when not)
    picked: bool = False
    locked: bool = False  # Asterisk: already changed hands this round
    highlight: bool = False  # part of a winning group
    declared: str | None = None  # a joker's declared rank
    tag: str = ""  # a short mark under the card (e.g. a position number)
    extra: dict = field(default_factory=dict)
    # How PickableCards places and marks it (tui/widgets/pickable.py):
    group: object = None  # cards of one group stand together, groups apart
    row: object = None  # a new row starts a new line (under its title)
    label: str | None = None  # inline text instead of the card's label (e.g. only the rank)
    marked: bool = False  # pointed out (a · under it)
    empty: bool = False  # a place with no card in it


def box_lines(face: CardFace, style: CardStyle, *, large: bool, cursor: bool) -> list[Text]:
    """The lines of one boxed card: 3 lines of 5 columns, or 5 of 7 when ``large``."""
    inner = 5 if large else 3
    label = style.label(face.code, face.declared)
    if face.code is None:
        label = style.back(inner)
    if len(label) > inner and face.declared:
        label = label[0] + face.declared
    label = label[:inner]
    if style.ascii_only:
        top, bottom, side = "+" + "-" * inner + "+", "+" + "-" * inner + "+", "|"
    elif face.picked:
        top, bottom, side = "┏" + "━" * inner + "┓", "┗" + "━" * inner + "┛", "┃"
    else:
        top, bottom, side = "╭" + "─" * inner + "╮", "╰" + "─" * inner + "╯", "│"
    frame = _frame_style(face, style, cursor)
    face_style = style.card_style(face.code)
    if not face.enabled:
        face_style = (face_style + " dim").strip()
    if face.highlight and style.color:
        face_style = (face_style + " underline").strip()

    def middle(content: str, align: str) -> Text:
        line = Text(side, style=frame)
        if align == "left":
            padded = content.ljust(inner)
        elif align == "right":
            padded = content.rjust(inner)
        else:
            padded = content.center(inner) if len(content) < inner else content
        line.append(padded, style=face_style)
        line.append(side, style=frame)
        return line

    rows = [Text(top, style=frame)]
    if large:
        if face.code is None:
            rows += [middle(label, "center")] * 3
        else:
            short = label if len(label) <= 3 else label[:3]
            rows += [middle(short, "left"), middle(label, "center"), middle(short, "right")]
    else:
        rows.append(middle(label, "right" if len(label) < inner else "center"))
    rows.append(Text(bottom, style=frame))
    return rows


def _frame_style(face: CardFace, style: CardStyle, cursor: bool) -> str:
    if not style.color:
        return "bold" if cursor or face.picked else ""
    if face.picked:
        return "bold yellow"
    if cursor:
        return "bold cyan" if face.enabled else "cyan"
    if face.highlight:
        return "bold green"
    if not face.enabled:
        return "dim"
    return ""


def render_row(
    faces: Sequence[CardFace],
    style: CardStyle,
    *,
    large: bool = False,
    cursor: int | None = None,
    gap: int = 0,
    show_marks: bool = True,
) -> Text:
    """A row of boxed cards side by side, with an optional line of marks underneath."""
    if not faces:
        return Text("(no cards)", style="dim")
    columns = [box_lines(f, style, large=large, cursor=i == cursor) for i, f in enumerate(faces)]
    height = len(columns[0])
    width = 7 if large else 5
    out = Text(no_wrap=True, overflow="crop")
    for row in range(height):
        if row:
            out.append("\n")
        for i, col in enumerate(columns):
            if i and gap:
                out.append(" " * gap)
            out.append_text(col[row])
    if show_marks:
        out.append("\n")
        for i, f in enumerate(faces):
            if i and gap:
                out.append(" " * gap)
            if i == cursor:
                mark, mark_style = ("^" if style.ascii_only else "▲"), "bold cyan"
            elif f.picked:
                mark, mark_style = ("+" if style.ascii_only else "●"), "yellow"
            elif f.locked:
                mark, mark_style = style.lock_mark(), "bold"
            else:
                mark, mark_style = f.tag, "dim"
            cells = cell_len(mark)
            left = (width - cells) // 2
            padded = " " * left + mark + " " * max(0, width - cells - left)
            out.append(padded, style=mark_style if style.color else "")
    return out


class CardRow(Widget):
    """A row of cards with a cursor. Clicking a card moves the cursor there and says so."""

    DEFAULT_CSS = """
    CardRow { height: auto; width: auto; }
    """

    @dataclass
    class Clicked(Message):
        """A card was clicked; ``index`` is its place in the row."""

        row: CardRow
        index: int

    def __init__(
        self,
        style: CardStyle,
        *,
        large: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.card_style = style
        self.large = large
        self.faces: list[CardFace] = []
        self.cursor: int | None = None
        self.gap = 0

    def show(self, faces: Sequence[CardFace], cursor: int | None = None) -> None:
        """Redraw with these cards and this cursor position."""
        resized = len(faces) != len(self.faces)
        self.faces = list(faces)
        self.cursor = cursor
        self.refresh(layout=resized)

    def set_large(self, large: bool) -> None:
        if large != self.large:
            self.large = large
            self.refresh(layout=True)

    def render(self) -> Text:
        return render_row(self.faces, self.card_style, large=self.large, cursor=self.cursor)

    def get_content_width(self, container, viewport) -> int:  # type: ignore[override]
        return max(1, len(self.faces) * (7 if self.large else 5), 10)

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[override]
        return (5 if self.large else 3) + 1

    def on_click(self, event: events.Click) -> None:
        if not self.faces:
            return
        index = event.x // (7 if self.large else 5)
        if 0 <= index < len(self.faces):
            event.stop()
            self.post_message(self.Clicked(self, index))
