"""What the Mi Shi player is choosing: the step, the picks, the cursor and the bid; what each
key does, and the question for the prompt bar. No Textual here (see ``decisions``).

Declaring and going alone come straight from ``legal``; for a play, the first card's choices
are the ``pick`` steps in ``legal`` and the later ones are checked locally against the view's
lead with the engine's own rule functions (the engine still has the last word: a refusal
shows its reason in the prompt bar).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich.text import Text

from engine.base import SeatView
from engine.mishi.cards import SUIT_ORDER, Order
from engine.mishi.tricks import beat_key, completable
from engine.mishi.types import TYPED, Action, BaoAction, DeclareAction
from lang import _, ngettext
from tui.table.decisions import Decisions, Outcome, Refuse, Send
from tui.table.parse import ParsedView, Wired
from tui.widgets.cards import CardStyle

from . import ask as mishi_ask
from . import draw
from .model import MishiView, Phase, parsed
from .offer import OfferClock, missing_words
from .steps import BIDDING, BURY, PICKING, STEPS, Step
from .words import follow_duty


def winning_seat(view: MishiView | Mapping[str, Any]) -> int | None:
    """Who wins the trick on the table so far (the engine's own comparison)."""
    state = parsed(view)
    if not state.trick or state.lead is None:
        return None
    suit, shape = state.lead.shape()
    order = state.order
    best_seat, best_key = state.trick[0].seat, (-1, -1)
    for play in state.trick:
        try:
            key = beat_key(list(play.cards), suit, shape, order)
        except (KeyError, ValueError):
            key = None
        if key is not None and key > best_key:
            best_seat, best_key = play.seat, key
    return best_seat


def bid_strength(action: Bidding) -> tuple[int, int]:
    """One ten before two, then ♠ ♥ ♣ ♦."""
    cards = action["cards"] or ["10S"]
    suit = str(cards[0])[-1]
    return len(cards), SUIT_ORDER.index(suit) if suit in SUIT_ORDER else 9


def send(action: Action) -> Send:
    """Send one of Mi Shi's actions (mypy checks its shape against engine/mishi/types.py)."""
    return Send(action)


#: A listed bid: a declaration (亮主) during the deal, going alone (包牌) after it.
Bidding = DeclareAction | BaoAction


class MishiDecisions(Decisions):
    """The local seat's choice at the Mi Shi table, and the keys that make it."""

    def __init__(
        self,
        seat: int | None,
        cards: CardStyle | None = None,
        name_of: draw.NameOf | None = None,
        look: draw.Look = draw.plain_look,
    ) -> None:
        super().__init__(seat)
        self.cards = cards or CardStyle()
        self.name_of: draw.NameOf = name_of or draw.default_name(seat)
        self.look = look
        self.step = Step.WAIT
        self.parsed = ParsedView(MishiView.from_view)
        self.state = self.parsed.value
        #: The legal actions, as Mi Shi's own (checked where they arrived).
        self.actions: list[Action] = []
        self.decision: tuple[object, ...] | None = None
        self.picked: list[int] = []
        self.cursor = 0
        self.option = 0  # which declaration / go-alone bid is chosen
        self.drawn: list[str] = []  # my cards that came with the latest state (the deal)
        self.previous_hand: list[str] = []
        self.show_last = False  # the last trick is shown over the current one (t)
        self.offer = OfferClock()
        self.missed: list[str] = []  # the ten(s) an offer let go by (told once in the log)
        self.chose: list[str] = []  # the ten(s) the host has just taken my key for (told once)
        self._sorted: tuple[tuple[str, ...], Order, list[str]] | None = None  # hand, as shown

    # -- the state -------------------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        """My hand in the order of the trump named so far (trumps first, then each side
        suit, high to low): a trump named during the deal moves its suit's cards among the
        trumps, so that the trumps are one group."""
        held, order = self.state.hand or (), self.order
        if self._sorted is None or self._sorted[0] is not held or self._sorted[1] is not order:
            self._sorted = (held, order, order.sorted(held))
        return list(self._sorted[2])

    @property
    def order(self) -> Order:
        return self.state.order

    def asked(self) -> Step:
        """What the local seat must decide now: a step, or "wait"."""
        if self.seat is None or self.seat not in self.state.pending or not self.legal:
            return Step.WAIT
        phase = self.state.phase
        return next((step for step, row in STEPS.items() if row.phase == phase), Step.WAIT)

    def asked_in_secret(self) -> bool:
        return self.state.phase == Phase.DEAL  # only the asked seat's view tells it

    def take_back_shown(self) -> bool:
        """Not during the deal either: its decisions are secret and cannot be taken back."""
        return super().take_back_shown() and self.state.phase != Phase.DEAL

    def update(self, view: SeatView | None, legal: list[Wired]) -> None:
        super().update(view, legal)
        self.actions = TYPED.actions(legal)
        before = self.state.chosen
        self.state = state = self.parsed.of(view)
        if state.chosen and state.chosen != before:  # the host took my declaration
            self.chose = list(state.chosen)
        hand = self.hand
        if hand != self.previous_hand:  # a paced deal sends frames between my own cards too
            self.drawn = list((Counter(hand) - Counter(self.previous_hand)).elements())
        self.previous_hand = hand
        step = self.asked()
        if step == Step.DECLARE:
            self.offer.open(state.offer_left, self.best_offer())
        elif self.step == Step.DECLARE:
            self.missed = self.offer.close()
        key = (
            step,
            state.hand_number,
            None if step == Step.DECLARE else state.to_deal,  # an offer lasts over draws
            state.trick_number,
            len(state.trick),
            len(hand),
        )
        if key != self.decision:
            self.decision = key
            self.start(step)

    def start(self, step: Step) -> None:
        """A new decision: nothing picked, the cursor on a card that can be picked."""
        self.step = step
        self.picked = []
        self.option = 0
        enabled = self.pickable()
        if step in PICKING and enabled and not enabled[self.cursor % len(enabled)]:
            self.cursor = next((i for i, ok in enumerate(enabled) if ok), 0)
        self.cursor = min(self.cursor, max(0, len(self.hand) - 1))

    def trick_won(self) -> None:
        """A trick was won: the table shows the new one again."""
        self.show_last = False

    # -- choices from legal ----------------------------------------------------------------
    def bid_options(self) -> list[Bidding]:
        """The declarations (or go-alone bids) offered now: one ten before two, ♠ ♥ ♣ ♦."""
        kind = "bao" if self.step == Step.BAO else "declare"
        bids = [a for a in self.bids() if a["type"] == kind]
        return sorted(bids, key=bid_strength)

    def bids(self) -> list[Bidding]:
        return [a for a in self.actions if a["type"] == "declare" or a["type"] == "bao"]

    def best_offer(self) -> list[str]:
        """The strongest ten(s) offered now (told in the log if the offer goes by)."""
        bids = [a for a in self.bids() if a["type"] == "declare"]
        best = max(bids, key=lambda a: (bid_strength(a)[0], -bid_strength(a)[1]), default=None)
        return list(best["cards"]) if best is not None else []

    def forced(self) -> bool:
        """Asked with nothing to bid (only ``pass``): everyone is asked to go alone, so that
        nobody learns who holds a ten."""
        return self.step in BIDDING and not self.bid_options()

    def chosen_bid(self) -> Bidding | None:
        options = self.bid_options()
        return options[self.option % len(options)] if options else None

    def follow_size(self) -> int:
        """Cards a follower plays now (0 when leading)."""
        lead = self.state.lead
        return lead.size if self.state.trick and lead is not None else 0

    def pickable(self) -> list[bool]:
        """For each card of my hand: may it be picked (or unpicked) now?"""
        hand = self.hand
        if self.step == Step.BURY:
            room = len(self.picked) < BURY
            return [i in self.picked or room for i in range(len(hand))]
        if self.step != Step.PLAY:
            return [True] * len(hand)
        if not self.picked:
            first = {a["card"] for a in self.actions if a["type"] == "pick"}
            return [code in first for code in hand]
        chosen = [hand[i] for i in self.picked]
        return [i in self.picked or self.can_add(chosen, code) for i, code in enumerate(hand)]

    def can_add(self, chosen: list[str], code: str) -> bool:
        """Can ``chosen`` plus ``code`` still become a legal play (the engine's own check)?"""
        order = self.order
        wanted = [*chosen, code]
        lead = self.state.lead
        if not self.state.trick or lead is None:
            return len({order.suit(c) for c in wanted}) == 1
        suit, shape = lead.shape()
        return completable(wanted, self.hand, suit, shape, order)

    def picked_cards(self) -> list[str]:
        hand = self.hand
        return [hand[i] for i in sorted(self.picked) if i < len(hand)]

    def picked_count_words(self) -> str:
        if self.step == Step.BURY:
            return f"{len(self.picked)}/{BURY}"
        size = self.follow_size()
        return f"{len(self.picked)}/{size}" if size else str(len(self.picked))

    def ready(self) -> bool:
        """Whether enter would send a whole action now."""
        if self.step == Step.BURY:
            return len(self.picked) == BURY
        if self.step == Step.PLAY:
            size = self.follow_size()
            return len(self.picked) == size if size else bool(self.picked)
        return self.step in BIDDING and (self.chosen_bid() is not None or self.forced())

    def cursor_shown(self) -> int | None:
        """Where the hand's cursor stands (None: no card is being chosen)."""
        return self.cursor if self.step in PICKING else None

    def kitty_marks(self) -> set[int]:
        """Where the kitty's cards sit in my hand while I bury (one of two equal cards)."""
        kitty = self.state.kitty
        if self.state.phase != Phase.BURY or kitty is None:
            return set()
        left = Counter(kitty)
        marks = set()
        for index, code in enumerate(self.hand):
            if left[code]:
                left[code] -= 1
                marks.add(index)
        return marks

    def has_last_trick(self) -> bool:
        return self.state.last_trick is not None

    def showing_last(self) -> bool:
        """The last trick is shown: asked for with t, or the current trick has not begun."""
        if not self.has_last_trick():
            return False
        return self.show_last or (self.state.phase == Phase.PLAY and not self.state.trick)

    # -- the question in the prompt bar (worded in ask.py) -----------------------------------
    def question(self) -> Text:
        """The prompt's question for the step."""
        return mishi_ask.question(self)

    def follow_duty(self) -> str:
        """What the rules make me play on this lead, in words ("must include a pair")."""
        return follow_duty(self.hand, self.state, self.cards)

    # -- which keys work now ---------------------------------------------------------------
    def key_state(self, key: str) -> bool | None:
        step = self.step
        if step == Step.WAIT:
            return False
        bidding = step in BIDDING
        if key == "move":
            return len(self.bid_options()) > 1 if bidding else True
        if key == "pick":
            return True
        if key == "confirm":
            return True if self.ready() else None
        if key == "back":
            return not bidding and bool(self.picked)
        if key == "digit":
            return bidding and len(self.bid_options()) > 1
        return False

    def key_label(self, key: str) -> str | None:
        row = STEPS.get(self.step)
        if key == "confirm":
            return "pass" if self.forced() else (row.confirm if row is not None else None)
        if key == "pick" and row is not None and row.bid:
            return "pass"
        if key == "back":
            return "clear"
        if key == "digit":
            return "choose"
        return None

    def can_declare(self) -> bool:
        """Whether ``d`` (declare / go alone) works now."""
        return self.step in BIDDING

    # -- the keys --------------------------------------------------------------------------
    def move(self, step: int) -> Outcome:
        """←/→: the next bid, or the next card that can be picked."""
        if self.step in BIDDING:
            self.option = (self.option + step) % max(1, len(self.bid_options()))
        elif self.step in PICKING and self.hand:
            enabled = self.pickable()
            n = len(enabled)
            cursor = self.cursor
            for _step in range(n):  # skip cards that cannot be picked now
                cursor = (cursor + step) % n
                if enabled[cursor] or not any(enabled):
                    break
            self.cursor = cursor
        return None

    def pick(self) -> Outcome:
        """space: pass on a bid, or pick (unpick) the card under the cursor."""
        if self.step in BIDDING:
            self.offer.answered = True
            return send({"type": "pass"})
        if self.step not in PICKING or not self.hand:
            return None
        index = self.cursor
        if index in self.picked:
            self.picked.remove(index)
        elif self.pickable()[index]:
            self.picked.append(index)
        else:
            return Refuse(self.refusal())
        return None

    def click(self, index: int) -> Outcome:
        """A click on card ``index``: the cursor goes there and picks it, like the keys."""
        if self.step not in PICKING:
            return None
        self.cursor = index
        return self.pick()

    def refusal(self) -> str:
        if self.step == Step.BURY:
            # TRANSLATORS: Mi Shi refusal while burying (扣底); space is the key
            return _("8 cards are picked already (space on a picked card puts it back)")
        size = self.follow_size()
        if size and len(self.picked) >= size:
            # TRANSLATORS: Mi Shi refusal: the play already has as many cards as the lead
            words = ngettext(
                "{count} card are picked already", "{count} cards are picked already", size
            )
            return words.format(count=size)
        code = self.cards.label(self.hand[self.cursor])
        # TRANSLATORS: Mi Shi refusal; {card}: the card under the cursor
        return _("{card} cannot be part of a legal play with the cards picked").format(card=code)

    def confirm(self) -> Outcome:
        """enter: declare (go alone) with the chosen bid, or send the picked cards."""
        if self.forced():
            return send({"type": "pass"})
        if self.step in BIDDING:
            return self.declare()
        if not self.ready():
            return self.missing()
        if self.step == Step.BURY:
            return send({"type": "bury", "cards": self.picked_cards()})
        if self.step == Step.PLAY:
            return send({"type": "play", "cards": self.picked_cards()})
        return None

    def missing(self) -> Outcome:
        """enter before the choice is whole: say what is still to pick (as SwaPo does)."""
        if self.step not in PICKING:
            return None
        size = BURY if self.step == Step.BURY else self.follow_size()
        return Refuse(missing_words(self.step == Step.BURY, size, len(self.picked)))

    def back(self) -> Outcome:
        """esc: put the picked cards back."""
        if self.step in PICKING:
            self.picked = []
        return None

    def digit(self, digit: int) -> Outcome:
        """1…: choose a bid by number."""
        if self.step in BIDDING and 1 <= digit <= len(self.bid_options()):
            self.option = digit - 1
        return None

    def declare(self) -> Outcome:
        """d: show the chosen ten(s), or go alone with them."""
        bid = self.chosen_bid()
        if self.step in BIDDING and bid is not None:
            self.offer.answered = True
            return send(bid)
        return None

    def last_trick(self) -> Outcome:
        """t: show (or hide) the last trick over the current one."""
        self.show_last = not self.show_last
        return None
