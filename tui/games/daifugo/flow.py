"""大富豪's decision model: what the local seat is choosing, and what each key does. No
Textual here (tui/table/decisions.py).

- **play** (its turn): ←→ walk the hand, space picks a card, enter plays the picked cards; the
  cards that can still join a legal play with the picked ones are lit. ``p`` passes (not to a
  leader: it must play).
- **name** (the picked cards hold a joker that can stand for several cards): ←→ or a digit
  chooses what the jokers stand for (the play's ``as``), enter plays, esc goes back to the hand.
- **give** (the exchange): pick the cards to give (the tribute: only the strongest are lit),
  enter gives them.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum

from engine.base import SeatView
from engine.daifugo.types import TYPED, Action, GiveAction, PassAction, PlayAction
from tui.table import parse
from tui.table.decisions import Decisions, Outcome, Refuse, Send
from tui.table.parse import Wired

from . import words
from .model import DaifugoView, Phase

#: A listed action that lays cards down: a gift of the exchange, or a play.
Laid = GiveAction | PlayAction


class Step(StrEnum):
    WAIT = "wait"
    PLAY = "play"
    NAME = "name"
    GIVE = "give"


def same_cards(a: list[str] | tuple[str, ...], b: list[str] | tuple[str, ...]) -> bool:
    return Counter(a) == Counter(b)


def contains(big: list[str] | tuple[str, ...], small: list[str] | tuple[str, ...]) -> bool:
    """Whether the cards ``small`` are among ``big`` (as multisets)."""
    return not Counter(small) - Counter(big)


class DaifugoDecisions(Decisions):
    """See the module docstring."""

    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.parsed = parse.ParsedView(DaifugoView.from_view)
        self.state = self.parsed.of({})
        self.cursor = 0
        self.picks: set[int] = set()  # indices into the hand (weakest first)
        self.naming: list[Laid] = []  # the plays the picked cards can be (step name)
        #: The legal actions, as 大富豪's own (checked where they arrived).
        self.actions: list[Action] = []
        self.choice = 0
        self.sent = False
        self.question_key: tuple[object, ...] = ()

    def update(self, view: SeatView | None, legal: list[Wired]) -> None:
        super().update(view, legal)
        self.actions = TYPED.actions(legal)
        self.state = self.parsed.of(view)
        key = (self.state.phase, self.state.deal, len(self.state.trick), self.state.hand)
        if key != self.question_key or not legal:
            self.question_key = key
            self.start()
        self.sent = False
        self.cursor = min(self.cursor, max(0, len(self.state.hand) - 1))

    def start(self) -> None:
        """A new question: nothing picked."""
        self.picks = set()
        self.naming = []
        self.choice = 0

    def rejected(self) -> None:
        """The table refused what was sent: the same question stands, asked afresh."""
        self.sent = False
        self.start()

    # -- what am I asked? ----------------------------------------------------------------
    def step(self) -> Step:
        if self.sent or self.seat is None or self.watching or not self.legal:
            return Step.WAIT
        if self.state.phase == Phase.EXCHANGE:
            return Step.GIVE
        return Step.NAME if self.naming else Step.PLAY

    @property
    def hand(self) -> tuple[str, ...]:
        return self.state.hand

    def picked(self) -> list[str]:
        return [self.hand[i] for i in sorted(self.picks) if i < len(self.hand)]

    def plays(self) -> list[Laid]:
        """The legal actions that lay cards down (plays or gifts)."""
        return [a for a in self.actions if a["type"] != "pass"]

    def can_pass(self) -> bool:
        return self.step() == Step.PLAY and any(a["type"] == "pass" for a in self.actions)

    def only_pass(self) -> bool:
        return self.can_pass() and not self.plays()

    def leads(self) -> bool:
        return self.step() == Step.PLAY and not self.state.trick

    def give_count(self) -> int:
        gifts = self.plays()
        return len(gifts[0]["cards"]) if gifts else 0

    def enabled(self, index: int) -> bool:
        """Whether the card at ``index`` is lit: picked, or able to join a legal play with the
        cards picked so far."""
        if self.step() not in (Step.PLAY, Step.GIVE) or index >= len(self.hand):
            return False
        if index in self.picks:
            return True
        wanted = [*self.picked(), self.hand[index]]
        return any(contains(a["cards"], wanted) for a in self.plays())

    def matching(self) -> list[Laid]:
        """The legal actions made of exactly the picked cards."""
        picked = self.picked()
        return [a for a in self.plays() if same_cards(a["cards"], picked)]

    def named(self) -> Laid | None:
        """The play chosen on the name step."""
        return self.naming[self.choice % len(self.naming)] if self.naming else None

    # Which keys work now, and what the footer calls them ---------------------------------
    def key_state(self, key: str) -> bool | None:
        step = self.step()
        if step == Step.WAIT:
            return False
        if key in ("move", "confirm"):
            return True
        if key == "pick":
            return step != Step.NAME
        if key == "back":
            return bool(self.picks) or step == Step.NAME
        if key == "digit":
            return step == Step.NAME
        return False

    def key_label(self, key: str) -> str | None:
        if key == "confirm":
            return "give" if self.step() == Step.GIVE else "play"
        if key == "back":
            return "clear" if self.step() != Step.NAME else None
        if key == "digit":
            return None
        return None

    # -- the keys --------------------------------------------------------------------------
    def move(self, step: int) -> Outcome:
        """←→ walk the hand (stopping at its ends), or the joker's choices on the name step."""
        if self.step() == Step.NAME:
            self.choice = (self.choice + step) % len(self.naming)
        elif self.hand:
            self.cursor = max(0, min(len(self.hand) - 1, self.cursor + step))
        return None

    def pick(self) -> Outcome:
        if self.step() not in (Step.PLAY, Step.GIVE) or not self.hand:
            return None
        return self.toggle(self.cursor)

    def click(self, index: int) -> Outcome:
        """Mouse: a click moves the cursor to the card and picks it, as space would."""
        if self.step() not in (Step.PLAY, Step.GIVE) or not 0 <= index < len(self.hand):
            return None
        self.cursor = index
        return self.toggle(index)

    def toggle(self, index: int) -> Outcome:
        if index in self.picks:
            self.picks.discard(index)
            return None
        if not self.enabled(index):
            return Refuse(words.not_with_picks(self.step() == Step.GIVE, bool(self.picks)))
        self.picks.add(index)
        return None

    def confirm(self) -> Outcome:
        step = self.step()
        if step == Step.NAME:
            chosen = self.named()
            return self.send(chosen) if chosen is not None else None
        if step not in (Step.PLAY, Step.GIVE):
            return None
        if not self.picks:
            return Refuse(words.nothing_picked(step == Step.GIVE, self.can_pass()))
        found = self.matching()
        if not found:
            if step == Step.GIVE:
                return Refuse(words.give_more(self.give_count(), len(self.picks)))
            return Refuse(words.no_such_play())
        if len(found) == 1:
            return self.send(found[0])
        self.naming, self.choice = found, 0
        return None

    def back(self) -> Outcome:
        if self.step() == Step.NAME:
            self.naming = []
        else:
            self.picks = set()
        return None

    def digit(self, digit: int) -> Outcome:
        if self.step() == Step.NAME and 1 <= digit <= len(self.naming):
            self.choice = digit - 1
        return None

    def pass_turn(self) -> Outcome:
        if not self.can_pass():
            return None
        return self.send(PassAction(type="pass"))

    def send(self, action: Action) -> Outcome:
        self.sent = True
        self.start()
        return Send(action)
