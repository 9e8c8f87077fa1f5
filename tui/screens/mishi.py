"""The 秘十 Mi Shi table: the four seats around the trick, your hand inline, the bidding.

Everything is drawn from the received view; what can be chosen comes from ``legal`` and a
local check of the view's lead (see ``mishi_keys``). Multi-card decisions (burying, playing)
are built by picking cards and sent whole; declaring and going alone are one key each.
"""

from __future__ import annotations

from collections import Counter
from itertools import zip_longest
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from engine.mishi.cards import ORDERS, Order

from ..text import literal
from ..widgets.cards import CardFace, render_row
from . import mishi_draw as draw
from .mishi_keys import MishiDecisions
from .mishi_widgets import InlineHand, Painted
from .table import TableScreen

STEPS = {"deal": "declare", "bao": "bao", "bury": "bury", "play": "play"}


class MishiScreen(MishiDecisions, TableScreen):
    """Mi Shi for four: declaring, going alone, burying, and Tractor-style tricks."""

    GAME = "mishi"
    TITLE = "秘十 Mi Shi"
    CSS_PATH: ClassVar = ["table.tcss", "mishi.tcss"]
    BINDINGS: ClassVar[list] = [
        Binding("d", "declare", "declare", id="declare"),
        Binding("t", "last_trick", "last trick", id="last-trick"),
    ]
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ("declare", "last_trick")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.step = "wait"
        self.decision: tuple | None = None
        self.picked: list[int] = []
        self.cursor = 0
        self.option = 0  # which declaration / go-alone bid is chosen
        self.drawn: list[str] = []  # my cards that came with the latest state (the deal)
        self.previous_hand: list[str] = []
        self.show_last = False
        self.finished: dict | None = None  # the last hand_end event
        self.quiet_passers: set[int] = set()  # passed in this deal since the last declaration
        self.voids: dict[int, set[str]] = {}  # suits a seat has shown out of this hand
        self.trick_suit: str | None = None  # the led suit of the trick the events are in

    def compose_table(self) -> ComposeResult:
        yield Painted(id="trick-table")
        yield Static("", id="info", markup=False)
        yield Static("", id="me-label", markup=False)
        yield InlineHand(self.cards, id="hand")
        yield Static("", id="hand-result", markup=False)

    def show_waiting(self, seated: Text) -> None:
        self.query_one("#trick-table", Painted).show(lambda width: seated)

    # -- the state -----------------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        hand = self.view.get("hand")
        return list(hand) if isinstance(hand, list) else []

    @property
    def order(self) -> Order:
        """The card order of the trump named so far (from the view)."""
        return ORDERS.get(self.view.get("trump"), ORDERS[None])

    def asked(self) -> str:
        """What the local seat must decide now: a step name, or "wait"."""
        if self.me is None or self.me not in (self.view.get("pending") or []) or not self.legal:
            return "wait"
        return STEPS.get(str(self.view.get("phase")), "wait")

    def receive_state(self, message: dict) -> None:
        view = message.get("view")
        if isinstance(view, dict):
            if self.states_seen == 0 and not message.get("events"):
                number = view.get("hand_number", 1)
                first = self.seat_name(view.get("first_player"))
                words = f"Hand {number} · {draw.says(first, 'draws')} first"
                self.log_pane.add(Text(words, style="bold"))
            hand = view.get("hand") if isinstance(view.get("hand"), list) else []
            self.drawn = list((Counter(hand) - Counter(self.previous_hand)).elements())
            self.previous_hand = list(hand)
        for event in message.get("events") or []:
            if isinstance(event, dict) and event.get("type") == "hand_end":
                self.finished = event
            if isinstance(event, dict) and event.get("type") == "trick_won":
                self.show_last = False
        super().receive_state(message)

    def draw(self) -> None:
        step = self.asked()
        view = self.view
        key = (
            step,
            view.get("hand_number"),
            view.get("to_deal"),
            view.get("trick_number"),
            len(view.get("trick") or []),
            len(self.hand),
        )
        if key != self.decision:
            self.decision = key
            self.start(step)
        self.render_all()

    def start(self, step: str) -> None:
        """A new decision: nothing picked, the cursor on a card that can be picked."""
        self.step = step
        self.picked = []
        self.option = 0
        enabled = self.pickable()
        if self.step in ("bury", "play") and enabled and not enabled[self.cursor % len(enabled)]:
            self.cursor = next((i for i, ok in enumerate(enabled) if ok), 0)
        self.cursor = min(self.cursor, max(0, len(self.hand) - 1))

    # -- drawing -------------------------------------------------------------------------
    def header_parts(self) -> list[Text | str]:
        view = self.view
        if not view:
            return ["秘十 Mi Shi"]
        parts: list[Text | str] = [
            "秘十",
            f"hand {view.get('hand_number', 1)}/{view.get('hands', '?')}",
        ]
        phase = view.get("phase")
        standing = view.get("bao") or view.get("declaration")
        if phase in ("deal", "bao"):
            if isinstance(standing, dict):
                line = Text(f"{self.seat_name(standing.get('seat'))} ")
                line.append("goes alone " if view.get("bao") else "shows ")
                line.append_text(draw.bid_text(self.cards, standing))
                parts.append(line)
            else:
                parts.append(Text("no trump yet", style="dim"))
            return parts
        trump = Text("trump ")
        trump.append_text(draw.suit_text(self.cards, view.get("trump")))
        parts.append(trump)
        declarer = view.get("declarer")
        if isinstance(declarer, int):
            parts.append(Text(draw.says(self.seat_name(declarer), "declares"), style="bold yellow"))
            partner = Text("partner ")
            partner.append_text(draw.partner_text(view, self.me, self.seat_name))
            parts.append(partner)
        return parts

    def render_all(self) -> None:
        self.query_one("#trick-table", Painted).show(self.paint_table)
        self.query_one("#info", Static).update(self.info_text())
        self.render_hand()
        result = self.query_one("#hand-result", Static)
        shown = self.finished is not None and (
            self.view.get("over") or self.view.get("phase") in ("deal", "bao", "bury")
        )
        result.display = bool(shown)
        if shown and self.finished is not None:
            result.update(draw.hand_words(self.finished, self.seat_name))
        self.prompt.ask(self.question(), waiting=self.step == "wait")
        self.update_keys()

    def seat_lines(
        self, seat: int, plays: dict[int, list[str]], highlight: int | None
    ) -> list[Text]:
        """A seat around the trick: name (coloured by side), cards and points, its play."""
        view = self.view
        pending = seat in (view.get("pending") or [])
        name = Text("▶ " if pending and not self.settings.ascii_only else ("> " if pending else ""))
        name.append_text(literal(self.seat_name(seat), draw.side_style(view, seat), limit=12))
        name.append_text(draw.role_tag(view, seat, self.me))
        counts = view.get("counts") or []
        captured = view.get("captured") or []
        info = Text(draw.cards_words(counts[seat] if seat < len(counts) else 0), style="dim")
        if view.get("phase") == "play" or (captured and any(captured)):
            info.append(f" · {captured[seat] if seat < len(captured) else 0} pts", style="dim")
        if view.get("phase") == "play" and seat == view.get("leader") and not self.showing_last():
            info.append(" · led", style="dim")
        if view.get("phase") == "play" and self.voids.get(seat):
            info.append(" · void ", style="dim")
            for suit in sorted(self.voids[seat], key="TSHCD".index):
                info.append_text(draw.suit_text(self.cards, "trump" if suit == "T" else suit))
        return [name, info, *self.played_lines(plays.get(seat, []), seat, highlight == seat)]

    def played_lines(self, cards: list[str], seat: int, won: bool) -> list[Text]:
        """A seat's play in this trick: inline, or boxed cards when the terminal is large."""
        if not cards:
            return [self.bid_of(seat)] + [Text("")] * (2 if self.large else 0)
        if self.large:
            faces = [CardFace(code, highlight=won) for code in cards]
            return render_row(faces, self.cards).split("\n")
        played = self.cards.hand(cards)
        if won:
            played.stylize("underline")
        return [played]

    def bid_of(self, seat: int) -> Text:
        """During the bidding, a seat's shown tens stand where its play would be."""
        view = self.view
        for key, words in (("bao", "alone "), ("declaration", "shows ")):
            bid = view.get(key)
            if isinstance(bid, dict) and bid.get("seat") == seat and view.get("phase") != "play":
                out = Text(words, style="dim")
                out.append_text(draw.bid_text(self.cards, bid))
                return out
        return Text("")

    def showing_last(self) -> bool:
        """The last trick is shown: asked for with t, or the current trick has not begun."""
        last = self.view.get("last_trick")
        if not isinstance(last, dict):
            return False
        return self.show_last or (self.view.get("phase") == "play" and not self.view.get("trick"))

    def paint_table(self, width: int) -> Text:
        """The other three seats around the trick and my play below it (fits any width)."""
        view = self.view
        width = max(width, 20)
        last = view.get("last_trick") if self.showing_last() else None
        source = last.get("plays") if isinstance(last, dict) else view.get("trick")
        plays = {
            p.get("seat"): list(p.get("cards") or []) for p in source or [] if isinstance(p, dict)
        }
        winner = last.get("winner") if isinstance(last, dict) else self.winning_seat()
        bottom = self.me if self.me is not None else 0
        left, top, right = [(bottom + k) % 4 for k in (1, 2, 3)]
        out = Text(no_wrap=True, overflow="crop")
        for line in self.seat_lines(top, plays, winner):
            out.append_text(draw.centred(line, width))
            out.append("\n")
        roomy = self.large
        if roomy:
            out.append("\n")
        half = width // 2
        for a, b in zip_longest(
            self.seat_lines(left, plays, winner),
            self.seat_lines(right, plays, winner),
            fillvalue=Text(""),
        ):
            out.append_text(draw.fit(a, half))
            out.append_text(draw.fit(b, width - half))
            out.append("\n")
        if roomy:
            out.append("\n")
        out.append_text(self.bottom_lines(plays, winner, width))
        out.append_text(draw.centred(self.trick_caption(last), width))
        return out

    def bottom_lines(self, plays: dict[int, list[str]], winner: int | None, width: int) -> Text:
        """Below the trick: my play (a spectator sees the first seat like the others)."""
        out = Text()
        if self.me is None:
            for line in self.seat_lines(0, plays, winner):
                out.append_text(draw.centred(line, width))
                out.append("\n")
            return out
        mine = self.played_lines(plays.get(self.me, []), self.me, winner == self.me)
        in_play = self.view.get("phase") == "play"
        if not plays.get(self.me) and in_play:
            mine[0] = Text("—", "dim")
        label = Text("You: ", style="bold") if in_play or mine[0].plain else Text("")
        if self.large:
            out.append_text(draw.centred(label, width))
            out.append("\n")
            label = Text("")
        for line in mine:
            out.append_text(draw.centred(label + line, width))
            out.append("\n")
        return out

    def trick_caption(self, last: dict | None) -> Text:
        view = self.view
        if isinstance(last, dict):
            points = last.get("points") or 0
            line = Text(f"last trick: {self.seat_name(last.get('winner'))} won", style="italic")
            line.append(f" · {points} pts" if points else " · no points", style="italic")
            if self.show_last:
                line.append(" · t hide", style="dim")
            return line
        if view.get("phase") != "play":
            return Text("")
        line = Text(f"trick {view.get('trick_number', 0)}", style="dim")
        lead = view.get("lead")
        if lead:
            line.append(": ", style="dim")
            line.append_text(draw.lead_words(lead, self.cards, article=False))
            best = self.winning_seat()
            if best is not None and len(view.get("trick") or []) > 1:
                line.append(" · " + draw.says(self.seat_name(best), "is") + " winning", "dim")
        return line

    def info_text(self) -> Text:
        view = self.view
        phase = view.get("phase")
        if phase == "deal":
            return Text(f"Dealing · {view.get('to_deal', 0)} cards to draw · 8 to the kitty", "dim")
        if phase == "bao":
            return Text("The deal is done · going alone (包牌) is offered in turn", style="dim")
        if phase == "bury":
            kitty = view.get("kitty")
            if isinstance(kitty, list) and kitty:
                line = Text("Kitty, now in your hand (·): ", style="dim")
                line.append_text(self.cards.hand(kitty))
                return line
            return Text(
                f"{self.seat_name(view.get('declarer'))} takes the kitty and buries 8", "dim"
            )
        if phase == "play":
            return self.points_line()
        return Text("")

    def points_line(self) -> Text:
        """Defenders' points so far, when this seat knows who the defenders are."""
        view = self.view
        sides = view.get("sides") or []
        captured = view.get("captured") or []
        line = Text("")
        if sides and all(s is not None for s in sides):
            total = sum(p for s, p in zip(sides, captured, strict=False) if s == "defender")
            line.append(f"Defenders {total} pts", style="bold cyan")
        else:
            line.append(f"Points taken {sum(captured)} of 200", style="dim")
        buried = view.get("buried")
        if isinstance(buried, list) and buried:
            line.append(" · buried ", style="dim")
            line.append_text(self.cards.hand(buried))
        return line

    def render_hand(self) -> None:
        row = self.query_one("#hand", InlineHand)
        label = self.query_one("#me-label", Static)
        if self.me is None:
            label.update(Text("Watching (spectator)", style="dim"))
            row.display = False
            return
        view = self.view
        text = Text("You", style=draw.side_style(view, self.me))
        text.append_text(draw.role_tag(view, self.me, None))
        captured = view.get("captured") or []
        text.append(f" · {draw.cards_words(len(self.hand))}", style="dim")
        if view.get("phase") == "play":
            text.append(
                f" · {captured[self.me] if self.me < len(captured) else 0} pts", style="dim"
            )
        if self.step in ("bury", "play") and self.picked:
            text.append(f" · picked {self.picked_count_words()}", style="bold yellow")
        label.update(text)
        row.display = bool(self.hand)
        cursor = self.cursor if self.step in ("bury", "play") else None
        groups = [self.order.suit(c) for c in self.hand]
        row.show(self.hand, groups, self.pickable(), set(self.picked), cursor, self.kitty_marks())

    def kitty_marks(self) -> set[int]:
        """Where the kitty's cards sit in my hand while I bury (one of two equal cards)."""
        kitty = self.view.get("kitty")
        if self.view.get("phase") != "bury" or not isinstance(kitty, list):
            return set()
        left = Counter(kitty)
        marks = set()
        for index, code in enumerate(self.hand):
            if left[code]:
                left[code] -= 1
                marks.add(index)
        return marks

    def on_inline_hand_clicked(self, message: InlineHand.Clicked) -> None:
        """Mouse: a click on a card moves there and picks it, like the keyboard would."""
        if self.step in ("bury", "play"):
            self.cursor = message.index
            self.on_pick()

    # -- log, toasts, history ------------------------------------------------------------
    def describe_event(self, event: dict) -> Text | str | None:
        """One line per event; a player asked again and again during the deal is told once
        (until the next declaration), so the log is not a wall of passes."""
        kind, seat = event.get("type"), event.get("seat")
        if kind in ("declare", "hand_start", "redeal", "dealt"):
            self.quiet_passers.clear()
        self.note_voids(event)
        if kind == "pass" and event.get("phase") == "deal" and isinstance(seat, int):
            if seat in self.quiet_passers:
                return None
            self.quiet_passers.add(seat)
        return draw.event_line(event, self.seat_name, self.cards)

    def note_voids(self, event: dict) -> None:
        """Remember who showed out of a led suit (public: everyone saw the cards)."""
        kind, seat = event.get("type"), event.get("seat")
        if kind in ("hand_start", "redeal", "kitty_taken"):
            self.voids, self.trick_suit = {}, None
        elif kind == "trick_won":
            self.trick_suit = None
        elif kind == "play" and isinstance(seat, int):
            cards = [c for c in event.get("cards") or [] if isinstance(c, str)]
            order = ORDERS.get(self.view.get("trump"), ORDERS[None])
            try:
                suits = [order.suit(c) for c in cards]
            except KeyError:
                return
            if self.trick_suit is None:
                self.trick_suit = suits[0] if suits else None
            elif any(suit != self.trick_suit for suit in suits):
                self.voids.setdefault(seat, set()).add(self.trick_suit)

    def toast_for(self, event: dict) -> str | None:
        return draw.toast_line(event, self.seat_name, self.cards)

    def round_history(self) -> list[Text]:
        return [
            draw.hand_words(record, self.seat_name)
            for record in self.view.get("history") or []
            if isinstance(record, dict)
        ]
