"""The 大富豪 table: every seat on a line (its cards left, title, passed or out, whose turn),
the trick (what is on top and who played it, who led), the order in force and the lock, the
exchange, and my hand to pick from.

Everything is drawn from the received view; what is being chosen, and what each key does,
is the decision model's (``flow.DaifugoDecisions``): this screen only draws and forwards.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from lang import N_, _
from tui.seat import Seat
from tui.settings import Settings
from tui.table.messages import TableState
from tui.table.parse import Wired
from tui.table.screen import TABLE_CSS, TableScreen
from tui.widgets.cards import CardFace
from tui.widgets.pickable import PickableCards
from tui.widgets.steady import Steady

from . import draw
from .ask import question
from .face import DaifugoFace
from .flow import DaifugoDecisions, Step
from .model import DaifugoView


class DaifugoScreen(TableScreen):
    """大富豪 for 3–8 players: the exchange, then tricks until one is left holding cards."""

    GAME = "daifugo"
    # TRANSLATORS: the name of the card game 大富豪 Daifugō (keep 大富豪)
    TITLE = N_("大富豪 Daifugō")
    RESULTS_EACH_ROUND = True
    CSS_PATH: ClassVar = [TABLE_CSS, "daifugo.tcss"]
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"daifugo--{role}" for role in draw.ROLES}
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: 大富豪 footer key: pass (out of the trick until it ends); ≤ 8 cells
        Binding("p", "pass_turn", N_("pass"), id="pass"),
    ]
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ("pass_turn",)
    #: The trick's lines grow for the exchange and keep that height through the deal's
    #: tricks (a state that changes them does not lay the screen out each time).
    KEPT_HEIGHTS: ClassVar[tuple[str, ...]] = ("#prompt", "#trick")

    def __init__(self, seat: Seat, settings: Settings) -> None:
        super().__init__(seat, settings)
        self.model = DaifugoDecisions(self.me)
        self.decisions = self.model
        self.face = self.daifugo_face = DaifugoFace(self, self.model)
        self.set_class(self.cards.color, "-color")

    def compose_table(self) -> ComposeResult:
        yield Steady("", id="seats", markup=False)
        yield Steady("", id="status", markup=False)
        yield Steady("", id="trick", markup=False)
        yield PickableCards(self.cards, marks=False, id="trick-cards")
        yield Steady("", id="me-label", markup=False)
        yield PickableCards(self.cards, inline=True, id="hand")

    def show_waiting(self, seated: Text) -> None:
        self.query_one("#seats", Steady).show(seated)

    @property
    def game_view(self) -> DaifugoView:
        """The view on show, parsed once (by the decision model, when it came)."""
        return self.model.parsed.of(self.view)

    # -- the game's own key (p) and clicks ---------------------------------------------------
    def check_table_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_turn":
            return self.model.can_pass() and not self.has_class("-chatting")
        return super().check_table_action(action, parameters)

    def action_pass_turn(self) -> None:
        self.handle(self.model.pass_turn())

    def on_pickable_cards_picked(self, message: PickableCards.Picked) -> None:
        """Mouse: a click on a card of my hand moves there and picks it, as space would."""
        message.stop()
        if message.control.id == "hand":
            self.handle(self.model.click(message.index))

    def receive_state(self, state: TableState, events: list[Wired]) -> None:
        if self.states_seen == 0 and not events and state.view is not None:
            first = self.model.parsed.of(state.view)
            self.log_pane.add(draw.first_line(first, self.seats.name))
        super().receive_state(state, events)

    def refused(self, reason: str) -> None:
        """A rejected action asks again (the reason stays on show)."""
        self.model.rejected()
        if self.view:
            self.draw()
        super().refused(reason)

    # -- drawing -------------------------------------------------------------------------
    def header_parts(self) -> list[Text | str]:
        if not self.view:
            return [_(self.TITLE)]
        view = self.game_view
        # TRANSLATORS: 大富豪 header: the deal being played of how many ("deal 2/5")
        number = _("deal {number}/{deals}").format(
            number=view.deal, deals="?" if view.deals is None else view.deals
        )
        return ["大富豪", number, draw.scores_line(view, self.seats.name)]

    def draw(self) -> None:
        if not self.view:
            return
        view, look = self.game_view, self.look
        width = max(20, self.query_one("#table-area").size.width - 2)
        self.query_one("#seats", Steady).show(
            draw.seats_text(view, self.seats.text, self.me, look, width)
        )
        self.query_one("#status", Steady).show(draw.status_line(view, self.cards, look))
        self.query_one("#trick", Steady).show(
            draw.trick_text(view, self.seats.name, self.cards, look, boxed=self.large, you=self.you)
        )
        self.render_trick_cards()
        self.render_hand()
        asked = question(self.model, view, self.seats.name, self.cards, self.you)
        self.prompt.ask(asked, waiting=self.model.step() == Step.WAIT)
        self.update_keys()

    def render_trick_cards(self) -> None:
        """Big terminals: the play on top as cards."""
        row = self.query_one("#trick-cards", PickableCards)
        top = self.game_view.top
        row.display = self.large and top is not None
        if top is not None and row.display:
            row.show([CardFace(code) for code in top.cards])

    def render_hand(self) -> None:
        hand = self.query_one("#hand", PickableCards)
        label = self.query_one("#me-label", Steady)
        view, model = self.game_view, self.model
        if self.me is None:
            # TRANSLATORS: 大富豪, in place of the hand when watching
            label.show(Text(_("Watching (spectator)"), style="dim"))
            hand.display = False
            return
        label.show(draw.me_line(view, self.me, self.you, self.seats.name, self.cards, model))
        hand.display = True
        asked = model.step() in (Step.PLAY, Step.GIVE)
        faces = [
            CardFace(
                code,
                enabled=not asked or model.enabled(i),
                picked=i in model.picks,
                group=code[:-1] if code != "JK" else "JK",
            )
            for i, code in enumerate(view.hand)
        ]
        if not faces:
            faces = [CardFace(None, enabled=False, label="—", empty=True)]
        hand.show(faces, model.cursor if asked and view.hand else None)
        self.window.keep_in_sight(hand)


#: The screen a table of this game opens (tui/games/__init__.py finds it by this name).
SCREEN = DaifugoScreen
