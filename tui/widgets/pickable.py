"""One widget for every pickable line of cards: boxed rows, a grouped hand, an inline hand.

``PickableCards`` draws its ``faces`` (``CardFace``: the card, and whether it may be picked,
is picked, locked, highlighted or pointed out) either as boxes (small or ``large``) or
``inline`` as short labels, wrapped to the widget's width. Faces with the same ``group`` stand
together and groups apart, a group may have a heading (Mi Shi's suits), and faces with another
``row`` start a new line under that row's title (Swoop's "up" slots and hand; a title may be
a styled ``Text``, and a row may end with a ``notes`` remark when it fits). A marks line under
the cards shows the cursor (``▲``), the picks (``●``), locks, tags and pointed-out cards.

How it looks comes from the component classes below, styled in ``DEFAULT_CSS`` (and any
``.tcss``), so themes and NO_COLOR decide the colours; the shapes (heavy frames, marks) tell
the cursor and the picks apart without any colour. Clicks are carried in the segments' meta,
as Textual's ``OptionList`` does: a click on a card posts ``PickableCards.Picked(index)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive

from ..tcss import compact
from .cards import JOKER_CODES, UNKNOWN, CardFace, CardStyle, box_lines
from .prepaint import Prepainted
from .steady import make_room, sized_by_css

PREFIX = "pickable-cards--"
MARK_GLYPHS = {  # (unicode, ascii)
    "cursor": ("▲", "^"),
    "picked": ("●", "+"),
    "marked": ("·", "."),
}


# Placed and Line are plain classes: as dataclasses they compiled their methods from text at
# every table's start (issue 37); they are made and read here, never compared or shown.


class Placed:
    """Where one piece of a line stands: a card (``index``) or a heading (``index`` None)."""

    __slots__ = ("group", "index", "text", "width", "x")

    def __init__(
        self, index: int | None, x: int, width: int, text: str = "", group: object = None
    ) -> None:
        self.index = index
        self.x = x
        self.width = width
        self.text = text  # a heading's text
        self.group = group  # a heading's group


class Line:
    """One line of cards (one screen line inline, a box's height boxed), or a title line."""

    __slots__ = ("indent", "is_title", "note", "places", "title")

    def __init__(
        self,
        title: str | Text = "",
        indent: str = "",
        *,
        is_title: bool = False,
        note: Text | None = None,
    ) -> None:
        self.title = title
        self.indent = indent
        self.places: list[Placed] = []
        self.is_title = is_title
        self.note = note  # the row's remark, after its last card (or its title)


class PickableCards(Prepainted):
    """Cards with a cursor, picks and marks; clicking a card posts ``Picked``."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        f"{PREFIX}{name}"
        for name in (
            "cursor",  # the cursor's frame and mark
            "cursor-label",  # an inline card under the cursor
            "picked",  # a picked card's frame and mark
            "picked-label",  # an inline picked card
            "disabled",  # a card that may not be picked now
            "locked",  # the lock mark
            "highlight",  # a card of a winning group (frame)
            "highlight-label",  # ... and its face
            "marked",  # the mark of a card pointed out
            "tag",  # a short note under a card
            "red",  # hearts and diamonds
            "black",  # spades and clubs
            "diamonds",  # the four-colour deck's diamonds
            "clubs",  # the four-colour deck's clubs
            "joker",
            "empty",  # a place with no card
            "title",  # a row's title
            "heading",  # a group's heading
        )
    }

    DEFAULT_CSS = compact("""
    PickableCards { height: auto; width: auto; }
    PickableCards.-inline, PickableCards.-rows { width: 1fr; }
    PickableCards > .pickable-cards--cursor { color: ansi_cyan; text-style: bold; }
    PickableCards > .pickable-cards--picked { color: ansi_yellow; text-style: bold; }
    PickableCards > .pickable-cards--picked-label { text-style: reverse; }
    PickableCards > .pickable-cards--highlight { color: ansi_green; text-style: bold; }
    PickableCards > .pickable-cards--red { color: ansi_red; text-style: bold; }
    PickableCards > .pickable-cards--diamonds { color: ansi_bright_blue; text-style: bold; }
    PickableCards > .pickable-cards--clubs { color: ansi_green; text-style: bold; }
    PickableCards > .pickable-cards--joker { color: ansi_magenta; text-style: bold; }
    PickableCards > .pickable-cards--cursor-label,
    PickableCards > .pickable-cards--highlight-label { text-style: underline; }
    PickableCards > .pickable-cards--disabled,
    PickableCards > .pickable-cards--tag,
    PickableCards > .pickable-cards--empty { text-style: dim; }
    PickableCards > .pickable-cards--locked,
    PickableCards > .pickable-cards--marked,
    PickableCards > .pickable-cards--black,
    PickableCards > .pickable-cards--title,
    PickableCards > .pickable-cards--heading { text-style: bold; }
    PickableCards.-plain > .pickable-cards--picked-label { text-style: bold underline; }
    PickableCards.-plain > .pickable-cards--highlight,
    PickableCards.-plain > .pickable-cards--highlight-label,
    PickableCards.-plain > .pickable-cards--red,
    PickableCards.-plain > .pickable-cards--black,
    PickableCards.-plain > .pickable-cards--diamonds,
    PickableCards.-plain > .pickable-cards--clubs,
    PickableCards.-plain > .pickable-cards--joker { text-style: none; }
    """)

    empty_words = "(no cards)"  # shown without cards ("": a hand between deals)
    # a change repaints; relayout() lays the screen out only if the height changed
    faces: reactive[tuple[CardFace, ...]] = reactive(())
    cursor: reactive[int | None] = reactive(None)
    large: reactive[bool] = reactive(False)

    class Picked(Message):
        """A card was clicked; ``index`` is its place in ``faces``."""

        def __init__(self, cards: PickableCards, index: int) -> None:
            super().__init__()
            self.cards = cards
            self.index = index

        @property
        def control(self) -> PickableCards:
            return self.cards

    def __init__(
        self,
        style: CardStyle,
        *,
        inline: bool = False,
        marks: bool = True,
        mark_at: str = "center",
        titles: Mapping[object, str | Text] | None = None,
        headings: Mapping[object, str] | None = None,
        notes: Mapping[object, str | Text] | None = None,
        **widget: Any,
    ) -> None:
        """``inline`` draws labels instead of boxes; ``mark_at`` puts a mark under the
        "start", "center" or "end" of its card; ``titles`` names the rows (a ``Text`` keeps
        its own styles) and ``headings`` the groups; ``notes`` are remarks after the rows'
        cards (on the title line when boxed), left out when they do not fit."""
        super().__init__(**widget)  # id, classes…
        self.card_style = style
        # look's answers (colour, the style), until Textual applies the CSS again
        self._looks: dict[tuple[str, ...], tuple[bool, Style]] = {}
        self.inline = inline
        self.marks = marks
        self.mark_at = mark_at
        self.titles: dict[object, str | Text] = dict(titles or {})
        self.headings: dict[object, str] = dict(headings or {})
        self.notes: dict[object, str | Text] = dict(notes or {})
        # (not mounted yet: styled as it mounts, its looks once, not once a class)
        self.set_class(inline, "-inline", update=False)
        self.set_class(bool(self.titles), "-rows", update=False)
        self.set_class(not style.color, "-plain", update=False)
        self._placed: tuple[int, list[Line]] | None = None  # lines() by width

    def show(self, faces: Sequence[CardFace], cursor: int | None = None) -> None:
        """Redraw with these cards and this cursor: only the rows that change are painted
        again (``repaint_text``), unless the cards take another height."""
        faces = tuple(faces)
        if faces == self.faces and cursor == self.cursor:
            return
        moved = faces != self.faces
        self.set_reactive(PickableCards.faces, faces)
        self.set_reactive(PickableCards.cursor, cursor)
        if moved:
            self.relayout()
        elif self.display:
            self.repaint_text()

    def watch_faces(self) -> None:
        self.relayout()

    def watch_large(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        """Repaint, and lay the screen out again only when the cards now take a different
        height at this width (or the widget is as wide as its cards): a new card in a row
        that has room is only a repaint."""
        self._placed = None  # the faces, titles or size changed: placed again
        width = self.content_region.width
        sized_by_cards = self.styles.width is not None and self.styles.width.is_auto
        if not self.display:  # hidden: laid out when shown
            return
        if not self.is_mounted or width <= 0 or sized_by_cards:
            self.refresh(layout=True)
            return
        height = self.get_content_height(None, None, width)
        if sized_by_css(self):  # e.g. the rest of the column: never laid out for its cards
            self.repaint_text()
            make_room(self, height)
        elif height != self.content_region.height:
            self.refresh(layout=True)
        else:
            self.repaint_text()

    def on_resize(self, event: events.Resize) -> None:
        width = self.content_region.width
        if width > 0 and sized_by_css(self):
            make_room(self, self.get_content_height(None, None, width))

    # -- layout ----------------------------------------------------------------------------
    @property
    def box_width(self) -> int:
        return 7 if self.large else 5

    def label(self, face: CardFace) -> str:
        """A card's inline text: its own label if given, else the card style's."""
        if face.label is not None:
            return face.label
        if face.empty:
            return "." if self.card_style.ascii_only else "·"
        return self.card_style.label(face.code, face.declared)

    def note(self, row: object, used: int, width: int) -> Text | None:
        """A row's note, if it fits after ``used`` cells (two spaces apart)."""
        note = self.notes.get(row) if row is not None else None
        if not note:
            return None
        text = Text(note) if isinstance(note, str) else note
        return text if used + 2 + text.cell_len <= width else None

    def lines(self, width: int) -> list[Line]:
        """The faces placed in lines of at most ``width`` cells (a card never splits from
        its group's heading); kept until ``relayout``, so measuring and drawing place them
        once."""
        if self._placed is None or self._placed[0] != width:
            self._placed = (width, self.place(width))
        return self._placed[1]

    def place(self, width: int) -> list[Line]:
        width = max(width, 8)
        same_gap = 1 if self.inline else 0
        out: list[Line] = []
        row: object = object()
        line = Line()
        col, group, first = 0, object(), True
        start_col = 0
        for index, face in enumerate(self.faces):
            if index == 0 or face.row != row:
                if index:
                    line.note = self.note(row, col, width) if self.inline else None
                    out.append(line)
                row = face.row
                title = self.titles.get(row, "") if row is not None else ""
                title_cells = cell_len(title) if isinstance(title, str) else title.cell_len
                if title and not self.inline:
                    note = self.note(row, title_cells, width)
                    out.append(Line(title=title, is_title=True, note=note))
                indent = title_cells if self.inline else (2 if title else 0)
                line = Line(title=title if self.inline else "", indent=" " * indent)
                col, group, first = indent, object(), True
            heading = self.headings.get(face.group, "") if face.group != group else ""
            w = self.box_width if not self.inline else cell_len(self.label(face))
            gap = 0 if first else same_gap + (face.group != group)
            needed = gap + (cell_len(heading) + 1 if heading else 0) + w
            if heading and not first:  # a headed group that fits a line is never split
                whole = self.group_cells(index, heading, same_gap)
                if col + gap + whole > width and len(line.indent) + whole <= width:
                    needed = width + 1
            if not first and col + needed > width:
                out.append(line)
                # a headed group wrapping within itself goes on under its first card (its
                # heading stays the only one); else from the row's indent
                headed = bool(self.headings.get(face.group))
                hang = headed and face.group == group and start_col + w <= width
                line = Line(indent=line.indent)
                col, gap = (start_col if hang else len(line.indent)), 0
            col += gap
            if heading:
                line.places.append(Placed(None, col, cell_len(heading), heading, face.group))
                col += cell_len(heading) + 1
            if face.group != group or first:
                start_col = col  # where this group's cards begin
            line.places.append(Placed(index, col, w))
            col += w
            group, first = face.group, False
        if self.faces:
            line.note = self.note(row, col, width) if self.inline else None
            out.append(line)
        return out

    def group_cells(self, index: int, heading: str, gap: int) -> int:
        """The cells a group takes on one line: its heading and its cards from ``index``."""
        group, row = self.faces[index].group, self.faces[index].row
        cells = cell_len(heading) + 1 - gap
        for face in self.faces[index:]:
            if face.group != group or face.row != row:
                break
            cells += gap + (self.box_width if not self.inline else cell_len(self.label(face)))
        return cells

    def get_content_width(self, container: object, viewport: object) -> int:
        # Textual types these as Size; the cards' own width on one line is all that matters
        if self.inline or self.titles:
            return 10
        ends = [p.x + p.width for line in self.lines(1 << 16) for p in line.places]
        return max([10, *ends])

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        # Textual types container and viewport as Size; the height depends on the width only
        if not self.faces:
            return 1
        body = 1 if self.inline else 5 if self.large else 3
        marks = 1 if self.marks else 0
        return sum(1 if ln.is_title else body + marks for ln in self.lines(width))

    # -- styles ----------------------------------------------------------------------------
    def look(self, *names: str) -> Style:
        """The combined Rich style of these component classes (partial: no background);
        without colours when the cards are drawn plain (``-plain``: the player's settings
        say no colour). Kept until the styles are applied again: Textual forgets its own
        component styles at every repaint, and working them out is most of a card's cost."""
        color = self.card_style.color
        kept = self._looks.get(names)
        if kept is not None and kept[0] == color:
            return kept[1]
        style = Style()
        for name in names:
            style += self.get_component_rich_style(PREFIX + name, partial=True)
        style = style if color else style.without_color
        self._looks[names] = (color, style)
        return style

    def notify_style_update(self) -> None:
        """Textual applied the CSS to this widget again (a class, the theme, the window):
        the looks kept are worked out anew."""
        self._looks.clear()
        super().notify_style_update()

    def suit_look(self, code: str | None) -> list[str]:
        if code is None or code == UNKNOWN:
            return []
        if code in JOKER_CODES:
            return ["joker"]
        return [self.card_style.suit_look(code[-1])]

    def frame_look(self, face: CardFace, at_cursor: bool) -> list[str]:
        if face.picked:
            return ["picked"]
        if at_cursor:
            return ["cursor"] if face.enabled else ["cursor", "disabled"]
        if face.highlight:
            return ["highlight"]
        return [] if face.enabled else ["disabled"]

    def face_look(self, face: CardFace, at_cursor: bool) -> list[str]:
        names = ["empty"] if face.empty else self.suit_look(face.code)
        if not face.enabled:
            names.append("disabled")
        if face.highlight:
            names.append("highlight-label")
        if self.inline and face.picked:
            names.append("picked-label")
        if self.inline and at_cursor:
            names.append("cursor-label")
        return names

    def mark_of(self, face: CardFace, at_cursor: bool) -> tuple[str, str] | None:
        """The mark under a card and its component name, or None."""
        ascii_only = self.card_style.ascii_only
        if at_cursor:
            return MARK_GLYPHS["cursor"][ascii_only], "cursor"
        if face.picked:
            return MARK_GLYPHS["picked"][ascii_only], "picked"
        if face.locked:
            return self.card_style.lock_mark(), "locked"
        if face.marked:
            return MARK_GLYPHS["marked"][ascii_only], "marked"
        if face.tag:
            return face.tag, "tag"
        return None

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> Text:
        if not self.faces:
            return Text(self.empty_words, style=self.look("tag"))
        rows: list[Text] = []
        for line in self.lines(self.size.width):
            if line.is_title:
                rows.append(self.title_text(line))
                continue
            rows.extend(self.draw_line(line))
        out = Text(no_wrap=True, overflow="crop")
        for n, row in enumerate(rows):
            if n:
                out.append("\n")
            out.append_text(row)
        return out

    def draw_line(self, line: Line) -> list[Text]:
        height = 1 if self.inline else 5 if self.large else 3
        texts = [Text(line.indent) for _ in range(height)]
        if line.title:
            texts[0] = self.title_text(line)
        marks = Text()
        for place in line.places:
            for text in texts:
                text.append(" " * (place.x - cell_len(text.plain)))
            if place.index is None:
                suit = self.suit_look(f"?{place.group}") if isinstance(place.group, str) else []
                texts[0].append(place.text, style=self.look("heading", *suit))
                continue
            click = Style(meta={"card": place.index})
            face = self.faces[place.index]
            at_cursor = place.index == self.cursor
            for text, part in zip(texts, self.card_parts(face, at_cursor), strict=True):
                part.stylize(click)
                text.append_text(part)
            mark = self.mark_of(face, at_cursor)
            if mark is not None:
                pieces = [mark]
                tagged = f"{mark[0]}{face.tag}"
                if at_cursor and face.tag and cell_len(tagged) <= place.width:
                    pieces.append((face.tag, "tag"))  # the cursor does not hide the tag
                glyph = "".join(piece for piece, _name in pieces)
                x = place.x
                if self.mark_at == "center":
                    x += (place.width - cell_len(glyph)) // 2
                elif self.mark_at == "end":
                    x += place.width - cell_len(glyph)
                marks.append(" " * max(0, x - cell_len(marks.plain)))
                for piece, name in pieces:
                    marks.append(piece, style=self.look(name) + click)
        if not line.places:
            texts[-1].append("—", style=self.look("empty"))
        if line.note is not None and not line.is_title:
            texts[0].append("  ")
            texts[0].append_text(line.note)
        return [*texts, marks] if self.marks else texts

    def title_text(self, line: Line) -> Text:
        """A row's title (a ``Text`` as it is, a string in the title's look), with the row's
        note after it on a title line."""
        title = line.title
        text = Text()  # a title's own base style must not spread to the cards after it
        text.append_text(Text(title, style=self.look("title")) if isinstance(title, str) else title)
        if line.is_title and line.note is not None:
            text.append("  ")
            text.append_text(line.note)
        return text

    def card_parts(self, face: CardFace, at_cursor: bool) -> list[Text]:
        """A card's lines: one label inline, or the lines of its box."""
        face_style = self.look(*self.face_look(face, at_cursor))
        if self.inline:
            return [Text(self.label(face), style=face_style)]
        if face.empty:
            blank = " " * self.box_width
            middle = "·".center(self.box_width)
            rows = [blank] * ((5 if self.large else 3) // 2)
            return [Text(r, style=face_style) for r in [*rows, middle, *rows]]
        parts = box_lines(face, self.card_style, large=self.large, cursor=at_cursor)
        frame_style = self.look(*self.frame_look(face, at_cursor))
        for part in parts:  # box_lines gives the frame and face; restyle from the classes
            part.spans = []
            part.style = frame_style
            side = len(part.plain) - 2
            if part.plain[:1] in "│┃|" and side > 0:
                part.stylize(face_style, 1, 1 + side)
        return parts

    def on_click(self, event: events.Click) -> None:
        index = event.style.meta.get("card")
        if isinstance(index, int) and 0 <= index < len(self.faces):
            event.stop()
            self.post_message(self.Picked(self, index))

    def stamp(self, faces: Sequence[CardFace]) -> list[Text]:
        """These cards side by side in one line, drawn as this widget draws them (its looks,
        boxes or labels) but with no cursor, marks or clicks: for a picture that only shows
        cards inside other text (a trick on the table). One ``Text`` per screen line."""
        if not faces:
            return [Text("(no cards)", style=self.look("tag"))]
        texts = [Text() for _ in range(1 if self.inline else 5 if self.large else 3)]
        for n, face in enumerate(faces):
            for text, part in zip(texts, self.card_parts(face, False), strict=True):
                text.append(" " if n and self.inline else "")
                text.append_text(part)
        return texts
