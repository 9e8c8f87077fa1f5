"""The 秘十 Mi Shi table: the four seats around the trick, your hand inline, the bidding.

Everything is drawn from the received view; what is being chosen, and what each key does,
is the decision model's (``flow.MishiDecisions``): this part of the table (tui/table/part.py)
only draws, and answers keys and clicks with what the model decides.
Multi-card decisions (burying, playing) are built by picking cards and sent whole; declaring
and going alone are one key each. Styles are component classes, styled in ``mishi.tcss``.
"""

from __future__ import annotations

from functools import partial
from itertools import zip_longest
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding

from engine.mishi.cards import TRUMP
from lang import N_, _, pgettext
from tui import cells
from tui.fill import fill, mine_or
from tui.table.decisions import Outcome
from tui.table.header import header_line
from tui.table.messages import TableState
from tui.table.parse import Event, Wired
from tui.table.part import Asked, Given, LogLine, Refusal, TablePart, Taken
from tui.text import literal
from tui.widgets.cards import CardFace
from tui.widgets.pickable import PickableCards
from tui.widgets.steady import Steady

from . import draw
from .face import MishiFace
from .flow import MishiDecisions, Step, winning_seat
from .model import HandRecord, LastTrick, MishiView, Phase, Side
from .widgets import Painted
from .words import info_line, lead_words

GAP = 2  # cells between the left and the right seat around the trick


