"""Swoop at the plain table (tui/plain/): its questions answered by typed commands,
through the decision model its screen uses."""

from __future__ import annotations

from engine.base import SeatView
from lang import N_, _, ngettext
from tui.games.swoop.ask import SwoopAsk
from tui.games.swoop.face import SwoopFace
from tui.games.swoop.flow import SwoopDecisions, flip_slots
from tui.plain.cards import rank_word
from tui.plain.games import Command, PlainGame
from tui.plain.prompt import Rewrite
from tui.table.decisions import Decisions, Outcome
from tui.table.face import GameFace
from tui.table.parse import Event, Wired


class SwoopGame(PlainGame):
    SUITS = False

    model: SwoopDecisions

    def make_model(self) -> Decisions:
        return SwoopDecisions(self.table.me, letters=True)

    def make_face(self) -> GameFace:
        assert isinstance(self.model, SwoopDecisions)
        self.swoop = SwoopFace(self.table, self.model)
        return self.swoop

    def noted(self, events: list[Wired], view_before: SeatView | None) -> None:
        for raw in events:
            event = Event.of(raw)
            if event.kind == "hand_end" and view_before is not None:
                self.swoop.hand_ended(event, view_before)

    def whose_turn(self) -> int | None:
        return self.model.state.turn

    def held_counts(self) -> list[int]:
        return [player.hand for player in self.model.state.players]

    def question(self) -> str:
        table, model = self.table, self.model
        assert isinstance(model, SwoopDecisions)
        ask = SwoopAsk(
            model, model.state, model.actions, table.me, table.seats.name, table.cards, table.look
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
        slots = flip_slots(self.model.actions)
        if slots and ("down", slots[0]) in self.model.items():
            self.model.cursor = self.model.items().index(("down", slots[0]))
        return self.model.turn()

    def state_lines(self) -> list[str]:
        """The pile: how many cards, and the run on top."""
        view = self.model.state
        n, top = len(view.pile), view.top
        if not n:
            # TRANSLATORS: plain table, Swoop (game: swoop): what table says of an empty pile
            return [_("The pile is empty")]
        if top is None:
            # TRANSLATORS: plain table, Swoop (game: swoop): the pile's size
            return [ngettext("The pile: {n} card", "The pile: {n} cards", n).format(n=n)]
        # TRANSLATORS: plain table, Swoop (game: swoop): the pile's size ({n}) and the run on
        # its top: {count} cards of the rank {rank} ("king", "7")
        said = ngettext(
            "The pile: {n} card; on top, {count} of rank {rank}",
            "The pile: {n} cards; on top, {count} of rank {rank}",
            n,
        )
        return [said.format(n=n, count=top.count, rank=rank_word(top.rank))]

    def hand_lines(self) -> list[str]:
        """The hand, the face-up cards and the mystery cards, each on a line (the cards
        played from all three are typed alike)."""
        mine, label = self.model.mine, self.table.cards.label
        if not (mine.hand or any(mine.face_up) or any(mine.mystery)):
            return []
        hand = ", ".join(label(code) for code in mine.hand) or "—"
        up = ", ".join(label(code) for code in mine.face_up if code) or "—"
        down = sum(mine.mystery)
        free = sum(1 for slot, there in enumerate(mine.mystery) if there and mine.uncovered[slot])
        # TRANSLATORS: plain table, Swoop (game: swoop): the cards in hand, and how many
        said = [_("In your hand ({n}): {cards}").format(n=len(mine.hand), cards=hand)]
        # TRANSLATORS: plain table, Swoop (game: swoop): the face-up cards on the table
        said.append(_("Face up: {cards}").format(cards=up))
        # TRANSLATORS: plain table, Swoop (game: swoop): the face-down mystery cards; {free}:
        # those uncovered, which the turn command turns up
        mystery = ngettext(
            "Face down: {n} mystery card, {free} free to turn",
            "Face down: {n} mystery cards, {free} free to turn",
            down,
        )
        return [*said, mystery.format(n=down, free=free)]

    def fits(self, name: str) -> bool:
        assert isinstance(self.model, SwoopDecisions)
        if name == "turn":
            return self.model.can_turn()
        if name == "stop":
            return self.model.can_stop()
        return self.model.asked() != "play" or bool(self.model.picks)


PLAIN = SwoopGame
"""What the plain front plays this game with (tui/plain/seated.py)."""


#: Swoop's key hints on its screen, said for typed commands (tui/plain/prompt.py). The
#: msgids of the hints are the screen's own (tui/games/swoop/ask.py): plain strings here.
REWRITES = (
    Rewrite("space pick, enter play, t turns a mystery card"),
    Rewrite("space pick, enter play"),
    Rewrite("enter to play"),
    Rewrite(
        "You turned up {card} — nothing to add — enter",
        # TRANSLATORS: plain table, Swoop (game: swoop): the turned-up card, nothing to add
        N_("You turned up {card} — nothing to add: {ok}"),
    ),
    Rewrite(
        "You turned up {card}: add more {rank}s (space) or none",
        # TRANSLATORS: plain table, Swoop (game: swoop): add cards of the turned-up rank;
        # {ok}: the command that adds none
        N_("You turned up {card}: type more {rank}s to add, or {ok} for none"),
    ),
    Rewrite("no chain — enter", N_("no chain: {ok}")),
    Rewrite(
        "enter chain, x stop (the rest of the pile is cleared)",
        # TRANSLATORS: plain table, Swoop (game: swoop): {ok} and {stop} are typed commands
        N_("{ok} chains, {stop} stops (the rest of the pile is cleared)"),
    ),
    Rewrite(
        "a chain takes exactly {count} {rank} — or x to stop",
        # TRANSLATORS: plain table, Swoop (game: swoop): a refusal; {stop} is the command
        N_("a chain takes exactly {count} {rank} — or {stop}"),
    ),
)
