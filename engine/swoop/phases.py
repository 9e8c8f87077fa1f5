"""Swoop's moves, each a check that validates the whole action without touching the game and a
commit that cannot fail, and the resolution of a group put on the pile (swoops, chains, the
end of a hand). SwoopGame.PHASES pairs them up."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..base import IllegalAction, check_action
from ..cards import rank
from . import moves
from .deal import deal
from .moves import NO_GROUP, Group
from .rules import MAX_GROUP, SLOTS, group_limit, outcome, top_run
from .types import Event

if TYPE_CHECKING:
    from .game import SwoopGame


class Put(NamedTuple):
    """A checked group to put on the pile: ``group`` of ``rank`` from the seat, joined by the
    turned-up ``mystery`` card (phase add, or a flip that the table sees nothing can join)."""

    group: Group
    rank: str
    mystery: str | None = None


# ---------------------------------------------------------------------------------------------
# What each phase lists


def legal_play(game: SwoopGame, seat: int) -> list[dict]:
    return moves.play_actions(game.hands[seat], game.face_up[seat], game.mystery[seat], game.pile)


def legal_add(game: SwoopGame, seat: int) -> list[dict]:
    if game.flipped is None:
        return []
    return moves.add_actions(game.hands[seat], game.face_up[seat], game.flipped[1], game.pile)


def legal_chain(game: SwoopGame, seat: int) -> list[dict]:
    if game.chain is None:
        return []
    return moves.chain_actions(game.hands[seat], game.face_up[seat], *game.chain)


# ---------------------------------------------------------------------------------------------
# Checks: the whole action, nothing changed


def check_play(game: SwoopGame, seat: int, action: dict) -> Put:
    group = moves.parse_group(action, game.hands[seat], game.face_up[seat])
    if not group.size:
        raise IllegalAction("swoop.no_pass", kind="play")
    r = moves.group_rank("play", group.cards)
    moves.check_size("play", r, group.size, game.pile)
    return Put(group, r)


def check_flip(game: SwoopGame, seat: int, action: dict) -> tuple[int, str]:
    """The slot to turn up and the mystery card lying there."""
    check_action(action, {"type": str, "slot": int})
    slot: int = action["slot"]
    if not 0 <= slot < SLOTS:
        raise IllegalAction("swoop.no_slot", kind="flip", slot=slot)
    card = game.mystery[seat][slot]
    if card is None:
        raise IllegalAction("swoop.mystery_played", kind="flip", slot=slot)
    if game.face_up[seat][slot] is not None:
        raise IllegalAction("swoop.slot_covered", kind="flip", slot=slot)
    return slot, card


def check_add(game: SwoopGame, seat: int, action: dict) -> Put:
    group = moves.parse_group(action, game.hands[seat], game.face_up[seat])
    if game.flipped is None:  # the add phase always has a flipped card
        raise IllegalAction("swoop.nothing_turned_up", kind="add")
    card = game.flipped[1]
    r = moves.group_rank("add", [card, *group.cards])
    moves.check_size("add", r, 1 + group.size, game.pile)
    return Put(group, r, card)


def check_chain(game: SwoopGame, seat: int, action: dict) -> Group:
    group = moves.parse_group(action, game.hands[seat], game.face_up[seat])
    if game.chain is None:  # the chain phase always has a chain
        raise IllegalAction("swoop.nothing_to_chain", kind="chain")
    chain_rank, need = game.chain
    cards = group.cards
    if cards and moves.group_rank("chain", cards) != chain_rank:
        raise IllegalAction("swoop.chain_rank", kind="chain", rank=chain_rank)
    if len(cards) != need:
        raise IllegalAction(
            "swoop.chain_count", kind="chain", n=need, rank=chain_rank, got=len(cards)
        )
    return group


def check_stop(game: SwoopGame, seat: int, action: dict) -> None:
    check_action(action, {"type": str})


# ---------------------------------------------------------------------------------------------
# Commits: change the game, return the public events


def commit_put(game: SwoopGame, seat: int, put: Put) -> list[Event]:
    """Play (phase play) or add to the turned-up card (phase add)."""
    take(game, seat, put.group)
    game.flipped = None
    game.phase = "play"
    events: list[Event] = []
    resolve(game, seat, put, events)
    return events


def commit_flip(game: SwoopGame, seat: int, plan: tuple[int, str]) -> list[Event]:
    slot, card = plan
    game.mystery[seat][slot] = None
    events: list[Event] = [{"type": "flip", "seat": seat, "slot": slot, "card": card}]
    r = rank(card)
    if add_asked(game, seat, r):
        game.flipped = (slot, card)
        game.phase = "add"
    else:
        resolve(game, seat, Put(NO_GROUP, r, card), events)
    return events


def commit_chain(game: SwoopGame, seat: int, group: Group) -> list[Event]:
    take(game, seat, group)
    _, count = top_run(game.pile)
    removed = game.pile[len(game.pile) - count :] + group.cards
    del game.pile[len(game.pile) - count :]
    game.cleared += MAX_GROUP
    events: list[Event] = [
        {
            "type": "chain",
            "seat": seat,
            "cards": group.cards,
            "hand": group.hand,
            "table": group.table,
            "table_cards": group.table_cards,
            "removed": removed,
        }
    ]
    after_four(game, seat, events)
    return events


def commit_stop(game: SwoopGame, seat: int, plan: None) -> list[Event]:
    events: list[Event] = []
    clear_rest(game, seat, events)
    return events


# ---------------------------------------------------------------------------------------------
# Whether a step is asked: on public facts only (docs/swoop.md, "Secrets")
#
# Whether a step follows is seen by the whole table (the events of the apply, and whose turn
# it is next), so it may depend only on what every seat knows: the pile, the turned-up card,
# the seat's face-up cards and the number of its hand cards — never on which cards its hand
# holds. When the public facts leave an addition or a chain possible, the step is asked, and
# a seat whose hand cannot follow has only the empty add or `stop`.


def add_asked(game: SwoopGame, seat: int, flipped_rank: str) -> bool:
    """Whether the add step follows the flip of a card of ``flipped_rank``.

    Skipped only when the table can see that nothing can be added:
    - the five-limit leaves no room: the run of that rank on top of the pile (public) already
      holds three, so the flipped card alone makes four (10s and jokers always have room);
    - the seat has no hand cards (a public count) and no face-up card of that rank (public).
    Otherwise it is asked, also when the hand holds no card of the rank (only the empty add).
    """
    if group_limit(flipped_rank, game.pile) <= 1:
        return False
    return bool(game.hands[seat]) or moves.face_up_of_rank(game.face_up[seat], flipped_rank) > 0


def chain_asked(game: SwoopGame, seat: int, top: str, need: int) -> bool:
    """Whether the chain step follows a swoop that left ``top`` on the pile, ``need`` short of four.

    Skipped only when the table can see that no chain is possible: nothing left on the pile
    below (the caller's test), or fewer hand cards (a public count) plus face-up cards of that
    rank (public) than ``need``. Otherwise it is asked, also when the hand holds no card of the
    rank (only `stop`). The five-limit never binds a chain step: it plays exactly the cards
    that make four.
    """
    return len(game.hands[seat]) + moves.face_up_of_rank(game.face_up[seat], top) >= need


# ---------------------------------------------------------------------------------------------
# Resolution


def take(game: SwoopGame, seat: int, group: Group) -> None:
    hand = game.hands[seat]
    for code in group.hand:
        hand.remove(code)
    for slot in group.table:
        game.face_up[seat][slot] = None


def resolve(game: SwoopGame, seat: int, put: Put, events: list[Event]) -> None:
    """Put a checked group (already taken from the seat) on the pile and follow it up."""
    g = put.group
    cards = g.cards + ([put.mystery] if put.mystery is not None else [])
    result = outcome(put.rank, len(cards), game.pile)
    events.append(
        {
            "type": "play",
            "seat": seat,
            "cards": cards,
            "hand": g.hand,
            "table": g.table,
            "table_cards": g.table_cards,
            "mystery": put.mystery,
            "rank": put.rank,
            "outcome": result,
        }
    )
    game.pile.extend(cards)
    if result == "pickup":
        events.append({"type": "pickup", "seat": seat, "count": len(game.pile)})
        game.hands[seat].extend(game.pile)
        game.pile = []
        game.turn = (seat + 1) % game.seats
    elif result == "pile":
        if not went_out(game, seat, events):
            game.turn = (seat + 1) % game.seats
    elif put.rank in ("10", "JK"):
        events.append({"type": "swoop", "seat": seat, "cards": cards, "special": True})
        del game.pile[len(game.pile) - len(cards) :]
        game.cleared += len(cards)
        clear_rest(game, seat, events)
    else:
        swooped = game.pile[len(game.pile) - MAX_GROUP :]
        del game.pile[len(game.pile) - MAX_GROUP :]
        game.cleared += MAX_GROUP
        events.append({"type": "swoop", "seat": seat, "cards": swooped, "special": False})
        after_four(game, seat, events)


def after_four(game: SwoopGame, seat: int, events: list[Event]) -> None:
    """After four of a rank left the pile: the hand may end, a chain may be asked."""
    if went_out(game, seat, events):
        return
    top, count = top_run(game.pile)
    if top is not None and chain_asked(game, seat, top, MAX_GROUP - count):
        game.chain = (top, MAX_GROUP - count)
        game.phase = "chain"
        return
    clear_rest(game, seat, events)


def clear_rest(game: SwoopGame, seat: int, events: list[Event]) -> None:
    """The rest of the pile goes; the swooper plays again (unless it has just gone out)."""
    events.append({"type": "clear", "seat": seat, "count": len(game.pile)})
    game.cleared += len(game.pile)
    game.pile = []
    game.chain = None
    game.phase = "play"
    game.turn = seat
    went_out(game, seat, events)


def went_out(game: SwoopGame, seat: int, events: list[Event]) -> bool:
    """End the hand when ``seat`` has no cards left; True if it did."""
    if game.cards_left(seat):
        return False
    penalties = [game.penalties(s) for s in range(game.seats)]
    game.history.append(penalties)
    game.scores = [a + b for a, b in zip(game.scores, penalties, strict=True)]
    events.append(
        {
            "type": "hand_end",
            "hand_no": game.hand_no,
            "out": seat,
            "penalties": penalties,
            "scores": list(game.scores),
            "left": [game.turned_up(s) for s in range(game.seats)],
        }
    )
    limit = game.options["hands"]
    if (limit is not None and len(game.history) >= limit) or (
        limit is None and max(game.scores) >= game.options["target"]
    ):
        game.phase = "over"
        game.chain = game.flipped = None
        result = game.result()
        events.append(
            {"type": "game_end", "scores": result["scores"], "winners": result["winners"]}
        )
    else:
        deal(game, None)
        events.append({"type": "deal", "hand_no": game.hand_no, "first": game.first})
    return True
