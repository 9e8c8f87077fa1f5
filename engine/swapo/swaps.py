"""The swap phase: normal swaps (ask, then the opponent gives), Dagger rows, Asterisk locks.

A mixin of ``SwapoGame``: every ``do_*`` checks the whole action before it changes anything,
so an illegal action leaves the state untouched.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, permutations

from ..base import IllegalAction, check_action, check_codes, check_ints
from ..cards import contains, removed
from .dealing import HAND_SIZE

_POSITION_SETS: dict[tuple[int, ...], list[list[tuple[int, ...]]]] = {}


def distinct_subsets(cards: list[str], k: int) -> list[tuple[str, ...]]:
    """Every k-card sub-multiset of ``cards`` once, in a fixed order."""
    return list(dict.fromkeys(combinations(sorted(cards), k)))


def position_sets(free: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    """``[k] -> every k-subset of the free positions``, cached (rows have only 5 positions)."""
    found = _POSITION_SETS.get(free)
    if found is None:
        found = [list(combinations(free, k)) for k in range(len(free) + 1)]
        _POSITION_SETS[free] = found
    return found


@lru_cache(maxsize=2048)
def dagger_swaps(target: int, mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[dict, ...]:
    """Every Dagger swap with ``target`` for these free positions, built once and shared.

    Building hundreds of dicts per turn was most of a Dagger playout's time; the actions are
    read-only by contract (``apply`` copies what it keeps), so one set serves every call.
    """
    my_sets, their_sets = position_sets(mine), position_sets(theirs)
    return tuple(
        {"type": "swap", "target": target, "take": list(take), "give": list(give)}
        for k in range(1, min(len(my_sets), len(their_sets)))
        for take in their_sets[k]
        for give in my_sets[k]
    )


class SwapPhases:
    """Arrange (Dagger), swap, give; Asterisk lets the holder go on until it passes."""

    # What is free to move ----------------------------------------------------------------
    def unlocked_cards(self, seat: int) -> list[str]:
        """Normal rules: the cards ``seat`` may offer (Asterisk: those not yet moved)."""
        if self.asterisk:
            return removed(self.hands[seat], self.locked[seat])
        return self.hands[seat]

    def free_positions(self, seat: int) -> tuple[int, ...]:
        """Dagger: the positions that may be picked (Asterisk: those whose card never moved)."""
        if self.asterisk:
            return tuple(i for i in range(HAND_SIZE) if i not in self.locked[seat])
        return tuple(range(HAND_SIZE))

    def swap_targets(self, seat: int) -> list[tuple[int, int]]:
        """(opponent, most cards it can exchange) for every opponent a swap may choose."""
        out = []
        for t in self.other_players(seat):
            room = len(self.free_positions(t) if self.dagger else self.unlocked_cards(t))
            if room:
                out.append((t, room))
        return out

    # Legal actions -----------------------------------------------------------------------
    def legal_arrange(self, seat: int) -> list[dict]:
        orders = dict.fromkeys(permutations(self.hands[seat]))
        return [{"type": "arrange", "order": list(o)} for o in orders]

    def legal_swap(self, seat: int) -> list[dict]:
        """Every swap and ``pass``. Within one returned list, actions may share their inner
        card or position lists (built fresh per call): treat legal actions as read-only."""
        out: list[dict] = []
        if self.dagger:
            mine = self.free_positions(seat)
            for t, _room in self.swap_targets(seat):
                out += dagger_swaps(t, mine, self.free_positions(t))
        else:
            own = self.unlocked_cards(seat)
            subsets = [[list(c) for c in distinct_subsets(own, k)] for k in range(len(own) + 1)]
            for t, room in self.swap_targets(seat):
                for k in range(1, min(len(own), room) + 1):
                    out += [{"type": "swap", "target": t, "cards": c} for c in subsets[k]]
        out.append({"type": "pass"})
        return out

    def legal_give(self, seat: int) -> list[dict]:
        k = self.give_request["k"]
        return [
            {"type": "give", "cards": list(c)}
            for c in distinct_subsets(self.unlocked_cards(seat), k)
        ]

    # Applying ----------------------------------------------------------------------------
    def do_arrange(self, seat: int, action: dict, events: list[dict]) -> None:
        check_action(action, {"type": str, "order": list})
        order = check_codes("arrange", "order", action["order"])
        if Counter(order) != Counter(self.hands[seat]):
            raise IllegalAction("arrange: the order must hold exactly the cards of your hand")
        self.hands[seat] = list(order)
        self.known[seat] = list(order)
        self.laid[seat] = True
        events.append({"type": "arranged", "seat": seat})
        if all(self.laid[s] for s in self.players):
            self.phase = "swap"

    def _check_target(self, seat: int, target: int) -> int:
        if target == seat:
            raise IllegalAction("swap: you cannot swap with yourself")
        if target not in self.players:
            raise IllegalAction(f"swap: seat {target} is not playing this round")
        return target

    def do_swap(self, seat: int, action: dict, events: list[dict]) -> None:
        if self.dagger:
            self._dagger_swap(seat, action, events)
            return
        check_action(action, {"type": str, "target": int, "cards": list})
        target = self._check_target(seat, action["target"])
        cards = check_codes("swap", "cards", action["cards"])
        if not cards:
            raise IllegalAction("swap: choose at least one card (no swap is 'pass')")
        if not contains(self.unlocked_cards(seat), cards):
            what = "unlocked cards" if self.asterisk else "cards"
            raise IllegalAction(f"swap: you do not hold those {what}: {' '.join(cards)}")
        room = len(self.unlocked_cards(target))
        if len(cards) > room:
            raise IllegalAction(f"swap: seat {target} has only {room} unlocked cards to give")
        self.give_request = {"seat": target, "from": seat, "k": len(cards), "offered": list(cards)}
        self.phase = "give"
        events.append({"type": "swap_asked", "seat": seat, "target": target, "k": len(cards)})

    def do_give(self, seat: int, action: dict, events: list[dict]) -> None:
        check_action(action, {"type": str, "cards": list})
        given = check_codes("give", "cards", action["cards"])
        request = self.give_request
        k = request["k"]
        if len(given) != k:
            raise IllegalAction(f"give: give exactly {k} card{'s' if k != 1 else ''}")
        if not contains(self.unlocked_cards(seat), given):
            what = "unlocked cards" if self.asterisk else "cards"
            raise IllegalAction(f"give: you do not hold those {what}: {' '.join(given)}")
        holder, offered = request["from"], request["offered"]
        self.hands[holder] = removed(self.hands[holder], offered) + list(given)
        self.hands[seat] = removed(self.hands[seat], given) + list(offered)
        if self.asterisk:
            self.locked[holder].extend(given)
            self.locked[seat].extend(offered)
        self.swap_log.append(
            {"seat": holder, "target": seat, "k": k, "sent": list(offered), "received": list(given)}
        )
        self.give_request = None
        events.append({"type": "swapped", "seat": holder, "target": seat, "k": k})
        self.phase = "swap"
        if not self.asterisk:
            self.finish_right(events)

    def _dagger_swap(self, seat: int, action: dict, events: list[dict]) -> None:
        check_action(action, {"type": str, "target": int, "take": list, "give": list})
        target = self._check_target(seat, action["target"])
        take = sorted(check_ints("swap", "take", action["take"]))
        give = sorted(check_ints("swap", "give", action["give"]))
        if not take:
            raise IllegalAction("swap: choose at least one position (no swap is 'pass')")
        if len(take) != len(give):
            raise IllegalAction("swap: take and give must name as many positions")
        for key, positions, free in (
            ("take", take, self.free_positions(target)),
            ("give", give, self.free_positions(seat)),
        ):
            if len(set(positions)) != len(positions):
                raise IllegalAction(f"swap: {key} names a position twice")
            bad = [p for p in positions if p not in free]
            if bad:
                why = "locked or not a position 0–4" if self.asterisk else "not a position 0–4"
                raise IllegalAction(f"swap: {key} position {bad[0]} is {why}")
        mine, theirs = self.hands[seat], self.hands[target]
        for a, b in zip(take, give, strict=True):
            mine[b], theirs[a] = theirs[a], mine[b]
            self.known[seat][b] = None
            self.known[target][a] = None
        if self.asterisk:
            self.locked[seat].extend(give)
            self.locked[target].extend(take)
        k = len(take)
        self.swap_log.append({"seat": seat, "target": target, "k": k, "take": take, "give": give})
        events.append(
            {
                "type": "swapped",
                "seat": seat,
                "target": target,
                "k": k,
                "take": list(take),
                "give": list(give),
            }
        )
        if not self.asterisk:
            self.finish_right(events)

    def finish_right(self, events: list[dict]) -> None:
        """The holder's right is used up: the next seat clockwise, or the end of the swaps."""
        self.right_index += 1
        if self.right_index >= len(self.players):
            self.end_swaps(events)
