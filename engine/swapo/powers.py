"""After the swaps: Ace joker declarations, the reveal, and the Ace power turns.

Plain functions of the typed ``SwapoGame``. Each move is a ``check`` that validates the whole
action and touches nothing, and a ``commit`` that cannot fail. Each physical Ace is usable once
per round: ``used[s]`` holds one code per used Ace still in seat s's hand, so identical Aces
(several decks) stay apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..base import IllegalAction, Move, check_action
from ..cards import RANKS
from .rounds import public_declared, score_round
from .scoring import ACE_POWERS, JOKER, RANK_VALUES
from .types import Event

if TYPE_CHECKING:
    from .game import SwapoGame

POWER_OF = {"stab": "AS", "honey_trap": "AH", "draw": "AC", "steal": "AD"}
POWER_NAMES = {"AS": "stab", "AH": "honey trap", "AC": "draw", "AD": "steal"}

Shape = dict[str, type | tuple[type, ...]]  #: an action's keys and their types (check_action)
_TARGETED: Shape = {"type": str, "target": int, "card": str}
_HONEY_TRAP: Shape = {"type": str, "target": int, "rank": str}
_BARE: Shape = {"type": str}


class Targeted(NamedTuple):
    """A checked stab, steal (``what`` is a card) or honey trap (``what`` is the rank)."""

    target: int
    what: str


def check_bare(game: SwapoGame, seat: int, action: dict) -> None:
    """An action that is its type alone (``pass``)."""
    check_action(action, _BARE)


# The end of the swaps and the reveal ------------------------------------------------------
def undeclared(game: SwapoGame, seat: int) -> int:
    """Jokers ``seat`` still has to declare (Ace, before the reveal)."""
    if not game.ace or game.is_revealed:
        return 0
    return game.hands[seat].count(JOKER) - len(game.declared[seat])


def end_swaps(game: SwapoGame, events: list[Event]) -> None:
    """Every swap right is used: the sealed declarations (Ace), else the reveal.

    In Ace the declare phase always comes, whoever holds a joker (nobody, maybe): its existence
    must not tell that somebody holds one.
    """
    game.give_request = None
    if game.ace:
        game.phase = "declare"
        return
    reveal(game, events)


def reveal(game: SwapoGame, events: list[Event]) -> None:
    """All hands face up; then the Ace power phase, or the scoring."""
    game.is_revealed = True
    events.append(
        {
            "type": "reveal",
            "hands": [list(h) if s in game.players else None for s, h in enumerate(game.hands)],
            "declared": public_declared(game),
        }
    )
    if game.ace:
        game.power_index = -1
        next_power_turn(game, events)
    else:
        score_round(game, events)


# Declarations -----------------------------------------------------------------------------
# Sealed: every seat of the round takes exactly ``decks`` steps (the most jokers a hand can hold,
# a public number), declaring its jokers first and passing the rest, all at the same time. No
# step makes an event, and no other view shows who is asked or who is done, so neither the
# number of steps nor anything public depends on who holds a joker; the last step reveals.
def declare_steps_left(game: SwapoGame, seat: int) -> int:
    """Steps ``seat`` still owes in the declare phase (0 outside it)."""
    if game.phase != "declare" or seat not in game.players:
        return 0
    decks: int = game.options["decks"]
    return decks - game.declare_steps[seat]


def legal_declare(game: SwapoGame, seat: int) -> list[dict]:
    if undeclared(game, seat):
        return [{"type": "declare", "rank": r} for r in RANKS]
    return [{"type": "pass"}]


def check_declare(game: SwapoGame, seat: int, action: dict) -> str:
    check_action(action, {"type": str, "rank": str})
    rank: str = action["rank"]
    if rank not in RANKS:
        raise IllegalAction("swapo.not_a_rank", kind="declare", rank=repr(rank))
    if not undeclared(game, seat):
        raise IllegalAction("swapo.no_joker_to_declare", kind="declare")
    return rank


def check_declare_pass(game: SwapoGame, seat: int, action: dict) -> None:
    check_action(action, _BARE)
    if undeclared(game, seat):
        raise IllegalAction("swapo.declare_first", kind="pass")


def commit_declare(game: SwapoGame, seat: int, rank: str | None) -> list[Event]:
    """One sealed step: a declaration (``rank``) or a pass (None). No event but the reveal."""
    if rank is not None:
        game.declared[seat].append(rank)
    game.declare_steps[seat] += 1
    events: list[Event] = []
    if not any(declare_steps_left(game, s) for s in game.players):
        reveal(game, events)
    return events


# Which powers a seat may use --------------------------------------------------------------
def unused_copies(game: SwapoGame, seat: int, card: str) -> int:
    return game.hands[seat].count(card) - game.used[seat].count(card)


def power_has_target(game: SwapoGame, seat: int, ace: str) -> bool:
    others = game.other_players(seat)
    if ace == "AS":
        return any(game.hands[t] for t in others)
    if ace == "AH":
        return any(JOKER in game.hands[t] for t in others)
    if ace == "AD":
        return any(c != JOKER for t in others for c in game.hands[t])
    return True


def usable_powers(game: SwapoGame, seat: int) -> list[str]:
    """The Aces ``seat`` holds, has not used, and whose power has a target now."""
    return [
        ace
        for ace in ACE_POWERS
        if unused_copies(game, seat, ace) > 0 and power_has_target(game, seat, ace)
    ]


def legal_power(game: SwapoGame, seat: int) -> list[dict]:
    out: list[dict] = []
    usable = usable_powers(game, seat)
    others = game.other_players(seat)
    hands = game.hands
    if "AS" in usable:
        for t in others:
            for c in dict.fromkeys(hands[t]):
                out.append({"type": "stab", "target": t, "card": c})
    if "AH" in usable:
        for t in others:
            if JOKER in hands[t]:
                out.extend({"type": "honey_trap", "target": t, "rank": r} for r in RANKS)
    if "AC" in usable:
        out.append({"type": "draw"})
    if "AD" in usable:
        for t in others:
            for c in dict.fromkeys(hands[t]):
                if c != JOKER:
                    out.append({"type": "steal", "target": t, "card": c})
    out.append({"type": "pass"})
    return out


# Turn order -------------------------------------------------------------------------------
def next_power_turn(game: SwapoGame, events: list[Event]) -> None:
    """Move to the next seat (clockwise) that has a usable power; none left: score."""
    game.power_index += 1
    while game.power_index < len(game.players):
        seat = game.players[game.power_index]
        if usable_powers(game, seat):
            game.phase = "power"
            return
        game.power_index += 1
    score_round(game, events)


def _after_power(game: SwapoGame, seat: int, events: list[Event]) -> list[Event]:
    """A seat's turn ends by itself once it has no usable power left."""
    if not usable_powers(game, seat):
        next_power_turn(game, events)
    return events


