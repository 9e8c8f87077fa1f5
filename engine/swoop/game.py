"""Swoop as a state machine (rules: shared/rules/swoop.md; phases, view, events: docs/swoop.md).

Every ``apply`` validates the whole action before it touches the state, so an illegal action
raises IllegalAction and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import Game, IllegalAction, Option, action_type, boolean, check_action, integer
from ..cards import rank, validate_deck
from . import moves
from .rules import (
    CARDS_PER_PLAYER,
    DECK_SIZE,
    FACE_UP,
    MAX_GROUP,
    MYSTERY,
    ORDER,
    SLOTS,
    default_decks,
    full_deck,
    group_limit,
    outcome,
    penalty,
    top_run,
)
from .views import build_view

#: A bound on the first-player draw, for stacked decks whose unused cards can never settle it.
MAX_DRAWS = 500


class Swoop(Game):
    """Shed your cards onto a shared pile; four of a rank (or any 10 or joker) swoops it away."""

    NAME: ClassVar[str] = "swoop"
    TITLE: ClassVar[str] = "Swoop"
    SHORT_TITLE: ClassVar[str] = "Swoop"
    MIN_SEATS: ClassVar[int] = 3
    MAX_SEATS: ClassVar[int] = 8
    DEFAULT_SEATS: ClassVar[int] = 4
    LENGTH_OPTION: ClassVar[str] = "target"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "decks": Option(None, integer(1, 8, allow_none=True), "54-card decks (default by players)"),
        "first_player": Option(None, integer(0, 7, allow_none=True), "seat that leads hand 1"),
        "target": Option(300, integer(1), "the game ends when a total reaches this"),
        "hands": Option(None, integer(1, 1000, allow_none=True), "play this many hands instead"),
        "flat_numbers": Option(False, boolean, "A-9 count 5 penalty points each"),
    }

    def __init__(
        self,
        seats: int,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
    ) -> None:
        super().__init__(seats, options, seed, deck)
        decks = self.options["decks"]
        if decks is None:
            decks = self.options["decks"] = default_decks(seats)
        if decks * DECK_SIZE < CARDS_PER_PLAYER * seats:
            raise ValueError(
                f"option 'decks': {decks} deck(s) of {DECK_SIZE} cannot give {seats} players "
                f"{CARDS_PER_PLAYER} cards each"
            )
        first = self.options["first_player"]
        if first is not None and first >= seats:
            raise ValueError(f"option 'first_player': there is no seat {first} at {seats} seats")
        self.all_cards = full_deck(decks)
        stacked = validate_deck(deck, self.all_cards) if deck is not None else None
        self.scores = [0] * seats
        self.history: list[list[int]] = []
        self.hand_no = 0
        self.first = 0
        self.draws: list[list[list]] | None = None
        self.phase = "play"
        self._deal(stacked)

    # The contract --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> list[int]:
        return [] if self.over else [self.turn]

    def legal_actions(self, seat: int) -> list[dict]:
        if self.over or seat != self.turn:
            return []
        hand, face_up = self.hands[seat], self.face_up[seat]
        if self.phase == "add":
            return moves.add_actions(hand, face_up, self.flipped[1], self.pile)
        if self.phase == "chain":
            return moves.chain_actions(hand, face_up, *self.chain)
        return moves.play_actions(hand, face_up, self.mystery[seat], self.pile)

    def apply(self, seat: int, action: dict) -> list[dict]:
        self.check_turn(seat)
        kind = action_type(action)
        expected = {"play": ("play", "flip"), "add": ("add",), "chain": ("chain", "stop")}
        if kind not in expected[self.phase]:
            raise IllegalAction(self._wrong_kind(kind))
        events: list[dict] = []
        if kind == "play":
            self._play(seat, action, events)
        elif kind == "flip":
            self._flip(seat, action, events)
        elif kind == "add":
            self._add(seat, action, events)
        elif kind == "chain":
            self._chain(seat, action, events)
        else:
            check_action(action, {"type": str})
            self._clear_rest(seat, events)
        return events

    def view(self, seat: int | None) -> dict:
        if seat is not None:
            self.check_seat(seat)
        return build_view(self, seat)

    def result(self) -> dict:
        best = min(self.scores)
        winners = [s for s, v in enumerate(self.scores) if v == best] if self.over else []
        return {
            "scores": list(self.scores),
            "winners": winners,
            "hands": [list(h) for h in self.history],
        }

    # Counting ------------------------------------------------------------------------------
    def cards_left(self, seat: int) -> int:
        """Cards a seat still has in front of it: hand, face-up and mystery."""
        return (
            len(self.hands[seat])
            + sum(c is not None for c in self.face_up[seat])
            + sum(c is not None for c in self.mystery[seat])
        )

    def penalties(self, seat: int) -> int:
        flat = self.options["flat_numbers"]
        held = [*self.hands[seat], *self.face_up[seat], *self.mystery[seat]]
        return sum(penalty(c, flat_numbers=flat) for c in held if c is not None)

    # Actions -------------------------------------------------------------------------------
    def _wrong_kind(self, kind: str) -> str:
        if kind not in ("play", "flip", "add", "chain", "stop"):
            return f"unknown action {kind!r} (play, flip, add, chain or stop)"
        if self.phase == "add":
            return "you turned up a mystery card: add cards of its rank (or none) with 'add'"
        if self.phase == "chain":
            return "after your swoop, 'chain' to swoop again downward or 'stop'"
        return f"'{kind}' is not possible now: play a group of cards or flip a mystery card"

    def _play(self, seat: int, action: dict, events: list[dict]) -> None:
        codes, slots = moves.parse_group(action, self.hands[seat], self.face_up[seat])
        table_cards = [self.face_up[seat][s] for s in slots]
        group = codes + table_cards
        if not group:
            raise IllegalAction("play: name at least one card (there is no pass)")
        r = moves.group_rank("play", group)
        self._check_size("play", r, len(group))
        self._take(seat, codes, slots)
        self._resolve(seat, r, codes, slots, table_cards, None, events)

    def _flip(self, seat: int, action: dict, events: list[dict]) -> None:
        check_action(action, {"type": str, "slot": int})
        slot = action["slot"]
        if not 0 <= slot < SLOTS:
            raise IllegalAction(f"flip: there is no slot {slot} (slots are 0 to 3)")
        if self.mystery[seat][slot] is None:
            raise IllegalAction(f"flip: your mystery card in slot {slot} is already played")
        if self.face_up[seat][slot] is not None:
            raise IllegalAction(f"flip: slot {slot} is still covered by a face-up card")
        card = self.mystery[seat][slot]
        self.mystery[seat][slot] = None
        events.append({"type": "flip", "seat": seat, "slot": slot, "card": card})
        r = rank(card)
        room = group_limit(r, self.pile) - 1
        if room > 0 and moves.count_of_rank(self.hands[seat], self.face_up[seat], r):
            self.flipped = (slot, card)
            self.phase = "add"
            return
        self._resolve(seat, r, [], [], [], card, events)

    def _add(self, seat: int, action: dict, events: list[dict]) -> None:
        codes, slots = moves.parse_group(action, self.hands[seat], self.face_up[seat])
        card = self.flipped[1]
        table_cards = [self.face_up[seat][s] for s in slots]
        r = moves.group_rank("add", [card, *codes, *table_cards])
        self._check_size("add", r, 1 + len(codes) + len(slots))
        self._take(seat, codes, slots)
        self.flipped = None
        self.phase = "play"
        self._resolve(seat, r, codes, slots, table_cards, card, events)

    def _chain(self, seat: int, action: dict, events: list[dict]) -> None:
        codes, slots = moves.parse_group(action, self.hands[seat], self.face_up[seat])
        chain_rank, need = self.chain
        table_cards = [self.face_up[seat][s] for s in slots]
        group = codes + table_cards
        if group and moves.group_rank("chain", group) != chain_rank:
            raise IllegalAction(f"chain: the pile shows {chain_rank}s, so chain with {chain_rank}s")
        if len(group) != need:
            raise IllegalAction(
                f"chain: exactly {need} {chain_rank}{'s' * (need > 1)} make four, not {len(group)}"
            )
        self._take(seat, codes, slots)
        _, count = top_run(self.pile)
        removed = self.pile[len(self.pile) - count :] + group
        del self.pile[len(self.pile) - count :]
        self.cleared += MAX_GROUP
        events.append(
            {
                "type": "chain",
                "seat": seat,
                "cards": group,
                "hand": codes,
                "table": slots,
                "table_cards": table_cards,
                "removed": removed,
            }
        )
        self._after_four(seat, events)

    def _check_size(self, kind: str, r: str, size: int) -> None:
        if size > MAX_GROUP:
            raise IllegalAction(f"{kind}: a play has at most {MAX_GROUP} cards, not {size}")
        limit = group_limit(r, self.pile)
        if size > limit:
            raise IllegalAction(
                f"{kind}: {size} more {r}s would make five or more {r}s on top of the pile "
                f"(at most {limit} now)"
            )

    def _take(self, seat: int, codes: list[str], slots: list[int]) -> None:
        hand = self.hands[seat]
        for code in codes:
            hand.remove(code)
        for slot in slots:
            self.face_up[seat][slot] = None

    # Resolution ----------------------------------------------------------------------------
    def _resolve(
        self,
        seat: int,
        r: str,
        codes: list[str],
        slots: list[int],
        table_cards: list[str],
        mystery: str | None,
        events: list[dict],
    ) -> None:
        """Put a checked group (already taken from the seat) on the pile and follow it up."""
        group = codes + table_cards + ([mystery] if mystery is not None else [])
        result = outcome(r, len(group), self.pile)
        events.append(
            {
                "type": "play",
                "seat": seat,
                "cards": group,
                "hand": codes,
                "table": slots,
                "table_cards": table_cards,
                "mystery": mystery,
                "rank": r,
                "outcome": result,
            }
        )
        self.pile.extend(group)
        if result == "pickup":
            events.append({"type": "pickup", "seat": seat, "count": len(self.pile)})
            self.hands[seat].extend(self.pile)
            self.pile = []
            self.turn = (seat + 1) % self.seats
        elif result == "pile":
            if not self._went_out(seat, events):
                self.turn = (seat + 1) % self.seats
        elif r in ("10", "JK"):
            events.append({"type": "swoop", "seat": seat, "cards": group, "special": True})
            del self.pile[len(self.pile) - len(group) :]
            self.cleared += len(group)
            self._clear_rest(seat, events)
        else:
            swooped = self.pile[len(self.pile) - MAX_GROUP :]
            del self.pile[len(self.pile) - MAX_GROUP :]
            self.cleared += MAX_GROUP
            events.append({"type": "swoop", "seat": seat, "cards": swooped, "special": False})
            self._after_four(seat, events)

    def _after_four(self, seat: int, events: list[dict]) -> None:
        """After four of a rank left the pile: the hand may end, a chain may be asked."""
        if self._went_out(seat, events):
            return
        top, count = top_run(self.pile)
        if top is not None:
            need = MAX_GROUP - count
            if moves.count_of_rank(self.hands[seat], self.face_up[seat], top) >= need:
                self.chain = (top, need)
                self.phase = "chain"
                return
        self._clear_rest(seat, events)

    def _clear_rest(self, seat: int, events: list[dict]) -> None:
        """The rest of the pile goes; the swooper plays again (unless it has just gone out)."""
        events.append({"type": "clear", "seat": seat, "count": len(self.pile)})
        self.cleared += len(self.pile)
        self.pile = []
        self.chain = None
        self.phase = "play"
        self.turn = seat
        self._went_out(seat, events)

    def _went_out(self, seat: int, events: list[dict]) -> bool:
        """End the hand when ``seat`` has no cards left; True if it did."""
        if self.cards_left(seat):
            return False
        penalties = [self.penalties(s) for s in range(self.seats)]
        self.history.append(penalties)
        self.scores = [a + b for a, b in zip(self.scores, penalties, strict=True)]
        events.append(
            {
                "type": "hand_end",
                "hand_no": self.hand_no,
                "out": seat,
                "penalties": penalties,
                "scores": list(self.scores),
            }
        )
        limit = self.options["hands"]
        if (limit is not None and len(self.history) >= limit) or (
            limit is None and max(self.scores) >= self.options["target"]
        ):
            self.phase = "over"
            self.chain = self.flipped = None
            result = self.result()
            events.append(
                {"type": "game_end", "scores": result["scores"], "winners": result["winners"]}
            )
        else:
            self._deal(None)
            events.append({"type": "deal", "hand_no": self.hand_no, "first": self.first})
        return True

    # Dealing -------------------------------------------------------------------------------
    def _deal(self, stacked: list[str] | None) -> None:
        """Deal a hand: seat s gets deck[19s:19s+19] (4 mystery, 4 face up, 11 in hand)."""
        deck = stacked
        if deck is None:
            deck = self.rng.sample(self.all_cards, len(self.all_cards))
        self.hand_no += 1
        self.mystery, self.face_up, self.hands = [], [], []
        for s in range(self.seats):
            block = deck[CARDS_PER_PLAYER * s : CARDS_PER_PLAYER * (s + 1)]
            self.mystery.append(list(block[:MYSTERY]))
            self.face_up.append(list(block[MYSTERY : MYSTERY + FACE_UP]))
            self.hands.append(list(block[MYSTERY + FACE_UP :]))
        self.unused = deck[CARDS_PER_PLAYER * self.seats :]
        self.pile: list[str] = []
        self.cleared = 0
        self.flipped: tuple[int, str] | None = None
        self.chain: tuple[str, int] | None = None
        self.phase = "play"
        if self.hand_no == 1:
            chosen = self.options["first_player"]
            self.first = chosen if chosen is not None else self._draw_for_first()
        else:
            self.first = (self.first + 1) % self.seats
        self.turn = self.first

    def _draw_for_first(self) -> int:
        """Everyone draws from the unused cards; highest rank leads, 10s/jokers draw again,
        a tie for highest draws again. An exhausted stack is reshuffled and drawn on."""
        stack = list(self.unused)
        pos = 0
        contenders = list(range(self.seats))
        self.draws = []
        drawn = 0
        while len(contenders) > 1 and drawn < MAX_DRAWS:
            round_draws: list[list] = []
            best: dict[int, int] = {}
            for s in contenders:
                while s not in best and drawn < MAX_DRAWS:
                    if pos == len(stack):
                        stack = self.rng.sample(stack, len(stack))
                        pos = 0
                    card = stack[pos]
                    pos += 1
                    drawn += 1
                    round_draws.append([s, card])
                    if rank(card) in ORDER:
                        best[s] = ORDER[rank(card)]
            self.draws.append(round_draws)
            if best:
                top = max(best.values())
                contenders = [s for s in contenders if best.get(s) == top]
        return contenders[0]
