"""The SwaPo table: your five cards, the seats around, the swap flow, the reveal.

Everything is drawn from the received view and the decision model (``swapo_flow``), which
builds a decision step by step — opponent, count, cards (Dagger: their positions, then yours)
— and sends it whole; esc steps back. This part of the table (tui/table/part.py) only draws,
and answers keys and clicks with what the model decides.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding

from engine.swapo.types import TYPED, Action
from lang import N_, _
from tui.fill import fill
from tui.table.decisions import Outcome, Send
from tui.table.messages import TableState
from tui.table.parse import Event, Wired
from tui.table.part import Asked, Given, LogLine, Refusal, TablePart, Taken
from tui.text import clean
from tui.widgets.cards import CardFace
from tui.widgets.pickable import PickableCards
from tui.widgets.steady import Steady

from . import draw
from . import log as swapo_log
from .choices import Hands, idle_aces, offers_cards, swap_targets
from .declared import WORDS
from .face import SwapoFace
from .flow import CARD_STEPS, PICK_STEPS, Step, SwapoDecisions
from .model import Phase, RoundRecord, SwapoView, hands_of
from .seats import seats_lines


class SwapoTable(TablePart):
    """SwaPo, with Dagger, Asterisk and Ace in any combination."""

    GAME = "swapo"
    TITLE = draw.GAME_NAME
    CSS_PATH: ClassVar[list[str]] = ["swapo.tcss"]
    KEYS: ClassVar[list[Binding]] = [
        # TRANSLATORS: SwaPo footer key: swap nothing / use no power; keep very short (≤ 8 cells)
        Binding("p", "pass_turn('pass')", N_("pass"), id="pass"),
        # TRANSLATORS: SwaPo Asterisk footer key: no more swaps this turn; ≤ 8 cells
        Binding("p", "pass_turn('done')", N_("done"), id="done"),
    ]
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ("pass_turn",)
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"swapo--{name}" for name in draw.LOOKS}
    RESULTS_EACH_ROUND = True

    def __init__(self, given: Given) -> None:
        super().__init__(given)
        self.flow = SwapoDecisions(self.me, self.seats.asked_name)
        self.decisions = self.flow
        self.face = self.swapo_face = SwapoFace(self, self.flow, self.log_name)
        # (not mounted yet: styled as it mounts, its many looks once, not twice)
        self.set_class(not self.settings.color, "-no-color", update=False)
        self.last_sent: list[str] = []  # the cards of my last swap or give, for the log
        self.hand_before: list[str] = []  # my hand before the latest message (what I gave from)
        self.revealed_now: Hands | None = None  # the hands a reveal in this message showed
        self.panel_up = False  # a round's results panel is on show over the table
        self.drawn_by: object = None  # who played the Draw this round (a seat as sent)

    def memory(self) -> dict[str, object]:
        names = ("flow", "swapo_face", "last_sent", "hand_before", "revealed_now", "panel_up")
        return {name: getattr(self, name) for name in (*names, "drawn_by")}

    def waiting_room(self, seated: Text) -> None:
        self.query_one("#seats", Steady).show(seated)
        self.query_one("#hand", PickableCards).display = False

    def compose(self) -> ComposeResult:
        yield Steady("", id="seats", markup=False)
        yield Steady("", id="target-label", markup=False)  # the Dagger's row: mounted when shown
        yield Steady("", id="me-label", markup=False)
        yield PickableCards(self.cards, id="hand")
        yield Steady("", id="menu", markup=False)
        yield Steady("", id="round-info", markup=False)

    # -- the table's messages -----------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        return self.flow.hand

    @property
    def game_view(self) -> SwapoView:
        """The view on show, parsed once (by the decision model, when it came)."""
        return self.flow.parsed.of(self.view)

    def taking(self, state: TableState, events: list[Wired], first: bool) -> Taken:
        lines: list[LogLine] = []
        if first:
            view = self.flow.parsed.of(state.view)
            dealer = self.log_name(view.dealer)
            self.swapo_face.log_round = view.round
            words = _("Round {number} · {name} deals").format(number=view.round, name=dealer)
            lines.append((words, view.round))
        self.hand_before, self.revealed_now = list(self.flow.hand), None
        events = [self.noted(raw) for raw in events]
        for raw in events:
            event = Event.of(raw)
            if event.kind == "round_over" and (state.over or self.wants_panel(raw)):
                self.flow.reveal = raw
                self.swapo_face.round_ended(RoundRecord.parse(raw), state.view)
            typed = TYPED.event(raw)
            if typed["type"] == "reveal":
                self.revealed_now = hands_of(typed["hands"])
        return Taken(events, lines)

    def owed(self) -> Outcome:
        """A sealed step the person has answered already (flow.py)."""
        return self.sending(self.flow.owed_pass())

    def noted(self, raw: Wired) -> Wired:
        """An event with what this screen saw before it: a no-game round's end says who
        played the Draw (``drawn_by``, from the public ``draw`` event of that round)."""
        event = TYPED.event(raw)
        if event["type"] == "draw":
            self.drawn_by = event["seat"]
        elif event["type"] == "round_over":
            drawer, self.drawn_by = self.drawn_by, None
            if event["no_game"] and drawer is not None:
                return {**event, "drawn_by": drawer}
        return raw

    # -- the results panel after every round ------------------------------------------------
    def panel_shown(self) -> None:
        """The round's results panel shows the reveal."""
        self.panel_up = True

    def panels_closed(self) -> bool:
        """Once the panel is closed (enter) the table goes on with the next round."""
        if not self.panel_up:
            return False
        self.panel_up = False
        self.flow.reveal = None
        return True

    def wants_panel(self, event: Wired) -> bool:
        """A sudden-death round I am not in stops me at no panel (the log tells it; the
        final panel sums it up); those playing it see theirs."""
        ended = TYPED.event(event)
        if ended["type"] != "round_over" or not ended["sudden_death"]:
            return True
        return self.me in ended["players"]

    def rounds_total(self) -> int | None:
        """How many rounds the game has (set, or as many as the pile deals), if known."""
        length = WORDS.length(self.view)
        return length[1] if length is not None and length[0] == "rounds" else None

    def refused(self, code: object, words: str) -> Refusal:
        """A rejected decision starts over (the reason stays on show)."""
        self.flow.start()
        return Refusal(redraw=True)

    def sending(self, outcome: Outcome) -> Outcome:
        """What I send, noted: the cards of my swap or gift, for my log's line."""
        sent = TYPED.action(outcome.action) if isinstance(outcome, Send) else None
        if sent is not None and (sent["type"] == "give" or sent["type"] == "swap"):
            self.last_sent = cards_of(sent)
        return outcome

    def key(self, name: str, *args: int) -> Outcome:
        return self.sending(super().key(name, *args))

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_turn":  # the binding whose word the prompt says now
            shown = not parameters or parameters[0] == self.flow.key_label("pass_turn")
            return shown and self.flow.can_pass_now()
        return False

    def act(self, action: str, *parameters: object) -> Outcome:
        return self.sending(self.flow.pass_turn()) if action == "pass_turn" else None

    @on(PickableCards.Picked)
    def _picked(self, message: PickableCards.Picked) -> None:
        """Mouse: a click on a card moves there and picks it, like the keyboard would."""
        message.stop()
        row = "target" if message.cards.id == "target-row" else "hand"
        self.post_message(self.Decided(self.sending(self.flow.pick_at(row, message.index))))

    # -- drawing -------------------------------------------------------------------------
    def header_parts(self, tail: int) -> list[Text | str]:
        if not self.view:
            return [_(self.TITLE)]
        number, total = self.game_view.round, self.rounds_total()
        sudden = self.game_view.sudden_death
        if total and not sudden and number <= total:
            # TRANSLATORS: SwaPo header: the round being played and how many the game has
            round_no = _("round {number} of {total}").format(number=number, total=total)
        else:
            # TRANSLATORS: SwaPo header: the round being played
            round_no = _("round {number}").format(number=number)
        parts: list[Text | str] = [draw.title(self.game_view), round_no]
        if sudden:
            parts.append(Text(_("sudden death"), style=self.look("alert")))
        parts.append(_("pile {count}").format(count=self.game_view.pile))
        return parts

    def draw(self) -> None:
        self.query_one("#seats", Steady).show(self.seats_text())
        self.render_target_row()
        self.render_hand()
        self.query_one("#menu", Steady).show(self.menu_text())
        summary = draw.swaps_summary(self.game_view, self.log_name, self.look)
        if self.game_view.phase in (Phase.SWAP, Phase.GIVE) and not self.game_view.revealed:
            if summary.plain:
                summary.append("\n")
            summary.append(draw.legend(self.settings.ascii_only), self.look("muted"))
        self.query_one("#round-info", Steady).show(summary)

    def question(self) -> Asked:
        question = self.flow.question()
        if self.flow.reveal is not None:
            question.style = self.look("strong")
        return Asked(question, waiting=self.flow.waiting)

    def shown_hands(self) -> RoundRecord | None:
        """Face-up hands to show now: the live reveal (power phase) or the last round's."""
        state = self.game_view
        if state.revealed:
            return RoundRecord(hands=state.revealed, declared=state.declared, stabbed=state.stabbed)
        if self.flow.reveal is not None:
            return RoundRecord.parse(self.flow.reveal)
        return None

    def seats_text(self) -> Text:
        """The other seats, one line each (and mine while hands are shown): seats.py."""
        shown = self.shown_hands()
        hands = shown.hands if shown is not None else ()
        order = self.seats.others() + ([self.me] if hands and self.me is not None else [])
        return seats_lines(
            self.game_view,
            self.flow,
            shown,
            order,
            targets=set(swap_targets(self.flow.actions))
            if self.flow.step == Step.TARGET
            else set(),
            seats=self.seats,
            cards=self.cards,
            look=self.look,
        )

    def render_target_row(self) -> None:
        flow = self.flow
        label = self.query_one("#target-label", Steady)
        show = flow.step == Step.TAKE and flow.target is not None
        label.display = show
        if not show or flow.target is None:
            self.query("#target-row").set(display=False)  # if it was ever shown
            return
        make = partial(PickableCards, self.cards, id="target-row")
        row = self.mounted(PickableCards, "target-row", make, after="target-label")
        row.large = self.large
        row.display = True
        ok = flow.takeable()
        locked = set(self.game_view.locked_at(flow.target))
        faces = [
            CardFace(
                None, enabled=ok[p], picked=p in flow.taken, locked=p in locked, tag=str(p + 1)
            )
            for p in range(5)
        ]
        taken = Text(f"{len(flow.taken)}/{flow.k}", style=self.look("strong"))
        # TRANSLATORS: SwaPo Dagger, over an opponent's face-down row; {taken}: "1/2" picked
        words = _("{name}'s row — take {taken}")
        title = fill(words, name=self.seats.name(flow.target), taken=taken)
        label.show(title)
        row.show(faces, flow.target_cursor if 0 <= flow.target_cursor < 5 else None)

    def hand_faces(self) -> tuple[list[CardFace], bool]:
        """My cards as faces, with what may be picked in the current step."""
        flow = self.flow
        hand = flow.row()
        picking = flow.step in CARD_STEPS
        enabled = flow.pickable()
        locked_cards = list(self.game_view.locked_cards)
        locked_pos = set(self.game_view.locked_at(self.me))
        jokers = iter(self.game_view.declared_by(self.me or 0))
        new = draw.received_now(self.game_view, self.me)
        faces = []
        for i, code in enumerate(hand):
            locked = False
            if flow.dagger:
                locked = i in locked_pos
            elif code in locked_cards:
                locked_cards.remove(code)
                locked = True
            faces.append(
                CardFace(
                    code,
                    enabled=enabled[i] if picking else True,
                    picked=i in flow.picked,
                    locked=locked,
                    declared=next(jokers, None) if code == "JK" else None,
                    tag=str(i + 1) if flow.dagger else draw.new_tag(code, new),
                )
            )
        return faces, picking

    def render_hand(self) -> None:
        row = self.query_one("#hand", PickableCards)
        row.large = self.large
        label = self.query_one("#me-label", Steady)
        if self.me is None:
            # TRANSLATORS: SwaPo, instead of the hand's title when only watching
            label.show(Text(_("Watching (spectator)"), style=self.look("muted")))
            row.display = False
            return
        faces = self.hand_faces()[0]
        mine = self.game_view.score(self.me)
        # TRANSLATORS: the local player's own seat line ("You (Eli)  3 pts")
        text = Text(_("You"), style=self.look("strong"))
        name = self.my_name()
        if self.you is None:  # a replay, read by anyone: the seat by its name
            text = Text(self.seats.name(self.me), style=self.look("strong"))
        elif name:
            text.append(" (")
            text.append(clean(name, limit=16))
            text.append(")")
        view = self.game_view
        # my marks as the seat rows show theirs (the legend under the table says them)
        text.append(" D" if view.dealer == self.me else "  ", style=self.look("dealer"))
        done = self.me in view.rights_done and view.phase in (Phase.SWAP, Phase.GIVE)
        text.append(
            self.done_mark() if done and self.flow.reveal is None else " ", self.look("muted")
        )
        text.append(f"  {draw.points_text(mine)}", style=self.look("muted"))
        if self.flow.reveal is not None:
            # TRANSLATORS: SwaPo, after a round: the hand shown is for the next round
            mine_now = _("your hand for round {number}").format(number=self.game_view.round)
            text.append("  " + mine_now, style=self.look("aside"))
        if self.flow.dagger and self.game_view.phase == Phase.SWAP:
            # TRANSLATORS: SwaPo Dagger, on the local player's line: their row lies face down
            text.append("  " + _("face down"), style=self.look("muted"))
        label.show(text)
        row.display = bool(self.hand)
        cursor = None
        if self.flow.step in PICK_STEPS and self.flow.step != Step.TAKE:
            cursor = self.flow.cursor
        row.show(faces, cursor)

    def done_mark(self) -> str:
        """The mark of a seat that has had its swap this round (the legend's ✓)."""
        return "v" if self.settings.ascii_only else "✓"

    def my_name(self) -> str:
        name = self.people.name(self.me) if self.me is not None else None
        if name:
            return name
        return self.settings.name or ""

    def menu_text(self) -> Text:
        mine = self.game_view.declared_by(self.me or 0)
        width = self.query_one("#menu").content_region.width or self.query_one("#hand").size.width
        look = self.look
        return draw.menu_text(self.flow, self.menu_labels, mine, self.cards, look, width)

    def menu_labels(self) -> list[Text]:
        """The menu's entries as shown."""
        hand = self.flow.hand
        name, look = self.seats.name, self.look
        return [draw.menu_label(e, hand, self.cards, name, look) for e in self.flow.menu]

    # -- the log -----------------------------------------------------------------------------
    def log_name(self, seat: object) -> str:
        """Names in the log read as third person, the local player's too ("Eli asks Bo")."""
        if seat != self.me or self.you is None:  # a replay: the record's names only
            return self.seats.name(seat, you=False)
        return self.my_name() or _("You")

    def log_kept(self) -> Callable[[object], bool] | None:
        """Playing from memory (the default): the log keeps this round and the last only."""
        if self.game_view.memory_only and isinstance(self.swapo_face.log_round, int):
            newest = self.swapo_face.log_round
            return lambda tag: not isinstance(tag, int) or tag >= newest - 1
        return None

    def told(self, event: Wired) -> list[LogLine]:
        lines: list[LogLine] = []
        told = Event.of(event)
        if told.kind == "swapped" and self.me in (told.seat, told.seat_of("target")):
            lines.extend(self.my_swap())
        revealed = TYPED.event(event)
        if revealed["type"] == "reveal" and self.flow.ace and self.me is not None:
            for ace, why in idle_aces(self.me, hands_of(revealed["hands"])):
                # TRANSLATORS: SwaPo Ace log: one of the player's Aces has no target; {why}: reason
                words = _("your {ace} cannot be used: {why}")
                line = "  " + words.format(ace=self.cards.label(ace), why=why)
                lines.append((Text(line, style=self.look("muted")), self.swapo_face.log_round))
        return lines

    def my_swap(self) -> list[LogLine]:
        """Only the two seats involved learn which cards moved: say it in my log."""
        if self.flow.dagger:
            return []
        got = self.got_at_reveal()
        line = swapo_log.my_swap_line(
            self.game_view, self.me, self.last_sent, self.cards, self.look, got
        )
        self.last_sent = []
        return [(line, self.swapo_face.log_round)] if line is not None else []

    def got_at_reveal(self) -> list[str]:
        """When my exchange ended the swapping, the view has moved on: what I got is my
        revealed hand less what I kept (my hand before, less what I gave)."""
        hands = self.revealed_now or ()
        if not isinstance(self.me, int) or self.me >= len(hands):
            return []
        mine = hands[self.me]
        if not mine:
            return []
        kept = Counter(self.hand_before) - Counter(self.last_sent)
        return list((Counter(mine) - kept).elements())


def cards_of(sent: Action) -> list[str]:
    """The cards a swap or a gift offers (a Dagger swap moves positions: none)."""
    if sent["type"] == "give":
        return list(sent["cards"])
    if sent["type"] == "swap" and offers_cards(sent):
        return list(sent["cards"])
    return []


#: The part a table of this game composes (tui/games/__init__.py finds it by this name).
TABLE = SwapoTable
