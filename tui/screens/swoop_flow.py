"""What the local Swoop seat may pick now, read only from the ``legal`` list and its own view.

A decision is a set of *items*: hand cards (by index in the sorted hand), face-up slots and,
for a flip, an uncovered mystery slot. The engine lists one action per rank × number of hand
cards × set of face-up slots, so a pick is allowed exactly when some listed action of that
rank takes at least as many hand cards and a superset of the picked slots.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.swoop.rules import outcome

Item = tuple[str, int]  # ("hand", index) | ("up", slot) | ("down", slot)
Shape = tuple[str, int, frozenset[int]]  # rank, cards from hand, face-up slots

GROUP_KINDS = ("play", "add", "chain")


def rank_of(code: str) -> str:
    """A card's rank as Swoop sees it: ``"10"``, ``"JK"`` or ``"A"``…``"K"``."""
    return "JK" if code == "JK" else code[:-1]


def of_type(legal: list[dict], kind: str) -> list[dict]:
    return [a for a in legal if isinstance(a, dict) and a.get("type") == kind]


def flip_slots(legal: list[dict]) -> list[int]:
    return sorted(a["slot"] for a in of_type(legal, "flip") if isinstance(a.get("slot"), int))


def can_stop(legal: list[dict]) -> bool:
    return bool(of_type(legal, "stop"))


@dataclass(frozen=True)
class Mine:
    """The local seat's own cards, as the view gives them."""

    hand: tuple[str, ...]
    face_up: tuple[str | None, ...]
    mystery: tuple[bool, ...]
    uncovered: tuple[bool, ...]

    @classmethod
    def from_view(cls, view: dict, seat: int | None) -> Mine:
        hand = view.get("hand") if isinstance(view.get("hand"), list) else []
        players = view.get("players") or []
        me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else {}
        return cls(
            tuple(hand),
            tuple(me.get("face_up") or [None] * 4),
            tuple(me.get("mystery") or [False] * 4),
            tuple(me.get("uncovered") or [False] * 4),
        )

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
        return rank_of(code) if code else None


def shapes(legal: list[dict], kind: str, mine: Mine) -> set[Shape]:
    """The listed groups of ``kind`` as (rank, hand cards, slots); empty adds are left out."""
    out: set[Shape] = set()
    for action in of_type(legal, kind):
        cards = action.get("cards") or []
        slots = frozenset(action.get("table") or [])
        if cards:
            r = rank_of(cards[0])
        elif slots:
            code = mine.face_up[min(slots)]
            r = rank_of(code) if code else ""
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


def action_for(picks: list[Item], kind: str, allowed: set[Shape], mine: Mine) -> dict | None:
    """The action the picks make, if it is a listed one (an empty add is always listed)."""
    if not picks:
        return {"type": kind, "cards": [], "table": []} if kind == "add" else None
    shape = picked_shape(picks, mine)
    if shape is None or shape not in allowed:
        return None
    cards = [mine.hand[i] for where, i in sorted(picks) if where == "hand"]
    return {"type": kind, "cards": cards, "table": sorted(shape[2])}


def best_group(item: Item, count: int, allowed: set[Shape], mine: Mine) -> list[Item] | None:
    """``count`` cards of the rank under the cursor (hand cards first, then face-up slots)."""
    r = mine.rank(item)
    if r is None:
        return None
    for hand, slots in sorted(
        ((h, s) for ar, h, s in allowed if ar == r and h + len(s) == count),
        key=lambda hs: (-hs[0], sorted(hs[1])),
    ):
        indices = [i for i, code in enumerate(mine.hand) if rank_of(code) == r][:hand]
        return [("hand", i) for i in indices] + [("up", s) for s in sorted(slots)]
    return None


def preview(r: str, size: int, pile: list[str]) -> str:
    """What a group of ``size`` cards of rank ``r`` would do on this pile, in words."""
    result = outcome(r, size, pile)
    if result == "swoop":
        return "swoop!"
    if result == "pickup":
        return f"higher: you take the pile ({len(pile) + size} cards)"
    return "goes on the pile"
