"""SwaPo Ace: joker declarations before the reveal, and the Ace powers after it.

A mixin of ``SwapoGame``. Each physical Ace is usable once per round: ``used[s]`` holds one
code per used Ace still in seat s's hand, so identical Aces (several decks) stay apart.
"""

from __future__ import annotations

from ..base import IllegalAction, check_action
from ..cards import RANKS
from .scoring import ACE_POWERS, JOKER, RANK_VALUES

POWER_OF = {"stab": "AS", "honey_trap": "AH", "draw": "AC", "steal": "AD"}
POWER_NAMES = {"AS": "stab", "AH": "honey trap", "AC": "draw", "AD": "steal"}


class PowerPhases:
    """Declarations (every joker holder at once) and the power turns (dealer first)."""

    # Declarations ------------------------------------------------------------------------
    def legal_declare(self, seat: int) -> list[dict]:
        return [{"type": "declare", "rank": r} for r in RANKS]

    def do_declare(self, seat: int, action: dict, events: list[dict]) -> None:
        check_action(action, {"type": str, "rank": str})
        rank = action["rank"]
        if rank not in RANKS:
            raise IllegalAction(f"declare: {rank!r} is not a rank (A 2 … 10 J Q K)")
        self.declared[seat].append(rank)
        events.append({"type": "declared", "seat": seat})
        if not any(self.undeclared(s) for s in self.players):
            self.reveal(events)

    # Which powers a seat may use ---------------------------------------------------------
    def unused_copies(self, seat: int, card: str) -> int:
        return self.hands[seat].count(card) - self.used[seat].count(card)

    def power_has_target(self, seat: int, ace: str) -> bool:
        others = self.other_players(seat)
        if ace == "AS":
            return any(self.hands[t] for t in others)
        if ace == "AH":
            return any(JOKER in self.hands[t] for t in others)
        if ace == "AD":
            return any(c != JOKER for t in others for c in self.hands[t])
        return True

    def usable_powers(self, seat: int) -> list[str]:
        """The Aces ``seat`` holds, has not used, and whose power has a target now."""
        return [
            ace
            for ace in ACE_POWERS
            if self.unused_copies(seat, ace) > 0 and self.power_has_target(seat, ace)
        ]

    def legal_power(self, seat: int) -> list[dict]:
        out: list[dict] = []
        usable = self.usable_powers(seat)
        others = self.other_players(seat)
        if "AS" in usable:
            for t in others:
                for c in dict.fromkeys(self.hands[t]):
                    out.append({"type": "stab", "target": t, "card": c})
        if "AH" in usable:
            for t in others:
                if JOKER in self.hands[t]:
                    out.extend({"type": "honey_trap", "target": t, "rank": r} for r in RANKS)
        if "AC" in usable:
            out.append({"type": "draw"})
        if "AD" in usable:
            for t in others:
                for c in dict.fromkeys(self.hands[t]):
                    if c != JOKER:
                        out.append({"type": "steal", "target": t, "card": c})
        out.append({"type": "pass"})
        return out

    # Turn order --------------------------------------------------------------------------
    def next_power_turn(self, events: list[dict]) -> None:
        """Move to the next seat (clockwise) that has a usable power; none left: score."""
        self.power_index += 1
        while self.power_index < len(self.players):
            seat = self.players[self.power_index]
            if self.usable_powers(seat):
                self.phase = "power"
                return
            self.power_index += 1
        self.score_round(events)

    def _after_power(self, seat: int, events: list[dict]) -> None:
        """A seat's turn ends by itself once it has no usable power left."""
        if not self.usable_powers(seat):
            self.next_power_turn(events)

    # Checks shared by the targeted powers ------------------------------------------------
    def _power_check(self, seat: int, action: dict, shape: dict) -> int | None:
        check_action(action, shape)
        kind = action["type"]
        ace = POWER_OF[kind]
        if ace not in self.usable_powers(seat):
            if self.unused_copies(seat, ace) <= 0:
                raise IllegalAction(f"{kind}: you hold no unused {ace}")
            raise IllegalAction(f"{kind}: no opponent offers a target for the {ace}")
        if "target" not in shape:
            return None
        target = action["target"]
        if target == seat or target not in self.players:
            raise IllegalAction(f"{kind}: the target must be another player of this round")
        return target

    def _take_card(self, victim: int, card: str) -> bool:
        """Remove ``card`` from the victim's hand; return True if an unused Ace copy left."""
        unused = card in ACE_POWERS and self.unused_copies(victim, card) > 0
        if card in ACE_POWERS and not unused:
            self.used[victim].remove(card)
        if card == JOKER:
            best = max(self.declared[victim], key=lambda r: RANK_VALUES[r])
            self.declared[victim].remove(best)
        self.hands[victim].remove(card)
        return unused

    # The powers --------------------------------------------------------------------------
    def do_stab(self, seat: int, action: dict, events: list[dict]) -> None:
        target = self._power_check(seat, action, {"type": str, "target": int, "card": str})
        card = action["card"]
        if card not in self.hands[target]:
            raise IllegalAction(f"stab: seat {target} holds no counting {card}")
        self.used[seat].append("AS")
        self._take_card(target, card)
        self.stabbed[target].append(card)
        events.append({"type": "stab", "seat": seat, "target": target, "card": card})
        self._after_power(seat, events)

    def do_honey_trap(self, seat: int, action: dict, events: list[dict]) -> None:
        target = self._power_check(seat, action, {"type": str, "target": int, "rank": str})
        rank = action["rank"]
        if rank not in RANKS:
            raise IllegalAction(f"honey_trap: {rank!r} is not a rank (A 2 … 10 J Q K)")
        if JOKER not in self.hands[target]:
            raise IllegalAction(f"honey_trap: seat {target} holds no joker")
        self.used[seat].append("AH")
        self._take_card(target, JOKER)
        self.hands[seat].append(JOKER)
        self.declared[seat].append(rank)
        events.append({"type": "honey_trap", "seat": seat, "target": target, "rank": rank})
        self._after_power(seat, events)

    def do_draw(self, seat: int, action: dict, events: list[dict]) -> None:
        self._power_check(seat, action, {"type": str})
        self.used[seat].append("AC")
        self.no_game = True
        events.append({"type": "draw", "seat": seat})
        self.score_round(events)

    def do_steal(self, seat: int, action: dict, events: list[dict]) -> None:
        target = self._power_check(seat, action, {"type": str, "target": int, "card": str})
        card = action["card"]
        if card == JOKER:
            raise IllegalAction("steal: the joker cannot be stolen (that is the Honey Trap)")
        if card not in self.hands[target]:
            raise IllegalAction(f"steal: seat {target} holds no counting {card}")
        self.used[seat].append("AD")
        if not self._take_card(target, card) and card in ACE_POWERS:
            self.used[seat].append(card)
        self.hands[seat].append(card)
        events.append({"type": "steal", "seat": seat, "target": target, "card": card})
        self._after_power(seat, events)
