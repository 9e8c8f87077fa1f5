"""The 大富豪 table: every seat on a line (its cards left, title, passed or out, whose turn),
the trick (what is on top and who played it, who led), the order in force and the lock, the
exchange, and my hand to pick from.

Everything is drawn from the received view; what is being chosen, and what each key does,
is the decision model's (``flow.DaifugoDecisions``): this part only draws, and answers keys
and clicks with what the model decides (tui/table/part.py).
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding

from lang import N_, _
from tui.table.decisions import Outcome
from tui.table.messages import TableState
from tui.table.parse import Wired
from tui.table.part import Asked, Given, Refusal, TablePart, Taken
from tui.widgets.cards import CardFace
from tui.widgets.pickable import PickableCards
from tui.widgets.steady import Steady

from . import draw
from .ask import question
from .face import DaifugoFace
from .flow import DaifugoDecisions, Step
from .model import DaifugoView


class DaifugoTable(TablePart):
    """大富豪 for 3–8 players: the exchange, then tricks until one is left holding cards."""

    GAME = "daifugo"
    # TRANSLATORS: the name of the card game 大富豪 Daifugō (keep 大富豪)
    TITLE = N_("大富豪 Daifugō")
    RESULTS_EACH_ROUND = True
    CSS_PATH: ClassVar[list[str]] = ["daifugo.tcss"]
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"daifugo--{role}" for role in draw.ROLES}
    KEYS: ClassVar[list[Binding]] = [
        # TRANSLATORS: 大富豪 footer key: pass (out of the trick until it ends); ≤ 8 cells
        Binding("p", "pass_turn", N_("pass"), id="pass"),
    ]
    DYNAMIC_ACTIONS: ClassVar[tuple[str, ...]] = ("pass_turn",)
    #: The trick's lines grow for the exchange and keep that height through the deal's
    #: tricks (a state that changes them does not lay the screen out each time).
    KEPT_HEIGHTS: ClassVar[tuple[str, ...]] = ("#trick",)

    def __init__(self, given: Given) -> None:
        super().__init__(given)
        self.model = DaifugoDecisions(self.me)
        self.decisions = self.model
        self.face = DaifugoFace(self, self.model)
        # (not mounted yet: styled as it mounts, its many looks once, not twice)
        self.set_class(self.cards.color, "-color", update=False)

    def compose(self) -> ComposeResult:
        yield Steady("", id="seats", markup=False)
        yield Steady("", id="status", markup=False)
        yield Steady("", id="trick", markup=False)  # the play as big cards: mounted when shown
        yield Steady("", id="me-label", markup=False)
        yield PickableCards(self.cards, inline=True, id="hand")

    def waiting_room(self, seated: Text) -> None:
        self.query_one("#seats", Steady).show(seated)

    @property
    def game_view(self) -> DaifugoView:
        """The view on show, parsed once (by the decision model, when it came)."""
        return self.model.parsed.of(self.view)

    def memory(self) -> dict[str, object]:
        return {"model": self.model}  # the decision model, by the name drawing reads

    # -- the game's own key (p) and clicks ---------------------------------------------------
    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action == "pass_turn" and self.model.can_pass()

    def act(self, action: str, *parameters: object) -> Outcome:
        return self.model.pass_turn() if action == "pass_turn" else None

    @on(PickableCards.Picked)
    def _picked(self, message: PickableCards.Picked) -> None:
        """Mouse: a click on a card of my hand moves there and picks it, as space would."""
        message.stop()
        if message.control.id == "hand":
            self.post_message(self.Decided(self.model.click(message.index)))

    def taking(self, state: TableState, events: list[Wired], first: bool) -> Taken:
        if first and state.view is not None:
            view = self.model.parsed.of(state.view)
            return Taken(events, [(draw.first_line(view, self.seats.name), None)])
        return Taken(events)

    def refused(self, code: object, words: str) -> Refusal:
        """A rejected action asks again (the reason stays on show)."""
        self.model.rejected()
        return Refusal(redraw=True)

    # -- drawing -------------------------------------------------------------------------
    def header_parts(self, tail: int) -> list[Text | str]:
        if not self.view:
            return [_(self.TITLE)]
        view = self.game_view
        # TRANSLATORS: 大富豪 header: the deal being played of how many ("deal 2/5")
        number = _("deal {number}/{deals}").format(
            number=view.deal, deals="?" if view.deals is None else view.deals
        )
        return ["大富豪", number, draw.scores_line(view, self.seats.name)]

    def question(self) -> Asked:
        view = self.game_view
        asked = question(self.model, view, self.seats.name, self.cards, self.you)
        return Asked(asked, waiting=self.model.step() == Step.WAIT)

    def draw(self) -> None:
        if not self.view:
            return
        view, look = self.game_view, self.look
        width = max(20, self.size.width - 2)
        self.query_one("#seats", Steady).show(
            draw.seats_text(view, self.seats.text, self.me, look, width)
        )
        self.query_one("#status", Steady).show(draw.status_line(view, self.cards, look))
        self.query_one("#trick", Steady).show(
            draw.trick_text(view, self.seats.name, self.cards, look, boxed=self.large, you=self.you)
        )
        self.render_trick_cards()
        self.render_hand()

    def render_trick_cards(self) -> None:
        """Big terminals: the play on top as cards."""
        top = self.game_view.top
        if not self.large or top is None:
            self.query("#trick-cards").set(display=False)  # if it was ever shown
            return
        make = partial(PickableCards, self.cards, marks=False, id="trick-cards")
        row = self.mounted(PickableCards, "trick-cards", make, after="trick")
        row.display = True
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
        self.keep_in_sight(hand)


#: The part a table of this game composes (tui/games/__init__.py finds it by this name).
TABLE = DaifugoTable