# Checks shared by the powers --------------------------------------------------------------
def _check_power(game: SwapoGame, seat: int, action: dict, shape: Shape) -> None:
    """The shape, and that ``seat`` has an unused Ace of this power with a target now."""
    check_action(action, shape)
    kind = action["type"]
    ace = POWER_OF[kind]
    if ace not in usable_powers(game, seat):
        if unused_copies(game, seat, ace) <= 0:
            raise IllegalAction("swapo.no_unused_ace", kind=kind, card=ace)
        raise IllegalAction("swapo.no_target", kind=kind, card=ace)


def _check_target(game: SwapoGame, seat: int, action: dict, shape: Shape) -> int:
    _check_power(game, seat, action, shape)
    target: int = action["target"]
    if target == seat or target not in game.players:
        raise IllegalAction("swapo.bad_target", kind=action["type"])
    return target


def _take_card(game: SwapoGame, victim: int, card: str) -> bool:
    """Remove ``card`` from the victim's hand; return True if an unused Ace copy left."""
    unused = card in ACE_POWERS and unused_copies(game, victim, card) > 0
    if card in ACE_POWERS and not unused:
        game.used[victim].remove(card)
    if card == JOKER:
        best = max(game.declared[victim], key=RANK_VALUES.__getitem__)
        game.declared[victim].remove(best)
    game.hands[victim].remove(card)
    return unused


