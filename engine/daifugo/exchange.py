"""The exchange (rules §4): from the second deal on, the 大貧民 gives the 大富豪 its two
strongest cards and the 貧民 the 富豪 its strongest one (the tribute); each richer player then
gives back as many cards of its choice (the return). The pairs run at the same time.

Who gives how many to whom is public (``exchanges``, the ``give`` events); which cards moved
is known to the two parties only (``swapped``, shown in their own views).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..base import IllegalAction, check_action, check_codes
from ..cards import contains, removed
from .plays import rank_of, sort_key, sorted_cards
from .types import Event, Exchange

if TYPE_CHECKING:
    from .game import DaifugoGame


def start_exchange(game: DaifugoGame) -> None:
    """The exchange of a new deal: the tributes first in the list, then the returns."""
    titles = game.titles
    pairs = [("daihinmin", "daifugo", 2)]
    if game.seats >= 4:
        pairs.append(("hinmin", "fugo", 1))
    tributes: list[Exchange] = []
    returns: list[Exchange] = []
    for poor, rich, count in pairs:
        p, r = titles.index(poor), titles.index(rich)  # type: ignore[arg-type]
        tributes.append({"from": p, "to": r, "count": count, "done": False})
        returns.append({"from": r, "to": p, "count": count, "done": False})
        game.swapped[p] = ([], [])
        game.swapped[r] = ([], [])
    game.exchanges = tributes + returns
    game.phase, game.turn = "exchange", None


def open_gives(game: DaifugoGame) -> list[Exchange]:
    """The gives that may be made now: every tribute not made, every return whose tribute
    has arrived."""
    half = len(game.exchanges) // 2
    tributes, returns = game.exchanges[:half], game.exchanges[half:]
    out = [t for t in tributes if not t["done"]]
    out += [r for t, r in zip(tributes, returns, strict=True) if t["done"] and not r["done"]]
    return out


def give_of(game: DaifugoGame, seat: int) -> tuple[Exchange, bool] | None:
    """``seat``'s open give and whether it is a tribute."""
    half = len(game.exchanges) // 2
    for i, entry in enumerate(game.exchanges):
        if entry["from"] == seat and entry in open_gives(game):
            return entry, i < half
    return None


def tribute_choices(hand: list[str], k: int) -> list[list[str]]:
    """Every tribute of ``k`` cards: no card kept is stronger than one given (jokers and 2s
    first; the normal order: revolutions never carry into a new deal)."""
    ranked = sorted(hand, key=rank_of, reverse=True)
    edge = rank_of(ranked[k - 1])
    must = [c for c in ranked if rank_of(c) > edge]
    tied = sorted_cards(c for c in hand if rank_of(c) == edge)
    picks = {tuple(sorted_cards([*must, *rest])) for rest in combinations(tied, k - len(must))}
    return [list(p) for p in sorted(picks, key=in_order)]


def return_choices(hand: list[str], k: int) -> list[list[str]]:
    """Every choice of ``k`` cards of ``hand`` (identical jokers counted once)."""
    picks = {tuple(c) for c in combinations(sorted_cards(hand), k)}
    return [list(p) for p in sorted(picks, key=in_order)]


def in_order(cards: tuple[str, ...]) -> list[tuple[int, int]]:
    """Choices listed weakest first, card by card."""
    return [sort_key(c) for c in cards]


def legal_give(game: DaifugoGame, seat: int) -> list[dict]:
    found = give_of(game, seat)
    if found is None:
        return []
    entry, tribute = found
    hand, k = game.hands[seat], entry["count"]
    choices = tribute_choices(hand, k) if tribute else return_choices(hand, k)
    return [{"type": "give", "cards": cards} for cards in choices]


def check_give(game: DaifugoGame, seat: int, action: dict) -> tuple[Exchange, list[str]]:
    check_action(action, {"type": str, "cards": list})
    cards = check_codes("give", "cards", action["cards"])
    found = give_of(game, seat)
    if found is None:  # (only the seats of an open give are pending)
        raise IllegalAction("not_your_turn")
    entry, tribute = found
    hand = game.hands[seat]
    if len(cards) != entry["count"]:
        raise IllegalAction("daifugo.give_count", kind="give", n=entry["count"])
    if not contains(hand, cards):
        raise IllegalAction("daifugo.not_held", kind="give", cards=list(cards))
    if tribute:
        kept = removed(hand, cards)
        weakest = min(cards, key=rank_of)
        if kept and max(rank_of(c) for c in kept) > rank_of(weakest):
            raise IllegalAction("daifugo.tribute_strongest", kind="give", cards=[weakest])
    return entry, sorted_cards(cards)


def commit_give(game: DaifugoGame, seat: int, plan: tuple[Exchange, list[str]]) -> list[Event]:
    entry, cards = plan
    to = entry["to"]
    game.hands[seat] = removed(game.hands[seat], cards)
    game.hands[to].extend(cards)
    entry["done"] = True
    game.swapped[seat][0].extend(cards)
    game.swapped[to][1].extend(cards)
    events: list[Event] = [{"type": "give", "from": seat, "to": to, "count": len(cards)}]
    if all(e["done"] for e in game.exchanges):
        leader = game.titles.index("daihinmin")
        game.phase, game.turn = "play", leader
        events.append({"type": "lead", "seat": leader})
    return events
