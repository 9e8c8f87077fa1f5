"""Each game at the plain table: its decision model and face made as its screen makes them,
the prompt's question the screen asks, and typed cards put to the model with the keys the
screen would send it (the cursor on the card, then pick). Nothing here decides what is
legal: the model does, and the host has the last word.

``PlainGame`` is what the plain table asks of a game (``tui/plain/seated.py`` finds one by
name).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from rich.style import Style

from lang import _
from tui.games.mishi.face import MishiFace
from tui.games.mishi.flow import MishiDecisions
from tui.games.mishi.steps import BIDDING
from tui.games.mishi.steps import Step as MishiStep
from tui.games.swapo.face import SwapoFace
from tui.games.swapo.flow import SwapoDecisions
from tui.games.swapo.model import RoundRecord
from tui.games.swapo.steps import CARD_STEPS, MENU_STEPS, Step
from tui.games.swoop.ask import SwoopAsk
from tui.games.swoop.face import SwoopFace
from tui.games.swoop.flow import SwoopDecisions, flip_slots
from tui.table import hints
from tui.table.decisions import Decisions, Outcome, Refuse
from tui.table.face import GameFace, PlainFace
from tui.table.parse import Event
from tui.table.seats import Seats
from tui.widgets.cards import CardStyle

from .cards import Wanted, typed_cards


class Seated(Protocol):
    """What of the plain table a game reads (tui/plain/table.py)."""

    me: int | None
    cards: CardStyle
    table_info: dict

    @property
    def you(self) -> int | None: ...
    @property
    def view(self) -> dict: ...
    @property
    def seats(self) -> Seats: ...
    @property
    def legal(self) -> list[dict]: ...
    def look(self, name: str) -> Style: ...


Command = Callable[[], Outcome]


class NotMine:
    """A line that is no sentence of the game's (``PlainGame.sentence``)."""


NOT_MINE = NotMine()
SWAP = re.compile(r"^swap\s+(.+?)\s+with\s+(.+)$", re.IGNORECASE)


class PlainGame:
    """A game without a screen of its own: its legal actions as a numbered list."""

    #: Whether a typed card's suit must match (Swoop's suits never matter).
    SUITS: ClassVar[bool] = True

    def __init__(self, table: Seated) -> None:
        self.table = table
        self.model: Decisions = self.make_model()
        self.face: GameFace = self.make_face()

    def make_model(self) -> Decisions:
        from tui.table.generic import ListDecisions  # the generic screen's own model

        return ListDecisions(self.table.me)

    def make_face(self) -> GameFace:
        return PlainFace(self.table)

    def first_line(self, view: dict) -> str | None:
        """What the log says before the first event, if anything."""
        return None

    def noted(self, events: list[dict], view_before: dict) -> None:
        """Events about to be told (a game's face remembers what it needs of them)."""

    def question(self) -> str:
        """What is asked now, as the screen's prompt says it."""
        idle = self.model.idle_words()
        if idle:
            return idle
        if self.table.legal:
            # TRANSLATORS: plain table prompt: the player's turn, a numbered list follows
            return _("Your turn: choose an action by its number")
        return _("Waiting for the table…")

    def choices(self) -> list[str]:
        """The numbered list a number chooses from now (empty: a number means the model's
        digit key)."""
        from tui.table.generic import ListDecisions, action_words

        if not self.asked():
            return []
        return [action_words(a) for a in self.table.legal[: ListDecisions.SHOWN]]

    def choose(self, number: int) -> Outcome:
        """A number typed: the entry of the list, else the model's digit key."""
        from tui.table.generic import ListDecisions

        model = self.model
        if isinstance(model, ListDecisions) and 1 <= number <= len(self.choices()):
            model.choice = number - 1
            return model.confirm()
        return model.digit(number)

    def asked(self) -> bool:
        """Whether this seat is asked a question now."""
        return bool(self.table.legal) and self.table.me in self.model.view.get("pending", [])

    def row(self) -> list[str | None]:
        """The cards the model's cursor walks, by position (None: not a card one can name)."""
        return []

    def picked(self) -> set[int]:
        return set()

    def pick_at(self, index: int) -> Outcome:
        return None

    def cards_done(self) -> bool:
        """Whether typing cards ends with enter (else the model asks the next step)."""
        return True

    def commands(self) -> dict[str, Command]:
        """The game's own commands (its screen's own keys), by their English words
        (commands.command_words says them)."""
        return {}

    def pass_command(self) -> Command | None:
        return None

    def fits(self, name: str) -> bool:
        """Whether the game's command ``name`` (or ``ok``) does something now."""
        return True

    def sentence(self, text: str) -> Outcome | NotMine:
        """A line the game reads whole ("swap 7h 8s with Bo"), or ``NOT_MINE``."""
        return NOT_MINE

    def rejected(self) -> None:
        """The host refused what was sent: the question is asked afresh, as on the screen."""

    def after_update(self) -> Outcome:
        """What the model sends by itself on a new state, as the screen has it send."""
        return None

    def put_cards(self, wanted: list[Wanted]) -> Outcome:
        """Each typed card picked in the model's row (a card not yet picked), as the
        screen's cursor and space would; then enter."""
        row = self.row()
        if not row:
            # TRANSLATORS: plain table: cards were typed, but none is being chosen now
            return Refuse(_("no cards are being chosen now"))
        for before in sorted(self.picked()):
            self.pick_at(before)  # the cards typed are the choice: a step's own picks go
        taken: set[int] = set()  # (a Swoop chain comes with its cards picked)
        mine: list[int] = []
        for card in wanted:
            fits = card if self.SUITS else Wanted(card.rank)
            index = next((i for i, c in enumerate(row) if i not in taken and fits.fits(c)), None)
            # TRANSLATORS: plain table: a typed card is not among the player's cards
            outcome: Outcome = Refuse(_("you have no {card} to pick").format(card=typed(card)))
            if index is not None:
                taken.add(index)
                outcome = self.pick_at(index)
            if outcome is not None:
                for picked in reversed(mine):
                    self.pick_at(picked)  # the cards typed are put back: type them again
                return outcome
            if index is not None:
                mine.append(index)
        return self.model.confirm() if self.cards_done() else None