class MishiTable(TablePart):
    """Mi Shi for four: declaring, going alone, burying, and Tractor-style tricks."""

    GAME = "mishi"
    RESULTS_EACH_ROUND = True
    # TRANSLATORS: the name of the card game 秘十 Mi Shi (keep 秘十)
    TITLE = N_("秘十 Mi Shi")
    CSS_PATH: ClassVar[list[str]] = ["mishi.tcss"]
    COMPONENT_CLASSES: ClassVar[set[str]] = set(draw.COMPONENTS)
    KEPT_HEIGHTS: ClassVar[tuple[str, ...]] = ("#info",)  # info wraps by phase
    KEYS: ClassVar[list[Binding]] = [
        # TRANSLATORS: Mi Shi footer key: declare trump by showing a ten (亮主); ≤ 8 cells
        Binding("d", "declare", N_("declare"), id="declare"),
        # TRANSLATORS: Mi Shi footer key: show the last trick; keep very short (≤ 10 cells)
        Binding("t", "last_trick", N_("last trick"), id="last-trick"),
    ]
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ("declare", "last_trick")

    def __init__(self, given: Given) -> None:
        super().__init__(given)
        self.flow = MishiDecisions(self.me, self.cards, self.seats.asked_name, self.look)
        self.decisions = self.flow
        self.face = self.mishi_face = MishiFace(self, self.flow)
        self.finished: Wired | None = None  # the last hand_end event, as sent
        self.finished_record: HandRecord | None = None  # and as read
        # (not mounted yet: styled as it mounts, its many looks once, not twice)
        self.set_class(not self.settings.color, "-mono", update=False)

    def memory(self) -> dict[str, object]:
        return {
            "flow": self.flow,
            "mishi_face": self.mishi_face,
            "finished": self.finished,
            "finished_record": self.finished_record,
        }

    def compose(self) -> ComposeResult:
        yield Painted(id="trick-table")
        yield Steady("", id="info", markup=False)
        yield Steady("", id="me-label", markup=False)
        headings = draw.suit_headings(self.cards)
        hand = PickableCards(self.cards, inline=True, mark_at="start", headings=headings, id="hand")
        hand.empty_words = ""
        yield hand
        yield Steady("", id="hand-result", markup=False)

    def on_mount(self) -> None:
        self.set_interval(0.5, self.count_down)

    def count_down(self) -> None:
        """The seconds left to show a ten tick in the prompt."""
        if self.flow.step == "declare" and self.flow.offer.until is not None:
            self.post_message(self.Ask())

    def refused(self, code: object, words: str) -> Refusal:
        """A declaration that lost the race is told in the log too (the prompt moves on)."""
        if code == "too_late":
            return Refusal(lines=((Text(words, style=self.look("mishi--strong")), None),))
        return Refusal()

    def waiting_room(self, seated: Text) -> None:
        self.query_one("#trick-table", Painted).show(lambda width: seated)

    # -- the state -----------------------------------------------------------------------
    @property
    def game_view(self) -> MishiView:
        """The view on show, parsed once (by the decision model, when it came)."""
        return self.flow.parsed.of(self.view)

    def taking(self, state: TableState, events: list[Wired], first: bool) -> Taken:
        lines: list[LogLine] = []
        if first:
            view = self.flow.parsed.of(state.view)
            words = draw.first_draw(view.hand_number, view.first_player, self.you, self.seats.name)
            lines.append((Text(words, style=self.look("mishi--strong")), None))
        for raw in events:
            event = Event.of(raw)
            if event.kind == "hand_end":
                self.finished, self.finished_record = raw, HandRecord.parse(raw)
            if event.kind == "trick_won":
                self.flow.trick_won()
        return Taken(events, lines)

    def taken(self) -> list[LogLine]:
        lines: list[LogLine] = []
        chose, self.flow.chose = self.flow.chose, []
        if chose:
            # TRANSLATORS: Mi Shi log: the player pressed d to show a ten (亮主) during the
            # deal; the table is shown it a few seconds after the card, unless a declaration
            # made on an earlier card (not shown yet) outranks it ("too late" then)
            words = _("You will show {cards}: the table sees it a few seconds after your card")
            lines.append((fill(words, cards=self.cards.hand(chose)), None))
        missed, self.flow.missed = self.flow.missed, []
        if missed:
            # TRANSLATORS: Mi Shi log: the time to show a ten (亮主) went by unanswered
            chance = _("Your chance to show {cards} passed")
            lines.append((fill(chance, cards=self.cards.hand(missed)), None))
        return lines

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "declare":
            return self.flow.can_declare()
        return action == "last_trick" and self.flow.has_last_trick()

    def act(self, action: str, *parameters: object) -> Outcome:
        if action == "declare":
            return self.flow.declare()
        return self.flow.last_trick() if action == "last_trick" else None

    @on(PickableCards.Picked)
    def _picked(self, message: PickableCards.Picked) -> None:
        """Mouse: a click on a card moves there and picks it, like the keyboard would."""
        message.stop()
        self.post_message(self.Decided(self.flow.click(message.index)))

    # -- drawing -------------------------------------------------------------------------
    def header_parts(self, tail: int) -> list[Text | str]:
        if not self.view:
            return [_(self.TITLE)]
        view = self.game_view
        # TRANSLATORS: Mi Shi header: the hand being played of how many ("hand 2/8")
        number = _("hand {number}/{hands}").format(
            number=view.hand_number, hands="?" if view.hands is None else view.hands
        )
        parts: list[Text | str] = ["秘十", number]
        phase = view.phase
        standing = view.bao or view.declaration
        if phase in (Phase.DEAL, Phase.BAO):
            if standing is not None:
                seat = standing.seat
                if view.bao:
                    # TRANSLATORS: Mi Shi header: a player goes alone (包牌) with these tens
                    mine, theirs = _("You go alone {cards}"), _("{name} goes alone {cards}")
                else:
                    # TRANSLATORS: Mi Shi header: a player shows these tens to declare (亮主)
                    mine, theirs = _("You show {cards}"), _("{name} shows {cards}")
                cards = draw.bid_text(self.cards, standing)
                template = mine_or(seat, self.you, mine, theirs)
                parts.append(fill(template, name=self.seats.name(seat), cards=cards))
            else:
                # TRANSLATORS: Mi Shi header: nobody has declared trump (亮主) yet
                parts.append(Text(_("no trump yet"), style=self.look("mishi--dim")))
            return parts
        suit = draw.suit_text(self.cards, view.trump, self.look)
        # TRANSLATORS: Mi Shi header: the trump suit
        parts.append(fill(_("trump {suit}"), suit=suit))
        declarer = view.declarer
        if declarer is None:
            return parts
        # TRANSLATORS: Mi Shi header: who declared trump (亮主)
        template = mine_or(declarer, self.you, _("You declare"), _("{name} declares"))
        says = template.format(name=self.seats.name(declarer))
        parts.append(Text(says, style=self.look("mishi--declarers")))
        partner = draw.partner_text(view, self.me, self.seats.name, self.look)
        unknown = view.case is None and Side.PARTNER not in view.sides  # "partner ?"
        if not unknown or self.fits([*parts, partner], tail):
            parts.append(partner)
        return parts

    def fits(self, parts: list[Text | str], tail: int) -> bool:
        """Whether the header with ``parts`` keeps "kotatsu" in the window (else the header
        drops the app's name first: "partner ?", which only says that no seat line is tagged
        partner yet, gives way to it, so that the title stays the same from deal to play)."""
        width = self.app.size.width
        line = header_line(
            parts,
            table_name=None,
            away=[],
            connection="online",
            look=self.look,
            ascii_only=self.settings.ascii_only,
        )
        return not width or line.cell_len + tail <= width

    def draw(self) -> None:
        self.query_one("#trick-table", Painted).show(self.paint_table)
        self.query_one("#info", Steady).show(
            info_line(self.game_view, self.cards, self.look, self.seats.name)
        )
        self.render_hand()
        result = self.query_one("#hand-result", Steady)
        shown = self.finished_record is not None and (
            self.game_view.over or self.game_view.phase in (Phase.DEAL, Phase.BAO, Phase.BURY)
        )
        result.display = bool(shown)
        if shown and self.finished_record is not None:
            result.show(draw.hand_words(self.finished_record, self.seats.name, self.look))

    def question(self) -> Asked:
        return Asked(self.flow.question(), waiting=self.flow.step == Step.WAIT)

    def seat_lines(
        self, seat: int, plays: dict[int, list[str]], highlight: int | None
    ) -> list[Text]:
        """A seat around the trick: name (coloured by side), cards and points, its play."""
        view, look = self.game_view, self.look
        dim = look("mishi--dim")
        pending = seat in view.pending
        name = Text("▶ " if pending and not self.settings.ascii_only else ("> " if pending else ""))
        name.append_text(self.styled_name(seat, draw.side_style(view, seat, look)))
        name.append_text(draw.role_tag(view, seat, self.me, look))
        info = Text(draw.cards_words(view.count(seat)), style=dim)
        in_play = view.phase == Phase.PLAY
        if in_play or any(view.captured):
            info.append(" · " + _("{points} pts").format(points=view.points(seat)), style=dim)
        showing_last = self.flow.showing_last()
        if in_play and seat == view.leader and not showing_last:
            # TRANSLATORS: Mi Shi, after a seat's counts: this seat led the trick
            info.append(" · " + pgettext("trick", "led"), style=dim)
        voids = self.mishi_face.voids
        if in_play and voids.get(seat):
            # TRANSLATORS: Mi Shi, after a seat's counts: the suits it has shown out of
            info.append(" · " + _("void") + " ", style=dim)
            for suit in sorted(voids[seat], key="TSHCD".index):
                shown = "trump" if suit == "T" else suit
                info.append_text(draw.suit_text(self.cards, shown, look))
        return [name, info, *self.played_lines(plays.get(seat, []), seat, highlight == seat)]

    def styled_name(self, seat: int, style: Style) -> Text:
        """A seat's name as typed (cut to 12 cells), in ``style``."""
        name = literal(self.seats.name(seat), limit=12)
        name.stylize(style)
        return name

    def trick_cards(self) -> PickableCards:
        """Never shown: draws the cards played to the trick (boxed) into the table's picture
        when the terminal is large (mounted then)."""
        make = partial(PickableCards, self.cards, marks=False, id="trick-cards")
        return self.mounted(PickableCards, "trick-cards", make, after="hand-result")

    def played_lines(self, cards: list[str], seat: int, won: bool) -> list[Text]:
        """A seat's play in this trick: inline, or boxed cards when the terminal is large."""
        if not cards:
            return [self.bid_of(seat)] + [Text("")] * (2 if self.large else 0)
        if self.large:
            faces = [CardFace(code, highlight=won) for code in cards]
            return self.trick_cards().stamp(faces)
        played = self.cards.hand(cards)
        if won:
            played.stylize(self.look("mishi--won"))
        return [played]

    def bid_of(self, seat: int) -> Text:
        """During the bidding, a seat's shown tens stand where its play would be."""
        view = self.game_view
        # TRANSLATORS: Mi Shi, a seat's bid: going alone (包牌) with the tens after it
        alone = pgettext("bid", "alone")
        # TRANSLATORS: Mi Shi, a seat's bid: showing the tens after it to declare (亮主)
        shows = pgettext("bid", "shows")
        for bid, words in ((view.bao, alone), (view.declaration, shows)):
            if bid is not None and bid.seat == seat and view.phase != Phase.PLAY:
                out = Text(words + " ", style=self.look("mishi--dim"))
                out.append_text(draw.bid_text(self.cards, bid))
                return out
        return Text("")

    def paint_table(self, width: int) -> Text:
        """The other three seats around the trick and my play below it (fits any width)."""
        view = self.game_view
        width = max(width, 20)
        last = view.last_trick if self.flow.showing_last() else None
        source = last.plays if last is not None else view.trick
        plays: dict[int, list[str]] = {p.seat: list(p.cards) for p in source}
        winner = last.winner if last is not None else winning_seat(view)
        bottom = self.me if self.me is not None else 0
        left, top, right = [(bottom + k) % 4 for k in (1, 2, 3)]
        out = Text(no_wrap=True, overflow="crop")
        for line in self.seat_lines(top, plays, winner):
            out.append_text(cells.centred(line, width))
            out.append("\n")
        roomy = self.large
        if roomy:
            out.append("\n")
        half = width // 2
        # the left seat at the left edge, the right one at the right edge (on the same
        # rows); a seat's counts wrap between their parts rather than being cut
        sides = [self.side_lines(seat, plays, winner, half - GAP) for seat in (left, right)]
        for a, b in zip_longest(
            sides[0], cells.right_aligned(sides[1], width - half), fillvalue=Text("")
        ):
            out.append_text(cells.fit(a, half - GAP))  # a cut line never runs into the next
            out.append(" " * GAP)
            out.append_text(cells.fit(b, width - half))
            out.append("\n")
        if roomy:
            out.append("\n")
        out.append_text(self.bottom_lines(plays, winner, width))
        caption = self.trick_caption(last)
        if caption.plain or not self.window.short:
            out.append_text(cells.centred(caption, width))
        else:  # a short window: no blank caption line (the hand needs the room)
            out.rstrip()
        return out

    def side_lines(
        self, seat: int, plays: dict[int, list[str]], winner: int | None, width: int
    ) -> list[Text]:
        """A seat beside the trick: its lines, the counts wrapped to ``width``, on two lines
        at least where the window has room (a "led" that comes and goes does not lay the
        screen out)."""
        name, info, *played = self.seat_lines(seat, plays, winner)
        counts = cells.wrapped_parts(info, width)
        room = 0 if self.window.short else 2 - len(counts)  # a short window: no blank
        return [name, *counts, *played, *[Text("")] * room]

    def bottom_lines(self, plays: dict[int, list[str]], winner: int | None, width: int) -> Text:
        """Below the trick: my play (a spectator sees the first seat like the others)."""
        out = Text()
        if self.me is None:
            for line in self.seat_lines(0, plays, winner):
                out.append_text(cells.centred(line, width))
                out.append("\n")
            return out
        mine = self.played_lines(plays.get(self.me, []), self.me, winner == self.me)
        in_play = self.game_view.phase == Phase.PLAY
        if not plays.get(self.me) and in_play:
            mine[0] = Text("—", self.look("mishi--dim"))
        # TRANSLATORS: Mi Shi, before the local player's own play in the trick
        said = _("You:")
        if self.you is None:  # a replay, read by anyone: the seat by its name
            # TRANSLATORS: Mi Shi replay, before the replayed seat's own play in the trick
            said = _("{name}:").format(name=self.seats.name(self.me))
        you = Text(said + " ", style=self.look("mishi--strong"))
        label = you if in_play or mine[0].plain else Text("")
        if self.large:
            out.append_text(cells.centred(label, width))
            out.append("\n")
            label = Text("")
        for line in mine:
            out.append_text(cells.centred(label + line, width))
            out.append("\n")
        return out

    def trick_caption(self, last: LastTrick | None) -> Text:
        view, look = self.game_view, self.look
        dim = look("mishi--dim")
        if last is not None:
            points = last.points
            caption = look("mishi--caption")
            winner = last.winner
            # TRANSLATORS: Mi Shi caption under the last trick shown again
            mine, theirs = _("last trick: You won"), _("last trick: {name} won")
            won = mine_or(winner, self.you, mine, theirs).format(name=self.seats.name(winner))
            line = Text(won, style=caption)
            # TRANSLATORS: Mi Shi caption: the last trick held no points
            worth = _("{points} pts").format(points=points) if points else _("no points")
            line.append(" · " + worth, style=caption)
            if self.flow.show_last:
                # TRANSLATORS: Mi Shi caption: t is the key that hides the last trick
                line.append(" · " + _("t hide"), style=dim)
            return line
        if view.phase != Phase.PLAY:
            return Text("")
        # TRANSLATORS: Mi Shi caption: the number of the trick being played
        line = Text(_("trick {number}").format(number=view.trick_number), style=dim)
        lead = view.lead
        if lead:
            line.append(": ", style=dim)
            line.append_text(lead_words(lead, self.cards, look))
            best = winning_seat(view)
            if best is not None and len(view.trick) > 1:
                # TRANSLATORS: Mi Shi caption: who wins the trick so far
                mine, theirs = _("You are winning"), _("{name} is winning")
                winning = mine_or(best, self.you, mine, theirs).format(name=self.seats.name(best))
                line.append(" · " + winning, dim)
        return line

    def render_hand(self) -> None:
        row = self.query_one("#hand", PickableCards)
        label = self.query_one("#me-label", Steady)
        dim = self.look("mishi--dim")
        if self.me is None:
            # TRANSLATORS: Mi Shi, in place of the hand when watching
            label.show(Text(_("Watching (spectator)"), style=dim))
            row.display = False
            return
        view, flow = self.game_view, self.flow
        hand = flow.hand
        # TRANSLATORS: the local player's own seat line ("You · 12 cards")
        you = _("You") if self.you is not None else self.seats.name(self.me)  # a replay: named
        text = Text(you, style=draw.side_style(view, self.me, self.look))
        text.append_text(draw.role_tag(view, self.me, None, self.look, own=self.you is not None))
        text.append(f" · {draw.cards_words(len(hand))}", style=dim)
        if view.phase == Phase.PLAY:
            text.append(" · " + _("{points} pts").format(points=view.points(self.me)), style=dim)
        if flow.cursor_shown() is not None and flow.picked:
            # TRANSLATORS: Mi Shi: how many cards are picked ("picked 3/8")
            picked = " · " + _("picked {count}").format(count=flow.picked_count_words())
            text.append(picked, style=self.look("mishi--picked"))
        label.show(text)
        row.display = True  # blank without cards: the column stays put between hands
        enabled, chosen, marks = flow.pickable(), set(flow.picked), flow.kitty_marks()
        faces = []
        for index, code in enumerate(hand):
            suit = flow.order.suit(code)  # trumps ("T") first, then each side suit by rank
            faces.append(
                CardFace(
                    code,
                    enabled=enabled[index],
                    picked=index in chosen,
                    marked=index in marks,
                    group=suit,
                    label=None if suit == TRUMP else code[:-1],  # a side suit: ranks only
                )
            )
        row.show(faces, flow.cursor_shown())
        self.keep_in_sight(row)


#: The part a table of this game composes (tui/games/__init__.py finds it by this name).
TABLE = MishiTable
