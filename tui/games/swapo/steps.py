"""The steps of a SwaPo decision, a closed type, and what each one means: one row per step
(enter's word, which keys work, where esc goes). ``flow.SwapoDecisions`` walks them."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from lang import NP_


class Step(StrEnum):
    """Where the local seat is in its decision (``wait``: nothing to decide)."""

    WAIT = "wait"
    TARGET = "target"  # which opponent to swap with
    COUNT = "count"  # how many cards
    CARDS = "cards"  # which of my cards to give
    TAKE = "take"  # Dagger: which of their positions to take
    GIVE_POS = "give_pos"  # Dagger: which of my positions to give
    GIVE = "give"  # asked: which cards to give
    ARRANGE = "arrange"  # Dagger: my row's order before it goes face down
    DECLARE = "declare"  # Ace: a joker's rank
    POWER = "power"  # Ace: which Ace's power
    POWER_TARGET = "power_target"  # which card, or whose joker
    POWER_RANK = "power_rank"  # a taken joker's new rank


class StepRow(NamedTuple):
    """What one step means."""

    confirm: str  # enter's word in the footer
    pick: bool = False  # space picks from a row (my cards, or their positions)
    cards: bool = False  # picking from my own row, some cards dimmed
    menu: bool = False  # ←→ walk a menu (counts, ranks, Aces, targets)
    digits: bool = False  # a digit chooses (an opponent, a count, a card, a position)
    back: Step | None = None  # where esc goes (the step itself: it clears the picks)
    pick_label: str | None = None  # space's word in the footer, when not "pick"
    back_label: str | None = None  # esc's word in the footer, when not "back"


#: One row per step of a decision.
STEPS: dict[Step, StepRow] = {
    Step.TARGET: StepRow("choose", digits=True),
    Step.COUNT: StepRow("choose", menu=True, digits=True, back=Step.TARGET),
    Step.CARDS: StepRow("swap", pick=True, cards=True, digits=True, back=Step.COUNT),
    Step.TAKE: StepRow("next", pick=True, digits=True, back=Step.COUNT),
    Step.GIVE_POS: StepRow("swap", pick=True, cards=True, digits=True, back=Step.TAKE),
    Step.GIVE: StepRow(
        "give", pick=True, cards=True, digits=True, back=Step.GIVE, back_label="clear"
    ),
    Step.ARRANGE: StepRow("lay down", pick=True, pick_label="grab"),
    # TRANSLATORS: SwaPo Ace footer key (enter): declare your joker's rank face down (SwaPo's
    # declare, not 秘十's 亮主); ≤ 8 cells if you can
    Step.DECLARE: StepRow(NP_("swapo", "declare"), menu=True),
    Step.POWER: StepRow("choose", menu=True),
    Step.POWER_TARGET: StepRow("use", menu=True, digits=True, back=Step.POWER),
    Step.POWER_RANK: StepRow("take", menu=True, back=Step.POWER_TARGET),
}
NO_STEP = StepRow("")  # waiting

PICK_STEPS = frozenset(step for step, row in STEPS.items() if row.pick)
CARD_STEPS = frozenset(step for step, row in STEPS.items() if row.cards)
MENU_STEPS = frozenset(step for step, row in STEPS.items() if row.menu)
#: The menu steps whose entry, chosen once nothing more is asked, is the action sent (a
#: joker's rank declared, an Ace's power, its target, a taken joker's rank).
SENDING_STEPS = frozenset({Step.DECLARE, Step.POWER, Step.POWER_TARGET, Step.POWER_RANK})


def row(step: Step) -> StepRow:
    """The row of ``step`` (waiting: no keys)."""
    return STEPS.get(step, NO_STEP)
