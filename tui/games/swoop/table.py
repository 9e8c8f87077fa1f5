"""The Swoop table: the pile, every player's slots and hand count, my cards by rank.

Everything is drawn from the received view (mystery cards are backs; the view never holds
them); what may be picked comes from ``legal`` (see ``flow.py``). The table's part
(tui/table/part.py): it draws, and answers keys and clicks with what the model decides. A
turn is a group of one rank picked from hand and face-up slots, or a mystery card turned with
``t`` and then the cards added to it; after a swoop the chain step asks to go on or stop.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import set_cell_size
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding

from engine.cards import rank
from lang import N_, _, ngettext, pgettext
from tui.fill import fill
from tui.table.decisions import Outcome
from tui.table.layout import WIDE
from tui.table.messages import TableState
from tui.table.parse import Event, Wired
from tui.table.part import Asked, Given, LogLine, Refusal, TablePart, Taken
from tui.text import literal
from tui.widgets.cards import CardFace, render_row
from tui.widgets.steady import Steady

from . import draw, flow
from .ask import SwoopAsk
from .cards import HAND, SLOTS, MineFaces, SwoopCards, rank_label
from .face import SwoopFace
from .model import SwoopView


class SwoopTable(TablePart):
    """Swoop for 3–8 players."""

    GAME = "swoop"
    # TRANSLATORS: the name of the card game Swoop (the Japanese seed document's own name)
    TITLE = N_("Swoop")
    LOW_SCORE_WINS = True
    RESULTS_EACH_ROUND = True
    CSS_PATH: ClassVar[list[str]] = ["swoop.tcss"]
    KEYS: ClassVar[list[Binding]] = [
        # TRANSLATORS: Swoop footer key: turn a mystery card face up; keep very short (≤ 8 cells)
        Binding("t", "turn", N_("turn"), id="turn"),
        # TRANSLATORS: Swoop footer key: stop a chain of swoops; keep very short (≤ 8 cells)
        Binding("x", "stop", N_("stop"), id="stop"),
    ]
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ("turn", "stop")
    #: The looks of the table, styled in swoop.tcss (``.-color`` when colours are on).
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"swoop--{role}" for role in draw.ROLES}

    def __init__(self, given: Given) -> None:
        super().__init__(given)
        #: What the local seat is choosing (the keys go to it; the part draws from it).
        self.model = flow.SwoopDecisions(self.me, letters=self.cards.letters)
        self.decisions = self.model
        self.face = self.swoop_face = SwoopFace(self, self.model)
        self.notice: Event | None = None  # the last hand's penalties, until my play
        # (not mounted yet: styled as it mounts, its many looks once, not twice)
        self.set_class(self.cards.color, "-color", update=False)

    def memory(self) -> dict[str, object]:
        return {"model": self.model, "swoop_face": self.swoop_face, "notice": self.notice}

    def compose(self) -> ComposeResult:
        yield Steady("", id="pile", markup=False)
        yield Steady("", id="pile-row", markup=False)
        yield Steady("", id="seats", markup=False)
        # ranks inline, as the first state draws them below a big terminal: no class changed
        # (a restyle of every look of the cards) at the first card
        yield SwoopCards(self.cards, inline=True, mark_at="end", id="mine")
        yield Steady("", id="notice", markup=False)

    def boxed(self) -> bool:
        """Big cards for my slots and hand while the hand fits in two lines of boxes (a
        hand swollen by pick-ups goes back to ranks, so nothing scrolls away)."""
        width = self.query_one("#mine", SwoopCards).size.width or 60
        return self.large and len(self.model.mine.hand) <= 2 * max(1, (width - 2) // 6)

    @property
    def narrow(self) -> bool:
        """Below 80 columns the seat lines are shorter (35 cells, not 44), so none wraps."""
        return self.window.narrow

    def waiting_room(self, seated: Text) -> None:
        self.query_one("#seats", Steady).show(seated)

    # -- the game's own keys (t, x) and clicks ---------------------------------------------
    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "turn":
            return self.model.can_turn()
        return action == "stop" and self.model.can_stop()

    def act(self, action: str, *parameters: object) -> Outcome:
        if action == "turn":
            return self.model.turn()
        return self.model.stop() if action == "stop" else None

    @on(SwoopCards.Picked)
    def _picked(self, message: SwoopCards.Picked) -> None:
        """Mouse: a click moves the cursor to the card and picks it, as space would."""
        message.stop()
        item = self.query_one("#mine", SwoopCards).item(message.index)
        if item is not None:
            self.post_message(self.Decided(self.model.click(item)))

    @property
    def game_view(self) -> SwoopView:
        """The view on show, parsed once (by the decision model, when it came)."""
        return self.model.parsed.of(self.view)

    def taking(self, state: TableState, events: list[Wired], first: bool) -> Taken:
        lines: list[LogLine] = []
        if first:
            lines.append((self.first_line(self.model.parsed.of(state.view)), None))
        for raw in events:
            event = Event.of(raw)
            if event.kind == "hand_end" and self.view is not None:
                self.swoop_face.hand_ended(event, self.view)  # the cards left
        return Taken(events, lines)

    def first_line(self, view: SwoopView) -> Text:
        """How the hand on show began: who leads, and the card that won the draw."""
        leader = view.first
        words = draw.dealt_line(view.hand_no, leader, self.you, self.seats.name)
        line = Text.assemble((words, "bold"))
        if view.hand_no == 1 and view.draws:
            won = [card for seat, card in view.draws if seat == leader]
            if won:
                card = draw.card_label(str(won[-1]), self.cards, self.look)
                # TRANSLATORS: Swoop, after "Hand 1 · Bo leads": the card that won the draw
                line.append_text(fill(" " + _("(drew {card})"), "dim", card=card))
        return line

    def draw(self) -> None:
        self.render_all()

    # -- drawing -------------------------------------------------------------------------
    def header_parts(self, tail: int) -> list[Text | str]:
        if not self.view:
            return [_(self.TITLE)]
        # TRANSLATORS: Swoop header: the number of the hand being played ("hand 3")
        number = _("hand {number}").format(number=self.game_view.hand_no)
        parts: list[Text | str] = [_(self.TITLE), number]
        scores = list(self.game_view.scores)
        line = self.scores_line(range(len(scores)), scores)
        # "kotatsu · Swoop · hand N · " comes first and the table's name (and who is away)
        # last; with many players on a narrow terminal the header keeps your total and the
        # leader's (every seat line shows its own too), never losing the table's name.
        if line.cell_len + 30 + tail > self.app.size.width and scores:
            low = min(range(len(scores)), key=lambda s: (scores[s], s))
            shown = [s for s in (self.me, low) if s is not None]
            line = self.scores_line(list(dict.fromkeys(shown)), scores)
            # TRANSLATORS: Swoop header, after the name with the fewest points ("Bo: 12 lowest")
            line.append(" " + _("lowest") if low != self.me else "", style="dim")
        parts.append(line)
        return parts

    def scores_line(self, seats: Any, scores: list[int]) -> Text:
        """ "Aki: 45 · Bo: 120 · …" for ``seats``."""
        line = Text()
        for i, seat in enumerate(seats):
            if i:
                line.append(" · ", style="dim")
            line.append_text(literal(self.seats.name(seat), limit=8))
            line.append(f": {scores[seat]}", style="bold")
        return line

    def render_all(self) -> None:
        if not self.view:
            return
        width = max(20, self.size.width - 2)
        pile = draw.pile_lines(self.game_view, self.cards, self.look, width, cards=not self.large)
        self.query_one("#pile", Steady).show(pile)
        self.render_pile_row()
        self.query_one("#seats", Steady).show(self.seats_text())
        self.render_mine()
        notice = self.query_one("#notice", Steady)
        notice.show(
            draw.penalties_text(self.notice, self.seats.name, self.look, self.you)
            if self.notice
            else Text("")
        )
        notice.display = self.notice is not None

    def question(self) -> Asked:
        asking = SwoopAsk(
            self.model,
            self.game_view,
            self.model.actions,
            self.me,
            self.seats.name,
            self.cards,
            self.look,
        )
        return Asked(asking.question(), waiting=self.model.asked() == "wait")

    def render_pile_row(self) -> None:
        """Big terminals: the top of the pile as cards."""
        row = self.query_one("#pile-row", Steady)
        pile = self.game_view.pile
        row.display = self.large and bool(pile)
        if not row.display:
            return
        run = self.game_view.top.count if self.game_view.top is not None else 0
        shown = pile[-8:]
        faces = [CardFace(code, highlight=i >= len(shown) - run) for i, code in enumerate(shown)]
        row.show(render_row(faces, self.cards, large=True))

    def seats_text(self) -> Text:
        state = self.game_view
        lines = Text(no_wrap=True, overflow="ellipsis")
        lines.append_text(self.seats_heading())
        for seat in self.seats.others():
            lines.append("\n")
            lines.append_text(
                draw.seat_line(
                    draw.SeatRow(
                        self.seats.text(seat),
                        self.seats.digit(seat),
                        turn=seat == state.turn,
                        score=state.score(seat),
                    ),
                    state.player(seat),
                    self.cards,
                    self.look,
                    flipped=state.flipped if seat == state.turn else None,
                    narrow=self.narrow,
                )
            )
        return lines

    def seats_heading(self) -> Text:
        """The column titles over the seats: the face-up slots, the mystery cards, points."""
        # TRANSLATORS: Swoop, column title over the four face-up slots; at most 13 cells
        up = set_cell_size(_("face up"), 13)
        # TRANSLATORS: Swoop, column title over the mystery (face-down) cards; at most 4 cells
        down = set_cell_size(pgettext("mystery cards", "down"), 4)
        # TRANSLATORS: Swoop, column title over each seat's penalty points; at most 3 cells
        points = set_cell_size(_("pts"), 3)
        if self.narrow:  # the seats' hand counts have no word of their own: it is here
            hand = set_cell_size(pgettext("seat", "hand"), 4)
            return Text(" " * 8 + hand + "  " + up + down + " " + points, style="dim")
        return Text(" " * 22 + up + down + "  " + points, style="dim")

    def render_mine(self) -> None:
        cards = self.query_one("#mine", SwoopCards)
        if self.me is None:
            cards.display = False
            return
        mine = self.model.mine
        asked = self.model.asked() != "wait"
        me = self.game_view.player(self.me)
        # TRANSLATORS: the local player's own seat line ("You  hand 11")
        you = _("You") if self.you is not None else self.seats.name(self.me)  # a replay: named
        head = draw.seat_head(
            Text(you, style="bold"),
            "",
            me.hand,
            self.cards,
            self.look,
            turn=self.me == self.game_view.turn,
            narrow=self.narrow,
        )
        head.append(" ")  # the slots line up with the other players' slots
        note = draw.mystery_cells(me, self.cards, self.look)
        score = self.game_view.score(self.me)
        if score is not None:
            note.append_text(draw.score_text(score, narrow=self.narrow))
        turnable = [s + 1 for s in range(4) if mine.uncovered[s]]
        if turnable and self.window.width >= WIDE:
            # TRANSLATORS: Swoop, the mystery cards that can be turned now, by slot number
            which = ngettext(
                "(slot {slots} can be turned: t)", "(slot {slots} can be turned: t)", len(turnable)
            ).format(slots=", ".join(str(s) for s in turnable))
            note.append("  " + which, style="dim")
        # TRANSLATORS: Swoop, the title of the row of cards in the local player's hand
        hand = Text("   " + set_cell_size(pgettext("seat", "hand"), 4) + " ", style="dim")
        faces = MineFaces(
            titles={SLOTS: head, HAND: hand},
            notes={SLOTS: note},
        )
        for slot in range(4):
            self.add_slot(faces, slot, asked)
        for i, code in enumerate(mine.hand):
            label = flow.rank_name(rank(code), self.cards.letters)
            face = CardFace(code, label=label, group=rank(code), row=HAND)
            self.add_mine(faces, face, ("hand", i), asked)
        if not mine.hand:  # "hand —"
            faces.add(CardFace(None, enabled=False, row=HAND, label="—", empty=True), None)
        cards.display = True
        cards.show_mine(faces, self.model.current() if asked else None, boxed=self.boxed())
        self.keep_in_sight(cards)

    def add_slot(self, faces: MineFaces, slot: int, asked: bool) -> None:
        """One of my four slots: a face-up card, a mystery card (back), the card just turned
        up (waiting for additions) or nothing."""
        flipped = self.game_view.flipped
        group = ("slot", slot) if self.large else "slots"
        if flipped is not None and flipped.slot == slot and self.game_view.turn == self.me:
            code = flipped.card
            label = rank_label(code, self.cards.letters)
            faces.add(CardFace(code, highlight=True, label=label, group=group, row=SLOTS), None)
            return
        mine = self.model.mine
        up = mine.face_up[slot]
        if up is not None:
            face = CardFace(up, label=rank_label(up, self.cards.letters), group=group, row=SLOTS)
            self.add_mine(faces, face, ("up", slot), asked)
        elif mine.mystery[slot]:
            face = CardFace(None, group=group, row=SLOTS)
            self.add_mine(faces, face, ("down", slot), asked)
        else:
            dot = " ." if self.cards.ascii_only else " ·"
            faces.add(CardFace(None, empty=True, label=dot, group=group, row=SLOTS), None)

    def add_mine(self, faces: MineFaces, face: CardFace, item: flow.Item, asked: bool) -> None:
        """One of my cards, lit, dimmed or picked as the question says."""
        if asked:
            face.picked = item in self.model.picks
            face.enabled = face.picked or self.model.enabled(item)
        faces.add(face, item)

    # -- the log -----------------------------------------------------------------------------
    def told(self, event: Wired) -> list[LogLine]:
        """The last hand's penalties stay on show until my next play."""
        told = Event.of(event)
        if told.kind == "hand_end":
            self.notice = told
        elif told.kind in ("play", "flip") and (self.me is None or told.seat == self.me):
            self.notice = None
        return []

    def refused(self, code: object, words: str) -> Refusal:
        """A rejected action asks again (the reason stays on show)."""
        self.model.rejected()
        return Refusal(redraw=True)


#: The part a table of this game composes (tui/games/__init__.py finds it by this name).
TABLE = SwoopTable
