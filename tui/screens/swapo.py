"""The SwaPo table: your five cards, the seats around, the swap flow, the reveal.

Everything is drawn from the received view; what can be chosen comes from ``legal`` (see
``swapo_flow``). A decision is built step by step — opponent, count, cards (Dagger: their
positions, then yours) — and sent whole; esc steps back.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ..connect import Seat
from ..settings import Settings
from ..text import literal
from ..widgets.cards import CardFace, CardRow
from . import swapo_draw as draw
from . import swapo_flow as flow
from .swapo_keys import SwapoDecisions
from .table import TableScreen

CONFIRM_LABELS = {
    "target": "choose",
    "count": "choose",
    "cards": "swap",
    "take": "next",
    "give_pos": "swap",
    "give": "give",
    "arrange": "lay down",
    "declare": "declare",
    "power": "use",
    "power_rank": "take",
    "reveal": "continue",
}
PICK_STEPS = {"cards", "take", "give_pos", "give", "arrange"}
MENU_STEPS = {"count", "declare", "power", "power_rank"}


class SwapoScreen(SwapoDecisions, TableScreen):
    """SwaPo, with Dagger, Asterisk and Ace in any combination."""

    GAME = "swapo"
    TITLE = "SwaPo"
    CSS_PATH: ClassVar = ["table.tcss", "swapo.tcss"]
    BINDINGS: ClassVar[list] = [Binding("p", "pass_turn", "pass", id="pass")]
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ("pass_turn",)

    def __init__(self, seat: Seat, settings: Settings) -> None:
        super().__init__(seat, settings)
        self.step = "wait"
        self.decision: tuple | None = None
        self.target: int | None = None
        self.k: int | None = None
        self.picked: list[int] = []
        self.taken: list[int] = []
        self.cursor = 0
        self.target_cursor = 0
        self.menu: list[tuple[Text, dict]] = []
        self.menu_cursor = 0
        self.order: list[str] = []
        self.reveal: dict | None = None
        self.last_sent: list[str] = []  # the cards of my last swap or give, for the log
        self.log_round: object = None  # the round the log is telling now

    def wants_large_cards(self, width: int, height: int) -> bool:
        # header, prompt and footer; the other seats; my label, big cards, menu, round line;
        # in Dagger also an opponent's row of big cards while taking positions
        variant = (self.table_info.get("options") or {}).get("variant") or []
        rows = 3 + self.seat_count + 10 + (8 if "dagger" in variant else 0)
        return width >= 80 and height >= rows

    def show_waiting(self, seated: Text) -> None:
        self.query_one("#seats", Static).update(seated)
        self.query_one("#hand", CardRow).display = False

    def compose_table(self) -> ComposeResult:
        yield Static("", id="seats", markup=False)
        yield Static("", id="target-label", markup=False)
        yield CardRow(self.cards, id="target-row")
        yield Static("", id="me-label", markup=False)
        yield CardRow(self.cards, id="hand")
        yield Static("", id="menu", markup=False)
        yield Static("", id="round-info", markup=False)

    # -- what am I asked? ----------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        hand = self.view.get("hand")
        return list(hand) if isinstance(hand, list) else []

    @property
    def ace(self) -> bool:
        return "ace" in (self.view.get("variant") or [])

    @property
    def dagger(self) -> bool:
        return "dagger" in (self.view.get("variant") or [])

    @property
    def asterisk(self) -> bool:
        return "asterisk" in (self.view.get("variant") or [])

    def asked(self) -> str:
        """What the local seat must decide now: a phase name, or "wait"."""
        if self.me is None or self.me not in (self.view.get("pending") or []) or not self.legal:
            return "wait"
        return str(self.view.get("phase"))

    def receive_state(self, message: dict) -> None:
        view = message.get("view")
        if self.states_seen == 0 and isinstance(view, dict) and not message.get("events"):
            self.view = view
            dealer = self.log_name(view.get("dealer"))
            self.log_round = view.get("round", 1)
            self.log_pane.add(f"Round {self.log_round} · {dealer} deals", self.log_round)
        for event in message.get("events") or []:
            if isinstance(event, dict) and event.get("type") == "round_over":
                self.reveal = event
        super().receive_state(message)
        self.forget_old_rounds()

    def draw(self) -> None:
        kind = self.asked()
        key = (
            kind,
            self.view.get("round"),
            len(self.view.get("swaps") or []),
            self.view.get("to_declare"),
            len(self.legal),
            str((self.view.get("power") or {}).get("done")),
        )
        if key != self.decision:
            self.decision = key
            self.start(kind)
        self.render_all()

    def start(self, kind: str) -> None:
        """A new decision: begin at its first step."""
        self.target = self.k = None
        self.picked, self.taken = [], []
        self.menu, self.menu_cursor = [], 0
        self.cursor = min(self.cursor, max(0, len(self.hand) - 1))
        if kind == "swap":
            self.step = "target"
            targets = flow.swap_targets(self.legal)
            self.target_cursor = 0 if targets else -1
        elif kind in ("give", "arrange", "declare", "power"):
            self.step = kind
            self.order = self.hand if kind == "arrange" else []
            if kind == "declare":
                self.menu = self.declare_menu()
            if kind == "power":
                self.menu = self.power_menu()
        else:
            self.step = "wait"

    # -- drawing -------------------------------------------------------------------------
    def header_parts(self) -> list[Text | str]:
        if not self.view:
            return ["SwaPo"]
        parts: list[Text | str] = [draw.title(self.view), f"round {self.view.get('round', 1)}"]
        if self.view.get("sudden_death"):
            parts.append(Text("sudden death", style="bold yellow"))
        parts.append(f"pile {self.view.get('pile', 0)}")
        return parts

    def render_all(self) -> None:
        self.query_one("#seats", Static).update(self.seats_text())
        self.render_target_row()
        self.render_hand()
        self.query_one("#menu", Static).update(self.menu_text())
        summary = draw.swaps_summary(self.view, self.log_name)
        info = self.query_one("#round-info", Static)
        info.update(summary)
        info.display = bool(summary.plain)
        self.prompt.ask(self.question(), waiting=self.step == "wait" and self.reveal is None)
        self.update_keys()

    def shown_hands(self) -> tuple[list | None, list | None, list | None, list[int], list[int]]:
        """Face-up hands to show now: the live reveal (power phase) or the last round's."""
        if self.view.get("revealed"):
            stabbed = self.view.get("stabbed")
            return self.view["revealed"], self.view.get("declared"), stabbed, [], []
        if self.reveal is not None:
            rec = self.reveal
            return (
                rec.get("hands"),
                rec.get("declared"),
                rec.get("stabbed"),
                rec.get("winners") or [],
                rec.get("points") or [],
            )
        return None, None, None, [], []

    def seats_text(self) -> Text:
        view = self.view
        counts = view.get("hand_counts") or []
        scores = view.get("scores") or []
        hands, declared, stabbed, winners, points = self.shown_hands()
        targets = set(flow.swap_targets(self.legal)) if self.step == "target" else set()
        choosing = self.step == "target"
        pending = set(view.get("pending") or [])
        lines = Text(no_wrap=True, overflow="ellipsis")
        order = self.others() + ([self.me] if hands and self.me is not None else [])
        for n, seat in enumerate(order):
            if n:
                lines.append("\n")
            digit = self.seat_digit(seat)
            name_style = "bold"
            if seat in winners:
                name_style = "bold green reverse" if self.settings.color else "bold reverse"
            elif choosing and seat not in targets:
                name_style = "dim"
            elif self.is_chosen_target(seat):
                name_style = "bold reverse yellow"
            mark = (
                "▶"
                if seat in pending and not self.settings.ascii_only
                else (">" if seat in pending else " ")
            )
            if hands:
                mark = " "
            lines.append(f"{mark}{digit or ' '} ", style="bold yellow" if seat in pending else "")
            lines.append_text(literal(self.seat_name(seat).ljust(10)[:10], name_style))
            dealer = "D" if seat == view.get("dealer") else " "
            lines.append(dealer, style="bold cyan")
            swapped = (
                not hands
                and view.get("phase") in ("swap", "give")
                and seat in (view.get("rights_done") or [])
            )
            done = ("v" if self.settings.ascii_only else "✓") if swapped else " "
            lines.append(done + " ", "dim")
            if hands and seat < len(hands) and hands[seat] is not None:
                mine = (declared or [None] * (seat + 1))[seat] if declared else None
                cut = (stabbed or [[]] * (seat + 1))[seat] if stabbed else []
                lines.append_text(
                    draw.revealed_hand(
                        hands[seat],
                        mine,
                        cut,
                        self.cards,
                        ace=self.ace,
                        winner=seat in winners,
                    )
                )
                if seat in winners and seat < len(points):
                    lines.append(f"  +{points[seat]}", style="bold green")
                continue
            count = counts[seat] if seat < len(counts) else 0
            if self.dagger and (view.get("laid") or [False] * (seat + 1))[seat]:
                picked = set(self.taken) if seat == self.target else None
                lines.append_text(draw.dagger_row(view, seat, self.cards, picked))
            else:
                lines.append(draw.hand_backs(count, self.cards).ljust(6), style="dim")
                lines.append(f"{count}")
            lock_counts = view.get("locked_counts") or []
            if self.asterisk and seat < len(lock_counts) and lock_counts[seat]:
                lines.append(f" {self.cards.lock_mark()}{lock_counts[seat]}")
            score = scores[seat] if seat < len(scores) else 0
            lines.append(f"  {draw.points_text(score)}", style="dim")
        if not order:
            lines.append("(no other seats)", style="dim")
        return lines

    def is_chosen_target(self, seat: int) -> bool:
        """The opponent under the cursor (choosing) or already chosen (later steps)."""
        if self.step == "target":
            return self.target_choice() == seat
        return self.target == seat and self.step in ("count", "cards", "take", "give_pos")

    def target_choice(self) -> int | None:
        targets = flow.swap_targets(self.legal)
        if not targets or self.target_cursor < 0:
            return None
        return targets[self.target_cursor % len(targets)]

    def render_target_row(self) -> None:
        label = self.query_one("#target-label", Static)
        row = self.query_one("#target-row", CardRow)
        row.set_large(self.large)
        show = self.step == "take" and self.target is not None
        label.display = row.display = show
        if not show:
            return
        assert self.target is not None and self.k is not None
        allowed = flow.position_sets(self.legal, self.target, self.k, "take")
        ok = flow.pickable_positions(self.taken, allowed, 5)
        locked_lists = self.view.get("locked_positions") or []
        locked = set(locked_lists[self.target]) if self.target < len(locked_lists) else set()
        faces = [
            CardFace(
                None, enabled=ok[p], picked=p in self.taken, locked=p in locked, tag=str(p + 1)
            )
            for p in range(5)
        ]
        title = Text(f"{self.seat_name(self.target)}'s row — take ")
        title.append(f"{len(self.taken)}/{self.k}", style="bold")
        label.update(title)
        row.show(faces, self.target_cursor if 0 <= self.target_cursor < 5 else None)

    def hand_faces(self) -> tuple[list[CardFace], bool]:
        """My cards as faces, with what may be picked in the current step."""
        hand = self.order if self.step == "arrange" else self.hand
        enabled = [True] * len(hand)
        picking = self.step in ("cards", "give", "give_pos")
        if self.step == "cards" and self.target is not None and self.k is not None:
            allowed = flow.swap_card_sets(self.legal, self.target, self.k)
            enabled = flow.pickable_cards(hand, self.picked, allowed)
        elif self.step == "give":
            allowed = flow.card_sets(flow.of_type(self.legal, "give"))
            enabled = flow.pickable_cards(hand, self.picked, allowed)
        elif self.step == "give_pos" and self.target is not None and self.k is not None:
            allowed_pos = flow.position_sets(self.legal, self.target, self.k, "give")
            enabled = flow.pickable_positions(self.picked, allowed_pos, len(hand))
        locked_cards = list(self.view.get("locked_cards") or [])
        locked_pos = set()
        lp = self.view.get("locked_positions") or []
        if self.me is not None and self.me < len(lp):
            locked_pos = set(lp[self.me] or [])
        declared = (self.view.get("declared") or [None] * ((self.me or 0) + 1))[self.me or 0]
        jokers = iter(declared or [])
        new = self.received_now()
        faces = []
        for i, code in enumerate(hand):
            locked = False
            if self.dagger:
                locked = i in locked_pos
            elif code in locked_cards:
                locked_cards.remove(code)
                locked = True
            faces.append(
                CardFace(
                    code,
                    enabled=enabled[i] if picking else True,
                    picked=i in self.picked,
                    locked=locked,
                    declared=next(jokers, None) if code == "JK" else None,
                    tag=str(i + 1) if self.dagger else self._new_tag(code, new),
                )
            )
        return faces, picking

    def received_now(self) -> list[str]:
        """The cards that came to me in my latest exchange this round (to mark them "new")."""
        if self.view.get("phase") not in ("swap", "give"):
            return []
        for swap in reversed(self.view.get("swaps") or []):
            if swap.get("sent") is None or self.me not in (swap.get("seat"), swap.get("target")):
                continue
            return list(swap.get("received") if swap.get("seat") == self.me else swap["sent"])
        return []

    @staticmethod
    def _new_tag(code: str, new: list[str]) -> str:
        if code in new:
            new.remove(code)
            return "new"
        return ""

    def render_hand(self) -> None:
        row = self.query_one("#hand", CardRow)
        row.set_large(self.large)
        label = self.query_one("#me-label", Static)
        if self.me is None:
            label.update(Text("Watching (spectator)", style="dim"))
            row.display = False
            return
        faces, _ = self.hand_faces()
        scores = self.view.get("scores") or []
        mine = scores[self.me] if self.me < len(scores) else 0
        text = Text("You", style="bold")
        name = self.my_name()
        if name:
            text.append(" (")
            text.append_text(literal(name, limit=16))
            text.append(")")
        text.append(f"  {draw.points_text(mine)}", style="dim")
        if self.reveal is not None:
            text.append(f"  your hand for round {self.view.get('round')}", style="italic")
        if self.view.get("dealer") == self.me:
            text.append("  dealer", style="cyan")
        if self.dagger and self.view.get("phase") == "swap":
            text.append("  face down", style="dim")
        label.update(text)
        row.display = bool(self.hand)
        cursor = None
        if self.step in PICK_STEPS and self.step != "take":
            cursor = self.cursor
        row.show(faces, cursor)

    def my_name(self) -> str:
        if self.me is not None and self.me < len(self.players):
            entry = self.players[self.me]
            if isinstance(entry, dict) and entry.get("name"):
                return str(entry["name"])
        return self.settings.name or ""

    def menu_text(self) -> Text:
        if self.step not in MENU_STEPS or not self.menu:
            return Text("")
        out = Text()
        for i, (label, _) in enumerate(self.menu):
            if i:
                out.append("  ")
            style = "bold reverse yellow" if i == self.menu_cursor else ""
            piece = label.copy()
            piece.stylize(style)
            out.append_text(piece)
        return out
