"""What the local Swoop seat may pick now, read only from the ``legal`` list and its own view,
and ``SwoopDecisions``: the Swoop seat's decision model (no Textual in it).

A decision is a set of *items*: hand cards (by index in the sorted hand), face-up slots and,
for a flip, an uncovered mystery slot. The engine lists one action per rank × number of hand
cards × set of face-up slots, so a pick is allowed exactly when some listed action of that
rank takes at least as many hand cards and a superset of the picked slots.

The keys: ←/→ walk over my slots and hand; space picks (a card of another rank starts a new
group); digits 1–4 pick that many of the rank under the cursor (0 clears); enter plays; ``t``
turns an uncovered mystery card; ``x`` stops a chain. Every choice is checked against
``legal`` before it is sent, and a refusal says why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from engine.base import SeatView
from engine.cards import rank
from engine.swoop.types import TYPED, Action, AddAction, ChainAction, PlayAction, StopAction
from lang import _, ngettext
from tui.table.decisions import Decisions, Outcome, Refuse, Send
from tui.table.parse import ParsedView, Wired

from .model import SwoopView

Item = tuple[str, int]  # ("hand", index) | ("up", slot) | ("down", slot)
Shape = tuple[str, int, frozenset[int]]  # rank, cards from hand, face-up slots


class Step(StrEnum):
    """What the local seat is deciding: a group to play, cards to add to a turned-up mystery
    card, a chain after a swoop; or nothing (``wait``)."""

    PLAY = "play"
    ADD = "add"
    CHAIN = "chain"
    WAIT = "wait"


class StepRow(NamedTuple):
    """What one step means: enter's word in the footer, and the ``legal`` list that makes
    it a formality (asked anyway, so that the table cannot tell what the hand holds)."""

    confirm: str
    formality: tuple[Action, ...] | None = None


#: One row per step the local seat can be asked (the view's phase of the same name).
STEPS: dict[Step, StepRow] = {
    Step.PLAY: StepRow("play"),
    Step.ADD: StepRow("play", (AddAction(type="add", cards=[], table=[]),)),
    Step.CHAIN: StepRow("chain", (StopAction(type="stop"),)),
}
GROUP_KINDS = tuple(str(step) for step in STEPS)


def rank_name(r: str, letters: bool) -> str:
    """A rank as drawn: ``7``, ``10``, ``★`` (``JK`` with letters: --ascii or no colour)."""
    if r == "JK":
        return "JK" if letters else "★"
    return r


def of_type(legal: Sequence[Action], kind: str) -> list[Action]:
    return [a for a in legal if a["type"] == kind]


def flip_slots(legal: Sequence[Action]) -> list[int]:
    return sorted(a["slot"] for a in legal if a["type"] == "flip")


def can_stop(legal: Sequence[Action]) -> bool:
    return any(a["type"] == "stop" for a in legal)


def group(action: Action) -> tuple[list[str], list[int]]:
    """A listed group's hand cards and face-up slots (a flip and a stop have none)."""
    if action["type"] == "flip" or action["type"] == "stop":
        return [], []
    return action["cards"], action.get("table", [])


class Mine(NamedTuple):
    """The local seat's own cards, as the view gives them."""

    hand: tuple[str, ...]
    face_up: tuple[str | None, ...]
    mystery: tuple[bool, ...]
    uncovered: tuple[bool, ...]

    @classmethod
    def empty(cls) -> Mine:
        return cls((), (None,) * 4, (False,) * 4, (False,) * 4)

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seat: int | None) -> Mine:
        return cls.of(SwoopView.from_view(view), seat)

    @classmethod
    def of(cls, state: SwoopView, seat: int | None) -> Mine:
        me = state.player(seat)
        return cls(state.hand or (), me.face_up, me.mystery, me.uncovered)

    def items(self) -> list[Item]:
        """Everything the cursor visits: the four slots (if anything lies there), then the hand."""
        out: list[Item] = []
        for slot in range(len(self.face_up)):
            if self.face_up[slot] is not None:
                out.append(("up", slot))
            elif slot < len(self.uncovered) and self.uncovered[slot]:
                out.append(("down", slot))
        out.extend(("hand", i) for i in range(len(self.hand)))
        return out

    def code(self, item: Item) -> str | None:
        """The card an item shows (None for a face-down mystery card)."""
        where, index = item
        if where == "hand":
            return self.hand[index] if 0 <= index < len(self.hand) else None
        if where == "up":
            return self.face_up[index] if 0 <= index < len(self.face_up) else None
        return None

    def rank(self, item: Item) -> str | None:
        code = self.code(item)
        return rank(code) if code else None


