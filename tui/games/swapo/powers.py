"""The Ace power turn of the SwaPo decision model, in two steps: which Ace (the Draw and
Pass are whole), then which card or whose joker on the revealed hands (a honey trap then asks
the joker's new rank). Each choice can say what it would change (``effect_of``). Functions of
what the decision model holds (``flow.SwapoDecisions`` calls them). No Textual.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.swapo.types import Action, HoneyTrapAction, PassAction
from lang import N_, _
from tui.table.decisions import Refuse

from .choices import NameOf, best_for, can_pass, power_effect
from .menu import Entry
from .model import SwapoView
from .steps import MENU_STEPS, Step

POWER_ORDER = ("stab", "honey_trap", "draw", "steal")  # the Aces' menu: A♠ A♥ A♣ A♦
POWER_NAMES = {  # the powers that need a target
    # TRANSLATORS: SwaPo, the name of a power ("Stab", the Ace of spades: strike one card out)
    "stab": N_("Stab"),
    # TRANSLATORS: SwaPo, the name of a power ("Honey Trap", the Ace of hearts: take a joker)
    "honey_trap": N_("Honey trap"),
    # TRANSLATORS: SwaPo, the name of a power ("Steal", the Ace of diamonds: take one card)
    "steal": N_("Steal"),
}
__all__ = ["MENU_STEPS", "POWER_NAMES", "POWER_ORDER", "needs_rank"]


def declaring(menu: list[Entry]) -> bool:
    """Whether the declare step names a rank (else it is a sealed pass: no joker)."""
    return any(e.kind == "declare" for e in menu)


def power_menu(actions: list[Action]) -> list[Entry]:
    """First step of a power: one entry per usable Ace (the Draw is whole), then Pass."""
    listed = {a["type"]: a for a in actions}
    menu = [
        Entry(kind) if kind in POWER_NAMES else Entry.of(listed[kind])  # the Draw: whole
        for kind in POWER_ORDER
        if kind in listed
    ]
    if can_pass(actions):
        menu.append(Entry.of(PassAction(type="pass")))
    return menu


def target_menu(actions: list[Action], kind: str) -> list[Entry]:
    """Second step: the cards (stab, steal) or the jokers' holders (honey trap)."""
    if kind != "honey_trap":
        return [Entry.of(a) for a in actions if a["type"] == kind]
    seats = dict.fromkeys(a["target"] for a in honey_traps(actions))
    return [Entry(kind, target=t) for t in seats]


def honey_traps(actions: list[Action], target: int | None = None) -> list[HoneyTrapAction]:
    """The listed honey traps (on ``target``'s joker, when given)."""
    traps = [a for a in actions if a["type"] == "honey_trap"]
    return [a for a in traps if target is None or a["target"] == target]


def entry_at(step: Step, menu: list[Entry], cursor: int) -> Entry | None:
    """The menu entry under the cursor."""
    if step in MENU_STEPS and menu:
        return menu[min(cursor, len(menu) - 1)]
    return None


def aim_of(step: Step, entry: Entry | None) -> tuple[int | None, str | None]:
    """The seat and card the power under the cursor would hit (the joker for a honey
    trap), to show it on the revealed hands."""
    if step not in (Step.POWER_TARGET, Step.POWER_RANK) or entry is None or entry.target is None:
        return None, None
    return entry.target, entry.card or "JK"


class Aiming(NamedTuple):
    """What a power's effect is read from: my seat, the view, the listed actions, names."""

    seat: int | None
    state: SwapoView
    actions: list[Action]
    name_of: NameOf


def effect_of(step: Step, entry: Entry | None, at: Aiming) -> str:
    """What the power under the cursor would change (who would win), on the revealed
    hands; a honey trap on a holder is read with the rank that serves me best."""
    if step not in (Step.POWER, Step.POWER_TARGET, Step.POWER_RANK) or entry is None:
        return ""
    me = at.seat if at.seat is not None else -1
    hands, declared = at.state.revealed or (), at.state.declared
    if step == Step.POWER and entry.kind not in ("draw", "pass"):
        return power_effect(me, hands, declared, PassAction(type="pass"), at.name_of)
    if needs_rank(entry):
        traps: list[Action] = list(honey_traps(at.actions, entry.target))
        best = best_for(me, hands, declared, traps)
        if best is None:
            return ""
        # TRANSLATORS: SwaPo, a Honey Trap's effect read with the joker's best new rank
        words = _("{effect} · as {rank}")
        effect = power_effect(me, hands, declared, best, at.name_of)
        rank = best["rank"] if best["type"] == "honey_trap" else ""
        return words.format(effect=effect, rank=rank)
    if entry.action is None:
        return ""
    return power_effect(me, hands, declared, entry.action, at.name_of)


def aimed_at(others: list[int], menu: list[Entry], digit: int) -> int | Refuse:
    """A power's second step: a digit jumps to that opponent's first card (or joker): the
    menu's index, or why not."""
    seat = others[digit - 1] if 1 <= digit <= len(others) else None
    for i, entry in enumerate(menu):
        if entry.target == seat:
            return i
    # TRANSLATORS: SwaPo refusal after a digit key; {digit}: the digit pressed
    return Refuse(_("{digit} is not an opponent you can aim at").format(digit=digit))


def needs_rank(entry: Entry) -> bool:
    """A joker's holder (a honey trap's second step): its new rank is asked next."""
    return entry.kind == "honey_trap" and entry.rank is None
