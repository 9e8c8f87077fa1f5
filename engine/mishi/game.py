"""The Mi Shi game object: options, the state of a game and of a hand, the phase table and the
contract methods.

Phases: ``deal`` → ``bao`` → ``bury`` → ``play`` → (next hand's ``deal`` …) → ``over``.
Multi-card decisions have a step form for search (see ``docs/mishi.md``): the bury is eight
``bury_card`` steps, a play is ``pick`` steps (every listed pick keeps the play completable),
ended by ``commit`` for a leader and by itself for a follower. ``apply`` also takes the whole
``bury`` and ``play`` actions of the rules.

The rules are plain functions of this class in ``bidding.py`` (deal, declare, go alone, the
kitty) and ``play.py`` (bury, pick, tricks, the end of a hand); ``PHASES`` names, once, every
action kind each phase allows, as a check that touches nothing and a commit that cannot fail.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from lang import N_

from ..base import Event as AnyEvent
from ..base import Game, HiddenCards, Move, Option, Phase, choice, integer
from ..cards import validate_deck
from . import ROUND_END as ROUND_END_EVENT
from . import bidding, play, reasons
from .bidding import Bid
from .cards import ORDERS, Order, full_deck
from .pacing import MishiDealPacing
from .tricks import Shape
from .types import Case, Event, HandSummary, LastTrick, Result, View
from .types import Phase as PhaseName
from .view import copy_summary
from .view import view as view_of


class MishiGame(Game):
    """秘十: four players, a trump ten that hides the declarer's partner."""

    NAME: ClassVar[str] = "mishi"
    TITLE: ClassVar[str] = "秘十 Mi Shi"
    SHORT_TITLE: ClassVar[str] = "秘十"
    MIN_SEATS: ClassVar[int] = 4
    MAX_SEATS: ClassVar[int] = 4
    DEFAULT_SEATS: ClassVar[int] = 4
    LENGTH_OPTION: ClassVar[str] = "hands"
    OPTIONS: ClassVar[dict[str, Option]] = {
        # TRANSLATORS: 秘十's table options (forms, `kotatsu rules mishi`, --help)
        "hands": Option(4, integer(1, 100), N_("hands in a game")),
        "stake": Option(1, integer(1, 1000), N_("the stake X: each result counts X times")),
        "throw_penalty": Option(0, choice(0, 10), N_("the penalty for a failed throw")),
        "kitty_multiplier": Option(
            "times", choice("times", "power"), N_("how the kitty's points are multiplied")
        ),
        "declare_window": Option(
            None,
            integer(0, 60, allow_none=True),
            N_("seconds to show a ten (empty: 8 alone with bots, else 5)"),
        ),
    }
    #: A new hand or deal, tens shown (a declaration), the deal complete, the kitty taken up,
    #: a failed throw (it tells that someone can beat it), the partner known, a trick won,
    #: the kitty's points, a hand or the game over: a take-back stops there (and at every
    #: step of a deal: cards are drawn, ``shows_hidden``).
    SHOWING_EVENTS: ClassVar[frozenset[str]] = frozenset(
        {
            "hand_start",
            "declare",
            "dealt",
            "redeal",
            "kitty_taken",
            "throw_failed",
            "partner_revealed",
            "trick_won",
            "kitty_bonus",
            "hand_end",
            "game_over",
        }
    )
    ROUND_END: ClassVar[str] = ROUND_END_EVENT
    REASONS = reasons.REASONS  # its refusals' words (engine/reasons.py)
    HINTS = reasons.HINTS  # its bot's reasons for hints (engine/hints.py)
    PHASES: ClassVar[dict[str, Phase]] = {
        "deal": Phase(
            bidding.legal_declares,
            {
                "declare": Move(bidding.check_declare, bidding.commit_declare),
                "pass": Move(bidding.check_pass, bidding.commit_declare),
            },
        ),
        "bao": Phase(
            bidding.legal_baos,
            {
                "bao": Move(bidding.check_bao, bidding.commit_bao),
                "pass": Move(bidding.check_pass, bidding.commit_bao),
            },
        ),
        "bury": Phase(
            play.legal_bury,
            {
                "bury_card": Move(play.check_bury_card, play.commit_bury),
                "bury": Move(play.check_bury, play.commit_bury),
            },
        ),
        "play": Phase(
            play.legal_picks,
            {
                "pick": Move(play.check_pick, play.commit_pick),
                "unpick": Move(play.check_unpick, play.commit_unpick),
                "commit": Move(play.check_commit, play.commit_play),
                "play": Move(play.check_play, play.commit_play),
            },
        ),
    }

    def setup(self, deck: list[str] | None) -> None:
        seats = self.seats
        stacked = None if deck is None else validate_deck(deck, full_deck())
        # The game
        self.totals: list[int] = [0] * seats
        self.history: list[HandSummary] = []  # one summary per finished hand
        self.hand_index = 0  # hands finished so far
        self.start_events: list[Event] = []  # what happened before the first decision
        # The hand (every one set by clear_hand at each deal)
        self.first: int  # who draws first and is asked first this hand
        self.order: Order  # the card order of the trump suit (ORDERS[None] until one is fixed)
        self.deck: list[str]  # this deal's cards, drawn from the front; the last 8 the kitty
        self.drawn: int
        self.hands: list[list[str]]
        self.kitty: list[str]  # the kitty, then (once buried) the buried cards
        self.declaration: Bid | None
        self.bao_bid: Bid | None
        self.asked: int | None  # the drawer who may declare now (a secret: see view.py)
        self.public_drawn: int  # the draws the table knows of (see bidding.advance_deal)
        self.bao_turn: int | None
        self.bao_steps: int
        self.declarer: int | None
        self.trump: str | None
        self.partner: int | None
        self.case: Case | None
        self.revealed: bool
        self.declarer_tens_played: int
        self.buried: list[str]
        self.picked: list[list[str]]  # per seat, the cards picked step by step
        self.leader: int | None
        self.trick: list[tuple[int, list[str]]]
        self.lead_suit: str | None
        self.lead_shape: Shape | None
        self.trick_number: int
        self.last_trick: LastTrick | None
        self.captured: list[int]  # card points won in tricks, per seat
        self.failed_throws: list[int]
        self.penalty_adjust: int  # throw penalties, added to the defenders' points
        bidding.start_hand(self, self.start_events, stacked)

    def clear_hand(self, deck: list[str]) -> None:
        """Every attribute of a hand as at the start of a deal of ``deck``."""
        n = self.seats
        self.phase: PhaseName = "deal"
        self.order = ORDERS[None]
        self.deck = deck
        self.drawn = self.public_drawn = 0
        self.hands = [[] for _ in range(n)]
        self.kitty = []
        self.declaration = self.bao_bid = None
        self.asked = self.bao_turn = None
        self.bao_steps = 0
        self.declarer = self.partner = self.leader = None
        self.trump = self.case = self.lead_suit = None
        self.revealed = False
        self.declarer_tens_played = 0
        self.buried = []
        self.picked = [[] for _ in range(n)]
        self.trick = []
        self.lead_shape = None
        self.trick_number = 0
        self.last_trick = None
        self.captured = [0] * n
        self.failed_throws = [0] * n
        self.penalty_adjust = 0

    # The contract ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> list[int]:
        if self.phase == "play":
            return [play.to_move(self)]
        awaited = {"deal": self.asked, "bao": self.bao_turn, "bury": self.declarer}
        seat = awaited.get(self.phase)
        return [] if seat is None else [seat]

    def view(self, seat: int | None) -> View:
        return view_of(self, seat)

    def shows_hidden(self, events: Sequence[AnyEvent]) -> bool:
        """Also any step that leaves a deal under way: the engine drew cards after it (a
        pass during the deal is no event, the draws are none either)."""
        return super().shows_hidden(events) or self.phase == "deal"

    def deal_pacing(self) -> MishiDealPacing:
        return MishiDealPacing(self)

    def hidden_cards(self) -> list[HiddenCards]:
        """The kitty, face down until the declarer takes it up (the deck's last cards while
        the deal goes on); then the cards the declarer buried."""
        if self.declarer is None:
            kitty = self.kitty or self.deck[bidding.DEALT :]
            return [HiddenCards("kitty", None, tuple(kitty))] if kitty else []
        if self.buried:
            return [HiddenCards("buried", self.declarer, tuple(self.buried))]
        return []

    def winners(self) -> list[int]:
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def result(self) -> Result:
        last = self.history[-1] if self.history else None
        return {
            "scores": list(self.totals),
            "winners": self.winners() if self.over else [],
            "declarer": None if last is None else last["declarer"],
            "partner": None if last is None else last["partner"],
            "case": None if last is None else last["case"],
            "defender_points": None if last is None else last["defender_points"],
            "history": [copy_summary(h) for h in self.history],
        }