def typed(card: Wanted) -> str:
    return card.rank + (card.suit or "")


class SwoopGame(PlainGame):
    SUITS = False

    model: SwoopDecisions

    def make_model(self) -> Decisions:
        return SwoopDecisions(self.table.me, letters=True)

    def make_face(self) -> GameFace:
        assert isinstance(self.model, SwoopDecisions)
        self.swoop = SwoopFace(self.table, self.model)
        return self.swoop

    def noted(self, events: list[dict], view_before: dict) -> None:
        for raw in events:
            event = Event.of(raw)
            if event.kind == "hand_end" and view_before:
                self.swoop.hand_ended(event, view_before)

    def question(self) -> str:
        table, model = self.table, self.model
        assert isinstance(model, SwoopDecisions)
        ask = SwoopAsk(
            model, model.state, table.legal, table.me, table.seats.name, table.cards, table.look
        )
        return ask.question().plain

    def choices(self) -> list[str]:
        return []

    def asked(self) -> bool:
        assert isinstance(self.model, SwoopDecisions)
        return self.model.asked() != "wait"

    def row(self) -> list[str | None]:
        assert isinstance(self.model, SwoopDecisions)
        mine = self.model.mine
        return [mine.code(item) for item in self.model.items()]

    def picked(self) -> set[int]:
        assert isinstance(self.model, SwoopDecisions)
        items = self.model.items()
        return {items.index(i) for i in self.model.picks if i in items}

    def pick_at(self, index: int) -> Outcome:
        assert isinstance(self.model, SwoopDecisions)
        self.model.cursor = index
        return self.model.pick()

    def rejected(self) -> None:
        assert isinstance(self.model, SwoopDecisions)
        self.model.rejected()

    def commands(self) -> dict[str, Command]:
        assert isinstance(self.model, SwoopDecisions)
        return {"turn": self.turn, "stop": self.model.stop}

    def turn(self) -> Outcome:
        """Turn a mystery card: the first that can be (all are unknown alike; the screen's
        cursor chooses one, a plain player need not)."""
        assert isinstance(self.model, SwoopDecisions)
        slots = flip_slots(self.table.legal)
        if slots and ("down", slots[0]) in self.model.items():
            self.model.cursor = self.model.items().index(("down", slots[0]))
        return self.model.turn()

    def fits(self, name: str) -> bool:
        assert isinstance(self.model, SwoopDecisions)
        if name == "turn":
            return self.model.can_turn()
        if name == "stop":
            return self.model.can_stop()
        return self.model.asked() != "play" or bool(self.model.picks)


class SwapoGame(PlainGame):
    def make_model(self) -> Decisions:
        return SwapoDecisions(self.table.me, self.table.seats.asked_name)

    def make_face(self) -> GameFace:
        assert isinstance(self.model, SwapoDecisions)
        self.swapo = SwapoFace(self.table, self.model, self.log_name)
        return self.swapo

    def log_name(self, seat: object) -> str:
        return self.table.seats.name(seat, you=seat == self.table.me)

    def noted(self, events: list[dict], view_before: dict) -> None:
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

    def entry_words(self, entry: dict[str, Any]) -> str:
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

    def noted(self, events: list[dict], view_before: dict) -> None:
        for raw in events:
            if Event.of(raw).kind == "trick_won":
                self.flow().trick_won()

    def question(self) -> str:
        flow = self.flow()
        return flow.idle_words() or flow.question().plain

    def choices(self) -> list[str]:
        flow = self.flow()
        if flow.step not in BIDDING:
            return []
        label = self.table.cards.label
        return [" ".join(label(c) for c in bid.get("cards") or []) for bid in flow.bid_options()]

    def choose(self, number: int) -> Outcome:
        flow = self.flow()
        if flow.step in BIDDING and 1 <= number <= len(flow.bid_options()):
            flow.digit(number)
            return flow.declare()
        return flow.digit(number)

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
