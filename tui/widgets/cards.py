"""Drawing cards in a terminal: labels, backs and boxes (rows to pick from: ``PickableCards``).

Every glyph choice depends on the ``CardStyle`` the app was started with: unicode suits with
red hearts and diamonds by default, ``10H`` codes with ``--ascii`` (or a terminal that cannot
show the glyphs), and under ``NO_COLOR`` the same glyphs with no colour at all: colour and
glyphs are separate choices (♥ and ♠ differ in shape, not only in colour). The player may
also choose a four-colour deck (♠ default, ♥ red, ♦ blue, ♣ green: ``--four-colour``) and suit
letters in colour (``--suit-letters``), so that no suit is told by its colour or a small glyph
alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text

SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = {"H", "D"}
#: Each suit's look (a PickableCards component name) in the four-colour deck.
FOUR_COLOURS = {"S": "black", "H": "red", "D": "diamonds", "C": "clubs"}
#: … and its Rich style, for cards drawn inline without a widget's CSS.
FOUR_COLOUR_STYLES = {"S": "bold", "H": "bold red", "D": "bold bright_blue", "C": "bold green"}
JOKER_CODES = {"JK", "BJ", "SJ"}
UNKNOWN = "?"  # a card the viewer cannot know (arrived face down)
BACK = None  # a card drawn face down


class CardStyle:
    """How cards look: ``ascii_only`` gives ``10H``; ``color`` off gives no colour (the glyphs
    stay);
    ``four_colour`` colours each suit its own way; ``suit_letters`` names the suit with its
    letter (``10H``) in colour too. Made and read, never changed; a plain class: a frozen
    dataclass compiled its methods from text at every start (issue 37)."""

    __slots__ = ("ascii_only", "color", "four_colour", "suit_letters")

    def __init__(
        self,
        *,
        ascii_only: bool = False,
        color: bool = True,
        four_colour: bool = False,
        suit_letters: bool = False,
    ) -> None:
        self.ascii_only = ascii_only
        self.color = color
        self.four_colour = four_colour
        self.suit_letters = suit_letters

    @property
    def letters(self) -> bool:
        """Whether the cards name their suits with letters (no glyphs)."""
        return self.ascii_only or self.suit_letters

    def suit_look(self, suit: str) -> str:
        """A suit's look by name: ``red`` or ``black``, or its own in the four-colour deck."""
        if self.four_colour:
            return FOUR_COLOURS.get(suit, "black")
        return "red" if suit in RED_SUITS else "black"

    def back(self, width: int = 2) -> str:
        return ("#" if self.ascii_only else "▒") * width

    def lock_mark(self) -> str:
        return "*" if self.ascii_only else "🔒"

    def winner_mark(self) -> str:
        """The mark before a round's winner (the reveal, the results): a crown, never the
        joker's ★."""
        return "*" if self.ascii_only else "♛"

    def cut_mark(self) -> str:
        """The mark before a card struck out of a hand (SwaPo's Stab): not told by the
        strike-through alone, which NO_COLOR terminals and some fonts do not show."""
        return "x" if self.ascii_only else "✗"

    def label(self, code: str | None, declared: str | None = None) -> str:
        """The short face of a card: ``10♥`` / ``10H``, ``★`` / ``JK`` (``★=K`` once declared)."""
        if code is None:
            return self.back()
        if code == UNKNOWN or not isinstance(code, str) or len(code) < 2:
            return "?"  # unknown, or not a card code at all (a hostile host's)
        if code in JOKER_CODES:
            face = {"JK": "★", "BJ": "B★", "SJ": "S★"}[code] if not self.letters else code
            if declared:
                face = f"{face}={declared}"
            return face
        rank, suit = code[:-1], code[-1]
        return rank + (suit if self.letters else SUIT_GLYPHS.get(suit, suit))

    def card_style(self, code: str | None) -> str:
        """The Rich style of a card's face: red suits red (when colour is on), or each suit
        its own colour in the four-colour deck."""
        if not self.color or not isinstance(code, str) or not code or code == UNKNOWN:
            return ""
        if code in JOKER_CODES:
            return "bold magenta"
        if self.four_colour:
            return FOUR_COLOUR_STYLES.get(code[-1], "bold")
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
    """One card in a row, with what the player may do with it now (equal to a face with the
    same fields: a row of them is drawn again only when one changed)."""

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


def render_row(faces: Sequence[CardFace], style: CardStyle, *, large: bool = False) -> Text:
    """A row of boxed cards side by side, for looking at only (a row to pick from is a
    ``PickableCards``, tui/widgets/pickable.py)."""
    if not faces:
        return Text("(no cards)", style="dim")
    columns = [box_lines(f, style, large=large, cursor=False) for f in faces]
    out = Text(no_wrap=True, overflow="crop")
    for row in range(len(columns[0])):
        if row:
            out.append("\n")
        for col in columns:
            out.append_text(col[row])
    return out