# The powers -------------------------------------------------------------------------------
def check_stab(game: SwapoGame, seat: int, action: dict) -> Targeted:
    target = _check_target(game, seat, action, _TARGETED)
    card = action["card"]
    if card not in game.hands[target]:
        raise IllegalAction("swapo.no_counting_card", kind="stab", seat=target, card=card)
    return Targeted(target, card)


def commit_stab(game: SwapoGame, seat: int, plan: Targeted) -> list[Event]:
    target, card = plan
    game.used[seat].append("AS")
    _take_card(game, target, card)
    game.stabbed[target].append(card)
    events: list[Event] = [{"type": "stab", "seat": seat, "target": target, "card": card}]
    return _after_power(game, seat, events)


def check_honey_trap(game: SwapoGame, seat: int, action: dict) -> Targeted:
    target = _check_target(game, seat, action, _HONEY_TRAP)
    rank = action["rank"]
    if rank not in RANKS:
        raise IllegalAction("swapo.not_a_rank", kind="honey_trap", rank=repr(rank))
    if JOKER not in game.hands[target]:
        raise IllegalAction("swapo.no_joker_held", kind="honey_trap", seat=target)
    return Targeted(target, rank)


def commit_honey_trap(game: SwapoGame, seat: int, plan: Targeted) -> list[Event]:
    target, rank = plan
    game.used[seat].append("AH")
    _take_card(game, target, JOKER)
    game.hands[seat].append(JOKER)
    game.declared[seat].append(rank)
    events: list[Event] = [{"type": "honey_trap", "seat": seat, "target": target, "rank": rank}]
    return _after_power(game, seat, events)


def check_draw(game: SwapoGame, seat: int, action: dict) -> None:
    _check_power(game, seat, action, _BARE)


def commit_draw(game: SwapoGame, seat: int, plan: None) -> list[Event]:
    game.used[seat].append("AC")
    game.no_game = True
    events: list[Event] = [{"type": "draw", "seat": seat}]
    score_round(game, events)
    return events


def check_steal(game: SwapoGame, seat: int, action: dict) -> Targeted:
    target = _check_target(game, seat, action, _TARGETED)
    card = action["card"]
    if card == JOKER:
        raise IllegalAction("swapo.joker_not_stolen", kind="steal")
    if card not in game.hands[target]:
        raise IllegalAction("swapo.no_counting_card", kind="steal", seat=target, card=card)
    return Targeted(target, card)


def commit_steal(game: SwapoGame, seat: int, plan: Targeted) -> list[Event]:
    target, card = plan
    game.used[seat].append("AD")
    if not _take_card(game, target, card) and card in ACE_POWERS:
        game.used[seat].append(card)
    game.hands[seat].append(card)
    events: list[Event] = [{"type": "steal", "seat": seat, "target": target, "card": card}]
    return _after_power(game, seat, events)


def commit_pass(game: SwapoGame, seat: int, plan: None) -> list[Event]:
    """No (more) powers: the next power turn."""
    events: list[Event] = [{"type": "pass", "seat": seat, "phase": "power"}]
    next_power_turn(game, events)
    return events


DECLARE = {
    "declare": Move(check_declare, commit_declare),
    "pass": Move(check_declare_pass, commit_declare),
}
POWER = {
    "stab": Move(check_stab, commit_stab),
    "honey_trap": Move(check_honey_trap, commit_honey_trap),
    "draw": Move(check_draw, commit_draw),
    "steal": Move(check_steal, commit_steal),
    "pass": Move(check_bare, commit_pass),
}