def shapes(legal: Sequence[Action], kind: str, mine: Mine) -> set[Shape]:
    """The listed groups of ``kind`` as (rank, hand cards, slots); empty adds are left out."""
    out: set[Shape] = set()
    for action in of_type(legal, kind):
        cards, table = group(action)
        slots = frozenset(table)
        if cards:
            r = rank(cards[0])
        elif slots:
            code = mine.face_up[min(slots)]
            r = rank(code) if code else ""
        else:
            continue
        out.add((r, len(cards), slots))
    return out


def picked_shape(picks: list[Item], mine: Mine) -> Shape | None:
    """The shape of the picked cards, or None when nothing (or a mix of ranks) is picked."""
    ranks = {mine.rank(item) for item in picks}
    if len(ranks) != 1 or None in ranks:
        return None
    hand = sum(1 for where, _ in picks if where == "hand")
    slots = frozenset(index for where, index in picks if where == "up")
    return (ranks.pop() or "", hand, slots)


def can_add(picks: list[Item], item: Item, allowed: set[Shape], mine: Mine) -> bool:
    """Whether ``item`` may join the picks: some listed group still contains them all."""
    if item in picks or item[0] == "down":
        return False
    shape = picked_shape([*picks, item], mine)
    if shape is None:
        return False
    r, hand, slots = shape
    return any(ar == r and ah >= hand and slots <= aslots for ar, ah, aslots in allowed)


def action_for(picks: list[Item], kind: str, allowed: set[Shape], mine: Mine) -> Action | None:
    """The action the picks make, if it is a listed one (an empty add is always listed)."""
    if not picks:
        return AddAction(type="add", cards=[], table=[]) if kind == "add" else None
    shape = picked_shape(picks, mine)
    if shape is None or shape not in allowed:
        return None
    cards = [mine.hand[i] for where, i in sorted(picks) if where == "hand"]
    table = sorted(shape[2])
    if kind == "add":
        return AddAction(type="add", cards=cards, table=table)
    if kind == "chain":
        return ChainAction(type="chain", cards=cards, table=table)
    return PlayAction(type="play", cards=cards, table=table)


def best_group(item: Item, count: int, allowed: set[Shape], mine: Mine) -> list[Item] | None:
    """``count`` cards of the rank under the cursor (hand cards first, then face-up slots)."""
    r = mine.rank(item)
    if r is None:
        return None
    for hand, slots in sorted(
        ((h, s) for ar, h, s in allowed if ar == r and h + len(s) == count),
        key=lambda hs: (-hs[0], sorted(hs[1])),
    ):
        indices = [i for i, code in enumerate(mine.hand) if rank(code) == r][:hand]
        return [("hand", i) for i in indices] + [("up", s) for s in sorted(slots)]
    return None


