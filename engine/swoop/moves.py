"""Reading and listing Swoop's actions on plain data: strict parsing of the binding shapes, the
checks of a group against the pile, and the bounded list of legal actions (one per rank × count
from hand × set of face-up slots). Nothing here touches a game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from ..base import IllegalAction, check_action, check_codes, check_ints
from ..cards import rank
from .rules import MAX_GROUP, SLOTS, group_limit, sort_key

Shape = dict[str, type | tuple[type, ...]]
GROUP_SHAPE: Shape = {"type": str, "cards": list, "table": list}
GROUP_SHAPE_NO_TABLE: Shape = {"type": str, "cards": list}


class Group(NamedTuple):
    """Cards a seat named and owns: hand codes, face-up slots and the codes on those slots."""

    hand: list[str]
    table: list[int]
    table_cards: list[str]

    @property
    def cards(self) -> list[str]:
        return self.hand + self.table_cards

    @property
    def size(self) -> int:
        return len(self.hand) + len(self.table)


NO_GROUP = Group([], [], [])


def parse_group(action: dict, hand: list[str], face_up: Sequence[str | None]) -> Group:
    """The hand codes and face-up slots named by a play/add/chain action, checked to be the
    seat's own cards (not yet checked against the rules of the pile)."""
    shape = GROUP_SHAPE if "table" in action else GROUP_SHAPE_NO_TABLE
    check_action(action, shape)
    kind = action["type"]
    codes = check_codes(kind, "cards", action["cards"])
    slots = check_ints(kind, "table", action.get("table", []))
    for slot in slots:
        if not 0 <= slot < SLOTS:
            raise IllegalAction("swoop.no_face_up_slot", kind=kind, slot=slot)
    if len(set(slots)) != len(slots):
        raise IllegalAction("swoop.slot_twice", kind=kind)
    table_cards = []
    for slot in slots:
        card = face_up[slot]
        if card is None:
            raise IllegalAction("swoop.slot_empty", kind=kind, slot=slot)
        table_cards.append(card)
    have = Counter(hand)
    for code, n in Counter(codes).items():
        if have[code] < n:
            why = "swoop.not_in_hand_often" if n > 1 else "swoop.not_in_hand"
            raise IllegalAction(why, kind=kind, card=code)
    return Group(list(codes), list(slots), table_cards)


def group_rank(kind: str, cards: list[str]) -> str:
    """The one rank of a group, or IllegalAction when the cards mix ranks."""
    ranks = {rank(c) for c in cards}
    if len(ranks) > 1:
        raise IllegalAction("swoop.mixed_ranks", kind=kind, ranks=sorted(ranks))
    return ranks.pop()


def check_size(kind: str, group_rank: str, size: int, pile: list[str]) -> None:
    """Four cards per play at most, and never five or more of a rank on top of the pile."""
    if size > MAX_GROUP:
        raise IllegalAction("swoop.too_many", kind=kind, most=MAX_GROUP, n=size)
    limit = group_limit(group_rank, pile)
    if size > limit:
        raise IllegalAction("swoop.five_of_a_kind", kind=kind, n=size, rank=group_rank, most=limit)


# ---------------------------------------------------------------------------------------------
# Listing


def cards_by_rank(
    hand: list[str], face_up: Sequence[str | None]
) -> dict[str, tuple[list[str], list[int]]]:
    """rank -> (hand codes sorted, face-up slots) for every rank the seat can play."""
    out: dict[str, tuple[list[str], list[int]]] = {}
    for code in sorted(hand, key=sort_key):
        out.setdefault(rank(code), ([], []))[0].append(code)
    for slot, card in enumerate(face_up):
        if card is not None:
            out.setdefault(rank(card), ([], []))[1].append(slot)
    return out


def groups(kind: str, hand_codes: list[str], slots: list[int], lo: int, hi: int) -> list[dict]:
    """Every distinct group of ``lo..hi`` cards from these hand codes and face-up slots."""
    out = []
    for h in range(min(len(hand_codes), hi) + 1):
        for k in range(min(len(slots), hi - h) + 1):
            if h + k < lo:
                continue
            for chosen in combinations(slots, k):
                out.append({"type": kind, "cards": hand_codes[:h], "table": list(chosen)})
    return out


def play_actions(
    hand: list[str],
    face_up: Sequence[str | None],
    mystery: Sequence[str | None],
    pile: list[str],
) -> list[dict]:
    """Every distinct play and flip on this pile."""
    out = []
    for r, (codes, slots) in cards_by_rank(hand, face_up).items():
        out.extend(groups("play", codes, slots, 1, group_limit(r, pile)))
    for slot in range(SLOTS):
        if mystery[slot] is not None and face_up[slot] is None:
            out.append({"type": "flip", "slot": slot})
    return out


def add_actions(
    hand: list[str], face_up: Sequence[str | None], flipped: str, pile: list[str]
) -> list[dict]:
    """The additions to a flipped card: none, or up to the group and five-of-a-rank limits."""
    r = rank(flipped)
    codes, slots = cards_by_rank(hand, face_up).get(r, ([], []))
    room = min(MAX_GROUP, group_limit(r, pile)) - 1
    return groups("add", codes, slots, 0, room)


def chain_actions(
    hand: list[str], face_up: Sequence[str | None], chain_rank: str, need: int
) -> list[dict]:
    """``stop``, and every way to play exactly ``need`` cards of ``chain_rank``."""
    codes, slots = cards_by_rank(hand, face_up).get(chain_rank, ([], []))
    return [*groups("chain", codes, slots, need, need), {"type": "stop"}]


def face_up_of_rank(face_up: Sequence[str | None], wanted: str) -> int:
    """How many of the seat's face-up cards (public) are of rank ``wanted``."""
    return sum(1 for c in face_up if c is not None and rank(c) == wanted)
