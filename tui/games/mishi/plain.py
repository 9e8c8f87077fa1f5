"""秘十 Mi Shi at the plain table (tui/plain/): its questions answered by typed commands,
through the decision model its screen uses."""

from __future__ import annotations

from engine.base import SeatView
from lang import _
from tui.games.mishi.face import MishiFace
from tui.games.mishi.flow import MishiDecisions
from tui.games.mishi.steps import BIDDING
from tui.games.mishi.steps import Step as MishiStep
from tui.plain.cards import typed_cards
from tui.plain.games import Command, NotMine, PlainGame, after_word
from tui.table.decisions import Decisions, Outcome, Refuse
from tui.table.face import GameFace
from tui.table.parse import Event, Wired


class MishiGame(PlainGame):
    def make_model(self) -> Decisions:
        table = self.table
        return MishiDecisions(table.me, table.cards, table.seats.asked_name, table.look)

    def make_face(self) -> GameFace:
        assert isinstance(self.model, MishiDecisions)
        return MishiFace(self.table, self.model)

    def flow(self) -> MishiDecisions:
        assert isinstance(self.model, MishiDecisions)
        return self.model

    def noted(self, events: list[Wired], view_before: SeatView | None) -> None:
        for raw in events:
            if Event.of(raw).kind == "trick_won":
                self.flow().trick_won()

    def held_counts(self) -> list[int]:
        return list(self.flow().state.counts)

    def question(self) -> str:
        flow = self.flow()
        return flow.idle_words() or flow.question().plain

    def choices(self) -> list[str]:
        flow = self.flow()
        if flow.step not in BIDDING:
            return []
        label = self.table.cards.label
        return [" ".join(label(c) for c in bid["cards"]) for bid in flow.bid_options()]

    def choose(self, number: int) -> Outcome:
        flow = self.flow()
        if flow.step in BIDDING and 1 <= number <= len(flow.bid_options()):
            flow.digit(number)
            return flow.declare()
        return flow.digit(number)

    def sentence(self, text: str) -> Outcome | NotMine:
        """``declare 2`` (a number from the list) or ``declare 10h`` (the tens shown): a
        declaration (亮主), or going alone (包牌), in one line."""
        flow = self.flow()
        said = after_word(text, "declare") if flow.step in BIDDING else None
        if not said:
            return super().sentence(text)
        if said.isdigit():
            return self.choose(int(said))
        wanted = typed_cards(said)
        for number, bid in enumerate(flow.bid_options(), 1):
            cards = list(bid["cards"])
            if (
                wanted
                and len(wanted) == len(cards)
                and all(any(w.fits(c) for c in cards) for w in wanted)
            ):
                return self.choose(number)
        # TRANSLATORS: plain table, Mi Shi (game: mishi): declare with tens not on offer
        said_back = _("{said} cannot be shown now: type the number of a choice")
        return Refuse(said_back.format(said=said))

    def asked(self) -> bool:
        return self.flow().asked() != "wait"

    def row(self) -> list[str | None]:
        return list(self.flow().hand) if self.flow().step not in BIDDING else []

    def picked(self) -> set[int]:
        return set(self.flow().picked)

    def pick_at(self, index: int) -> Outcome:
        flow = self.flow()
        flow.cursor = index
        return flow.pick()

    def pass_command(self) -> Command | None:
        flow = self.flow()
        return flow.pick if flow.step in BIDDING else None

    def commands(self) -> dict[str, Command]:
        return {"declare": self.flow().declare}

    def fits(self, name: str) -> bool:
        flow = self.flow()
        if name == "declare":
            return flow.step in BIDDING and bool(flow.bid_options()) and not flow.forced()
        return flow.forced() or flow.ready() or flow.step not in (MishiStep.BURY, MishiStep.PLAY)


PLAIN = MishiGame
"""What the plain front plays this game with (tui/plain/seated.py)."""
