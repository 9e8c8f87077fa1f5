"""Burying, the step-by-step picks, trick play and the end of a hand.

A mixin of ``state.MiShi``. Checks come first and raise IllegalAction; the ``_do_`` methods
change state only after everything was checked.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .. import cards as _cards
from ..base import IllegalAction, check_action, check_codes
from .cards import card_points
from .scoring import hand_deltas, kitty_multiplier
from .tricks import Shape, beat_key, completable, decompose, failed_throw, shape_of

if TYPE_CHECKING:
    from .state import MiShi

BURY = 8
TRICKS = 21


class PlayMixin:
    """Bury, pick, play, resolve tricks, score the hand."""

    def _reset_play(self: MiShi) -> None:
        self.declarer = None
        self.trump = None
        self.partner = None
        self.case = None
        self.revealed = False
        self.declarer_tens_played = 0
        self.buried = []
        self.picked = [[] for _ in range(self.seats)]
        self.leader = None
        self.trick = []
        self.lead_suit = None
        self.lead_shape = None
        self.trick_number = 0
        self.last_trick = None
        self.captured = [0] * self.seats
        self.failed_throws = [0] * self.seats
        self.penalty_adjust = 0

    # Burying ----------------------------------------------------------------------------
    def _apply_bury(self: MiShi, seat: int, action: dict, events: list[dict]) -> None:
        hand = self.hands[seat]
        if action["type"] == "bury_card":
            check_action(action, {"type": str, "card": str})
            cards = check_codes("bury_card", "card", [action["card"]])
        elif action["type"] == "bury":
            check_action(action, {"type": str, "cards": list})
            cards = check_codes("bury", "cards", action["cards"])
            left = BURY - len(self.buried)
            if len(cards) != left:
                raise IllegalAction(f"bury: bury exactly {left} cards, not {len(cards)}")
        else:
            raise IllegalAction(f"now you bury {BURY} cards, not {action['type']}")
        if not _cards.contains(hand, cards):
            raise IllegalAction("bury: you do not hold those cards")
        for card in cards:
            hand.remove(card)
        self.buried.extend(cards)
        if len(self.buried) == BURY:
            self.kitty = list(self.buried)
            events.append({"type": "buried", "seat": seat})
            self.phase = "play"
            self._start_trick(self.declarer)

    # Picking ----------------------------------------------------------------------------
    def to_move(self: MiShi) -> int:
        return (self.leader + len(self.trick)) % self.seats

    def _pick_ok(self: MiShi, seat: int, chosen: list[str]) -> bool:
        """Can ``chosen`` still be completed to a legal play of ``seat``?"""
        order = self.order
        if not self.trick:
            return len({order.suit(c) for c in chosen}) <= 1
        return completable(chosen, self.hands[seat], self.lead_suit, self.lead_shape, order)

    def pick_actions(self: MiShi, seat: int) -> list[dict]:
        chosen = self.picked[seat]
        rest = Counter(self.hands[seat]) - Counter(chosen)
        actions = [
            {"type": "pick", "card": c}
            for c in self.order.sorted(rest)
            if self._pick_ok(seat, [*chosen, c])
        ]
        if chosen and not self.trick:
            actions.append({"type": "commit"})
        return actions

    def _apply_play(self: MiShi, seat: int, action: dict, events: list[dict]) -> None:
        kind = action["type"]
        chosen = self.picked[seat]
        if kind == "pick":
            check_action(action, {"type": str, "card": str})
            card = check_codes("pick", "card", [action["card"]])[0]
            if not _cards.contains(self.hands[seat], [*chosen, card]):
                raise IllegalAction(f"pick: you have no other {card} to pick")
            if not self._pick_ok(seat, [*chosen, card]):
                raise IllegalAction(f"pick: {card} cannot be part of a legal play now")
            if self.trick and len(chosen) + 1 == self.lead_shape.size:
                self._play(seat, [*chosen, card], events)
            else:
                chosen.append(card)
        elif kind == "unpick":
            check_action(action, {"type": str})
            chosen.clear()
        elif kind == "commit":
            check_action(action, {"type": str})
            if self.trick or not chosen:
                raise IllegalAction("commit: only a leader with picked cards commits")
            self._play(seat, list(chosen), events)
        elif kind == "play":
            check_action(action, {"type": str, "cards": list})
            cards = check_codes("play", "cards", action["cards"])
            self._check_play(seat, cards)
            self._play(seat, cards, events)
        else:
            raise IllegalAction(f"now you play cards, not {kind}")

    def _check_play(self: MiShi, seat: int, cards: list[str]) -> None:
        if not cards:
            raise IllegalAction("play: choose at least one card")
        if not _cards.contains(self.hands[seat], cards):
            raise IllegalAction("play: you do not hold those cards")
        order = self.order
        if not self.trick:
            if len({order.suit(c) for c in cards}) != 1:
                raise IllegalAction("play: a lead must be all of one suit (trumps count as one)")
            return
        need = self.lead_shape.size
        if len(cards) != need:
            raise IllegalAction(f"play: play {need} cards, as many as were led")
        if not completable(cards, self.hands[seat], self.lead_suit, self.lead_shape, order):
            raise IllegalAction(self._follow_refusal(seat, cards))

    def _follow_refusal(self: MiShi, seat: int, cards: list[str]) -> str:
        suit = self.lead_suit
        held = sum(1 for c in self.hands[seat] if self.order.suit(c) == suit)
        played = sum(1 for c in cards if self.order.suit(c) == suit)
        name = "trumps" if suit == "T" else _cards.SUIT_SYMBOLS[suit]
        if played < min(held, len(cards)):
            return f"play: you must follow with {min(held, len(cards))} {name}"
        return "play: you must match the led pairs and tractors as far as your cards allow"

    # Tricks -----------------------------------------------------------------------------
    def _start_trick(self: MiShi, leader: int) -> None:
        self.leader = leader
        self.trick = []
        self.lead_suit = None
        self.lead_shape = None
        self.trick_number += 1

    def _play(self: MiShi, seat: int, cards: list[str], events: list[dict]) -> None:
        """Play checked cards: a lead (a throw is tested here) or a follow."""
        self.picked[seat] = []
        order = self.order
        if not self.trick:
            units = decompose(cards, order)
            suit = order.suit(cards[0])
            others = [
                [c for c in self.hands[s] if order.suit(c) == suit]
                for s in range(self.seats)
                if s != seat
            ]
            forced = failed_throw(units, others, order)
            if forced is not None:
                events.append(
                    {
                        "type": "throw_failed",
                        "seat": seat,
                        "cards": order.sorted(cards),
                        "played": list(forced.cards),
                    }
                )
                self._throw_penalty(seat)
                cards = list(forced.cards)
                units = [forced]
            self.lead_suit = suit
            self.lead_shape = shape_of(units)
        for card in cards:
            self.hands[seat].remove(card)
        self.trick.append((seat, order.sorted(cards)))
        events.append({"type": "play", "seat": seat, "cards": order.sorted(cards)})
        self._check_reveal(seat, cards, events)
        if len(self.trick) == self.seats:
            self._end_trick(events)

    def _throw_penalty(self: MiShi, seat: int) -> None:
        self.failed_throws[seat] += 1
        penalty = self.options["throw_penalty"]
        if not penalty:
            return
        if seat in self.side():
            self.penalty_adjust += penalty
        else:
            running = self.defender_card_points() + self.penalty_adjust
            self.penalty_adjust -= min(penalty, max(running, 0))

    def _check_reveal(self: MiShi, seat: int, cards: list[str], events: list[dict]) -> None:
        if self.revealed or self.case == "bao":
            return
        tens = cards.count("10" + self.trump)
        if not tens:
            return
        if self.case == "2v2" and seat == self.partner:
            self.revealed = True
            events.append({"type": "partner_revealed", "seat": seat, "case": "2v2"})
        elif self.case == "paqi" and seat == self.declarer:
            self.declarer_tens_played += tens
            if self.declarer_tens_played >= 2:
                self.revealed = True
                events.append({"type": "partner_revealed", "seat": seat, "case": "paqi"})

    def trick_winner(self: MiShi) -> int:
        best_seat, best_key = self.trick[0][0], (-1, -1)
        for seat, cards in self.trick:
            key = beat_key(cards, self.lead_suit, self.lead_shape, self.order)
            if key is not None and key > best_key:
                best_seat, best_key = seat, key
        return best_seat

    def _end_trick(self: MiShi, events: list[dict]) -> None:
        winner = self.trick_winner()
        won = card_points(c for _, cards in self.trick for c in cards)
        self.captured[winner] += won
        events.append(
            {"type": "trick_won", "seat": winner, "points": won, "trick": self.trick_number}
        )
        self.last_trick = {
            "plays": [{"seat": s, "cards": list(c)} for s, c in self.trick],
            "winner": winner,
            "points": won,
        }
        if any(self.hands):
            self._start_trick(winner)
            return
        self._end_hand(winner, self.lead_shape, events)

    # The end of a hand ------------------------------------------------------------------
    def side(self: MiShi) -> set[int]:
        """The declarer's side (secret while the partner is hidden)."""
        return {self.declarer} if self.partner is None else {self.declarer, self.partner}

    def defender_card_points(self: MiShi) -> int:
        side = self.side()
        return sum(p for s, p in enumerate(self.captured) if s not in side)

    def _end_hand(self: MiShi, last_winner: int, last_lead: Shape, events: list[dict]) -> None:
        defender_points = max(0, self.defender_card_points() + self.penalty_adjust)
        if last_winner not in self.side():
            size = last_lead.largest_unit
            multiplier = kitty_multiplier(size, self.options["kitty_multiplier"])
            kitty_points = card_points(self.kitty)
            bonus = kitty_points * multiplier
            defender_points += bonus
            events.append(
                {
                    "type": "kitty_bonus",
                    "seat": last_winner,
                    "kitty_points": kitty_points,
                    "multiplier": multiplier,
                    "bonus": bonus,
                }
            )
        if not self.revealed and self.case != "bao":
            self.revealed = True
        deltas = hand_deltas(
            self.case, self.declarer, self.partner, defender_points, self.options["stake"]
        )
        self.totals = [t + d for t, d in zip(self.totals, deltas, strict=True)]
        summary = {
            "hand": self.hand_index + 1,
            "declarer": self.declarer,
            "partner": self.partner,
            "case": self.case,
            "trump": self.trump,
            "defender_points": defender_points,
            "deltas": deltas,
            "scores": list(self.totals),
        }
        self.history.append(summary)
        events.append({"type": "hand_end", **summary})
        self.hand_index += 1
        if self.hand_index >= self.options["hands"]:
            self.phase = "over"
            events.append(
                {"type": "game_over", "scores": list(self.totals), "winners": self.winners()}
            )
            return
        self._start_hand(events)
