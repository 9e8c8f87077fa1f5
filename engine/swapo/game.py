"""The SwaPo state machine: rounds, dealing, scoring, tie-breaks and sudden death.

The swap phases live in ``swaps.py``, the Ace declarations and powers in ``powers.py`` and the
per-seat views in ``view.py``; this class ties them into one round after another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ..base import Game, IllegalAction, action_type, check_action
from ..cards import standard_deck, validate_deck
from .dealing import HAND_SIZE, clockwise_from, deal_hands, high_card_draw, joker_draw
from .options import OPTIONS
from .powers import PowerPhases
from .scoring import JOKER, ace_score, strength
from .swaps import SwapPhases
from .view import SwapoView


class SwapoGame(SwapPhases, PowerPhases, SwapoView, Game):
    """SwaPo for 2–10 players, normal rules or any mix of Dagger, Asterisk and Ace."""

    NAME = "swapo"
    TITLE = "SwaPo"
    SHORT_TITLE = "SwaPo"
    MIN_SEATS = 2
    MAX_SEATS = 10
    DEFAULT_SEATS = 4
    OPTIONS = OPTIONS
    LENGTH_OPTION = "rounds"

    def __init__(
        self,
        seats: int,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
    ) -> None:
        super().__init__(seats, options, seed, deck)
        opts = self.options
        opts["variant"] = list(opts["variant"])
        if opts["first_dealer"] is not None and opts["first_dealer"] >= seats:
            raise ValueError(
                f"option 'first_dealer': must be a seat from 0 to {seats - 1}, "
                f"not {opts['first_dealer']}"
            )
        self.dagger = "dagger" in opts["variant"]
        self.asterisk = "asterisk" in opts["variant"]
        self.ace = "ace" in opts["variant"]
        self.all_cards = standard_deck(opts["decks"], jokers=(JOKER,))
        stacked = validate_deck(deck, self.all_cards) if deck is not None else None

        if opts["first_dealer"] is not None:
            self.dealer_draw: dict = {
                "method": "first_dealer",
                "draws": [],
                "seats": [],
                "dealer": opts["first_dealer"],
            }
        elif opts["dealer_method"] == "joker_draw":
            self.dealer_draw = joker_draw(seats, self.all_cards, self.rng)
        else:
            self.dealer_draw = high_card_draw(seats, self.all_cards, self.rng)

        if stacked is None:
            stacked = list(self.all_cards)
            self.rng.shuffle(stacked)
        self.pile: list[str] = stacked[::-1]  # the top of the pile is the last item
        self.discards: list[str] = []
        self.scores = [0] * seats
        self.rounds: list[dict] = []
        self.round_no = 0
        self.final_winners: list[int] = []
        self.tiebreak_info: dict | None = None
        self.sudden_seats: list[int] | None = None
        self._start_round(self.dealer_draw["dealer"], list(range(seats)), [])

    # The contract ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def in_sudden_death(self) -> bool:
        return self.sudden_seats is not None

    def pending(self) -> list[int]:
        phase = self.phase
        if phase == "swap":
            return [self.players[self.right_index]]
        if phase == "give":
            return [self.give_request["seat"]]
        if phase == "arrange":
            return [s for s in self.players if not self.laid[s]]
        if phase == "declare":
            return [s for s in self.players if self.undeclared(s)]
        if phase == "power":
            return [self.players[self.power_index]]
        return []

    def legal_actions(self, seat: int) -> list[dict]:
        if isinstance(seat, bool) or self.over or seat not in self.pending():
            return []
        return self._legal_by_phase[self.phase](self, seat)

    def apply(self, seat: int, action: dict) -> list[dict]:
        self.check_turn(seat)
        kind = action_type(action)
        handler = self._handlers_by_phase[self.phase].get(kind)
        if handler is None:
            allowed = ", ".join(sorted(self._handlers_by_phase[self.phase]))
            raise IllegalAction(f"{kind!r} is not allowed in the {self.phase} phase ({allowed})")
        events: list[dict] = []
        handler(self, seat, action, events)
        return events

    def result(self) -> dict:
        return {
            "scores": list(self.scores),
            "winners": list(self.final_winners),
            "rounds": [self.copy_record(r) for r in self.rounds],
            "tiebreak": dict(self.tiebreak_info) if self.tiebreak_info else None,
            "sudden_death": list(self.sudden_seats) if self.sudden_seats else None,
        }

    # Rounds ------------------------------------------------------------------------------
    def _start_round(self, dealer: int, seats: list[int], events: list[dict], *, reshuffled=False):
        """Deal a round to ``seats`` (clockwise from ``dealer``) and open its first phase."""
        n = self.seats
        self.round_no += 1
        self.dealer = dealer
        self.players = clockwise_from(dealer, seats, n)
        self.hands = deal_hands(
            self.pile, self.players, n, self.options["deal_method"] == "five_at_once"
        )
        self.right_index = 0
        self.give_request: dict | None = None
        self.swap_log: list[dict] = []
        self.locked: list[list] = [[] for _ in range(n)]
        self.laid = [False] * n
        self.known: list[list[str | None]] = [[] for _ in range(n)]
        self.declared: list[list[str]] = [[] for _ in range(n)]
        self.is_revealed = False
        self.stabbed: list[list[str]] = [[] for _ in range(n)]
        self.used: list[list[str]] = [[] for _ in range(n)]
        self.power_index = 0
        self.no_game = False
        self.phase = "arrange" if self.dagger else "swap"
        events.append(
            {
                "type": "deal",
                "round": self.round_no,
                "dealer": dealer,
                "players": list(self.players),
                "sudden_death": self.in_sudden_death,
                "reshuffled": reshuffled,
                "pile": len(self.pile),
            }
        )

    def end_swaps(self, events: list[dict]) -> None:
        """Every swap right is used: declarations (Ace jokers), else the reveal."""
        self.give_request = None
        if self.ace and any(self.undeclared(s) for s in self.players):
            self.phase = "declare"
            return
        self.reveal(events)

    def reveal(self, events: list[dict]) -> None:
        """All hands face up; then the Ace power phase, or the scoring."""
        self.is_revealed = True
        events.append(
            {
                "type": "reveal",
                "hands": [list(h) if s in self.players else None for s, h in enumerate(self.hands)],
                "declared": self.public_declared(),
            }
        )
        if self.ace:
            self.power_index = -1
            self.next_power_turn(events)
        else:
            self.score_round(events)

    def score_round(self, events: list[dict]) -> None:
        """Strengths and points on the hands as they stand; then discard and go on."""
        n = self.seats
        strengths: list[int | None] = [None] * n
        worth = [0] * n
        for s in self.players:
            if self.ace:
                strengths[s], worth[s] = ace_score(self.hands[s], self.declared[s])
            else:
                strengths[s], worth[s] = strength(self.hands[s]), 1
        best = max(strengths[s] for s in self.players)
        winners = [] if self.no_game else sorted(s for s in self.players if strengths[s] == best)
        points = [worth[s] if s in winners else 0 for s in range(n)]
        for s in winners:
            self.scores[s] += points[s]
        record = {
            "round": self.round_no,
            "dealer": self.dealer,
            "players": list(self.players),
            "sudden_death": self.in_sudden_death,
            "no_game": self.no_game,
            "winners": winners,
            "points": points,
            "strengths": strengths,
            "hands": [list(h) if s in self.players else None for s, h in enumerate(self.hands)],
            "declared": self.public_declared(),
            "stabbed": [list(c) for c in self.stabbed],
        }
        self.rounds.append(record)
        events.append({"type": "round_over", **self.copy_record(record)})
        for s in self.players:
            self.discards.extend(self.hands[s])
            self.discards.extend(self.stabbed[s])
            self.hands[s] = []
            self.stabbed[s] = []
        self.phase = "between"
        self._after_round(events)

    def _after_round(self, events: list[dict]) -> None:
        if self.in_sudden_death:
            tied = self.sudden_seats or []
            top = max(self.scores[s] for s in tied)
            ahead = [s for s in tied if self.scores[s] == top]
            if len(ahead) == 1:
                self._finish(ahead, events)
            else:
                rotate = self.options["dealer_rotation"] == "rotate"
                dealer = (
                    clockwise_from(self.dealer + 1, tied, self.seats)[0] if rotate else self.dealer
                )
                self._deal_sudden_round(dealer, events)
            return
        rounds = self.options["rounds"]
        next_dealer = self._next_dealer()
        if rounds is not None:
            if self.round_no < rounds:
                self._reshuffle_all()
                self._start_round(next_dealer, list(range(self.seats)), events, reshuffled=True)
                return
        elif len(self.pile) >= HAND_SIZE * self.seats:
            self._start_round(next_dealer, list(range(self.seats)), events)
            return
        self._end_main_game(events)

    def _next_dealer(self) -> int:
        if self.options["dealer_rotation"] == "rotate":
            return (self.dealer + 1) % self.seats
        return self.dealer

    def _reshuffle_all(self) -> None:
        """Every card not in a hand goes back into one shuffled pile."""
        self.pile.extend(self.discards)
        self.discards = []
        self.rng.shuffle(self.pile)

    def scoring_rounds(self, seat: int) -> list[int]:
        """Rounds (numbers) in which ``seat`` scored above 0, before any sudden death."""
        return [
            r["round"]
            for r in self.rounds
            if not r["sudden_death"] and seat in r["winners"] and r["points"][seat] > 0
        ]

    def _end_main_game(self, events: list[dict]) -> None:
        top = max(self.scores)
        tied = [s for s in range(self.seats) if self.scores[s] == top]
        if len(tied) == 1:
            self._finish(tied, events)
            return
        reading = self.options["tiebreak"]
        still = tied
        scored = {s: self.scoring_rounds(s) for s in tied}
        if all(scored.values()):  # if nobody scored above 0, no reading tells them apart
            if reading == "first_point_earliest":
                key = {s: -scored[s][0] for s in tied}
            elif reading == "last_point_latest":
                key = {s: scored[s][-1] for s in tied}
            else:
                key = {s: scored[s][0] for s in tied}
            best = max(key.values())
            still = [s for s in tied if key[s] == best]
        self.tiebreak_info = {"reading": reading, "tied": tied, "after": still}
        if len(still) == 1:
            self._finish(still, events)
            return
        self.sudden_seats = still
        events.append({"type": "sudden_death", "seats": list(still)})
        self._reshuffle_all()
        dealer = clockwise_from(self._next_dealer(), still, self.seats)[0]
        self._deal_sudden_round(dealer, events, reshuffled=True)

    def _deal_sudden_round(self, dealer: int, events: list[dict], *, reshuffled=False) -> None:
        tied = self.sudden_seats or []
        if len(self.pile) < HAND_SIZE * len(tied):
            self._reshuffle_all()
            reshuffled = True
        self._start_round(dealer, tied, events, reshuffled=reshuffled)

    def _finish(self, winners: list[int], events: list[dict]) -> None:
        self.phase = "over"
        self.final_winners = sorted(winners)
        events.append(
            {"type": "game_over", "scores": list(self.scores), "winners": list(self.final_winners)}
        )

    # Shared helpers ----------------------------------------------------------------------
    def undeclared(self, seat: int) -> int:
        """Jokers ``seat`` still has to declare (Ace, before the reveal)."""
        if not self.ace or self.is_revealed:
            return 0
        return self.hands[seat].count(JOKER) - len(self.declared[seat])

    def public_declared(self) -> list[list[str] | None]:
        if not self.ace:
            return [None] * self.seats
        return [list(d) if s in self.players else None for s, d in enumerate(self.declared)]

    @staticmethod
    def copy_record(record: dict) -> dict:
        """A copy of a round record that shares no list with the game."""
        out = dict(record)
        for key in ("winners", "points", "strengths", "players"):
            out[key] = list(record[key])
        for key in ("hands", "declared", "stabbed"):
            out[key] = [list(x) if x is not None else None for x in record[key]]
        return out

    def other_players(self, seat: int) -> list[int]:
        return [s for s in self.players if s != seat]

    def pass_turn(self, seat: int, action: dict, events: list[dict]) -> None:
        """``pass``: no (more) swaps, or no (more) powers."""
        check_action(action, {"type": str})
        events.append({"type": "pass", "seat": seat, "phase": self.phase})
        if self.phase == "swap":
            self.finish_right(events)
        else:
            self.next_power_turn(events)

    _legal_by_phase: ClassVar[dict[str, Callable]] = {
        "arrange": SwapPhases.legal_arrange,
        "swap": SwapPhases.legal_swap,
        "give": SwapPhases.legal_give,
        "declare": PowerPhases.legal_declare,
        "power": PowerPhases.legal_power,
    }
    _handlers_by_phase: ClassVar[dict[str, dict[str, Callable]]] = {
        "arrange": {"arrange": SwapPhases.do_arrange},
        "swap": {"swap": SwapPhases.do_swap, "pass": pass_turn},
        "give": {"give": SwapPhases.do_give},
        "declare": {"declare": PowerPhases.do_declare},
        "power": {
            "stab": PowerPhases.do_stab,
            "honey_trap": PowerPhases.do_honey_trap,
            "draw": PowerPhases.do_draw,
            "steal": PowerPhases.do_steal,
            "pass": pass_turn,
        },
    }