class SwoopDecisions(Decisions):
    """The local seat's Swoop choice: what is picked, where the cursor is, what may be sent.

    ``asked()`` says which decision is open ("play", "add", "chain" or "wait"); a new state
    starts it afresh (a chain step comes with its cards picked). ``letters`` names the joker
    ``JK`` rather than ``★`` in the reasons, as the cards are drawn.
    """

    def __init__(self, seat: int | None, *, letters: bool = False) -> None:
        super().__init__(seat)
        self.letters = letters
        self.picks: list[Item] = []
        self.cursor = 0
        self.sent = False  # an action is on its way: wait for the table's answer
        self.mine = Mine.empty()
        self.parsed = ParsedView(SwoopView.from_view)
        self.state = self.parsed.value
        #: The legal actions, as Swoop's own (checked where they arrived).
        self.actions: list[Action] = []
        self._shapes: set[Shape] = set()

    def update(self, view: SeatView | None, legal: list[Wired]) -> None:
        super().update(view, legal)
        self.actions = TYPED.actions(legal)
        self.sent = False
        self.state = self.parsed.of(view)
        self.mine = Mine.of(self.state, self.seat)
        phase = self.state.phase
        self._shapes = shapes(self.actions, phase, self.mine) if phase in GROUP_KINDS else set()
        self.start()

    def rejected(self) -> None:
        """The table refused what was sent: the same question stands, asked afresh."""
        self.sent = False
        self.start()

    # -- what am I asked? ----------------------------------------------------------------
    def asked(self) -> Step:
        """ "play", "add", "chain" when the local seat must decide, else "wait"."""
        if self.sent or self.seat is None or self.seat not in self.state.pending:
            return Step.WAIT
        phase = self.state.phase
        return Step(phase) if phase in GROUP_KINDS and self.legal else Step.WAIT

    def forced(self) -> Step | None:
        """ "add" when the only choice is the empty add, "chain" when it is only ``stop``: the
        step is asked anyway so that the table cannot tell what the hand holds."""
        kind = self.asked()
        row = STEPS.get(kind)
        if row is not None and row.formality is not None and self.actions == list(row.formality):
            return kind
        return None

    def allowed(self) -> set[Shape]:
        """The groups that may be sent now (none while waiting)."""
        return self._shapes if self.asked() != "wait" else set()

    def items(self) -> list[Item]:
        return self.mine.items()

    def current(self) -> Item | None:
        """The item under the cursor."""
        items = self.items()
        return items[self.cursor % len(items)] if items else None

    def enabled(self, item: Item) -> bool:
        """Whether ``item`` is lit: picked, able to join the picks or to start a new group,
        or (a mystery card) able to be turned."""
        kind = self.asked()
        allowed = self.allowed()
        if item[0] == "down":
            return kind == "play" and item[1] in flip_slots(self.actions)
        if item in self.picks or can_add(self.picks, item, allowed, self.mine):
            return True
        # a card of another rank is lit when it could start a new group (space switches)
        same = bool(self.picks) and self.mine.rank(self.picks[0]) == self.mine.rank(item)
        return kind == "play" and not same and can_add([], item, allowed, self.mine)

    def picked_codes(self) -> list[str]:
        """The picked cards' codes, in the order picked."""
        return [c for c in (self.mine.code(i) for i in self.picks) if c]

    def flipped_card(self) -> str:
        """The mystery card just turned up (waiting for additions), or "?"."""
        flipped = self.state.flipped
        return flipped.card if flipped is not None else "?"

    def can_turn(self) -> bool:
        return self.asked() == "play" and bool(flip_slots(self.actions))

    def can_stop(self) -> bool:
        return self.asked() == "chain" and can_stop(self.actions)

    def start(self) -> None:
        """A new decision: nothing picked (a chain step comes with its cards picked), the
        cursor on a card that may be added or chained."""
        kind = self.asked()
        self.picks = []
        items = self.items()
        self.cursor = min(self.cursor, max(0, len(items) - 1))
        if kind == "chain":
            chain = self.state.chain
            first = next(iter(of_type(self.actions, "chain")), None)
            if first is not None:
                cards, table = group(first)
                size = len(cards) + len(table)
                want = chain.rank if chain is not None else None
                target = next((i for i in items if self.mine.rank(i) == want), None)
                if target is not None:
                    self.picks = best_group(target, size, self.allowed(), self.mine) or []
        if kind in ("add", "chain"):
            wanted = next((n for n, i in enumerate(items) if self.enabled(i)), None)
            if wanted is not None:
                self.cursor = wanted

    # -- which keys work now -------------------------------------------------------------
    def key_state(self, key: str) -> bool | None:
        if self.asked() == "wait":
            return False
        if key in ("move", "pick", "confirm", "digit"):
            return True
        if key == "back":
            return bool(self.picks)
        return False

    def key_label(self, key: str) -> str | None:
        if key == "confirm":
            row = STEPS.get(self.asked())
            return "go on" if self.forced() else (row.confirm if row is not None else None)
        return {"back": "clear", "digit": "how many"}.get(key)

    # -- the keys --------------------------------------------------------------------------
    def move(self, step: int) -> Outcome:
        """←→ walk the cards, and stop at the ends (no wrapping round, as in SwaPo: ← on the
        first card must not land on the last one, a card a player did not mean to play)."""
        items = self.items()
        if items:
            self.cursor = max(0, min(len(items) - 1, self.cursor % len(items) + step))
        return None

    def pick(self) -> Outcome:
        item = self.current()
        return self.toggle(item) if item is not None else None

    def click(self, item: object) -> Outcome:
        """Mouse: a click moves the cursor to the card and picks it, as space would (a
        mystery card is only pointed at)."""
        if self.asked() == "wait":
            return None
        for n, known in enumerate(self.items()):
            if known == item:
                self.cursor = n
                return self.toggle(known) if known[0] != "down" else None
        return None

    def toggle(self, item: Item) -> Outcome:
        """Pick or unpick one card; a card of another rank starts a new group."""
        if item in self.picks:
            self.picks.remove(item)
            return None
        if item[0] == "down":
            return self.refuse_mystery(item[1])
        allowed = self.allowed()
        if can_add(self.picks, item, allowed, self.mine):
            self.picks.append(item)
        elif self.asked() == "play" and can_add([], item, allowed, self.mine):
            self.picks = [item]
        else:
            return Refuse(self.why_not(item))
        return None

    def name(self, r: str) -> str:
        return rank_name(r, self.letters)

    def why_not(self, item: Item) -> str:
        """Why a card cannot join the group now, in words."""
        kind = self.asked()
        if kind == "add":
            card = self.flipped_card()
            want = self.name(rank(card))
            if rank(card) != self.mine.rank(item):
                # TRANSLATORS: Swoop refusal; {rank}: the rank of the turned-up mystery card
                return _("only {rank}s can be added to the card you turned up").format(rank=want)
            # TRANSLATORS: Swoop refusal; {rank}: the rank of the turned-up mystery card
            words = _("no more {rank}s fit: at most four, and never five of a rank on the pile")
            return words.format(rank=want)
        if kind == "chain":
            rank_wanted = self.state.chain.rank if self.state.chain is not None else None
            want = self.name(rank_wanted if rank_wanted is not None else "?")
            if rank_wanted != self.mine.rank(item):
                # TRANSLATORS: Swoop refusal; a chain is a swoop of the next rank down
                return _("a chain needs {rank}s").format(rank=want)
            return self.chain_size(want)
        r = self.name(self.mine.rank(item) or "?")
        # TRANSLATORS: Swoop refusal: a group of one rank is at most four cards
        words = _("no more {rank}s fit: a group is at most four, never five of a rank on the pile")
        return words.format(rank=r)

    def chain_size(self, want: str) -> str:
        """ "a chain takes exactly 2 7s"."""
        need = self.state.chain.need if self.state.chain is not None else None
        # TRANSLATORS: Swoop refusal; a chain is a swoop of the next rank down
        words = ngettext(
            "a chain takes exactly {count} {rank}",
            "a chain takes exactly {count} {rank}s",
            need if need is not None else 2,
        )
        return words.format(count=need, rank=want)

    def refuse_mystery(self, slot: int) -> Refuse:
        if self.asked() == "play" and slot in flip_slots(self.actions):
            # TRANSLATORS: Swoop refusal; t is the key
            return Refuse(_("a mystery card is turned up, not picked: press t"))
        # TRANSLATORS: Swoop refusal
        return Refuse(_("that mystery card cannot be turned now"))

    def digit(self, digit: int) -> Outcome:
        item = self.current()
        if digit == 0:
            self.picks = []
        elif item is not None and 1 <= digit <= 4:
            if self.asked() == "add":
                wanted = rank(self.flipped_card())
                if self.mine.rank(item) != wanted:
                    item = next((i for i in self.items() if self.mine.rank(i) == wanted), item)
            group = best_group(item, digit, self.allowed(), self.mine)
            if group is None:
                r = self.name(self.mine.rank(item) or "?")
                # TRANSLATORS: Swoop refusal after a digit key: "you cannot play 3 × 7 now"
                return Refuse(_("you cannot play {count} × {rank} now").format(count=digit, rank=r))
            self.picks = group
        return None

    def confirm(self) -> Outcome:
        kind = self.asked()
        item = self.current()
        if kind == "wait":
            return None
        if self.forced() == "chain":
            return self.submit({"type": "stop"})
        if kind == "play" and item is not None and item[0] == "down" and not self.picks:
            return self.turn()
        allowed = self.allowed()
        if kind == "play" and not self.picks and item and can_add([], item, allowed, self.mine):
            self.picks = [item]
        action = action_for(self.picks, kind, allowed, self.mine)
        if action is not None:
            return self.submit(action)
        if kind == "chain":
            chain = self.state.chain
            want = self.name(str(chain.rank if chain is not None else None))
            # TRANSLATORS: Swoop refusal; x is the key
            return Refuse(
                _("a chain takes exactly {count} {rank} — or x to stop").format(
                    count=chain.need if chain is not None else None, rank=want
                )
            )
        # TRANSLATORS: Swoop refusal when enter is pressed with nothing picked
        return Refuse(_("pick one or more cards of one rank first"))

    def back(self) -> Outcome:
        self.picks = []
        return None

    def turn(self) -> Outcome:
        """``t``: turn an uncovered mystery card: the one under the cursor, or the only one."""
        if self.asked() != "play":
            return None
        slots = flip_slots(self.actions)
        item = self.current()
        if item is not None and item[0] == "down" and item[1] in slots:
            return self.submit({"type": "flip", "slot": item[1]})
        if len(slots) == 1:
            return self.submit({"type": "flip", "slot": slots[0]})
        if not slots:
            return None
        self.cursor = self.items().index(("down", slots[0]))
        self.picks = []
        # TRANSLATORS: Swoop refusal; t is the key
        return Refuse(_("more than one can be turned: move to one and press t again"))

    def stop(self) -> Outcome:
        """``x``: stop a chain (the rest of the pile is cleared)."""
        return self.submit({"type": "stop"}) if self.can_stop() else None

    def submit(self, action: Action) -> Send:
        """The finished decision: send it and wait for the table's answer."""
        self.sent = True
        self.picks = []
        return Send(action)
