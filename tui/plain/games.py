"""Each game at the plain table: its decision model and face made as its screen makes them,
the prompt's question the screen asks, and typed cards put to the model with the keys the
screen would send it (the cursor on the card, then pick). Nothing here decides what is
legal: the model does, and the host has the last word.

``PlainGame`` is what the plain table asks of a game (``tui/plain/seated.py`` finds one by
name).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import ClassVar, Protocol

from rich.style import Style

from engine.base import SeatView
from lang import _
from tui.table.decisions import Decisions, Outcome, Refuse
from tui.table.face import GameFace, PlainFace
from tui.table.messages import TableState
from tui.table.parse import Wired
from tui.table.seats import Seats
from tui.widgets.cards import CardStyle

from .cards import Wanted, typed_cards
from .words import command_words


class Seated(Protocol):
    """What of the plain table a game reads (tui/plain/table.py)."""

    me: int | None
    cards: CardStyle
    table_info: dict

    @property
    def you(self) -> int | None: ...
    @property
    def view(self) -> SeatView | None: ...
    @property
    def state(self) -> TableState: ...
    @property
    def seats(self) -> Seats: ...
    @property
    def legal(self) -> list[Wired]: ...
    def look(self, name: str) -> Style: ...


Command = Callable[[], Outcome]


class NotMine:
    """A line that is no sentence of the game's (``PlainGame.sentence``)."""


NOT_MINE = NotMine()
SWAP = re.compile(r"^swap\s+(.+?)\s+with\s+(.+)$", re.IGNORECASE)
TO = re.compile(r"^(.+?)(?:\s+to\s+(\S.*))?$", re.IGNORECASE)  # give … [to NAME]


def after_word(text: str, command: str, words: Mapping[str, str]) -> str | None:
    """What follows the command word ``command`` (English, or the player's in ``words``:
    ``PlainGame.words``) that ``text`` starts with; None where it does not start with it."""
    word, _sep, rest = text.strip().partition(" ")
    if word.lower() in (command, words[command].lower()):
        return rest.strip()
    return None


class PlainGame:
    """A game without a screen of its own: its legal actions as a numbered list."""

    #: Whether a typed card's suit must match (Swoop's suits never matter).
    SUITS: ClassVar[bool] = True

    def __init__(self, table: Seated) -> None:
        self.table = table
        self.model: Decisions = self.make_model()
        self.face: GameFace = self.make_face()

    def words(self) -> dict[str, str]:
        """The commands' words at this game's table (its own sense of a shared word:
        tui/plain/words.py)."""
        return command_words(str(self.table.table_info.get("game", "")))

    def make_model(self) -> Decisions:
        from tui.table.generic import ListDecisions  # the generic screen's own model

        return ListDecisions(self.table.me)

    def make_face(self) -> GameFace:
        return PlainFace(self.table)

    def first_line(self, state: TableState) -> str | None:
        """What the log says before the first event, if anything."""
        return None

    def noted(self, events: list[Wired], view_before: SeatView | None) -> None:
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
        view = self.table.view
        return bool(self.table.legal) and view is not None and self.table.me in view["pending"]

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
        (``words`` says them)."""
        return {}

    def pass_command(self) -> Command | None:
        return None

    def fits(self, name: str) -> bool:
        """Whether the game's command ``name`` (or ``ok``) does something now."""
        return True

    def sentence(self, text: str) -> Outcome | NotMine:
        """A line the game reads whole, or ``NOT_MINE``: here ``give 7h 8s to Bo`` (the
        cards) and ``give 2 to Bo`` (a count; ``to Bo`` may be left out); a game's own too
        (``swap 7h 8s with Bo``, ``declare K``)."""
        rest = after_word(text, "give", self.words())
        said = TO.match(rest) if rest else None
        if said is None:
            return NOT_MINE
        what, name = said.group(1).strip(), said.group(2)
        to = self.give_to()
        if name is not None and to is not None and not self.called(to, name):
            # TRANSLATORS: plain table: give … to NAME, where the cards go to another seat
            return Refuse(_("your cards go to {name}").format(name=self.table.seats.called(to)))
        if what.isdigit():
            if to is None:
                # TRANSLATORS: plain table: give 2 (a count) when nothing is asked of this seat
                return Refuse(_("nothing is given now"))
            return self.give_count(int(what))
        cards = typed_cards(what)
        return NOT_MINE if cards is None else self.put_cards(cards)

    def table_lines(self) -> list[str]:
        """What ``table`` says besides the question: the game's own state (``state_lines``),
        whose turn it is, and how many cards each seat holds (what every seat sees)."""
        view, seats = self.table.view, self.table.seats
        lines = self.state_lines() if view is not None else []
        turn = self.whose_turn()
        if turn is not None and view is not None and not view["over"]:
            # TRANSLATORS: plain table: whose turn it is ("Turn: Bo", "Turn: You")
            lines.append(_("Turn: {name}").format(name=seats.name(turn)))
        counts = self.held_counts()
        if counts:
            each = ", ".join(f"{seats.name(seat)} {n}" for seat, n in enumerate(counts))
            # TRANSLATORS: plain table: how many cards each seat holds ("You 5, Bo 4")
            lines.append(_("Cards held: {counts}").format(counts=each))
        return lines

    def whose_turn(self) -> int | None:
        """Whose turn it is, where the game plays one turn at a time (None: not said); the
        game's own, read from its parsed view."""
        return None

    def held_counts(self) -> list[int]:
        """How many cards each seat holds, as every seat sees it (empty: not said)."""
        return []

    def state_lines(self) -> list[str]:
        """The game's own state in sentences, whoever's turn it is (a pile, a trick, the
        trumps, the order in force): what its screen shows on the table."""
        return []

    def help_lines(self) -> list[str]:
        """The help of the game's own commands, a sentence each, in its words."""
        return []

    def hand_lines(self) -> list[str]:
        """What ``hand`` says, where the game groups the cards (empty: the hand as one list)."""
        return []

    def called(self, seat: int, name: str) -> bool:
        """Whether ``name`` is what the player calls ``seat`` (its name, or its number)."""
        return name.strip().lower() in (self.table.seats.called(seat).lower(), str(seat + 1))

    def give_to(self) -> int | None:
        """The seat this seat's cards go to now (None: it gives nothing now)."""
        return None

    def give_count(self, count: int) -> Outcome:
        """``give 2``: the cards given by their count, where the rules leave the choice of
        which to nobody (the game's own); else say that the cards are typed."""
        # TRANSLATORS: plain table: give 2 (a count) where the player chooses which cards
        return Refuse(_("say which cards you give: give 7h 8s"))

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
