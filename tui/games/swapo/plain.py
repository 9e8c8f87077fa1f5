"""SwaPo at the plain table (tui/plain/): its questions answered by typed commands,
through the decision model its screen uses."""

from __future__ import annotations

from engine.base import SeatView
from lang import _
from tui.games.swapo.face import SwapoFace
from tui.games.swapo.flow import SwapoDecisions
from tui.games.swapo.model import RoundRecord
from tui.games.swapo.steps import CARD_STEPS, MENU_STEPS, Step
from tui.plain.cards import Wanted, typed_cards
from tui.plain.games import NOT_MINE, SWAP, Command, NotMine, PlainGame, typed
from tui.table import hints
from tui.table.decisions import Decisions, Outcome, Refuse
from tui.table.face import GameFace
from tui.table.parse import Event, Wired


class SwapoGame(PlainGame):
    def make_model(self) -> Decisions:
        return SwapoDecisions(self.table.me, self.table.seats.asked_name)

    def make_face(self) -> GameFace:
        assert isinstance(self.model, SwapoDecisions)
        self.swapo = SwapoFace(self.table, self.model, self.log_name)
        return self.swapo

    def log_name(self, seat: object) -> str:
        return self.table.seats.name(seat, you=seat == self.table.me)

    def noted(self, events: list[Wired], view_before: SeatView | None) -> None:
        for raw in events:
            if Event.of(raw).kind == "round_over":
                self.swapo.round_ended(RoundRecord.parse(raw), self.table.view)

    def question(self) -> str:
        assert isinstance(self.model, SwapoDecisions)
        return self.model.idle_words() or self.model.question().plain

    def flow(self) -> SwapoDecisions:
        assert isinstance(self.model, SwapoDecisions)
        return self.model

    def choices(self) -> list[str]:
        flow = self.flow()
        if flow.step == Step.TARGET:
            return [flow.name_of(s) for s in flow.others()]
        if flow.step in MENU_STEPS:
            return [self.entry_words(e) for e in flow.menu]
        return []

    def entry_words(self, entry: Wired) -> str:
        if "k" in entry:
            return str(entry["k"])
        table = self.table
        cards = hints.hint_cards(entry)
        return hints.action_words(entry, cards, table.cards.label, table.seats.name, "swapo")

    def choose(self, number: int) -> Outcome:
        flow = self.flow()
        if flow.step in MENU_STEPS and flow.step != Step.COUNT and 1 <= number <= len(flow.menu):
            flow.menu_cursor = number - 1
            return flow.confirm()
        return flow.digit(number)

    def asked(self) -> bool:
        return self.flow().step != Step.WAIT

    def row(self) -> list[str | None]:
        flow = self.flow()
        return list(flow.row()) if flow.step in CARD_STEPS | {Step.ARRANGE} else []

    def sentence(self, text: str) -> Outcome | NotMine:
        """``swap CARDS with NAME`` (or the opponent's number): the opponent, how many and
        which cards in one line, each step put to the model as its keys would be."""
        said = SWAP.match(text.strip())
        cards = typed_cards(said.group(1)) if said else None
        flow = self.flow()
        if said is None or cards is None or flow.step != Step.TARGET:
            return NOT_MINE
        name, others = said.group(2).strip().lower(), flow.others()
        called = [str(n) for n in range(1, len(others) + 1)]
        named = [self.table.seats.called(seat).lower() for seat in others]
        digit = next(
            (n for n, seat in enumerate(others, 1) if name in (called[n - 1], named[n - 1])), None
        )
        if digit is None:
            # TRANSLATORS: plain table, SwaPo (game: swapo): "swap 7h with Zed", nobody's name
            return Refuse(_("nobody called {name} can be swapped with").format(name=said.group(2)))
        for step in (lambda: flow.digit(digit), lambda: flow.digit(len(cards))):
            outcome = step() if flow.step in (Step.TARGET, Step.COUNT) else None
            if outcome is not None:
                flow.start()
                return outcome
        return self.put_cards(cards) if flow.step in CARD_STEPS else None

    def put_cards(self, wanted: list[Wanted]) -> Outcome:
        flow = self.flow()
        if flow.step != Step.ARRANGE:
            return super().put_cards(wanted)
        # Dagger: the cards typed go first, in the order typed; the rest follow as they lie
        rest, first = list(flow.order), []
        for card in wanted:
            index = next((i for i, code in enumerate(rest) if card.fits(code)), None)
            if index is None:
                return Refuse(_("you have no {card} to pick").format(card=typed(card)))
            first.append(rest.pop(index))
        flow.order = first + rest
        flow.picked = []
        return flow.confirm()

    def picked(self) -> set[int]:
        return set(self.flow().picked)

    def pick_at(self, index: int) -> Outcome:
        return self.flow().pick_at("hand", index)

    def cards_done(self) -> bool:
        return self.flow().step in (Step.CARDS, Step.GIVE)

    def pass_command(self) -> Command | None:
        flow = self.flow()
        if flow.step == Step.DECLARE and not flow.declaring():
            return flow.confirm  # no joker: the sealed step's pass, as enter sends it
        if flow.step == Step.ARRANGE:
            return None  # a row is laid down, never passed
        return flow.pass_turn

    def rejected(self) -> None:
        self.flow().start()

    def after_update(self) -> Outcome:
        return self.flow().owed_pass()


PLAIN = SwapoGame
"""What the plain front plays this game with (tui/plain/seated.py)."""
