"""The SwaPo decision model: what the local seat is choosing now, and what each key does.

``SwapoDecisions`` walks a decision step by step: opponent, count, cards (Dagger: their
positions, then yours); a give; the row's order; a joker's rank; the Ace powers. It holds the
step, the picks and the cursors, takes the table's keys, and answers each with an ``Outcome``
(see ``decisions``). What is possible comes from the ``legal`` list alone (``swapo_rules``).
No Textual here: the screen draws from this model and forwards keys to it.
"""

from __future__ import annotations

from rich.text import Text

from engine.base import SeatView
from engine.swapo.types import TYPED, Action, DeclareAction, PassAction
from lang import _, ngettext
from tui.table.decisions import Decisions, Outcome, Refuse, Send
from tui.table.parse import ParsedView, Wired

from . import ask as swapo_ask
from . import powers
from .choices import (
    NameOf,
    can_pass,
    card_sets,
    declare_ranks,
    gifts,
    pickable_cards,
    pickable_positions,
    position_sets,
    swap_card_sets,
    swap_counts,
    swap_targets,
)
from .menu import Entry
from .model import Phase, SwapoView
from .powers import POWER_NAMES, needs_rank
from .steps import CARD_STEPS, MENU_STEPS, PICK_STEPS, SENDING_STEPS, Step
from .steps import row as step_row

__all__ = ["CARD_STEPS", "PICK_STEPS", "Step", "SwapoDecisions"]
#: The phases that open a decision at the step of the same name (``swap`` opens ``target``).
OPENING = {
    Phase.SWAP: Step.TARGET,
    Phase.GIVE: Step.GIVE,
    Phase.ARRANGE: Step.ARRANGE,
    Phase.DECLARE: Step.DECLARE,
    Phase.POWER: Step.POWER,
}


def seat_label(seat: object) -> str:
    if isinstance(seat, int):
        # TRANSLATORS: a seat without a name, by number ("Seat 3")
        return _("Seat {number}").format(number=seat + 1)
    # TRANSLATORS: the whole table, where a seat's name would be
    return _("table")


