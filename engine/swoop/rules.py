"""Swoop's card facts: rank order, special cards, penalties, the deck and the pile's top run.

Kept apart from the state machine so that the bot and the tests read the same definitions.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import rank, rank_order, standard_deck, suit_index
from .types import Outcome

CARDS_PER_PLAYER = 19
MYSTERY = 4
FACE_UP = 4
SLOTS = 4
DECK_SIZE = 54
MAX_GROUP = 4

#: Rank strength on the pile, low to high. 10s and jokers have no rank (they always swoop).
RANKED = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K")
ORDER: dict[str, int] = rank_order(RANKED)
SPECIAL = frozenset({"10", "JK"})

#: Hand sorting key so that views show A..K, then 10s, then jokers.
SORT_ORDER: dict[str, int] = rank_order((*RANKED, "10", "JK"))


def default_decks(seats: int) -> int:
    """pagat's deck count: 3–4 players → 2, 5–6 → 3, 7–8 → 4."""
    return 2 if seats <= 4 else 3 if seats <= 6 else 4


def full_deck(decks: int) -> list[str]:
    """``decks`` standard decks with two jokers each, unshuffled."""
    return standard_deck(decks, jokers=("JK", "JK"))


def penalty(card: str, *, flat_numbers: bool = False) -> int:
    """Points a card left in front of a player costs at the end of a hand."""
    r = rank(card)
    if r in SPECIAL:
        return 50
    if r in ("J", "Q", "K"):
        return 10
    if flat_numbers:
        return 5
    return ORDER[r]


def _sort_key(card: str) -> tuple[int, int]:
    return SORT_ORDER[rank(card)], suit_index(card)


#: Hand order: A..K, then 10s, then jokers; within a rank by suit (S, H, D, C). A lookup, as
#: legal_actions sorts the hand every time.
sort_key: Callable[[str], tuple[int, int]] = {
    card: _sort_key(card) for card in full_deck(1)
}.__getitem__


def top_run(pile: list[str]) -> tuple[str | None, int]:
    """The rank on top of the pile and how many cards of it lie consecutively there."""
    if not pile:
        return None, 0
    top = rank(pile[-1])
    count = 0
    for card in reversed(pile):
        if rank(card) != top:
            break
        count += 1
    return top, count


def group_limit(group_rank: str, pile: list[str]) -> int:
    """The most cards of ``group_rank`` one play may put down on this pile.

    Four per play, and never five or more of a rank together with the run of that rank on top
    (10s and jokers never stay on the pile, so only the four-per-play limit binds them).
    """
    if group_rank in SPECIAL:
        return MAX_GROUP
    top, count = top_run(pile)
    if top == group_rank:
        return MAX_GROUP - count
    return MAX_GROUP


def outcome(group_rank: str, group_size: int, pile: list[str]) -> Outcome:
    """What a legal group does: ``"swoop"``, ``"pile"`` (equal or lower) or ``"pickup"``."""
    if group_rank in SPECIAL:
        return "swoop"
    top, count = top_run(pile)
    if top is not None and ORDER[group_rank] > ORDER[top]:
        return "pickup"
    run = group_size + (count if top == group_rank else 0)
    return "swoop" if run == MAX_GROUP else "pile"