class SwapoDecisions(Decisions):
    """What the local SwaPo seat is choosing, step by step, and what each key does to it.

    ``step`` is "wait" or one of target, count, cards, take, give_pos (Dagger), give, arrange,
    declare, power (which Ace), power_target (which card or opponent), power_rank (a taken
    joker's rank). ``menu`` holds the entries of a menu step (``menu.Entry``: a count, or
    what it sends); ``reveal`` the round just ended, shown until enter or esc.
    """

    def __init__(self, seat: int | None, name_of: NameOf = seat_label) -> None:
        super().__init__(seat)
        self.name_of = name_of
        self.parsed = ParsedView(SwapoView.from_view)
        self.state = self.parsed.value
        self.step = Step.WAIT
        self.decision: tuple | None = None  # what was asked when the step began
        self.target: int | None = None
        self.k = 0
        self.picked: list[int] = []  # my cards (or my positions) picked; arrange: the held card
        self.taken: list[int] = []  # Dagger: the target's positions picked
        self.cursor = 0
        self.target_cursor = 0
        self.menu: list[Entry] = []  # a menu step's entries (tui/games/swapo/menu.py)
        #: The legal actions, as SwaPo's own (checked where they arrived).
        self.actions: list[Action] = []
        self.menu_cursor = 0
        self.order: list[str] = []
        self.reveal: Wired | None = None
        self.sent = False
        self.power_kind = ""  # the Ace chosen in a power's first step

    # -- what the view says ------------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        return list(self.state.hand or ())

    def variant(self, name: str) -> bool:
        return name in self.state.variant

    @property
    def dagger(self) -> bool:
        return self.variant("dagger")

    @property
    def asterisk(self) -> bool:
        return self.variant("asterisk")

    @property
    def ace(self) -> bool:
        return self.variant("ace")

    def others(self) -> list[int]:
        """Other seats clockwise from mine; digit ``i`` picks ``others()[i-1]``."""
        n = self.state.seats
        start = self.seat if isinstance(self.seat, int) else -1
        return [(start + k) % n for k in range(1, n + 1) if (start + k) % n != self.seat]

    # -- the Ace powers' menus (powers.py) ---------------------------------------------------
    def declaring(self) -> bool:
        return powers.declaring(self.menu)

    def entry(self) -> Entry | None:
        return powers.entry_at(self.step, self.menu, self.menu_cursor)

    def aim(self) -> tuple[int | None, str | None]:
        return powers.aim_of(self.step, self.entry())

    def effect(self) -> str:
        aiming = powers.Aiming(self.seat, self.state, self.actions, self.name_of)
        return powers.effect_of(self.step, self.entry(), aiming)

    def digit_of(self, seat: int) -> str:
        others = self.others()
        return str(others.index(seat) + 1) if seat in others else ""

    def asked(self) -> Phase | None:
        """The phase whose decision the local seat must make now, or None (waiting)."""
        if self.seat is None or self.seat not in self.state.pending or not self.legal:
            return None
        return self.state.phase

    @property
    def waiting(self) -> bool:
        return self.step == Step.WAIT and self.reveal is None

    # -- a new state, a new decision -------------------------------------------------------
    def asked_sealed(self) -> bool:
        return self.state.phase == Phase.DECLARE  # who still declares is sealed

    def take_back_shown(self) -> bool:
        # a Dagger row being arranged follows the deal: nothing of mine to take back there
        return super().take_back_shown() and self.step != Step.ARRANGE

    def update(self, view: SeatView | None, legal: list[Wired]) -> None:
        super().update(view, legal)
        self.actions = TYPED.actions(legal)
        self.state = state = self.parsed.of(view)
        kind = self.asked()
        # each sealed step is a new question, though a pass may look just like the last one
        key: tuple = (kind, state.round, len(state.swaps), state.to_declare, len(legal))
        key += (state.declare_steps, state.power_done)
        if key != self.decision:
            self.decision = key
            self.start(kind)

    def start(self, kind: Phase | None = None) -> None:
        """Begin a decision (by default the one asked now) at its first step."""
        kind = self.asked() if kind is None else kind
        self.target, self.k, self.sent = None, 0, False
        self.picked, self.taken = [], []
        self.menu, self.menu_cursor = [], 0
        self.cursor = min(self.cursor, max(0, len(self.hand) - 1))
        self.step = OPENING.get(kind, Step.WAIT) if kind is not None else Step.WAIT
        if self.step == Step.TARGET:
            self.target_cursor = 0 if swap_targets(self.actions) else -1
        self.order = self.hand if self.step == Step.ARRANGE else []
        if self.step == Step.DECLARE:
            ranks = declare_ranks(self.actions)  # none: no joker, a sealed pass
            declaring = [Entry.of(DeclareAction(type="declare", rank=r)) for r in ranks]
            self.menu = declaring or [Entry.of(PassAction(type="pass"))]
        if self.step == Step.POWER:
            self.menu = powers.power_menu(self.actions)

    def owed_pass(self) -> Send | None:
        """Ace's sealed step: the rules ask every seat ``decks`` steps (declare each joker,
        then pass), so that their count tells nothing. The person answers once per joker,
        or once with none; the passes still owed after that are sent as they are asked."""
        if self.watching or self.sent or self.step != Step.DECLARE or self.declaring():
            return None
        if self.state.declare_steps >= self.state.decks:
            return None  # the first step: the person is asked
        return self.send({"type": "pass"})

    # -- what the screen shows -------------------------------------------------------------
    def target_choice(self) -> int | None:
        """The opponent under the cursor while choosing."""
        targets = swap_targets(self.actions)
        if not targets or self.target_cursor < 0:
            return None
        return targets[self.target_cursor % len(targets)]

    def is_chosen_target(self, seat: int) -> bool:
        """The opponent under the cursor (choosing) or already chosen (later steps)."""
        if self.step == Step.TARGET:
            return self.target_choice() == seat
        steps = (Step.COUNT, Step.CARDS, Step.TAKE, Step.GIVE_POS)
        return self.target == seat and self.step in steps

    def row(self) -> list[str]:
        """My row as shown: the order being arranged, else the hand."""
        return self.order if self.step == Step.ARRANGE else self.hand

    def pickable(self) -> list[bool]:
        """For each card of my row: may it be picked now?"""
        hand, step, target = self.row(), self.step, self.target
        if step == Step.CARDS and target is not None:
            return pickable_cards(hand, self.picked, swap_card_sets(self.actions, target, self.k))
        if step == Step.GIVE:
            return pickable_cards(hand, self.picked, card_sets(gifts(self.actions)))
        if step == Step.GIVE_POS and target is not None:
            allowed = position_sets(self.actions, target, self.k, "give")
            return pickable_positions(self.picked, allowed, len(hand))
        return [True] * len(hand)

    def takeable(self) -> list[bool]:
        """Dagger: for each of the target's five positions, may it be taken now?"""
        if self.target is None:
            return [False] * 5
        allowed = position_sets(self.actions, self.target, self.k, "take")
        return pickable_positions(self.taken, allowed, 5)

    def question(self) -> Text:
        """The prompt's question for the step (worded in ``swapo_ask``)."""
        return swapo_ask.question(self)

    # -- which keys work now -----------------------------------------------------------------
    def key_state(self, key: str) -> bool | None:
        if self.reveal is not None:
            return key in ("confirm", "back")
        if self.step == Step.WAIT:
            return False
        meaning = step_row(self.step)
        if key in ("move", "confirm"):
            return True
        if key == "pick":
            return meaning.pick
        if key == "back":
            return meaning.back is not None
        if key == "digit":
            return meaning.digits
        return False

    def key_label(self, key: str) -> str | None:
        meaning = step_row(self.step)
        if key == "confirm":
            if self.reveal is not None or (self.step == Step.DECLARE and not self.declaring()):
                return "continue"  # the reveal, or no joker to declare
            return meaning.confirm or None
        if key == "back" and self.reveal is not None:
            return "close"
        if key == "back":
            return meaning.back_label
        if key == "pick":
            return meaning.pick_label
        if key == "pass_turn":
            return self.pass_word()
        return None

    def pass_word(self) -> str:
        """What ``p`` does now, in the footer's and the prompt's one word: "done" once an
        Asterisk turn has swapped (no more swaps), else "pass"."""
        if self.asterisk and any(sw.seat == self.seat for sw in self.state.swaps):
            return "done"
        return "pass"

    def can_pass_now(self) -> bool:
        """Whether ``p`` (pass / done) works now."""
        steps = (Step.TARGET, Step.POWER)
        return self.reveal is None and self.step in steps and can_pass(self.actions)

    # -- the keys ----------------------------------------------------------------------------
    @property
    def target_seat(self) -> int:
        return self.target if self.target is not None else -1

    def move(self, step: int) -> Outcome:
        """←→ walk the row or the menu, and stop at its ends (no wrapping round)."""
        s = self.step
        if s == Step.TARGET:
            self.target_cursor = _clamp(self.target_cursor + step, len(swap_targets(self.actions)))
        elif s == Step.TAKE:
            self.target_cursor = _clamp(self.target_cursor + step, 5)
        elif s in MENU_STEPS and self.menu:
            self.menu_cursor = _clamp(self.menu_cursor + step, len(self.menu))
        elif s == Step.ARRANGE and self.order:
            new = _clamp(self.cursor + step, len(self.order))
            if self.picked:
                self.order[self.cursor], self.order[new] = self.order[new], self.order[self.cursor]
                self.picked = [new]
            self.cursor = new
        elif s in CARD_STEPS and self.hand:
            self.cursor = _clamp(self.cursor + step, len(self.hand))
        return None

    def pick(self) -> Outcome:
        if self.step == Step.ARRANGE:
            self.picked = [] if self.picked else [self.cursor]
        elif self.step == Step.TAKE:
            return self.toggle_position(self.target_cursor)
        elif self.step in CARD_STEPS:
            return self.toggle_card(self.cursor)
        return None

    def pick_at(self, row: str, index: int) -> Outcome:
        """A click on card ``index`` of ``row`` ("target" or "hand"): move there and pick."""
        if row == "target" and self.step == Step.TAKE:
            self.target_cursor = index
            return self.pick()
        if row == "hand" and self.step in CARD_STEPS | {Step.ARRANGE}:
            self.cursor = index
            return self.pick()
        return None

    def toggle_card(self, index: int) -> Outcome:
        """Pick or unpick a card of my row (or a position, in Dagger) if that is allowed."""
        if index in self.picked:
            self.picked.remove(index)
            return None
        ok = self.pickable()
        if not 0 <= index < len(ok) or not ok[index]:
            # TRANSLATORS: SwaPo refusal
            return Refuse(_("that card cannot be picked now"))
        self.picked.append(index)
        self.cursor = index
        return None

    def toggle_position(self, pos: int) -> Outcome:
        """Dagger: take or leave one of the target's positions."""
        if pos in self.taken:
            self.taken.remove(pos)
            return None
        if not self.takeable()[pos]:
            # TRANSLATORS: SwaPo Dagger refusal: a position of an opponent's face-down row
            return Refuse(_("that position cannot be taken now"))
        self.taken.append(pos)
        self.target_cursor = pos
        return None

    def digit(self, digit: int) -> Outcome:
        s = self.step
        if s == Step.TARGET:
            others = self.others()
            if 1 <= digit <= len(others) and others[digit - 1] in swap_targets(self.actions):
                self.choose_target(others[digit - 1])
                return None
            # TRANSLATORS: SwaPo refusal after a digit key; {digit}: the digit pressed
            return Refuse(_("{digit} is not an opponent you can swap with").format(digit=digit))
        if s == Step.COUNT:
            if digit in swap_counts(self.actions, self.target_seat):
                self.choose_count(digit)
                return None
            # TRANSLATORS: SwaPo refusal after a digit key (the count of cards to swap)
            words = ngettext(
                "you cannot swap {count} card with {name}",
                "you cannot swap {count} cards with {name}",
                digit,
            )
            return Refuse(words.format(count=digit, name=self.name_of(self.target)))
        if s == Step.POWER_TARGET:  # that opponent's first card (or joker)
            aimed = powers.aimed_at(self.others(), self.menu, digit)
            if isinstance(aimed, Refuse):
                return aimed
            self.menu_cursor = aimed
            return None
        if s == Step.TAKE and 1 <= digit <= 5:
            return self.toggle_position(digit - 1)
        if s in CARD_STEPS and 1 <= digit <= len(self.hand):
            return self.toggle_card(digit - 1)
        return None

    def choose_target(self, seat: int) -> None:
        self.target = seat
        counts = swap_counts(self.actions, seat)
        if len(counts) == 1:
            self.choose_count(counts[0])
        else:
            self.step = Step.COUNT
            self.menu, self.menu_cursor = [Entry(k=k) for k in counts], 0

    def choose_count(self, k: int) -> None:
        self.k = k
        self.picked, self.taken = [], []
        self.step = Step.TAKE if self.dagger else Step.CARDS
        self.target_cursor = 0

    def confirm(self) -> Outcome:
        if self.reveal is not None:
            self.reveal = None
            return None
        s, k, target = self.step, self.k, self.target_seat
        entry = self.menu[self.menu_cursor] if s in MENU_STEPS and self.menu else None
        if s == Step.TARGET:
            seat = self.target_choice()
            if seat is not None:
                self.choose_target(seat)
        elif s == Step.COUNT and entry is not None:
            self.choose_count(entry.k)
        elif s == Step.CARDS:
            cards = sorted(self.hand[i] for i in self.picked)
            if tuple(cards) in swap_card_sets(self.actions, target, k):
                return self.send({"type": "swap", "target": target, "cards": cards})
            return Refuse(swapo_ask.give_words(k))
        elif s == Step.TAKE:
            if len(self.taken) != k:
                return Refuse(swapo_ask.positions_words(k, theirs=True))
            self.step, self.picked = Step.GIVE_POS, []
        elif s == Step.GIVE_POS:
            give = sorted(self.picked)
            if tuple(give) not in position_sets(self.actions, target, k, "give"):
                return Refuse(swapo_ask.positions_words(k, theirs=False))
            take = sorted(self.taken)
            return self.send({"type": "swap", "target": target, "take": take, "give": give})
        elif s == Step.GIVE:
            cards = sorted(self.hand[i] for i in self.picked)
            if tuple(cards) in card_sets(gifts(self.actions)):
                return self.send({"type": "give", "cards": cards})
            asked = self.state.give
            return Refuse(swapo_ask.give_words(asked.k or 0 if asked is not None else 0))
        elif s == Step.ARRANGE:
            return self.send({"type": "arrange", "order": list(self.order)})
        elif s == Step.POWER and entry is not None and entry.kind in POWER_NAMES:
            self.power_kind, self.step = entry.kind, Step.POWER_TARGET
            self.menu, self.menu_cursor = powers.target_menu(self.actions, self.power_kind), 0
        elif s == Step.POWER_TARGET and entry is not None and needs_rank(entry):
            self.target, self.step = entry.target, Step.POWER_RANK
            self.menu = [Entry.of(a) for a in powers.honey_traps(self.actions, self.target)]
            self.menu_cursor = 0
        elif s in SENDING_STEPS and entry is not None and entry.action is not None:
            return self.send(entry.action)
        return None

    def back(self) -> Outcome:
        """esc: close the round's result, or go back one step (its table row says where)."""
        if self.reveal is not None:
            self.reveal = None
            return None
        came, to = self.step, step_row(self.step).back
        if to is None:
            return None
        counts = swap_counts(self.actions, self.target_seat) if to == Step.COUNT else []
        if to == Step.COUNT and len(counts) <= 1:
            to = Step.TARGET  # one count only: it was never asked
        self.step, self.picked = to, []
        if came in (Step.CARDS, Step.TAKE):
            self.taken = []
        if to == Step.TARGET:
            self.target = None
        elif to == Step.COUNT:
            self.menu, self.menu_cursor = [Entry(k=k) for k in counts], 0
        elif to == Step.POWER_TARGET:  # back to the jokers' holders, on this one
            self.menu = powers.target_menu(self.actions, "honey_trap")
            self.menu_cursor = next(
                (i for i, e in enumerate(self.menu) if e.target == self.target), 0
            )
        elif to == Step.POWER:  # back to the Aces, on this one
            self.menu = powers.power_menu(self.actions)
            kinds = [e.kind for e in self.menu]
            self.menu_cursor = kinds.index(self.power_kind) if self.power_kind in kinds else 0
        return None

    def pass_turn(self) -> Outcome:
        """``p``: pass (no swap, or done swapping; no Ace power)."""
        return self.send({"type": "pass"}) if self.can_pass_now() else None

    def send(self, action: Action) -> Send:
        """The finished decision: wait for the table's answer."""
        self.step, self.sent = Step.WAIT, True
        return Send(action)


def _clamp(index: int, size: int) -> int:
    return max(0, min(size - 1, index))
